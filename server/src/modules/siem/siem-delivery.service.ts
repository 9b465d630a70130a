import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { jobIds, JobName, PRODUCT_NAME, rooms, SIEM_DELIVERY, type LanguageCode, type SiemDeliveryStatus } from '@muster/contracts';
import { DelayedError, type Job } from 'bullmq';
import DataLoader from 'dataloader';
import type { Redis } from 'ioredis';
import type { DataSource, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditEvent } from '../../platform/audit/audit-event.entity.js';
import { AuditService, type AuditSink } from '../../platform/audit/audit.service.js';
import { MailService, recipientLanguage } from '../../platform/mail/mail.service.js';
import { siemDisabledMail } from '../../platform/mail/templates/index.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { redisScript } from '../../platform/redis/redis-script.js';
import { REDIS } from '../../platform/redis/redis.tokens.js';
import { UsageService } from '../usage/usage.service.js';
import { SiemDeliveryAttemptRow, SiemDeliveryRow } from './entities/siem-delivery.entity.js';
import { SiemDestinationRow } from './entities/siem-destination.entity.js';
import { AddressPolicy, postWebhook, retryAfterMs, type PostResult } from './siem-http.js';
import { ocsfEvent, requestBody } from './siem-payload.js';
import { signatureHeader } from './siem-signature.js';

/** A delivery with its destination and its audit event (null for a test event or one gone). */
type LoadedDelivery = SiemDeliveryRow & { destination: SiemDestinationRow; event: AuditEvent | null };

/** What one attempt came to. */
interface AttemptOutcome {
  result: PostResult | null;
  error: string | null;
}

/**
 * Takes a slot of a destination's in-flight deliveries: a sorted set of job ids scored by when
 * their slot lapses (a killed worker's slot lapses by itself). Answers 1 when taken.
 */
const TAKE_SLOT = redisScript(
  `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[3]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[4]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
  redis.call('PEXPIRE', KEYS[1], 60000)
  return 1
end
return 0`,
  1,
);

const BULL_ATTEMPTS = 5;
/** How long reads and bookings wait for others to share their query (ms). */
const BATCH_WINDOW_MS = 2;

interface DeliveredAttempt {
  id: string;
  attempt: number;
  at: Date;
  statusCode: number;
  latencyMs: number | null;
  snippet: string | null;
}

/** `msg_` and the event id's 32 hex digits: the webhook-id of an event, the same for every destination. */
export function webhookIdOf(eventId: string): string {
  return `msg_${eventId.replaceAll('-', '')}`;
}

/**
 * The SIEM stream's delivery side. Audit events become deliveries in their own transaction (an
 * outbox: an event and its deliveries commit together), then one `siem.deliver` job per delivery
 * makes the attempts on the Standard Webhooks schedule. The row is the truth — attempts, next
 * attempt, status — and the job only points at it, so a job run twice, a worker killed mid-request
 * or a Redis that lost its queue delays a delivery but never loses or doubles its bookkeeping; the
 * sweep re-queues any pending delivery whose job has gone.
 */
@Injectable()
export class SiemDeliveryService implements OnModuleInit, AuditSink {
  private readonly logger = new Logger('SiemDelivery');
  private readonly policy: AddressPolicy;
  private readonly schedule: readonly number[];
  /** The last second each organisation's metering was queued for, in this process. */
  private readonly metering = new Map<string, number>();
  private readonly pushes = new Map<
    string,
    { timer: NodeJS.Timeout; change: { orgId: string; deliveryId: string; status: SiemDeliveryStatus } }
  >();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(SiemDeliveryRow) private readonly deliveries: Repository<SiemDeliveryRow>,
    @InjectRepository(SiemDestinationRow) private readonly destinations: Repository<SiemDestinationRow>,
    private readonly audit: AuditService,
    private readonly queues: QueueService,
    private readonly realtime: RealtimeService,
    private readonly usage: UsageService,
    private readonly mail: MailService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.policy = new AddressPolicy(config.SIEM_ALLOWED_NETWORKS);
    this.schedule = config.SIEM_RETRY_SCHEDULE_MS ?? SIEM_DELIVERY.retryScheduleMs;
  }

  /**
   * Deliveries read together: the jobs running at once (up to SIEM_CONCURRENCY) load their
   * delivery, destination and audit event in one query rather than one each.
   */
  private readonly loads = new DataLoader<string, LoadedDelivery | null>(
    async (ids) => {
      const rows = (await this.deliveries
        .createQueryBuilder('d')
        .innerJoinAndMapOne('d.destination', SiemDestinationRow, 's', 's.id = d.destinationId AND s.orgId = d.orgId')
        .leftJoinAndMapOne('d.event', AuditEvent, 'e', 'e.id = d.eventId')
        .where('d.id IN (:...ids)', { ids })
        .getMany()) as LoadedDelivery[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    { cache: false, maxBatchSize: 100, batchScheduleFn: (run) => setTimeout(run, BATCH_WINDOW_MS) },
  );

  /**
   * Successful attempts booked together: one statement logs them and marks their deliveries
   * delivered. Should the shared statement fail, each is booked on its own, so one bad row never
   * holds back the others.
   */
  private readonly deliveredRows = new DataLoader<DeliveredAttempt, true>(
    async (attempts) => {
      try {
        await this.bookDelivered(attempts);
        return attempts.map(() => true as const);
      } catch {
        return Promise.all(
          attempts.map((a) =>
            this.bookDelivered([a]).then(
              () => true as const,
              (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
            ),
          ),
        );
      }
    },
    { cache: false, maxBatchSize: 100, batchScheduleFn: (run) => setTimeout(run, BATCH_WINDOW_MS) },
  );

  private async bookDelivered(attempts: readonly DeliveredAttempt[]): Promise<void> {
    await this.dataSource.query(
      `WITH booked AS (
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::int[], $5::int[], $6::text[])
           AS b(id, attempt, at, status_code, latency_ms, snippet)),
       logged AS (
         INSERT INTO siem_delivery_attempts (delivery_id, attempt, at, status_code, latency_ms, response_snippet)
         SELECT id, attempt, at, status_code, latency_ms, snippet FROM booked)
       UPDATE siem_deliveries d SET status = 'delivered', attempts = b.attempt, last_status_code = b.status_code,
              last_latency_ms = b.latency_ms, last_error = NULL, next_attempt_at = NULL, delivered_at = b.at, updated_at = now()
         FROM booked b WHERE d.id = b.id AND d.status = 'pending'`,
      [
        attempts.map((a) => a.id),
        attempts.map((a) => a.attempt),
        attempts.map((a) => a.at),
        attempts.map((a) => a.statusCode),
        attempts.map((a) => a.latencyMs),
        attempts.map((a) => a.snippet),
      ],
    );
  }

  onModuleInit(): void {
    this.audit.registerSink(this);
  }

  get addressPolicy(): AddressPolicy {
    return this.policy;
  }

  /**
   * Runs in the statement that appends an audit event (`AuditSink`): one pending delivery per
   * enabled destination of its organisation whose filters take it, with the event's webhook-id.
   * The destinations are key-share locked: one deleted meanwhile is skipped, never an error.
   */
  readonly cte = `INSERT INTO siem_deliveries (org_id, destination_id, event_id, webhook_id, action, next_attempt_at)
    SELECT d.org_id, d.id, a.id, 'msg_' || replace(a.id::text, '-', ''), a.action, now()
      FROM appended a JOIN siem_destinations d ON d.org_id = a.org_id
     WHERE d.enabled AND d.min_severity_id <= a.severity_id AND (cardinality(d.class_uids) = 0 OR a.class_uid = ANY (d.class_uids))
       FOR KEY SHARE OF d
    RETURNING id`;

  /** Once the event and its deliveries have committed: their jobs. A failed enqueue loses nothing (the sweep finds the rows). */
  afterCommit(event: AuditEvent, rows: Record<string, unknown>[]): void {
    const orgId = event.orgId;
    if (!orgId) return;
    for (const row of rows) {
      const id = String(row.id);
      this.enqueue(orgId, id, 0).catch((err: unknown) => this.logger.warn(`Queueing delivery ${id}: ${messageOf(err)}`));
    }
  }

  async enqueue(orgId: string, deliveryId: string, replay: number, delayMs = 0): Promise<void> {
    await this.queues.enqueue(
      JobName.SiemDeliver,
      { orgId, deliveryId },
      {
        jobId: jobIds.siemDeliver(deliveryId, replay),
        delay: delayMs,
        // Attempts and backoff of the job cover our own failures (the database away); the
        // receiver's are counted on the row and follow the Standard Webhooks schedule.
        attempts: BULL_ATTEMPTS,
        removeOnComplete: { age: 3600, count: 10_000 },
      },
    );
  }

  /** A test event for one destination, in the delivery log like any other. */
  async createTest(orgId: string, destinationId: string, payload: Record<string, unknown>, webhookId: string): Promise<SiemDeliveryRow> {
    const row = await this.deliveries.save(
      this.deliveries.create({
        orgId,
        destinationId,
        eventId: null,
        webhookId,
        test: true,
        action: 'siem.test',
        payload,
        nextAttemptAt: new Date(),
      }),
    );
    await this.enqueue(orgId, row.id, 0);
    return row;
  }

  static testWebhookId(): string {
    return `msg_test_${randomBytes(12).toString('hex')}`;
  }

  /** The `siem.deliver` job: one attempt, or a postponement (throttled, busy, not yet due). */
  async deliver(orgId: string, deliveryId: string, job: Job, token: string | undefined): Promise<void> {
    const delivery = await this.loads.load(deliveryId);
    if (!delivery || delivery.orgId !== orgId || delivery.status !== 'pending') return;
    const destination = delivery.destination;
    if (!destination.enabled) {
      await this.finish(delivery, 'failed', { lastError: 'The destination is disabled', nextAttemptAt: null });
      return;
    }
    const now = Date.now();
    // A run after a crash between booking the next attempt and postponing the job: wait for it.
    if (delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > now + 50) {
      return this.postpone(job, token, delivery.nextAttemptAt.getTime());
    }
    if (destination.throttledUntil && destination.throttledUntil.getTime() > now) {
      return this.postpone(job, token, destination.throttledUntil.getTime() + Math.round(Math.random() * 250));
    }
    const slotKey = `${this.config.REDIS_PREFIX}:siem:in-flight:${destination.id}`;
    const member = job.id ?? deliveryId;
    const taken = await TAKE_SLOT(
      this.redis,
      slotKey,
      String(now),
      String(now + SIEM_DELIVERY.timeoutMs + 5_000),
      member,
      String(this.config.SIEM_MAX_IN_FLIGHT),
    );
    if (taken !== 1) return this.postpone(job, token, now + 100 + Math.round(Math.random() * 200));
    let outcome: AttemptOutcome;
    try {
      outcome = await this.attempt(delivery, destination);
    } finally {
      await this.redis.zrem(slotKey, member);
    }
    const next = await this.record(delivery, destination, outcome);
    if (next !== null) return this.postpone(job, token, next);
  }

  private async attempt(delivery: LoadedDelivery, destination: SiemDestinationRow): Promise<AttemptOutcome> {
    let event: Record<string, unknown>;
    if (delivery.eventId) {
      if (!delivery.event) return { result: null, error: 'The audit event is gone' };
      event = ocsfEvent(delivery.event);
    } else {
      event = delivery.payload ?? {};
    }
    const body = requestBody(destination.format, event, delivery.action);
    const now = Date.now();
    const secrets = destination.secrets.filter((s) => !s.expiresAt || Date.parse(s.expiresAt) > now).map((s) => s.secret);
    const timestamp = Math.floor(now / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': `${PRODUCT_NAME}-Webhooks/1.0`,
      'webhook-id': delivery.webhookId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, delivery.webhookId, timestamp, body),
    };
    if (destination.authorization) headers.authorization = destination.authorization;
    try {
      const result = await postWebhook(new URL(destination.url), {
        headers,
        body,
        timeoutMs: SIEM_DELIVERY.timeoutMs,
        policy: this.policy,
        snippetBytes: SIEM_DELIVERY.responseSnippetBytes,
      });
      return { result, error: null };
    } catch (err) {
      return { result: null, error: messageOf(err) };
    }
  }

  /**
   * Books an attempt: its log line, the delivery's state and the destination's health. Answers
   * when to try again (epoch ms), or null when the delivery is finished either way.
   */
  private async record(delivery: LoadedDelivery, destination: SiemDestinationRow, outcome: AttemptOutcome): Promise<number | null> {
    const now = new Date();
    const attempt = delivery.attempts + 1;
    const status = outcome.result?.statusCode ?? null;
    const ok = status !== null && status >= 200 && status < 300;
    const error = ok
      ? null
      : (outcome.error ??
        `HTTP ${String(status)}${status !== null && status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`);
    const log = {
      deliveryId: delivery.id,
      attempt,
      at: now,
      statusCode: status,
      latencyMs: outcome.result?.latencyMs ?? null,
      error: error?.replaceAll('\u0000', '').slice(0, 500) ?? null,
      responseSnippet: outcome.result?.snippet.slice(0, SIEM_DELIVERY.responseSnippetBytes) || null,
    };
    if (ok) {
      await this.deliveredRows.load({
        id: delivery.id,
        attempt,
        at: now,
        statusCode: status,
        latencyMs: log.latencyMs,
        snippet: log.responseSnippet,
      });
      const stale = !destination.lastDeliveredAt || now.getTime() - destination.lastDeliveredAt.getTime() > 5_000;
      if (destination.failingSince || stale) {
        await this.destinations.update(destination.id, { failingSince: null, lastDeliveredAt: now });
      }
      this.push(delivery.orgId, destination.id, delivery.id, 'delivered');
      if (!delivery.test) await this.meterSoon(delivery.orgId);
      return null;
    }

    const gone = status === 410;
    const throttled = status !== null && (SIEM_DELIVERY.throttleStatuses as readonly number[]).includes(status);
    const asked = retryAfterMs(outcome.result?.headers['retry-after'], now.getTime());
    const exhausted = attempt >= this.schedule.length;
    let nextAt: number | null = null;
    if (!gone && !exhausted) {
      const planned = jittered(this.schedule[attempt]!);
      const delay = Math.max(planned, Math.min(asked ?? 0, SIEM_DELIVERY.maxRetryAfterMs));
      nextAt = now.getTime() + delay;
    }
    const failingSince = destination.failingSince ?? now;
    const failingTooLong = now.getTime() - failingSince.getTime() >= SIEM_DELIVERY.disableAfterFailingMs;
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(SiemDeliveryAttemptRow, log);
      await manager.update(
        SiemDeliveryRow,
        { id: delivery.id, status: 'pending' },
        {
          status: nextAt === null ? 'failed' : 'pending',
          attempts: attempt,
          lastStatusCode: status,
          lastLatencyMs: log.latencyMs,
          lastError: log.error,
          nextAttemptAt: nextAt === null ? null : new Date(nextAt),
        },
      );
      // The failure streak starts at the first failure (kept if another attempt started it already).
      let throttledUntil: Date | null = null;
      if (throttled) {
        const until = now.getTime() + Math.max(asked ?? 0, this.schedule[Math.min(attempt, this.schedule.length - 1)]!);
        throttledUntil = new Date(Math.min(until, now.getTime() + SIEM_DELIVERY.maxRetryAfterMs));
      }
      await manager.query(
        `UPDATE siem_destinations SET failing_since = COALESCE(failing_since, $2),
                throttled_until = COALESCE($3, throttled_until), updated_at = now()
          WHERE id = $1`,
        [destination.id, now, throttledUntil],
      );
    });
    this.push(delivery.orgId, destination.id, delivery.id, nextAt === null ? 'failed' : 'pending');
    if (gone) await this.disable(destination, 'gone');
    else if (failingTooLong) await this.disable(destination, 'failing');
    return nextAt;
  }

  /**
   * Disables a destination the receiver said is gone (410), or that has failed for 5 days. Its
   * pending deliveries fail when their jobs come (kept for replay); the admins are told by email.
   */
  private async disable(destination: SiemDestinationRow, reason: 'gone' | 'failing'): Promise<void> {
    const result = await this.destinations.update(
      { id: destination.id, enabled: true },
      { enabled: false, disabledReason: reason, disabledAt: new Date(), throttledUntil: null },
    );
    if (!result.affected) return;
    this.logger.warn({ destinationId: destination.id, orgId: destination.orgId, reason }, 'SIEM destination disabled');
    await this.audit.record({
      action: 'siem.destination.disable',
      outcome: 'success',
      reason,
      actor: { orgId: destination.orgId, userAgent: 'SIEM delivery' },
      target: { type: 'siem_destination', id: destination.id },
      metadata: { name: destination.name, url: destination.url },
    });
    const admins = await this.dataSource.query<{ email: string; language: LanguageCode | null }[]>(
      `SELECT u.email, u.language FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.org_id = $1 AND m.role = 'ADMIN' AND u.status = 'active'`,
      [destination.orgId],
    );
    for (const admin of admins) {
      await this.mail.sendTemplate(
        siemDisabledMail,
        { name: destination.name, url: destination.url, reason },
        { to: admin.email, orgId: destination.orgId, language: recipientLanguage(admin.language) },
        { idempotencyKey: `siem-disabled-${destination.id}-${String(Date.now())}-${admin.email.replace(/[^a-z0-9]/gi, '')}` },
      );
    }
  }

  private async postpone(job: Job, token: string | undefined, at: number): Promise<never> {
    await job.moveToDelayed(at, token);
    throw new DelayedError();
  }

  private async finish(
    delivery: SiemDeliveryRow,
    status: SiemDeliveryStatus,
    changes: Pick<SiemDeliveryRow, 'lastError' | 'nextAttemptAt'>,
  ): Promise<void> {
    await this.deliveries.update(delivery.id, { status, ...changes });
    this.push(delivery.orgId, delivery.destinationId, delivery.id, status);
  }

  /**
   * Tells the organisation's pages that a destination's log changed: at most every 250 ms per
   * destination (the page refetches; a burst of deliveries is one push).
   */
  private push(orgId: string, destinationId: string, deliveryId: string, status: SiemDeliveryStatus): void {
    const pending = this.pushes.get(destinationId);
    if (pending) {
      pending.change = { orgId, deliveryId, status };
      return;
    }
    const entry = {
      change: { orgId, deliveryId, status },
      timer: setTimeout(() => {
        this.pushes.delete(destinationId);
        this.realtime.emitTo(rooms.org(entry.change.orgId), 'siem:delivery', {
          destinationId,
          deliveryId: entry.change.deliveryId,
          status: entry.change.status,
        });
      }, 250),
    };
    entry.timer.unref();
    this.pushes.set(destinationId, entry);
  }

  /**
   * Meters the organisation's deliveries about a second from now: one job per organisation and
   * second (its id names the second), whatever the number of deliveries in it.
   */
  private async meterSoon(orgId: string): Promise<void> {
    const second = Math.floor(Date.now() / 1000);
    if (this.metering.get(orgId) === second) return;
    this.metering.set(orgId, second);
    await this.queues.enqueue(
      JobName.SiemMeter,
      { orgId },
      { jobId: jobIds.siemMeter(orgId, second), delay: 1_000, removeOnComplete: { age: 60 } },
    );
  }

  /** The `siem.meter` job: delivered, unmetered events become `siem_events` usage, in one transaction. */
  async meter(orgId: string): Promise<number> {
    let total = 0;
    for (;;) {
      const counted = await this.dataSource.transaction(async (manager) => {
        const [row] = await manager.query<{ n: string }[]>(
          `WITH claimed AS (
             UPDATE siem_deliveries SET metered = true
              WHERE id IN (SELECT id FROM siem_deliveries
                            WHERE org_id = $1 AND status = 'delivered' AND NOT metered AND NOT test
                            LIMIT 5000 FOR UPDATE SKIP LOCKED)
             RETURNING 1)
           SELECT count(*) AS n FROM claimed`,
          [orgId],
        );
        const n = Number(row?.n ?? 0);
        if (n > 0) await this.usage.record(orgId, 'siem_events', n, { manager });
        return n;
      });
      total += counted;
      if (counted < 5000) return total;
    }
  }

  /**
   * The `siem.sweep` job (every minute): a pending delivery whose attempt is over a minute late and
   * whose job is missing (an enqueue that failed, a Redis that lost its data) gets its job back.
   */
  async sweep(): Promise<number> {
    const late = await this.dataSource.query<{ id: string; org_id: string; replays: number }[]>(
      `SELECT id, org_id, replays FROM siem_deliveries
        WHERE status = 'pending' AND next_attempt_at < now() - interval '1 minute'
        ORDER BY next_attempt_at LIMIT 1000`,
    );
    let requeued = 0;
    for (const row of late) {
      const jobId = jobIds.siemDeliver(row.id, row.replays);
      const existing = await this.queues.queue(JOB_QUEUE).getJob(jobId);
      if (existing) {
        const state = await existing.getState();
        if (state !== 'completed' && state !== 'failed') continue;
        await existing.remove();
      }
      await this.enqueue(row.org_id, row.id, row.replays);
      requeued += 1;
    }
    if (requeued) this.logger.warn(`SIEM sweep re-queued ${String(requeued)} deliveries whose job was missing`);
    return requeued;
  }
}

const JOB_QUEUE = 'siem' as const;

function jittered(ms: number): number {
  if (ms === 0) return 0;
  return Math.round(ms * (1 - SIEM_DELIVERY.jitter + Math.random() * 2 * SIEM_DELIVERY.jitter));
}

function messageOf(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    return code && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
  }
  return String(err);
}
