import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  accruedOverage,
  billingMonth,
  BYTES_PER_GB,
  DEFAULT_USAGE_THRESHOLDS,
  type ErrorReason,
  isEnforced,
  LEVEL_RESOURCES,
  PLANS,
  type ReasonParams,
  rooms,
  shiftMonth,
  UPGRADE_PATH,
  USAGE_LIMITS,
  USAGE_RESOURCE_TYPES,
  type UsageAlert,
  type UsageOverview,
  usagePercent,
  type UsageResourceType,
} from '@muster/contracts';
import { In, type EntityManager, type Repository } from 'typeorm';
import { afterCommit } from '../../database/after-commit.js';
import { AuditService, type AuditActor } from '../../platform/audit/audit.service.js';
import { DomainError, InvalidFieldError, NotFoundError } from '../../platform/errors/domain-error.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { UsageAlertRow } from './entities/usage-alert.entity.js';
import { UsageRecord } from './entities/usage-record.entity.js';
import { UsageThreshold } from './entities/usage-threshold.entity.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** What the refusal at a limit calls each enforced resource, with the limit in its unit. */
const LIMIT_REACHED: Partial<Record<UsageResourceType, ErrorReason>> = {
  drill: 'usage.drillLimitReached',
  storage: 'usage.storageLimitReached',
};
const LIMIT_PARAMS: Partial<Record<UsageResourceType, (limit: number) => ReasonParams>> = {
  drill: (limit) => ({ limit }),
  storage: (limit) => ({ limit: limit / BYTES_PER_GB }),
};

export interface RecordOptions {
  /** The instant the usage belongs to (now): its billing month. */
  at?: Date;
  /** Part of this transaction: what it meters and the usage stand or fall together. */
  manager?: EntityManager;
  /**
   * Refuse (402 USAGE_LIMIT_REACHED) when this would take an enforced resource past the plan's
   * limit on Basic or Standard without overage billing. The check and the increment are one
   * statement, so concurrent requests can never pass the limit together.
   */
  enforce?: boolean;
}

/**
 * Usage metering, limits and alerts. One row per organisation, resource type and billing month,
 * added to atomically (`INSERT … ON CONFLICT DO UPDATE`), so concurrent records from any number of
 * processes add up exactly. Once a record has committed, the thresholds it reached become alerts
 * (once per organisation, resource, month and threshold, by a unique constraint) pushed as
 * `usage:alert` to every member socket of the organisation.
 */
@Injectable()
export class UsageService {
  private readonly logger = new Logger(UsageService.name);

  constructor(
    @InjectRepository(UsageRecord) private readonly records: Repository<UsageRecord>,
    @InjectRepository(UsageThreshold) private readonly thresholdRows: Repository<UsageThreshold>,
    @InjectRepository(UsageAlertRow) private readonly alertRows: Repository<UsageAlertRow>,
    private readonly subscriptions: SubscriptionsService,
    private readonly realtime: RealtimeService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Adds `amount` of a resource to the organisation's billing month; answers the month's new total.
   * A level resource (storage) starts a month where the latest earlier month ended.
   */
  async record(orgId: string, resourceType: UsageResourceType, amount: number, options: RecordOptions = {}): Promise<number> {
    if (!(USAGE_RESOURCE_TYPES as readonly string[]).includes(resourceType)) {
      throw new InvalidFieldError('resourceType', 'validation.resourceType', { list: USAGE_RESOURCE_TYPES.join(', ') });
    }
    if (!Number.isSafeInteger(amount) || amount < 0) {
      throw new InvalidFieldError('amount', 'validation.wholeAmount');
    }
    const manager = options.manager ?? this.records.manager;
    const period = billingMonth(options.at ?? new Date());
    let ceiling: number | null = null;
    if (options.enforce) {
      const subscription = await this.subscriptions.of(orgId, manager);
      if (isEnforced(subscription.plan, resourceType) && !subscription.overageEnabled) {
        ceiling = USAGE_LIMITS[subscription.plan][resourceType];
      }
    }
    if (amount === 0 && ceiling === null) return this.used(orgId, resourceType, period, manager);
    const rows = await manager.query<{ amount: string }[]>(
      `INSERT INTO usage_records (org_id, resource_type, period, amount)
       SELECT $1::uuid, $2::varchar, $3::char(7), c.base + $4::bigint
         FROM (SELECT CASE WHEN $6::boolean THEN COALESCE(
                 (SELECT r.amount FROM usage_records r
                   WHERE r.org_id = $1::uuid AND r.resource_type = $2::varchar AND r.period < $3::char(7)
                   ORDER BY r.period DESC LIMIT 1), 0) ELSE 0 END AS base) c
        WHERE $5::bigint IS NULL OR c.base + $4::bigint <= $5::bigint
       ON CONFLICT (org_id, resource_type, period)
       DO UPDATE SET amount = usage_records.amount + $4::bigint, updated_at = now()
       WHERE $5::bigint IS NULL OR usage_records.amount + $4::bigint <= $5::bigint
       RETURNING amount`,
      [orgId, resourceType, period, amount, ceiling, LEVEL_RESOURCES.includes(resourceType)],
    );
    if (rows.length === 0) {
      throw new DomainError('USAGE_LIMIT_REACHED', LIMIT_REACHED[resourceType]!, LIMIT_PARAMS[resourceType]!(ceiling!), {
        headers: { Link: `<${UPGRADE_PATH}>; rel="payment"` },
      });
    }
    afterCommit(options.manager, () => {
      this.evaluate(orgId, resourceType, period).catch((err: unknown) => {
        this.logger.error(`Usage alerts of ${orgId} (${resourceType}): ${err instanceof Error ? err.message : String(err)}`);
      });
    });
    return Number(rows[0]!.amount);
  }

  /**
   * Gives back `amount` of a level resource (storage) that is no longer held — a purged evidence
   * file — in the organisation's billing month (a month without a row starts where the latest
   * earlier month ended); never below zero. Answers the month's new level.
   */
  async release(
    orgId: string,
    resourceType: UsageResourceType,
    amount: number,
    options: Pick<RecordOptions, 'at' | 'manager'> = {},
  ): Promise<number> {
    if (!LEVEL_RESOURCES.includes(resourceType)) {
      throw new InvalidFieldError('resourceType', 'validation.resourceType', { list: LEVEL_RESOURCES.join(', ') });
    }
    if (!Number.isSafeInteger(amount) || amount < 0) {
      throw new InvalidFieldError('amount', 'validation.wholeAmount');
    }
    const manager = options.manager ?? this.records.manager;
    const period = billingMonth(options.at ?? new Date());
    const rows = await manager.query<{ amount: string }[]>(
      `INSERT INTO usage_records (org_id, resource_type, period, amount)
       SELECT $1::uuid, $2::varchar, $3::char(7), GREATEST(0, COALESCE(
                (SELECT r.amount FROM usage_records r
                  WHERE r.org_id = $1::uuid AND r.resource_type = $2::varchar AND r.period < $3::char(7)
                  ORDER BY r.period DESC LIMIT 1), 0) - $4::bigint)
       ON CONFLICT (org_id, resource_type, period)
       DO UPDATE SET amount = GREATEST(0, usage_records.amount - $4::bigint), updated_at = now()
       RETURNING amount`,
      [orgId, resourceType, period, amount],
    );
    return Number(rows[0]!.amount);
  }

  /**
   * Makes the alerts of every threshold the organisation's committed usage has reached this month
   * that do not exist yet, and pushes each new one to the organisation. Safe to run any number of
   * times: a threshold is alerted once.
   */
  async evaluate(orgId: string, resourceType: UsageResourceType, period: string = billingMonth()): Promise<UsageAlert[]> {
    const [subscription, thresholds] = await Promise.all([this.subscriptions.of(orgId), this.thresholdsOf(orgId, resourceType)]);
    const limit = USAGE_LIMITS[subscription.plan][resourceType];
    const created = await this.alertRows.query<{ id: string; threshold: number }[]>(
      `INSERT INTO usage_alerts (org_id, resource_type, period, threshold, used, usage_limit)
       SELECT r.org_id, r.resource_type, r.period, t, r.amount, $5
         FROM usage_records r, unnest($4::int[]) AS t
        WHERE r.org_id = $1 AND r.resource_type = $2 AND r.period = $3 AND r.amount * 100 >= t::bigint * $5::bigint
       ON CONFLICT ON CONSTRAINT uq_usage_alerts_once DO NOTHING
       RETURNING id, threshold`,
      [orgId, resourceType, period, thresholds, limit],
    );
    const alerts = created
      .sort((a, b) => a.threshold - b.threshold)
      .map((row): UsageAlert => ({ id: row.id, threshold: row.threshold, resourceType }));
    for (const alert of alerts) this.realtime.emitTo(rooms.org(orgId), 'usage:alert', alert);
    return alerts;
  }

  /** The member's undismissed alerts of this billing month, most severe (highest threshold) first. */
  async alerts(orgId: string, userId: string): Promise<UsageAlert[]> {
    const rows = await this.alertRows.query<{ id: string; threshold: number; resource_type: UsageResourceType }[]>(
      `SELECT a.id, a.threshold, a.resource_type FROM usage_alerts a
        WHERE a.org_id = $1 AND a.period = $2
          AND NOT EXISTS (SELECT 1 FROM usage_alert_dismissals d WHERE d.alert_id = a.id AND d.user_id = $3)
        ORDER BY a.threshold DESC, a.created_at DESC, a.resource_type`,
      [orgId, billingMonth(), userId],
    );
    return rows.map((r) => ({ id: r.id, threshold: r.threshold, resourceType: r.resource_type }));
  }

  /**
   * Dismisses an alert for this member only, with the lower thresholds of the same resource and
   * month: having read "100 % reached", nobody needs "90 % reached" next.
   */
  async dismiss(orgId: string, userId: string, alertId: string): Promise<void> {
    const alert = isUuid(alertId) ? await this.alertRows.findOne({ where: { id: alertId, orgId } }) : null;
    if (!alert) throw new NotFoundError('usageAlert');
    await this.alertRows.query(
      `INSERT INTO usage_alert_dismissals (alert_id, user_id, org_id)
       SELECT id, $2, org_id FROM usage_alerts
        WHERE org_id = $1 AND resource_type = $3 AND period = $4 AND threshold <= $5
       ON CONFLICT DO NOTHING`,
      [orgId, userId, alert.resourceType, alert.period, alert.threshold],
    );
  }

  /** Usage of every resource against the plan, the last six months, thresholds and accrued overage. */
  async overview(orgId: string): Promise<UsageOverview> {
    const period = billingMonth();
    const months = Array.from({ length: 6 }, (_, i) => shiftMonth(period, i - 5));
    const [subscription, rows, earlierLevels, thresholds] = await Promise.all([
      this.subscriptions.of(orgId),
      this.records.find({ where: { orgId, period: In(months) } }),
      this.levelsAt(orgId, shiftMonth(months[0]!, -1), this.records.manager),
      this.allThresholds(orgId),
    ]);
    // A month without a row of a level resource kept the level of the month before it.
    let previous = earlierLevels;
    const history = months.map((month) => {
      const usage = Object.fromEntries(
        USAGE_RESOURCE_TYPES.map((type) => {
          const row = rows.find((r) => r.period === month && r.resourceType === type);
          return [type, row ? Number(row.amount) : LEVEL_RESOURCES.includes(type) ? previous[type] : 0];
        }),
      ) as Record<UsageResourceType, number>;
      previous = usage;
      return { period: month, usage };
    });
    const current = history.at(-1)!.usage;
    const plan = PLANS[subscription.plan];
    const fairUse: Partial<Record<UsageResourceType, number>> = plan.fairUse
      ? { drill: plan.fairUse.drillRunsPerMonth, storage: plan.fairUse.storageGb * BYTES_PER_GB }
      : {};
    return {
      plan: subscription.plan,
      period,
      overageEnabled: subscription.overageEnabled,
      overageOffered: plan.overageBilling,
      resources: USAGE_RESOURCE_TYPES.map((type) => {
        const limit = USAGE_LIMITS[subscription.plan][type];
        return {
          resourceType: type,
          used: current[type],
          limit,
          percent: usagePercent(current[type], limit),
          enforced: isEnforced(subscription.plan, type) && !subscription.overageEnabled,
          fairUse: fairUse[type] ?? null,
          thresholds: thresholds[type],
        };
      }),
      history,
      // Enterprise is fair use: nothing accrues past its limits.
      charges: accruedOverage(subscription.plan, plan.overageBilling ? current : { drill: 0, storage: 0 }),
    };
  }

  /** Sets a resource's thresholds (90 and 100 always among them) and alerts any already reached. */
  async saveThresholds(
    actor: AuditActor,
    orgId: string,
    input: { resourceType: UsageResourceType; thresholds: number[] },
  ): Promise<UsageOverview> {
    await this.thresholdRows.upsert({ orgId, resourceType: input.resourceType, thresholds: input.thresholds }, ['orgId', 'resourceType']);
    await this.audit.record({
      action: 'usage.thresholds.change',
      outcome: 'success',
      actor,
      target: { type: 'usage_thresholds', id: input.resourceType },
      metadata: { thresholds: input.thresholds },
    });
    await this.evaluate(orgId, input.resourceType);
    return this.overview(orgId);
  }

  /** Turns overage billing on or off (Basic and Standard only). */
  async setOverage(actor: AuditActor, orgId: string, enabled: boolean): Promise<UsageOverview> {
    const subscription = await this.subscriptions.of(orgId);
    if (!PLANS[subscription.plan].overageBilling) {
      throw new InvalidFieldError('enabled', 'usage.overageNotOffered');
    }
    await this.subscriptions.setOverage(orgId, enabled);
    await this.audit.record({
      action: enabled ? 'billing.overage.enable' : 'billing.overage.disable',
      outcome: 'success',
      actor,
      target: { type: 'subscription', id: subscription.id },
      metadata: { plan: subscription.plan },
    });
    return this.overview(orgId);
  }

  /** What the organisation used of each resource in a billing month (0 when nothing was recorded). */
  async month(orgId: string, period: string = billingMonth()): Promise<Record<UsageResourceType, number>> {
    return this.levelsAt(orgId, period, this.records.manager);
  }

  /**
   * Each resource's usage in `period`: what was counted in the month, or for a level resource the
   * level at its end (the latest month at or before it that has a row).
   */
  private async levelsAt(orgId: string, period: string, manager: EntityManager): Promise<Record<UsageResourceType, number>> {
    const rows = await manager.query<{ resource_type: UsageResourceType; amount: string }[]>(
      `SELECT DISTINCT ON (resource_type) resource_type, amount FROM usage_records
        WHERE org_id = $1 AND (period = $2 OR (resource_type = ANY($3::varchar[]) AND period <= $2))
        ORDER BY resource_type, period DESC`,
      [orgId, period, LEVEL_RESOURCES],
    );
    const totals = Object.fromEntries(USAGE_RESOURCE_TYPES.map((t) => [t, 0])) as Record<UsageResourceType, number>;
    for (const row of rows) totals[row.resource_type] = Number(row.amount);
    return totals;
  }

  private async used(orgId: string, resourceType: UsageResourceType, period: string, manager: EntityManager): Promise<number> {
    return (await this.levelsAt(orgId, period, manager))[resourceType];
  }

  private async thresholdsOf(orgId: string, resourceType: UsageResourceType): Promise<number[]> {
    const row = await this.thresholdRows.findOne({ where: { orgId, resourceType } });
    return row?.thresholds ?? [...DEFAULT_USAGE_THRESHOLDS];
  }

  private async allThresholds(orgId: string): Promise<Record<UsageResourceType, number[]>> {
    const rows = await this.thresholdRows.find({ where: { orgId } });
    return Object.fromEntries(
      USAGE_RESOURCE_TYPES.map((type) => [type, rows.find((r) => r.resourceType === type)?.thresholds ?? [...DEFAULT_USAGE_THRESHOLDS]]),
    ) as Record<UsageResourceType, number[]>;
  }
}
