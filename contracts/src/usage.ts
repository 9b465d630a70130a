import { reason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { BYTES_PER_GB, OVERAGE, PLAN_IDS, PLANS, runOverageCents, storageOverageCents, type PlanId } from './plans.js';

/** What Muster meters per organisation and billing month (`usage_records`). */
export const USAGE_RESOURCE_TYPES = ['drill', 'ai_tokens', 'email', 'storage', 'scim_calls', 'siem_events'] as const;
export type UsageResourceType = (typeof USAGE_RESOURCE_TYPES)[number];
export const usageResourceTypeSchema = z.enum(USAGE_RESOURCE_TYPES, {
  error: reason('validation.chooseOneOf'),
});

/** The billing month of an instant, in UTC: `YYYY-MM`. */
export function billingMonth(at: Date = new Date()): string {
  return at.toISOString().slice(0, 7);
}

/** The billing month `months` before (negative) or after `period` (`YYYY-MM`). */
export function shiftMonth(period: string, months: number): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return billingMonth(new Date(Date.UTC(year, month - 1 + months, 1)));
}

/**
 * Monthly limits of every metered resource on every plan. Drill runs and storage are spec §9's
 * figures; the others are ours (docs/architecture.md, "Usage and plans"): generous for the plan's
 * size, so that only an unusual month reaches them.
 */
export const USAGE_LIMITS: Readonly<Record<PlanId, Readonly<Record<UsageResourceType, number>>>> = {
  basic: {
    drill: PLANS.basic.limits.drillRunsPerMonth,
    ai_tokens: 200_000,
    email: 2_000,
    storage: PLANS.basic.limits.storageGb * BYTES_PER_GB,
    scim_calls: 10_000,
    siem_events: 50_000,
  },
  standard: {
    drill: PLANS.standard.limits.drillRunsPerMonth,
    ai_tokens: 2_000_000,
    email: 20_000,
    storage: PLANS.standard.limits.storageGb * BYTES_PER_GB,
    scim_calls: 100_000,
    siem_events: 500_000,
  },
  enterprise: {
    drill: PLANS.enterprise.limits.drillRunsPerMonth,
    ai_tokens: 10_000_000,
    email: 200_000,
    storage: PLANS.enterprise.limits.storageGb * BYTES_PER_GB,
    scim_calls: 1_000_000,
    siem_events: 5_000_000,
  },
};

/**
 * Resources metered as a level — what is stored now — rather than a count per month: a month
 * starts where the last one ended, and what is deleted is given back. The others count what was
 * used in the month.
 */
export const LEVEL_RESOURCES: readonly UsageResourceType[] = ['storage'];

/**
 * Resources whose limit refuses more at 100 % on Basic and Standard (unless overage billing is
 * on). The others warn only: an email or a SIEM event is never held back by a plan.
 */
export const ENFORCED_RESOURCES: readonly UsageResourceType[] = ['drill', 'storage'];

/** Whether more of a resource is refused at its limit on a plan (never on Enterprise: fair use). */
export function isEnforced(plan: PlanId, resourceType: UsageResourceType): boolean {
  return PLANS[plan].overageBilling && ENFORCED_RESOURCES.includes(resourceType);
}

/** Alert thresholds (percent of the limit): 90 and 100 always; ADMINs may add others. */
export const DEFAULT_USAGE_THRESHOLDS: readonly number[] = [90, 100];
export const USAGE_THRESHOLD_LIMITS = { min: 1, max: 100, perResourceMax: 6 } as const;

export type UsageAlertSeverity = 'critical' | 'urgent' | 'warning';
/** Spec §4: 100 is critical (red), 90 urgent (orange), anything else a warning (yellow). */
export function alertSeverity(threshold: number): UsageAlertSeverity {
  if (threshold >= 100) return 'critical';
  if (threshold >= 90) return 'urgent';
  return 'warning';
}

/** The whole percent of a limit used (floored, so 89.9 % is not yet 90). */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.floor((used * 100) / limit);
}

/** Overage charges accrued in a month: started blocks of 25 runs, whole GB of storage. */
export function accruedOverage(plan: PlanId, used: Pick<Record<UsageResourceType, number>, 'drill' | 'storage'>): UsageCharges {
  const limits = USAGE_LIMITS[plan];
  const runsOver = Math.max(0, used.drill - limits.drill);
  const storageOver = Math.max(0, used.storage - limits.storage);
  const runCents = runOverageCents(runsOver);
  const storageCents = storageOverageCents(storageOver);
  return {
    runsOverLimit: runsOver,
    runBlocks: runsOver === 0 ? 0 : Math.ceil(runsOver / OVERAGE.drillRunBlockSize),
    runCents,
    storageGbOverLimit: storageOver === 0 ? 0 : Math.ceil(storageOver / BYTES_PER_GB),
    storageCents,
    totalCents: runCents + storageCents,
  };
}

/** Where a refusal at a limit sends people (also sent as a `Link` header with rel="payment"). */
export const UPGRADE_PATH = '/app/subscription';

// ---------------------------------------------------------------------------------------------
// Schemas

export const usageAlertSchema = z.object({
  id: z.uuid(),
  threshold: z.number().int(),
  resourceType: usageResourceTypeSchema,
});
export type UsageAlert = z.infer<typeof usageAlertSchema>;

export const usageChargesSchema = z.object({
  runsOverLimit: z.number().int(),
  runBlocks: z.number().int(),
  runCents: z.number().int(),
  storageGbOverLimit: z.number().int(),
  storageCents: z.number().int(),
  totalCents: z.number().int(),
});
export type UsageCharges = z.infer<typeof usageChargesSchema>;

export const usageResourceSchema = z.object({
  resourceType: usageResourceTypeSchema,
  used: z.number(),
  limit: z.number(),
  percent: z.number().int(),
  /** More is refused at the limit (Basic and Standard drill runs and storage, without overage). */
  enforced: z.boolean(),
  /** Enterprise: the fair-use ceiling past the limit, or null. */
  fairUse: z.number().nullable(),
  thresholds: z.array(z.number().int()),
});
export type UsageResource = z.infer<typeof usageResourceSchema>;

export const usageOverviewSchema = z.object({
  plan: z.enum(PLAN_IDS),
  period: z.string(),
  overageEnabled: z.boolean(),
  /** Whether overage billing can be turned on for this plan. */
  overageOffered: z.boolean(),
  resources: z.array(usageResourceSchema),
  /** The last six billing months, oldest first, the current one last. */
  history: z.array(z.object({ period: z.string(), usage: z.record(usageResourceTypeSchema, z.number()) })),
  charges: usageChargesSchema,
});
export type UsageOverview = z.infer<typeof usageOverviewSchema>;

export const saveThresholdsSchema = z.object({
  resourceType: usageResourceTypeSchema,
  thresholds: z
    .array(
      z
        .number({ error: reason('validation.enterPercentage') })
        .int(reason('validation.wholePercentage'))
        .min(USAGE_THRESHOLD_LIMITS.min, reason('validation.thresholdMin'))
        .max(USAGE_THRESHOLD_LIMITS.max, reason('validation.thresholdMax')),
    )
    .max(USAGE_THRESHOLD_LIMITS.perResourceMax, reason('validation.maxThresholds'))
    .transform((list) => [...new Set(list)].sort((a, b) => a - b))
    .refine((list) => DEFAULT_USAGE_THRESHOLDS.every((t) => list.includes(t)), reason('usage.thresholdsMustKeepDefaults')),
});
export type SaveThresholdsInput = z.input<typeof saveThresholdsSchema>;

export const overageSettingSchema = z.object({ enabled: z.boolean({ error: reason('validation.chooseOnOff') }) });

export const usageEndpoints = {
  alerts: defineEndpoint({
    method: 'GET',
    path: '/api/usage/alerts',
    tag: 'usage',
    summary: "The signed-in member's undismissed usage alerts of this billing month, most severe first",
    response: z.array(usageAlertSchema),
  }),
  dismissAlert: defineEndpoint({
    method: 'PATCH',
    path: '/api/usage/alerts/:id/dismiss',
    tag: 'usage',
    summary: 'Dismisses a usage alert for the signed-in member only',
    status: 204,
  }),
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/usage',
    tag: 'usage',
    summary: 'Usage of every resource against the plan, six months of history, thresholds and accrued overage',
    response: usageOverviewSchema,
  }),
  saveThresholds: defineEndpoint({
    method: 'PUT',
    path: '/api/usage/thresholds',
    tag: 'usage',
    summary: "Sets a resource's alert thresholds (ADMIN); 90 and 100 always stay",
    body: saveThresholdsSchema,
    response: usageOverviewSchema,
  }),
  setOverage: defineEndpoint({
    method: 'PUT',
    path: '/api/usage/overage',
    tag: 'usage',
    summary: 'Turns overage billing on or off (ADMIN, Basic and Standard)',
    body: overageSettingSchema,
    response: usageOverviewSchema,
  }),
};
