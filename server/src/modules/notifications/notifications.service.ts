import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { rooms, type Notification, type NotificationKind, type NotificationList, type Principal } from '@muster/contracts';
import { IsNull, type Repository } from 'typeorm';
import { NotFoundError } from '../../platform/errors/domain-error.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { NotificationRow } from './entities/notification.entity.js';

export interface NotifyInput {
  userIds: readonly string[];
  orgId: string | null;
  kind: NotificationKind;
  data: Record<string, string | number | null>;
  link: string | null;
  /** The same key for the same user is stored once: a retried job notifies nobody twice. */
  dedupeKey: string;
}

function record(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    data: row.data,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * In-app notifications: stored per user (once per dedupe key) and pushed as `notification:new`
 * to the user's room on every api instance; read from the bell.
 */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectRepository(NotificationRow) private readonly rows: Repository<NotificationRow>,
    private readonly realtime: RealtimeService,
  ) {}

  /** Stores and pushes a notification to each user that has not had this dedupe key; answers those users. */
  async notify(input: NotifyInput): Promise<string[]> {
    const userIds = [...new Set(input.userIds)];
    if (userIds.length === 0) return [];
    const inserted = await this.rows
      .createQueryBuilder()
      .insert()
      .into(NotificationRow)
      .values(
        userIds.map((userId) => ({
          userId,
          orgId: input.orgId,
          kind: input.kind,
          data: input.data,
          link: input.link,
          dedupeKey: input.dedupeKey,
        })),
      )
      .orIgnore()
      .returning(['id'])
      .execute();
    const ids = (inserted.raw as { id: string }[]).map((r) => r.id);
    if (ids.length === 0) return [];
    const stored = await this.rows.find({ where: ids.map((id) => ({ id })) });
    for (const row of stored) this.realtime.emitTo(rooms.user(row.userId), 'notification:new', record(row));
    return stored.map((row) => row.userId);
  }

  async list(auth: Principal, limit: number): Promise<NotificationList> {
    const userId = auth.principalId;
    const [items, unread] = await Promise.all([
      this.rows.find({ where: { userId }, order: { createdAt: 'DESC' }, take: limit }),
      this.unread(userId),
    ]);
    return { items: items.map(record), unread };
  }

  async read(auth: Principal, id: string): Promise<{ unread: number }> {
    if (!isUuid(id)) throw new NotFoundError('notification');
    const result = await this.rows.update({ id, userId: auth.principalId, readAt: IsNull() }, { readAt: new Date() });
    if (!result.affected && !(await this.rows.existsBy({ id, userId: auth.principalId }))) throw new NotFoundError('notification');
    return { unread: await this.unread(auth.principalId) };
  }

  async readAll(auth: Principal): Promise<{ unread: number }> {
    await this.rows.update({ userId: auth.principalId, readAt: IsNull() }, { readAt: new Date() });
    return { unread: 0 };
  }

  private unread(userId: string): Promise<number> {
    return this.rows.countBy({ userId, readAt: IsNull() });
  }
}
