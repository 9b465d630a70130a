import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  broadcastText,
  DEFAULT_LANGUAGE,
  inBroadcastTarget,
  isLanguageCode,
  jobIds,
  JobName,
  rooms,
  type Broadcast,
  type BroadcastAcks,
  type BroadcastList,
  type BroadcastState,
  type CreateBroadcastInput,
  type LanguageCode,
  type MyBroadcast,
  type MyBroadcastList,
  type Principal,
} from '@muster/contracts';
import { In, type DataSource, type Repository } from 'typeorm';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { BroadcastAckRow, BroadcastRow } from './entities/broadcast.entity.js';

type CreateInput = Omit<CreateBroadcastInput, 'severity' | 'display' | 'requiresAck' | 'target'> & {
  severity: Broadcast['severity'];
  display: Broadcast['display'];
  requiresAck: boolean;
  target: Broadcast['target'];
};

/** A signed-in person a broadcast may reach: their organisation, its plan, their role and language. */
interface Reader {
  userId: string;
  orgId: string | null;
  plan: string | null;
  role: string;
  language: LanguageCode;
}

function stateOf(row: BroadcastRow, now = Date.now()): BroadcastState {
  if (row.endsAt.getTime() <= now) return 'ended';
  return row.startsAt.getTime() <= now ? 'active' : 'scheduled';
}

/**
 * Platform broadcasts: scheduled by root admins, pushed live to their signed-in targets when they
 * start (a delayed job, or at once when already active), read by late joiners, removed live when
 * they end; acknowledgements counted per organisation.
 */
@Injectable()
export class BroadcastsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(BroadcastRow) private readonly rows: Repository<BroadcastRow>,
    @InjectRepository(BroadcastAckRow) private readonly acks: Repository<BroadcastAckRow>,
    private readonly audit: AuditService,
    private readonly realtime: RealtimeService,
    private readonly notifications: NotificationsService,
    private readonly queues: QueueService,
  ) {}

  async list(): Promise<BroadcastList> {
    const rows = await this.rows.find({ order: { startsAt: 'DESC' }, take: 200 });
    return { items: await this.views(rows) };
  }

  /** How many broadcasts are on now and how many wait for their start (the dashboard). */
  async counts(): Promise<{ active: number; scheduled: number }> {
    const [{ active, scheduled }] = await this.dataSource.query<[{ active: number; scheduled: number }]>(
      `SELECT count(*) FILTER (WHERE starts_at <= now() AND ends_at > now())::int AS active,
              count(*) FILTER (WHERE starts_at > now())::int AS scheduled
         FROM broadcasts`,
    );
    return { active, scheduled };
  }

  async create(actor: Principal, input: CreateInput, client: ClientContext): Promise<Broadcast> {
    const orgIds = [...new Set(input.target.orgIds)];
    if (orgIds.length) {
      const found = await this.dataSource.getRepository(Organization).count({ where: { id: In(orgIds) } });
      if (found !== orgIds.length) throw new InvalidFieldError('target.orgIds', 'broadcasts.unknownOrganizations');
    }
    const row = await this.rows.save(
      this.rows.create({
        texts: input.texts,
        severity: input.severity,
        display: input.display,
        requiresAck: input.requiresAck,
        target: { orgIds, plans: [...new Set(input.target.plans)], roles: [...new Set(input.target.roles)] },
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        createdByUserId: actor.userId,
        createdByName: actor.name,
      }),
    );
    await this.audit.record({
      action: 'broadcast.created',
      outcome: 'success',
      actor: auditActorOf(actor, client),
      orgId: null,
      target: { type: 'broadcast', id: row.id },
      metadata: { severity: row.severity, display: row.display, target: row.target, startsAt: input.startsAt, endsAt: input.endsAt },
    });
    await this.schedule(row);
    return (await this.views([row]))[0]!;
  }

  /** Ends a broadcast now: it leaves every screen at once. */
  async end(actor: Principal, id: string, client: ClientContext): Promise<Broadcast> {
    const row = await this.find(id);
    if (stateOf(row) === 'ended') throw new DomainError('CONFLICT', 'broadcasts.ended');
    const now = new Date();
    const wasActive = stateOf(row) === 'active';
    await this.rows.update({ id: row.id }, { endsAt: now, ...(wasActive ? {} : { startsAt: now }) });
    const stored = await this.rows.findOneByOrFail({ id: row.id });
    await this.audit.record({
      action: 'broadcast.ended',
      outcome: 'success',
      actor: auditActorOf(actor, client),
      orgId: null,
      target: { type: 'broadcast', id: row.id },
    });
    if (wasActive) await this.withdraw(stored);
    return (await this.views([stored]))[0]!;
  }

  /** The start job: pushes the broadcast to its signed-in targets (nothing when moved or ended since). */
  async started(id: string): Promise<number> {
    const row = isUuid(id) ? await this.rows.findOne({ where: { id } }) : null;
    if (!row || stateOf(row) !== 'active') return 0;
    return this.deliver(row);
  }

  /** The end job: takes the broadcast off its targets' screens (nothing when it was moved later). */
  async ended(id: string): Promise<void> {
    const row = isUuid(id) ? await this.rows.findOne({ where: { id } }) : null;
    if (!row || stateOf(row) !== 'ended') return;
    await this.withdraw(row);
  }

  /** The active broadcasts for the principal, in their language. */
  async mine(principal: Principal): Promise<MyBroadcastList> {
    if (principal.kind !== 'user' || !principal.userId) return { items: [] };
    const reader = await this.readerOf(principal);
    const rows = await this.dataSource
      .getRepository(BroadcastRow)
      .createQueryBuilder('b')
      .where('b.starts_at <= now() AND b.ends_at > now()')
      .orderBy('b.starts_at', 'DESC')
      .getMany();
    const mine = rows.filter((r) => inBroadcastTarget(r.target, reader));
    const acked = mine.length ? await this.acks.find({ where: { userId: principal.userId, broadcastId: In(mine.map((r) => r.id)) } }) : [];
    const ackedAt = new Map(acked.map((a) => [a.broadcastId, a.acknowledgedAt]));
    return { items: mine.map((r) => this.myView(r, reader.language, ackedAt.get(r.id) ?? null)) };
  }

  /** Acknowledges (or dismisses) a broadcast; the reader's other tabs take it off the screen. */
  async acknowledge(principal: Principal, id: string): Promise<MyBroadcast> {
    if (principal.kind !== 'user' || !principal.userId) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    const row = await this.find(id);
    const reader = await this.readerOf(principal);
    if (!inBroadcastTarget(row.target, reader)) throw new DomainError('NOT_FOUND', 'broadcasts.notFound');
    if (stateOf(row) !== 'active') throw new DomainError('CONFLICT', 'broadcasts.ended');
    await this.acks
      .createQueryBuilder()
      .insert()
      .into(BroadcastAckRow)
      .values({ broadcastId: row.id, userId: principal.userId, orgId: principal.orgId ?? null })
      .orIgnore()
      .execute();
    const ack = await this.acks.findOneByOrFail({ broadcastId: row.id, userId: principal.userId });
    this.realtime.emitTo(rooms.user(principal.userId), 'broadcast:ended', { id: row.id });
    return this.myView(row, reader.language, ack.acknowledgedAt);
  }

  /** A broadcast's acknowledgements, per organisation (platform staff under none). */
  async acknowledgements(id: string): Promise<BroadcastAcks> {
    const row = await this.find(id);
    const rows = await this.dataSource.query<
      { org_id: string | null; org_name: string | null; user_id: string; name: string; email: string; acknowledged_at: Date }[]
    >(
      `SELECT a.org_id, o.name AS org_name, a.user_id, u.email,
              COALESCE(NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username) AS name, a.acknowledged_at
         FROM broadcast_acks a JOIN users u ON u.id = a.user_id LEFT JOIN organizations o ON o.id = a.org_id
        WHERE a.broadcast_id = $1
        ORDER BY o.name NULLS FIRST, a.acknowledged_at`,
      [row.id],
    );
    const byOrg = new Map<string, BroadcastAcks['organizations'][number]>();
    for (const r of rows) {
      const key = r.org_id ?? '';
      const entry = byOrg.get(key) ?? { orgId: r.org_id, orgName: r.org_name, count: 0, people: [] };
      entry.count += 1;
      entry.people.push({ userId: r.user_id, name: r.name, email: r.email, acknowledgedAt: new Date(r.acknowledged_at).toISOString() });
      byOrg.set(key, entry);
    }
    return { organizations: [...byOrg.values()] };
  }

  /** Queues the start of every scheduled broadcast and the end of every one not ended (idempotent: deterministic job ids). */
  async scheduleUpcoming(): Promise<void> {
    const now = Date.now();
    const rows = await this.dataSource.getRepository(BroadcastRow).createQueryBuilder('b').where('b.ends_at > now()').getMany();
    for (const row of rows) {
      if (row.startsAt.getTime() > now)
        await this.queues.enqueue(
          JobName.BroadcastStarts,
          { broadcastId: row.id },
          { jobId: jobIds.broadcastStarts(row.id, row.startsAt), delay: row.startsAt.getTime() - now },
        );
      await this.queues.enqueue(
        JobName.BroadcastEnds,
        { broadcastId: row.id },
        { jobId: jobIds.broadcastEnds(row.id, row.endsAt), delay: Math.max(0, row.endsAt.getTime() - now) },
      );
    }
  }

  private async schedule(row: BroadcastRow): Promise<void> {
    const now = Date.now();
    if (row.startsAt.getTime() <= now) await this.deliver(row);
    else
      await this.queues.enqueue(
        JobName.BroadcastStarts,
        { broadcastId: row.id },
        { jobId: jobIds.broadcastStarts(row.id, row.startsAt), delay: row.startsAt.getTime() - now },
      );
    await this.queues.enqueue(
      JobName.BroadcastEnds,
      { broadcastId: row.id },
      { jobId: jobIds.broadcastEnds(row.id, row.endsAt), delay: Math.max(0, row.endsAt.getTime() - now) },
    );
  }

  /** Pushes the broadcast to each targeted person's room, in their language; a notification when shown so. */
  private async deliver(row: BroadcastRow): Promise<number> {
    const readers = await this.targets(row);
    for (const reader of readers)
      this.realtime.emitTo(rooms.user(reader.userId), 'broadcast:started', this.myView(row, reader.language, null));
    if (row.display === 'notification') {
      for (const language of new Set(readers.map((r) => r.language))) {
        const text = broadcastText(row.texts, language);
        await this.notifications.notify({
          userIds: readers.filter((r) => r.language === language).map((r) => r.userId),
          orgId: null,
          kind: 'broadcast',
          data: { broadcastId: row.id, severity: row.severity, title: text.title, body: text.body },
          link: null,
          dedupeKey: `broadcast-${row.id}`,
        });
      }
    }
    return readers.length;
  }

  private async withdraw(row: BroadcastRow): Promise<void> {
    const readers = await this.targets(row);
    if (readers.length)
      this.realtime.emitTo(
        readers.map((r) => rooms.user(r.userId)),
        'broadcast:ended',
        { id: row.id },
      );
  }

  /** Every active member and platform account the broadcast targets. */
  private async targets(row: BroadcastRow): Promise<Reader[]> {
    const { orgIds, roles } = row.target;
    const people = await acrossOrganisations('broadcasts: a platform message reaches members of every organisation', () =>
      this.dataSource.query<{ user_id: string; org_id: string | null; role: string; language: string | null; plan: string | null }[]>(
        `SELECT m.user_id, m.org_id, m.role, u.language, CASE WHEN m.org_id IS NULL THEN NULL ELSE COALESCE(s.plan, 'basic') END AS plan
           FROM memberships m
           JOIN users u ON u.id = m.user_id
           LEFT JOIN subscriptions s ON s.org_id = m.org_id
          WHERE m.status = 'active' AND u.status = 'active'
            AND ($1::uuid[] IS NULL OR m.org_id = ANY($1::uuid[]))
            AND ($2::varchar[] IS NULL OR m.role = ANY($2::varchar[]))`,
        [orgIds.length ? orgIds : null, roles.length ? roles : null],
      ),
    );
    return people
      .map((p) => ({
        userId: p.user_id,
        orgId: p.org_id,
        plan: p.plan,
        role: p.role,
        language: isLanguageCode(p.language) ? p.language : DEFAULT_LANGUAGE,
      }))
      .filter((p) => inBroadcastTarget(row.target, p));
  }

  private async readerOf(principal: Principal): Promise<Reader> {
    let plan: string | null = null;
    if (principal.orgId) {
      const orgId = principal.orgId;
      const [found] = await this.dataSource.query<{ plan: string }[]>(`SELECT plan FROM subscriptions WHERE org_id = $1`, [orgId]);
      plan = found?.plan ?? 'basic';
    }
    return { userId: principal.userId ?? '', orgId: principal.orgId ?? null, plan, role: principal.role, language: principal.language };
  }

  private myView(row: BroadcastRow, language: LanguageCode, acknowledgedAt: Date | null): MyBroadcast {
    const text = broadcastText(row.texts, language);
    return {
      id: row.id,
      title: text.title,
      body: text.body,
      language: text.language,
      severity: row.severity,
      display: row.display,
      requiresAck: row.requiresAck,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      acknowledgedAt: acknowledgedAt?.toISOString() ?? null,
    };
  }

  private async find(id: string): Promise<BroadcastRow> {
    const row = isUuid(id) ? await this.rows.findOne({ where: { id } }) : null;
    if (!row) throw new DomainError('NOT_FOUND', 'broadcasts.notFound');
    return row;
  }

  private async views(rows: BroadcastRow[]): Promise<Broadcast[]> {
    const counts = new Map<string, number>();
    if (rows.length) {
      const found = await this.dataSource.query<{ broadcast_id: string; n: number }[]>(
        `SELECT broadcast_id, count(*)::int AS n FROM broadcast_acks WHERE broadcast_id = ANY($1::uuid[]) GROUP BY broadcast_id`,
        [rows.map((r) => r.id)],
      );
      for (const f of found) counts.set(f.broadcast_id, f.n);
    }
    return rows.map((r) => ({
      id: r.id,
      texts: r.texts,
      severity: r.severity,
      display: r.display,
      requiresAck: r.requiresAck,
      target: r.target,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      state: stateOf(r),
      createdBy: r.createdByName,
      acknowledgements: counts.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(),
    }));
  }
}
