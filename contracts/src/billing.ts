import { reason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { BILLING_CYCLES, PLAN_IDS, PLANS, planPrice, type BillingCycle, type PlanId } from './plans.js';
import { usageChargesSchema } from './usage.js';

/**
 * Subscriptions, checkout, invoices and upgrade credits. Checkout goes through a payment provider:
 * Stripe (Checkout Sessions, a signed webhook) when configured, otherwise the built-in provider for
 * self-hosted and offline installs (the order is confirmed in the app, an invoice is issued and
 * paid by transfer, and an accountant records the payment).
 */
export const PAYMENT_PROVIDERS = ['builtin', 'stripe'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const CHECKOUT_STATUSES = ['open', 'completed', 'canceled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** A plan's invoice, or a month's overage (runs and storage past the limits). */
export const INVOICE_KINDS = ['subscription', 'overage'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Built-in invoices are due this many days after they are issued. */
export const INVOICE_DUE_DAYS = 30;

/** Upgrade credits a platform admin may grant at once, in cents ($1 to $10,000). */
export const CREDIT_LIMITS = { minCents: 100, maxCents: 1_000_000, reasonMax: 200 } as const;

/** The rank order of plans: moving to a later one is an upgrade. */
export function isUpgrade(from: PlanId, to: PlanId): boolean {
  return PLAN_IDS.indexOf(to) > PLAN_IDS.indexOf(from);
}

/** What a checkout of a plan costs before credits: one billing period of its price. */
export function checkoutAmountCents(plan: PlanId, cycle: BillingCycle): number {
  return planPrice(plan, cycle).perPeriodCents;
}

/** The end of a billing period that starts at `start`: one calendar month or one year later. */
export function periodEnd(start: Date, cycle: BillingCycle): Date {
  const end = new Date(start);
  if (cycle === 'annual') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** Whole days of a trial left at `now` (0 once it has ended). */
export function trialDaysLeft(trialEndsAt: Date | string | null, now: Date = new Date()): number | null {
  if (!trialEndsAt) return null;
  const ms = new Date(trialEndsAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}

// ---------------------------------------------------------------------------------------------
// Schemas

const money = z.number().int();

export const subscriptionInfoSchema = z.object({
  plan: z.enum(PLAN_IDS),
  cycle: z.enum(BILLING_CYCLES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  trialEndsAt: z.iso.datetime().nullable(),
  /** Whole days of the trial left, 0 once ended, null when not on a trial. */
  trialDaysLeft: z.number().int().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  /** The subscription stops at the end of the current period instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  overageEnabled: z.boolean(),
  members: z.number().int(),
  /** Unspent upgrade credits, taken off the next invoice. */
  creditCents: money,
  /** The signed-in member may change the plan (ADMIN). */
  canManage: z.boolean(),
  /** The provider checkout goes through on this install. */
  checkoutProvider: z.enum(PAYMENT_PROVIDERS),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const startCheckoutSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: reason('validation.chooseOneOf') }),
  cycle: z.enum(BILLING_CYCLES, { error: reason('validation.chooseCycle') }),
});
export type StartCheckoutInput = z.infer<typeof startCheckoutSchema>;

export const checkoutSchema = z.object({
  id: z.uuid(),
  plan: z.enum(PLAN_IDS),
  cycle: z.enum(BILLING_CYCLES),
  fromPlan: z.enum(PLAN_IDS),
  fromCycle: z.enum(BILLING_CYCLES),
  status: z.enum(CHECKOUT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Where the browser goes next: Stripe's hosted page, or the in-app order review. */
  url: z.string(),
  amountCents: money,
  creditCents: money,
  totalCents: money,
  invoiceId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const invoiceLineSchema = z.object({ description: z.string(), amountCents: money });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  lines: z.array(invoiceLineSchema),
  subtotalCents: money,
  creditCents: money,
  totalCents: money,
  issuedAt: z.iso.datetime(),
  dueAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const creditSchema = z.object({
  id: z.uuid(),
  orgId: z.uuid(),
  orgName: z.string(),
  amountCents: money,
  remainingCents: money,
  reason: z.string(),
  grantedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Credit = z.infer<typeof creditSchema>;

export const creditsOverviewSchema = z.object({
  credits: z.array(creditSchema),
  /** Platform admins grant credits to any organisation; organisation admins read their own. */
  canGrant: z.boolean(),
  organizations: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type CreditsOverview = z.infer<typeof creditsOverviewSchema>;

export const grantCreditSchema = z.object({
  orgId: z.uuid({ error: reason('validation.creditOrganization') }),
  amountCents: z
    .number({ error: reason('validation.creditAmount') })
    .int(reason('validation.creditWholeCents'))
    .min(CREDIT_LIMITS.minCents, reason('validation.creditMin'))
    .max(CREDIT_LIMITS.maxCents, reason('validation.creditMax')),
  reason: z
    .string({ error: reason('validation.creditReason') })
    .trim()
    .min(3, reason('validation.creditReason'))
    .max(CREDIT_LIMITS.reasonMax, reason('validation.atMostCharacters')),
});
export type GrantCreditInput = z.input<typeof grantCreditSchema>;

export const renewalSchema = z.object({ cancelAtPeriodEnd: z.boolean({ error: reason('validation.chooseRenewal') }) });

export const usageCostSchema = z.object({
  period: z.string(),
  planCents: money,
  overageCents: money,
  totalCents: money,
});
export type UsageCost = z.infer<typeof usageCostSchema>;

export const accountantOverviewSchema = z.object({
  plan: z.enum(PLAN_IDS),
  cycle: z.enum(BILLING_CYCLES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  period: z.string(),
  /** Overage accrued so far this month, billed when the month closes. */
  accrued: usageChargesSchema,
  creditCents: money,
  openCents: money,
  paidThisYearCents: money,
  /** The last six months: the plan's monthly share and the overage each accrued. */
  costs: z.array(usageCostSchema),
  invoices: z.array(invoiceSchema),
});
export type AccountantOverview = z.infer<typeof accountantOverviewSchema>;

/** Pushed to the organisation when its plan changes, so open pages refresh. */
export interface SubscriptionChanged {
  plan: PlanId;
  cycle: BillingCycle;
  status: SubscriptionStatus;
  checkoutId: string | null;
}

export const portalSchema = z.object({ provider: z.enum(PAYMENT_PROVIDERS), url: z.string() });

export const billingEndpoints = {
  subscription: defineEndpoint({
    method: 'GET',
    path: '/api/billing/subscription',
    tag: 'billing',
    summary: "The organisation's plan, trial, renewal, members and credits",
    response: subscriptionInfoSchema,
  }),
  startCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/billing/checkout',
    tag: 'billing',
    status: 201,
    summary: 'Starts a checkout of a plan and billing cycle (ADMIN); answers where the browser goes next',
    body: startCheckoutSchema,
    response: checkoutSchema,
  }),
  checkout: defineEndpoint({
    method: 'GET',
    path: '/api/billing/checkout/:id',
    tag: 'billing',
    summary: 'One checkout of the organisation',
    response: checkoutSchema,
  }),
  completeCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/billing/checkout/:id/complete',
    tag: 'billing',
    summary: 'Confirms a built-in checkout (ADMIN): the invoice is issued and the plan changes at once',
    response: checkoutSchema,
  }),
  cancelCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/billing/checkout/:id/cancel',
    tag: 'billing',
    summary: 'Abandons an open checkout (ADMIN); nothing is charged',
    response: checkoutSchema,
  }),
  setRenewal: defineEndpoint({
    method: 'PUT',
    path: '/api/billing/subscription/renewal',
    tag: 'billing',
    summary: 'Stops or resumes renewal at the end of the current period (ADMIN, built-in provider)',
    body: renewalSchema,
    response: subscriptionInfoSchema,
  }),
  portal: defineEndpoint({
    method: 'POST',
    path: '/api/billing/portal',
    tag: 'billing',
    summary: "Opens the payment provider's billing portal (ADMIN): Stripe's, or the built-in page",
    response: portalSchema,
  }),
  invoices: defineEndpoint({
    method: 'GET',
    path: '/api/billing/invoices',
    tag: 'billing',
    summary: "The organisation's invoices, newest first (ACCOUNTANT and above)",
    response: z.array(invoiceSchema),
  }),
  invoicesCsv: defineEndpoint({
    method: 'GET',
    path: '/api/billing/invoices.csv',
    tag: 'billing',
    summary: "The organisation's invoices and their lines as CSV (ACCOUNTANT and above)",
  }),
  markPaid: defineEndpoint({
    method: 'POST',
    path: '/api/billing/invoices/:id/paid',
    tag: 'billing',
    summary: 'Records the payment of an open built-in invoice (ACCOUNTANT and ADMIN)',
    response: invoiceSchema,
  }),
  accountant: defineEndpoint({
    method: 'GET',
    path: '/api/billing/accountant',
    tag: 'billing',
    summary: 'Invoices, accrued overage and six months of usage costs (ACCOUNTANT and above)',
    response: accountantOverviewSchema,
  }),
  credits: defineEndpoint({
    method: 'GET',
    path: '/api/billing/credits',
    tag: 'billing',
    summary: "Upgrade credits: the organisation's (ADMIN), or every organisation's (platform admins)",
    response: creditsOverviewSchema,
  }),
  grantCredit: defineEndpoint({
    method: 'POST',
    path: '/api/billing/credits',
    tag: 'billing',
    status: 201,
    summary: 'Grants an upgrade credit to an organisation (ROOT_ADMIN, DEPUTY_ADMIN)',
    body: grantCreditSchema,
    response: creditSchema,
  }),
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/webhooks/stripe',
    tag: 'billing',
    summary: 'Stripe events (signature verified with the endpoint secret); completes checkouts and records invoices',
  }),
};

/** A plan's display name, as the pricing page shows it. */
export function planName(plan: PlanId): string {
  return { basic: 'Basic', standard: 'Standard', enterprise: 'Enterprise' }[PLANS[plan].id];
}
