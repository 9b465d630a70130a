import { isIP } from 'node:net';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type ChatBan, type createChatBanSchema, type ErrorReason, type Principal } from '@muster/contracts';
import { Brackets, type Repository } from 'typeorm';
import type { z } from 'zod';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import { InvalidFieldError, NotFoundError } from '../../platform/errors/domain-error.js';
import { asUser, auditActorOf } from '../../platform/auth/principal.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { ChatBanRow } from './entities/chat-ban.entity.js';
import { Chat } from './entities/chat.entity.js';
import { LiveChatService } from './live-chat.service.js';

type BanInput = z.output<typeof createChatBanSchema>;

const HOUR_MS = 60 * 60 * 1000;

function banOf(row: ChatBanRow, now = Date.now()): ChatBan {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    reason: row.reason,
    createdBy: { id: row.createdByUserId, name: row.createdByName },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    active: row.revokedAt === null && (row.expiresAt === null || row.expiresAt.getTime() > now),
  };
}

/**
 * Bans from live chat by account, email address or IP address, for a number of hours or for
 * good. A new ban ends the banned person's open chats; every ban and lift is audited.
 */
@Injectable()
export class ChatBansService {
  constructor(
    @InjectRepository(ChatBanRow) private readonly bans: Repository<ChatBanRow>,
    @InjectRepository(Chat) private readonly chats: Repository<Chat>,
    private readonly liveChat: LiveChatService,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<{ items: ChatBan[] }> {
    const rows = await this.bans
      .createQueryBuilder('b')
      .orderBy('(b.revoked_at IS NULL AND (b.expires_at IS NULL OR b.expires_at > now()))', 'DESC')
      .addOrderBy('b.created_at', 'DESC')
      .take(500)
      .getMany();
    return { items: rows.map((r) => banOf(r)) };
  }

  async create(auth: Principal, input: BanInput, client: ClientContext): Promise<ChatBan> {
    const operator = asUser(auth);
    const value = normalise(input.kind, input.value);
    const row = await this.bans.save(
      this.bans.create({
        kind: input.kind,
        value,
        reason: input.reason,
        createdByUserId: operator.userId,
        createdByName: operator.name,
        expiresAt: input.hours ? new Date(Date.now() + input.hours * HOUR_MS) : null,
        revokedAt: null,
      }),
    );
    await this.audit.record({
      action: 'chat.ban',
      outcome: 'success',
      actor: auditActorOf(auth, client),
      target: { type: `chat_ban_${input.kind}`, id: row.id },
      metadata: { kind: input.kind, value, reason: input.reason, expiresAt: row.expiresAt?.toISOString() ?? null },
    });
    const open = await this.chats
      .createQueryBuilder('c')
      .select('c.id')
      .where("c.status <> 'closed'")
      .andWhere(
        new Brackets((qb) => {
          if (input.kind === 'account') qb.where('c.customer_user_id = :value', { value });
          else if (input.kind === 'email') qb.where('lower(c.customer_email) = :value', { value });
          else qb.where('c.customer_ip = :value', { value });
        }),
      )
      .getMany();
    await this.liveChat.closeForBan(open.map((c) => c.id));
    return banOf(row);
  }

  async revoke(auth: Principal, id: string, client: ClientContext): Promise<ChatBan> {
    const row = isUuid(id) ? await this.bans.findOneBy({ id }) : null;
    if (!row) throw new NotFoundError('ban');
    if (row.revokedAt === null) {
      row.revokedAt = new Date();
      await this.bans.save(row);
      await this.audit.record({
        action: 'chat.unban',
        outcome: 'success',
        actor: auditActorOf(auth, client),
        target: { type: `chat_ban_${row.kind}`, id: row.id },
        metadata: { kind: row.kind, value: row.value },
      });
    }
    return banOf(row);
  }
}

/** The stored form of a ban's value; a value that cannot be what its kind says is a 400. */
function normalise(kind: BanInput['kind'], value: string): string {
  const v = value.trim();
  const invalid = (reason: ErrorReason) => new InvalidFieldError('value', reason);
  if (kind === 'account') {
    if (!isUuid(v)) throw invalid('validation.accountId');
    return v.toLowerCase();
  }
  if (kind === 'email') {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) throw invalid('validation.email');
    return v.toLowerCase();
  }
  if (!isIP(v)) throw invalid('validation.ipAddress');
  return v;
}
