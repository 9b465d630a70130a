/**
 * Plans, prices and limits (spec §9). The pricing page, the usage limits and the billing code
 * all read these constants, so a figure is changed in one place.
 *
 * Spec §9 gives two readings for Basic and Standard drill runs ("copy also says 2 / 10 activity
 * credits per month"); we use the table's main figures (10 and 150 runs a month).
 */
export const PLAN_IDS = ['basic', 'standard', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type BillingCycle = 'monthly' | 'annual';
export const BILLING_CYCLES: readonly BillingCycle[] = ['monthly', 'annual'];

/** Storage is counted in decimal gigabytes (1 GB = 10^9 bytes), overage in whole GB. */
export const BYTES_PER_GB = 1_000_000_000;

export interface PlanLimits {
  users: number;
  drillRunsPerMonth: number;
  storageGb: number;
}

export interface PlanDefinition {
  id: PlanId;
  /** Price of one month on monthly billing, in US cents. */
  monthlyPriceCents: number;
  /** The price is a starting price ("from $1,499/month"). */
  priceIsFrom: boolean;
  limits: PlanLimits;
  /** Ceilings up to which the limits may be exceeded without charge (Enterprise fair use). */
  fairUse: PlanLimits | null;
  /** Whether an ADMIN may enable overage billing past the limits (Basic and Standard). */
  overageBilling: boolean;
}

export const PLANS: Readonly<Record<PlanId, PlanDefinition>> = {
  basic: {
    id: 'basic',
    monthlyPriceCents: 129_00,
    priceIsFrom: false,
    limits: { users: 15, drillRunsPerMonth: 10, storageGb: 10 },
    fairUse: null,
    overageBilling: true,
  },
  standard: {
    id: 'standard',
    monthlyPriceCents: 399_00,
    priceIsFrom: false,
    limits: { users: 50, drillRunsPerMonth: 150, storageGb: 100 },
    fairUse: null,
    overageBilling: true,
  },
  enterprise: {
    id: 'enterprise',
    monthlyPriceCents: 1_499_00,
    priceIsFrom: true,
    limits: { users: 1_000, drillRunsPerMonth: 500, storageGb: 2_000 },
    fairUse: { users: 5_000, drillRunsPerMonth: 2_000, storageGb: 10_000 },
    overageBilling: false,
  },
};

/** Annual billing saves 20 % against twelve monthly payments. */
export const ANNUAL_DISCOUNT_PERCENT = 20;
/** Every plan starts with a free trial; no card is asked for. */
export const TRIAL_DAYS = 14;
export const TRIAL_REQUIRES_CARD = false;

/** Overage prices for Basic and Standard. */
export const OVERAGE = {
  drillRunBlockSize: 25,
  drillRunBlockPriceCents: 50_00,
  storagePricePerGbCents: 10_00,
} as const;

export interface PlanPrice {
  /** What one month costs on this cycle (the annual price divided by twelve on annual billing). */
  perMonthCents: number;
  /** What one billing period costs: a month, or a year. */
  perPeriodCents: number;
}

/** The price of a plan on a billing cycle, in whole cents (annual = 12 months less 20 %). */
export function planPrice(plan: PlanId, cycle: BillingCycle): PlanPrice {
  const monthly = PLANS[plan].monthlyPriceCents;
  if (cycle === 'monthly') return { perMonthCents: monthly, perPeriodCents: monthly };
  const perMonthCents = Math.round((monthly * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100);
  return { perMonthCents, perPeriodCents: perMonthCents * 12 };
}

/** Overage charge for runs beyond the limit: $50 for each started block of 25 runs. */
export function runOverageCents(runsOverLimit: number): number {
  if (runsOverLimit <= 0) return 0;
  return Math.ceil(runsOverLimit / OVERAGE.drillRunBlockSize) * OVERAGE.drillRunBlockPriceCents;
}

/** Overage charge for storage beyond the limit: $10 per GB, counted in whole GB (rounded up). */
export function storageOverageCents(bytesOverLimit: number): number {
  if (bytesOverLimit <= 0) return 0;
  return Math.ceil(bytesOverLimit / BYTES_PER_GB) * OVERAGE.storagePricePerGbCents;
}

/** Features of the plans, as compared on the pricing page: true when a plan includes one. */
export const PLAN_FEATURES = {
  templates: { basic: true, standard: true, enterprise: true },
  console: { basic: true, standard: true, enterprise: true },
  summaries: { basic: true, standard: true, enterprise: true },
  reminders: { basic: true, standard: true, enterprise: true },
  generate: { basic: false, standard: true, enterprise: true },
  packets: { basic: true, standard: true, enterprise: true },
  mapsSops: { basic: false, standard: true, enterprise: true },
  documents: { basic: true, standard: true, enterprise: true },
  evidenceVault: { basic: false, standard: true, enterprise: true },
  guestAuditors: { basic: false, standard: true, enterprise: true },
  helpDesk: { basic: true, standard: true, enterprise: true },
  liveChat: { basic: false, standard: true, enterprise: true },
  analytics: { basic: false, standard: true, enterprise: true },
  priority: { basic: false, standard: false, enterprise: true },
  auditTrail: { basic: true, standard: true, enterprise: true },
  sso: { basic: false, standard: false, enterprise: true },
  scim: { basic: false, standard: false, enterprise: true },
  siem: { basic: false, standard: false, enterprise: true },
  recovery: { basic: false, standard: false, enterprise: true },
} as const satisfies Record<string, Record<PlanId, boolean>>;
export type PlanFeature = keyof typeof PLAN_FEATURES;
