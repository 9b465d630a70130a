import { billingMonth, shiftMonth, type UsageResourceType } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { Subscription } from '../modules/usage/entities/subscription.entity.js';
import { UsageRecord } from '../modules/usage/entities/usage-record.entity.js';

/** Five past months of the demo organisation's usage, oldest first (this month counts from zero). */
const HISTORY: readonly Partial<Record<UsageResourceType, number>>[] = [
  { drill: 6, ai_tokens: 38_400, email: 212, storage: 1_350_000_000 },
  { drill: 9, ai_tokens: 52_100, email: 305, storage: 1_720_000_000 },
  { drill: 7, ai_tokens: 44_900, email: 268, storage: 1_980_000_000 },
  { drill: 12, ai_tokens: 71_300, email: 410, storage: 2_410_000_000 },
  { drill: 8, ai_tokens: 49_800, email: 296, storage: 2_630_000_000 },
];

/** The demo organisation is on Standard, billed monthly, with its last months' usage on record. */
export async function seedUsage(tx: EntityManager, orgId: string): Promise<void> {
  await tx.save(tx.create(Subscription, { orgId, plan: 'standard', cycle: 'monthly', status: 'active', trialEndsAt: null }));
  const now = billingMonth();
  const rows = HISTORY.flatMap((usage, i) =>
    Object.entries(usage).map(([resourceType, amount]) =>
      tx.create(UsageRecord, {
        orgId,
        resourceType: resourceType as UsageResourceType,
        period: shiftMonth(now, i - HISTORY.length),
        amount: String(amount),
      }),
    ),
  );
  await tx.save(rows);
}
