import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  type AuditAction,
  createSiemDestinationSchema,
  type ErrorReason,
  type rotateSiemSecretSchema,
  SIEM_LIMITS,
  type SiemDelivery,
  type SiemDeliveryDetail,
  type SiemDeliveryPage,
  type siemDeliveryQuerySchema,
  type SiemDestination,
  type SiemSecretReveal,
  type updateSiemDestinationSchema,
} from '@muster/contracts';
import { In, type DataSource, type Repository } from 'typeorm';
import type { z } from 'zod';
import { AuditService, type AuditActor } from '../../platform/audit/audit.service.js';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { SiemDeliveryAttemptRow, SiemDeliveryRow } from './entities/siem-delivery.entity.js';
import { SiemDestinationRow, type SiemSecret } from './entities/siem-destination.entity.js';
import { SiemDeliveryService } from './siem-delivery.service.js';
import { hostOf, resolveAll } from './siem-http.js';
import { testEvent } from './siem-payload.js';
import { newSigningSecret, secretHint } from './siem-signature.js';
import { withinOrganisation } from '../../platform/tenancy/tenant-check.js';

type CreateInput = z.output<typeof createSiemDestinationSchema>;
type UpdateInput = z.output<typeof updateSiemDestinationSchema>;
type RotateInput = z.output<typeof rotateSiemSecretSchema>;
type DeliveryQuery = z.output<typeof siemDeliveryQuerySchema>;

/** An organisation's SIEM destinations: their settings, secrets, delivery log and replays. */
@Injectable()
export class SiemService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(SiemDestinationRow) private readonly destinations: Repository<SiemDestinationRow>,
    @InjectRepository(SiemDeliveryRow) private readonly deliveries: Repository<SiemDeliveryRow>,
    @InjectRepository(SiemDeliveryAttemptRow) private readonly attempts: Repository<SiemDeliveryAttemptRow>,
    private readonly delivery: SiemDeliveryService,
    private readonly audit: AuditService,
  ) {}

  async list(orgId: string): Promise<SiemDestination[]> {
    const rows = await this.destinations.find({ where: { orgId }, order: { createdAt: 'ASC' } });
    const counts = await this.countsOf(
      orgId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => this.view(row, counts.get(row.id)));
  }

  async create(actor: AuditActor, orgId: string, input: CreateInput): Promise<SiemSecretReveal> {
    await this.checkUrl(input.url);
    const count = await this.destinations.count({ where: { orgId } });
    if (count >= SIEM_LIMITS.destinationsPerOrg) throw new DomainError('CONFLICT', 'siem.tooMany');
    const secret = newSigningSecret();
    const row = await this.destinations.save(
      this.destinations.create({
        orgId,
        name: input.name,
        url: input.url,
        format: input.format,
        classUids: [...new Set(input.classUids)].sort(),
        minSeverityId: input.minSeverityId,
        authorization: input.authorization || null,
        secrets: [{ id: randomUUID(), secret, createdAt: new Date().toISOString(), expiresAt: null }],
        createdByUserId: actor.userId ?? null,
      }),
    );
    await this.record(actor, orgId, 'siem.destination.create', row, { format: row.format, url: row.url });
    return { destination: this.view(row), secret };
  }

  async update(actor: AuditActor, orgId: string, id: string, input: UpdateInput): Promise<SiemDestination> {
    const row = await this.find(orgId, id);
    if (input.url !== undefined && input.url !== row.url) await this.checkUrl(input.url);
    const changed: string[] = [];
    const set = <K extends keyof SiemDestinationRow>(key: K, value: SiemDestinationRow[K] | undefined): void => {
      if (value === undefined || JSON.stringify(value) === JSON.stringify(row[key])) return;
      row[key] = value;
      changed.push(key);
    };
    set('name', input.name);
    set('url', input.url);
    set('format', input.format);
    set('classUids', input.classUids && [...new Set(input.classUids)].sort());
    set('minSeverityId', input.minSeverityId);
    if (input.authorization !== undefined) set('authorization', input.authorization || null);
    const toggled = input.enabled !== undefined && input.enabled !== row.enabled;
    if (toggled) {
      row.enabled = input.enabled!;
      row.disabledReason = row.enabled ? null : 'manual';
      row.disabledAt = row.enabled ? null : new Date();
      // Enabled again: a fresh start (no throttle, no failure streak carried over).
      if (row.enabled) {
        row.throttledUntil = null;
        row.failingSince = null;
      }
    }
    if (!changed.length && !toggled) return this.view(row, (await this.countsOf(orgId, [row.id])).get(row.id));
    await withinOrganisation(row.orgId, () => this.destinations.save(row));
    if (changed.length) {
      await this.record(actor, orgId, 'siem.destination.update', row, {
        changed: changed.map((key) => (key === 'authorization' ? 'authorization (value not logged)' : key)),
      });
    }
    if (toggled) await this.record(actor, orgId, row.enabled ? 'siem.destination.enable' : 'siem.destination.disable', row, {});
    return this.view(row, (await this.countsOf(orgId, [row.id])).get(row.id));
  }

  async remove(actor: AuditActor, orgId: string, id: string): Promise<void> {
    const row = await this.find(orgId, id);
    await this.destinations.delete({ id: row.id, orgId });
    await this.record(actor, orgId, 'siem.destination.delete', row, { url: row.url });
  }

  /**
   * A new current secret. The one before keeps signing beside it until the overlap ends (both
   * signatures go in `webhook-signature`), so the receiver can switch without losing a message.
   */
  async rotate(actor: AuditActor, orgId: string, id: string, input: RotateInput): Promise<SiemSecretReveal> {
    const row = await this.find(orgId, id);
    const now = Date.now();
    const until = new Date(now + input.overlapHours * 3_600_000).toISOString();
    const kept: SiemSecret[] = row.secrets
      .filter((s) => !s.expiresAt || Date.parse(s.expiresAt) > now)
      .map((s) => ({ ...s, expiresAt: s.expiresAt && s.expiresAt < until ? s.expiresAt : until }))
      .filter((s) => input.overlapHours > 0 && Date.parse(s.expiresAt) > now);
    const secret = newSigningSecret();
    row.secrets = [{ id: randomUUID(), secret, createdAt: new Date(now).toISOString(), expiresAt: null }, ...kept];
    await withinOrganisation(row.orgId, () => this.destinations.save(row));
    await this.record(actor, orgId, 'siem.secret.rotate', row, { overlapHours: input.overlapHours });
    return { destination: this.view(row, (await this.countsOf(orgId, [row.id])).get(row.id)), secret };
  }

  async sendTest(actor: AuditActor, orgId: string, id: string): Promise<SiemDelivery> {
    const row = await this.find(orgId, id);
    if (!row.enabled) throw new DomainError('CONFLICT', 'siem.disabled');
    const webhookId = SiemDeliveryService.testWebhookId();
    const delivery = await this.delivery.createTest(orgId, row.id, testEvent(orgId, webhookId, new Date()), webhookId);
    await this.record(actor, orgId, 'siem.test.send', row, { webhookId });
    return deliveryView(delivery);
  }

  async deliveryPage(orgId: string, id: string, query: DeliveryQuery): Promise<SiemDeliveryPage> {
    const row = await this.find(orgId, id);
    const [items, total] = await this.deliveries.findAndCount({
      where: { orgId, destinationId: row.id, ...(query.status ? { status: query.status } : {}) },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    });
    return { items: items.map(deliveryView), total, page: query.page, pageSize: query.pageSize };
  }

  async deliveryDetail(orgId: string, id: string, deliveryId: string): Promise<SiemDeliveryDetail> {
    const delivery = await this.findDelivery(orgId, id, deliveryId);
    const log = await this.attempts.find({ where: { deliveryId: delivery.id }, order: { at: 'ASC', attempt: 'ASC' } });
    return {
      ...deliveryView(delivery),
      attemptLog: log.map((a) => ({
        attempt: a.attempt,
        at: a.at.toISOString(),
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        error: a.error,
        responseSnippet: a.responseSnippet,
      })),
    };
  }

  /** A failed delivery again: same webhook-id (receivers deduplicate on it), a new schedule, a new job. */
  async replay(actor: AuditActor, orgId: string, id: string, deliveryId: string): Promise<SiemDelivery> {
    const destination = await this.find(orgId, id);
    if (!destination.enabled) throw new DomainError('CONFLICT', 'siem.disabled');
    const delivery = await this.findDelivery(orgId, id, deliveryId);
    if (delivery.status !== 'failed') throw new DomainError('CONFLICT', 'siem.notFailed');
    const [replayed] = await this.restart(orgId, [delivery.id]);
    await this.record(actor, orgId, 'siem.deliveries.replay', destination, { deliveries: 1, deliveryId: delivery.id });
    return deliveryView(replayed ?? delivery);
  }

  async replayFailed(actor: AuditActor, orgId: string, id: string): Promise<number> {
    const destination = await this.find(orgId, id);
    if (!destination.enabled) throw new DomainError('CONFLICT', 'siem.disabled');
    const failed = await this.deliveries.find({ where: { orgId, destinationId: destination.id, status: 'failed' }, select: { id: true } });
    const replayed = await this.restart(
      orgId,
      failed.map((d) => d.id),
    );
    await this.record(actor, orgId, 'siem.deliveries.replay', destination, { deliveries: replayed.length });
    return replayed.length;
  }

  /** Puts failed deliveries back to pending (only those still failed: two replays at once count once) and queues them. */
  private async restart(orgId: string, ids: string[]): Promise<SiemDeliveryRow[]> {
    if (!ids.length) return [];
    // TypeORM answers an UPDATE … RETURNING as [rows, count].
    const [rows] = await this.dataSource.query<[{ id: string }[], number]>(
      `UPDATE siem_deliveries SET status = 'pending', attempts = 0, replays = replays + 1, next_attempt_at = now(),
              last_error = NULL, updated_at = now()
        WHERE org_id = $1 AND id = ANY ($2::uuid[]) AND status = 'failed'
        RETURNING id`,
      [orgId, ids],
    );
    // Nothing left to restart (another replay took them): an empty `where` list would match every row.
    if (!rows.length) return [];
    const restarted = await this.deliveries.find({ where: { orgId, id: In(rows.map((r) => r.id)) } });
    for (const row of restarted) await this.delivery.enqueue(orgId, row.id, row.replays);
    return restarted;
  }

  /**
   * Refuses addresses SIEM webhooks may not reach: credentials in the URL, hosts that do not
   * resolve, private/loopback/link-local addresses (unless allowed by configuration), and plain
   * http outside the allowed networks.
   */
  private async checkUrl(url: string): Promise<void> {
    const parsed = new URL(url);
    const refuse = (reason: ErrorReason): never => {
      throw new InvalidFieldError('url', reason);
    };
    if (parsed.username || parsed.password) refuse('siem.credentialsInUrl');
    let addresses: string[];
    try {
      addresses = await resolveAll(hostOf(parsed));
    } catch {
      return refuse('siem.unresolvable');
    }
    const policy = this.delivery.addressPolicy;
    if (!addresses.length) refuse('siem.unresolvable');
    if (addresses.some((a) => policy.isRefused(a))) refuse('siem.privateAddress');
    if (parsed.protocol === 'http:' && !addresses.every((a) => policy.isAllowed(a))) refuse('siem.httpsRequired');
  }

  private async find(orgId: string, id: string): Promise<SiemDestinationRow> {
    const row = isUuid(id) ? await this.destinations.findOne({ where: { id, orgId } }) : null;
    if (!row) throw new DomainError('NOT_FOUND', 'notFound.siemDestination');
    return row;
  }

  private async findDelivery(orgId: string, destinationId: string, deliveryId: string): Promise<SiemDeliveryRow> {
    await this.find(orgId, destinationId);
    const row = isUuid(deliveryId) ? await this.deliveries.findOne({ where: { id: deliveryId, orgId, destinationId } }) : null;
    if (!row) throw new DomainError('NOT_FOUND', 'notFound.siemDelivery');
    return row;
  }

  private async countsOf(orgId: string, ids: string[]): Promise<Map<string, Record<'pending' | 'delivered' | 'failed', number>>> {
    const counts = new Map<string, Record<'pending' | 'delivered' | 'failed', number>>();
    if (!ids.length) return counts;
    const rows = await this.dataSource.query<{ destination_id: string; status: 'pending' | 'delivered' | 'failed'; n: string }[]>(
      `SELECT destination_id, status, count(*) AS n FROM siem_deliveries
        WHERE org_id = $1 AND destination_id = ANY ($2::uuid[]) GROUP BY destination_id, status`,
      [orgId, ids],
    );
    for (const row of rows) {
      const entry = counts.get(row.destination_id) ?? { pending: 0, delivered: 0, failed: 0 };
      entry[row.status] = Number(row.n);
      counts.set(row.destination_id, entry);
    }
    return counts;
  }

  private view(row: SiemDestinationRow, counts = { pending: 0, delivered: 0, failed: 0 }): SiemDestination {
    const now = Date.now();
    return {
      id: row.id,
      name: row.name,
      url: row.url,
      format: row.format,
      classUids: row.classUids,
      minSeverityId: row.minSeverityId,
      hasAuthorization: Boolean(row.authorization),
      enabled: row.enabled,
      disabledReason: row.disabledReason,
      disabledAt: row.disabledAt?.toISOString() ?? null,
      throttledUntil: row.throttledUntil && row.throttledUntil.getTime() > now ? row.throttledUntil.toISOString() : null,
      failingSince: row.failingSince?.toISOString() ?? null,
      lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
      secrets: row.secrets
        .filter((s) => !s.expiresAt || Date.parse(s.expiresAt) > now)
        .map((s) => ({ id: s.id, hint: secretHint(s.secret), createdAt: s.createdAt, expiresAt: s.expiresAt })),
      counts,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  private async record(
    actor: AuditActor,
    orgId: string,
    action: AuditAction,
    row: SiemDestinationRow,
    metadata: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record({
      action,
      outcome: 'success',
      actor,
      orgId,
      target: { type: 'siem_destination', id: row.id },
      metadata: { name: row.name, ...metadata },
    });
  }
}

export function deliveryView(row: SiemDeliveryRow): SiemDelivery {
  return {
    id: row.id,
    destinationId: row.destinationId,
    eventId: row.eventId,
    webhookId: row.webhookId,
    test: row.test,
    action: row.action,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastLatencyMs: row.lastLatencyMs,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
