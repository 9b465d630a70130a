import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { billingMonth, USAGE_RESOURCE_TYPES, type UsageResourceType } from '@muster/contracts';
import type { Repository } from 'typeorm';
import { UsageRecord } from './entities/usage-record.entity.js';

/**
 * Usage metering: one row per organisation, resource type and billing month, added to
 * atomically (`INSERT … ON CONFLICT DO UPDATE`), so concurrent records from any number of
 * processes add up exactly. Limits and alerts are built on top of it.
 */
@Injectable()
export class UsageService {
  constructor(@InjectRepository(UsageRecord) private readonly records: Repository<UsageRecord>) {}

  /** Adds `amount` of a resource to the organisation's current billing month. */
  async record(orgId: string, resourceType: UsageResourceType, amount: number, at: Date = new Date()): Promise<void> {
    if (!(USAGE_RESOURCE_TYPES as readonly string[]).includes(resourceType)) throw new Error(`Unknown usage resource type ${resourceType}`);
    if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`Usage amounts are whole non-negative numbers, not ${amount}`);
    if (amount === 0) return;
    await this.records.query(
      `INSERT INTO usage_records (org_id, resource_type, period, amount)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (org_id, resource_type, period)
       DO UPDATE SET amount = usage_records.amount + EXCLUDED.amount, updated_at = now()`,
      [orgId, resourceType, billingMonth(at), amount],
    );
  }

  /** What the organisation used of each resource in a billing month (0 when nothing was recorded). */
  async month(orgId: string, period: string = billingMonth()): Promise<Record<UsageResourceType, number>> {
    const rows = await this.records.find({ where: { orgId, period } });
    const totals = Object.fromEntries(USAGE_RESOURCE_TYPES.map((t) => [t, 0])) as Record<UsageResourceType, number>;
    for (const row of rows) totals[row.resourceType] = Number(row.amount);
    return totals;
  }
}
