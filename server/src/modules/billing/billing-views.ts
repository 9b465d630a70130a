import { billingMonth, planName, type BillingCycle, type Checkout, type Invoice, type PlanId, type Role } from '@muster/contracts';
import type { AppConfig } from '../../config/config.js';
import type { AuditActor } from '../../platform/audit/audit.service.js';
import type { CheckoutRow } from './entities/checkout.entity.js';
import type { InvoiceRow } from './entities/invoice.entity.js';

/** The signed-in member who acts, with what the audit trail records of them. */
export interface BillingActor extends AuditActor {
  userId: string | null;
  role: Role;
  orgId: string | null;
}

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
export const fromUnix = (s: number | null | undefined): Date | null => (typeof s === 'number' ? new Date(s * 1000) : null);

/** A fresh, human-readable invoice number: `MUS-<YYYYMM>-<8 hex>`. */
export function invoiceNumber(id: string, at: Date): string {
  return `MUS-${billingMonth(at).replace('-', '')}-${id.slice(0, 8).toUpperCase()}`;
}

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    provider: row.provider,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    lines: row.lines,
    subtotalCents: row.subtotalCents,
    creditCents: row.creditCents,
    totalCents: row.totalCents,
    issuedAt: row.issuedAt.toISOString(),
    dueAt: iso(row.dueAt),
    paidAt: iso(row.paidAt),
  };
}

export function toCheckout(row: CheckoutRow): Checkout {
  return {
    id: row.id,
    plan: row.plan,
    cycle: row.cycle,
    fromPlan: row.fromPlan,
    fromCycle: row.fromCycle,
    status: row.status,
    provider: row.provider,
    url: row.url,
    amountCents: row.amountCents,
    creditCents: row.creditCents,
    totalCents: Math.max(0, row.amountCents - row.creditCents),
    invoiceId: row.invoiceId,
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}

/** An invoice line for a plan and its billing cycle. */
export function planLine(plan: PlanId, cycle: BillingCycle): string {
  return `Muster ${planName(plan)}, ${cycle === 'annual' ? 'annual billing (12 months, 20 % off)' : 'monthly billing'}`;
}

/** The origin people reach the app on (the first configured one). */
export function publicOrigin(config: AppConfig): string {
  return config.APP_ORIGINS[0] ?? 'http://localhost:3000';
}
