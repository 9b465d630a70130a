import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  accruedOverage,
  billingMonth,
  checkoutAmountCents,
  INVOICE_DUE_DAYS,
  periodEnd,
  planName,
  planPrice,
  PLANS,
  rooms,
  shiftMonth,
  trialDaysLeft,
  type AccountantOverview,
  type BillingCycle,
  type Checkout,
  type Credit,
  type CreditsOverview,
  type GrantCreditInput,
  type Invoice,
  type InvoiceLine,
  type PaymentProviderId,
  type PlanId,
  type Role,
  type StartCheckoutInput,
  type SubscriptionInfo,
  type SubscriptionStatus,
} from '@muster/contracts';
import { stringify } from 'csv-stringify/sync';
import type Stripe from 'stripe';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { afterCommit } from '../../database/after-commit.js';
import { AuditService, type AuditActor } from '../../platform/audit/audit.service.js';
import { DomainError, InvalidFieldError, NotFoundError } from '../../platform/errors/domain-error.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { Subscription } from '../usage/entities/subscription.entity.js';
import { SubscriptionsService } from '../usage/subscriptions.service.js';
import { UsageService } from '../usage/usage.service.js';
import { CheckoutRow } from './entities/checkout.entity.js';
import { CreditRow } from './entities/credit.entity.js';
import { InvoiceRow } from './entities/invoice.entity.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { StripePaymentProvider } from './providers/stripe.provider.js';

const DAY_MS = 86_400_000;
const PLATFORM_GRANTORS: readonly Role[] = ['ROOT_ADMIN', 'DEPUTY_ADMIN'];

/** The signed-in member who acts, with what the audit trail records of them. */
export interface BillingActor extends AuditActor {
  userId: string | null;
  role: Role;
  orgId: string | null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const fromUnix = (s: number | null | undefined): Date | null => (typeof s === 'number' ? new Date(s * 1000) : null);

/** A fresh, human-readable invoice number: `MUS-<YYYYMM>-<8 hex>`. */
function invoiceNumber(id: string, at: Date): string {
  return `MUS-${billingMonth(at).replace('-', '')}-${id.slice(0, 8).toUpperCase()}`;
}

function toInvoice(row: InvoiceRow): Invoice {
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

function toCheckout(row: CheckoutRow): Checkout {
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

/** Stripe's subscription states in ours. */
function statusOfStripe(status: Stripe.Subscription.Status): SubscriptionStatus {
  if (status === 'trialing') return 'trialing';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return 'active';
}

/**
 * Plans, checkout, invoices and upgrade credits. Checkout goes through the configured payment
 * provider; a completed checkout activates the plan, issues or records the invoice, takes the
 * organisation's credits off it, is audited and is pushed to the organisation's open pages.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger(BillingService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(CheckoutRow) private readonly checkouts: Repository<CheckoutRow>,
    @InjectRepository(InvoiceRow) private readonly invoiceRows: Repository<InvoiceRow>,
    @InjectRepository(CreditRow) private readonly creditRows: Repository<CreditRow>,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly subscriptions: SubscriptionsService,
    private readonly usage: UsageService,
    private readonly audit: AuditService,
    private readonly realtime: RealtimeService,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Subscription

  async subscription(actor: BillingActor, orgId: string): Promise<SubscriptionInfo> {
    const [subscription, members, creditCents] = await Promise.all([
      this.subscriptions.of(orgId),
      this.members(orgId),
      this.availableCredit(orgId),
    ]);
    return {
      plan: subscription.plan,
      cycle: subscription.cycle,
      status: subscription.status,
      provider: subscription.provider,
      trialEndsAt: iso(subscription.trialEndsAt),
      trialDaysLeft: subscription.status === 'trialing' ? trialDaysLeft(subscription.trialEndsAt) : null,
      currentPeriodEnd: iso(subscription.currentPeriodEnd),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      overageEnabled: subscription.overageEnabled,
      members,
      creditCents,
      canManage: actor.role === 'ADMIN',
      checkoutProvider: this.provider.id,
    };
  }

  /** Stops or resumes renewal at the end of the period (built-in; Stripe's portal does it there). */
  async setRenewal(actor: BillingActor, orgId: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionInfo> {
    const subscription = await this.subscriptions.of(orgId);
    if (subscription.status !== 'active') {
      throw new InvalidFieldError('cancelAtPeriodEnd', 'billing.cancelNotActive');
    }
    if (subscription.provider === 'stripe') {
      throw new InvalidFieldError('cancelAtPeriodEnd', 'billing.checkoutOtherProvider');
    }
    await this.dataSource.getRepository(Subscription).update({ id: subscription.id }, { cancelAtPeriodEnd });
    await this.audit.record({
      action: cancelAtPeriodEnd ? 'billing.renewal.stop' : 'billing.renewal.resume',
      outcome: 'success',
      actor,
      target: { type: 'subscription', id: subscription.id },
      metadata: { plan: subscription.plan, periodEnd: iso(subscription.currentPeriodEnd) },
    });
    return this.subscription(actor, orgId);
  }

  async portal(orgId: string): Promise<{ provider: PaymentProviderId; url: string }> {
    const subscription = await this.subscriptions.of(orgId);
    const url = await this.provider.portalUrl({
      customerId: subscription.providerCustomerId,
      returnUrl: `${this.publicOrigin()}/app/admin/billing`,
    });
    return { provider: url.startsWith('/') ? 'builtin' : this.provider.id, url };
  }

  // -------------------------------------------------------------------------------------------
  // Checkout

  /** Opens a checkout of a plan and cycle; answers where the browser goes next. */
  async startCheckout(actor: BillingActor, orgId: string, input: StartCheckoutInput): Promise<Checkout> {
    const subscription = await this.subscriptions.of(orgId);
    if (subscription.status === 'active' && subscription.plan === input.plan && subscription.cycle === input.cycle) {
      throw new InvalidFieldError('plan', 'billing.samePlan');
    }
    const members = await this.members(orgId);
    const seats = PLANS[input.plan].limits.users;
    if (members > seats) {
      throw new InvalidFieldError('plan', 'billing.tooManyMembers', { members, plan: planName(input.plan), limit: seats });
    }
    const amountCents = checkoutAmountCents(input.plan, input.cycle);
    // The built-in review shows what the credits will take off; Stripe carries them on the
    // customer's balance, so they are spent when handed over.
    const creditCents = Math.min(amountCents, await this.availableCredit(orgId));
    const row = await this.checkouts.save(
      this.checkouts.create({
        orgId,
        plan: input.plan,
        cycle: input.cycle,
        fromPlan: subscription.plan,
        fromCycle: subscription.cycle,
        status: 'open',
        provider: this.provider.id,
        url: '',
        amountCents,
        creditCents,
        createdBy: actor.userId,
      }),
    );
    const origin = this.publicOrigin();
    try {
      if (this.provider.id === 'stripe' && creditCents > 0) {
        await this.dataSource.transaction((manager) => this.spendCredit(manager, orgId, creditCents));
      }
      const organization = await this.dataSource.getRepository(Organization).findOneByOrFail({ id: orgId });
      const started = await this.provider.startCheckout({
        checkoutId: row.id,
        orgId,
        orgName: organization.name,
        plan: input.plan,
        cycle: input.cycle,
        amountCents,
        creditCents: this.provider.id === 'stripe' ? creditCents : 0,
        customerEmail: actor.email ?? null,
        customerId: subscription.providerCustomerId,
        successUrl: `${origin}/app/subscription/success?checkout=${row.id}`,
        cancelUrl: `${origin}/app/subscription/canceled?checkout=${row.id}`,
      });
      row.url = started.url;
      row.providerRef = started.reference;
      await this.checkouts.save(row);
      if (started.customerId && started.customerId !== subscription.providerCustomerId) {
        await this.dataSource.getRepository(Subscription).update({ id: subscription.id }, { providerCustomerId: started.customerId });
      }
    } catch (err) {
      // Nothing happened at the provider: the checkout is closed and the credit given back.
      await this.checkouts.update({ id: row.id }, { status: 'canceled' });
      if (this.provider.id === 'stripe' && creditCents > 0) await this.refundCredit(orgId, creditCents, row.id);
      throw err;
    }
    await this.audit.record({
      action: 'billing.checkout.start',
      outcome: 'success',
      actor,
      target: { type: 'checkout', id: row.id },
      metadata: { from: `${subscription.plan}/${subscription.cycle}`, to: `${input.plan}/${input.cycle}`, provider: row.provider },
    });
    return toCheckout(row);
  }

  async checkout(orgId: string, id: string): Promise<Checkout> {
    return toCheckout(await this.findCheckout(orgId, id));
  }

  /** Confirms a built-in checkout: credits taken off, invoice issued, plan active. */
  async completeCheckout(actor: BillingActor, orgId: string, id: string): Promise<Checkout> {
    await this.findCheckout(orgId, id);
    const result = await this.dataSource.transaction(async (manager) => {
      const row = await manager.getRepository(CheckoutRow).findOneOrFail({ where: { id, orgId }, lock: { mode: 'pessimistic_write' } });
      if (row.provider !== 'builtin') throw new DomainError('VALIDATION_FAILED', 'billing.checkoutOtherProvider');
      if (row.status !== 'open') throw new DomainError('CONFLICT', 'billing.checkoutClosed');
      const now = new Date();
      const end = periodEnd(now, row.cycle);
      const creditCents = await this.spendCredit(manager, orgId, row.amountCents);
      const invoice = await this.issueInvoice(manager, {
        orgId,
        kind: 'subscription',
        provider: 'builtin',
        providerRef: null,
        periodStart: now,
        periodEnd: end,
        lines: [{ description: this.planLine(row.plan, row.cycle), amountCents: row.amountCents }],
        creditCents,
        paid: false,
      });
      const previous = await this.activate(manager, orgId, {
        plan: row.plan,
        cycle: row.cycle,
        status: 'active',
        provider: 'builtin',
        currentPeriodEnd: end,
      });
      row.status = 'completed';
      row.completedAt = now;
      row.creditCents = creditCents;
      row.invoiceId = invoice.id;
      await manager.save(row);
      this.announce(manager, orgId, row);
      return { row, previous };
    });
    await this.auditPlanChange(actor, orgId, result.previous, result.row);
    return toCheckout(result.row);
  }

  async cancelCheckout(actor: BillingActor, orgId: string, id: string): Promise<Checkout> {
    const row = await this.findCheckout(orgId, id);
    if (row.status === 'canceled') return toCheckout(row);
    if (row.status !== 'open') throw new DomainError('CONFLICT', 'billing.checkoutClosed');
    const updated = await this.checkouts
      .createQueryBuilder()
      .update()
      .set({ status: 'canceled' })
      .where('id = :id AND org_id = :orgId AND status = :open', { id, orgId, open: 'open' })
      .execute();
    if (updated.affected) {
      await this.audit.record({
        action: 'billing.checkout.cancel',
        outcome: 'success',
        actor,
        target: { type: 'checkout', id },
        metadata: { plan: row.plan, cycle: row.cycle },
      });
    }
    return this.checkout(orgId, id);
  }

  // -------------------------------------------------------------------------------------------
  // Stripe events

  /**
   * Applies one verified Stripe event, once: the event id is recorded in the same transaction, so
   * a retry or replay of an applied event changes nothing, and a failure is retried by Stripe.
   */
  async stripeEvent(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    if (!(this.provider instanceof StripePaymentProvider)) throw new NotFoundError('stripeWebhook');
    const event = this.provider.event(rawBody, signature);
    const applied = await this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<{ id: string }[]>(
        `INSERT INTO payment_events (id, provider, type) VALUES ($1, 'stripe', $2) ON CONFLICT DO NOTHING RETURNING id`,
        [event.id, event.type],
      );
      if (inserted.length === 0) return false;
      await this.applyStripeEvent(manager, event);
      return true;
    });
    return { received: true, duplicate: !applied };
  }

  private async applyStripeEvent(manager: EntityManager, event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        await this.stripeCheckoutCompleted(manager, event.data.object);
        return;
      case 'invoice.paid':
        await this.stripeInvoicePaid(manager, event.data.object);
        return;
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await this.stripeSubscriptionChanged(manager, event.data.object);
        return;
      default:
        this.logger.debug(`Stripe event ${event.type} is not used`);
    }
  }

  private async stripeCheckoutCompleted(manager: EntityManager, session: Stripe.Checkout.Session): Promise<void> {
    const checkoutId = session.metadata?.checkoutId ?? session.client_reference_id;
    if (!checkoutId || !isUuid(checkoutId)) return;
    const row = await manager.getRepository(CheckoutRow).findOne({ where: { id: checkoutId }, lock: { mode: 'pessimistic_write' } });
    // Paid is paid: a checkout abandoned here but finished on Stripe's page still counts.
    if (!row || row.status === 'completed') return;
    const customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
    const subscriptionId = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
    const previous = await this.activate(manager, row.orgId, {
      plan: row.plan,
      cycle: row.cycle,
      status: 'active',
      provider: 'stripe',
      currentPeriodEnd: periodEnd(new Date(), row.cycle),
      providerCustomerId: customerId,
      providerSubscriptionId: subscriptionId,
    });
    row.status = 'completed';
    row.completedAt = new Date();
    await manager.save(row);
    this.announce(manager, row.orgId, row);
    const actor: BillingActor = { userId: row.createdBy, role: 'ADMIN', orgId: row.orgId, ip: null, userAgent: 'Stripe webhook' };
    afterCommit(manager, () => {
      this.auditPlanChange(actor, row.orgId, previous, row).catch((err: unknown) => {
        this.logger.error(`Audit of Stripe checkout ${row.id}: ${err instanceof Error ? err.message : String(err)}`);
      });
    });
  }

  private async stripeInvoicePaid(manager: EntityManager, invoice: Stripe.Invoice): Promise<void> {
    const customerId = typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null);
    if (!customerId || !invoice.id) return;
    const subscription = await manager.getRepository(Subscription).findOne({ where: { providerCustomerId: customerId } });
    if (!subscription) return;
    const lines: InvoiceLine[] = invoice.lines.data.map((line) => ({
      description: line.description ?? 'Muster',
      amountCents: line.amount,
    }));
    const subtotal = invoice.subtotal;
    const total = invoice.amount_paid;
    await manager
      .createQueryBuilder()
      .insert()
      .into(InvoiceRow)
      .values({
        orgId: subscription.orgId,
        number: invoice.number ?? invoice.id,
        kind: 'subscription',
        status: 'paid',
        provider: 'stripe',
        providerRef: invoice.id,
        periodStart: fromUnix(invoice.period_start) ?? new Date(),
        periodEnd: fromUnix(invoice.period_end) ?? new Date(),
        lines,
        subtotalCents: subtotal,
        creditCents: Math.max(0, subtotal - total),
        totalCents: total,
        dueAt: null,
        paidAt: fromUnix(invoice.status_transitions.paid_at) ?? new Date(),
      })
      .orIgnore()
      .execute();
  }

  private async stripeSubscriptionChanged(manager: EntityManager, stripeSubscription: Stripe.Subscription): Promise<void> {
    const repo = manager.getRepository(Subscription);
    const orgId = stripeSubscription.metadata.orgId;
    const subscription =
      (await repo.findOne({ where: { providerSubscriptionId: stripeSubscription.id } })) ??
      (orgId && isUuid(orgId) ? await repo.findOne({ where: { orgId } }) : null);
    if (!subscription) return;
    const item = stripeSubscription.items.data[0];
    subscription.status = statusOfStripe(stripeSubscription.status);
    subscription.cancelAtPeriodEnd = stripeSubscription.cancel_at_period_end;
    subscription.currentPeriodEnd = fromUnix(item?.current_period_end) ?? subscription.currentPeriodEnd;
    subscription.providerSubscriptionId = stripeSubscription.id;
    subscription.provider = 'stripe';
    await repo.save(subscription);
    this.announce(manager, subscription.orgId, null, subscription);
  }

  // -------------------------------------------------------------------------------------------
  // Invoices

  async invoices(orgId: string): Promise<Invoice[]> {
    const rows = await this.invoiceRows.find({ where: { orgId }, order: { issuedAt: 'DESC' }, take: 500 });
    return rows.map(toInvoice);
  }

  /** Every invoice line as one CSV row (formulas escaped), for the accountant's books. */
  async invoicesCsv(orgId: string): Promise<string> {
    const invoices = await this.invoices(orgId);
    const rows: (string | number)[][] = [
      [
        'number',
        'kind',
        'status',
        'provider',
        'issued_at',
        'due_at',
        'paid_at',
        'period_start',
        'period_end',
        'line',
        'amount_usd',
        'subtotal_usd',
        'credit_usd',
        'total_usd',
      ],
    ];
    const usd = (cents: number): string => (cents / 100).toFixed(2);
    for (const inv of invoices) {
      for (const line of inv.lines) {
        rows.push([
          inv.number,
          inv.kind,
          inv.status,
          inv.provider,
          inv.issuedAt,
          inv.dueAt ?? '',
          inv.paidAt ?? '',
          inv.periodStart,
          inv.periodEnd,
          line.description,
          usd(line.amountCents),
          usd(inv.subtotalCents),
          usd(inv.creditCents),
          usd(inv.totalCents),
        ]);
      }
    }
    return stringify(rows, { escape_formulas: true });
  }

  async auditedExport(actor: BillingActor, orgId: string): Promise<void> {
    await this.audit.record({
      action: 'billing.invoices.export',
      outcome: 'success',
      actor,
      orgId,
      target: { type: 'invoices', id: orgId },
    });
  }

  /** Records the payment of an open built-in invoice (paid by transfer). */
  async markPaid(actor: BillingActor, orgId: string, id: string): Promise<Invoice> {
    const row = isUuid(id) ? await this.invoiceRows.findOne({ where: { id, orgId } }) : null;
    if (!row) throw new NotFoundError('invoice');
    if (row.provider !== 'builtin') throw new DomainError('VALIDATION_FAILED', 'billing.invoiceOtherProvider');
    if (row.status !== 'open') throw new DomainError('CONFLICT', 'billing.invoiceNotOpen');
    row.status = 'paid';
    row.paidAt = new Date();
    await this.invoiceRows.save(row);
    await this.audit.record({
      action: 'billing.invoice.paid',
      outcome: 'success',
      actor,
      target: { type: 'invoice', id: row.id },
      metadata: { number: row.number, totalCents: row.totalCents },
    });
    return toInvoice(row);
  }

  /** The accountant's view: invoices, what is open, overage accrued, six months of costs. */
  async accountant(orgId: string): Promise<AccountantOverview> {
    const [subscription, overview, invoices, creditCents] = await Promise.all([
      this.subscriptions.of(orgId),
      this.usage.overview(orgId),
      this.invoices(orgId),
      this.availableCredit(orgId),
    ]);
    const planShare = subscription.status === 'active' ? planPrice(subscription.plan, subscription.cycle).perMonthCents : 0;
    const offersOverage = PLANS[subscription.plan].overageBilling;
    const costs = overview.history.map(({ period, usage }) => {
      const overageCents = offersOverage ? accruedOverage(subscription.plan, usage).totalCents : 0;
      return { period, planCents: planShare, overageCents, totalCents: planShare + overageCents };
    });
    const year = new Date().getUTCFullYear();
    return {
      plan: subscription.plan,
      cycle: subscription.cycle,
      status: subscription.status,
      period: overview.period,
      accrued: overview.charges,
      creditCents,
      openCents: invoices.filter((i) => i.status === 'open').reduce((sum, i) => sum + i.totalCents, 0),
      paidThisYearCents: invoices
        .filter((i) => i.status === 'paid' && i.paidAt && new Date(i.paidAt).getUTCFullYear() === year)
        .reduce((sum, i) => sum + i.totalCents, 0),
      costs,
      invoices,
    };
  }

  /**
   * Issues the overage invoice of a closed month for every organisation that accrued some (Basic
   * and Standard with overage billing); once per organisation and month.
   */
  async closeMonth(period: string = shiftMonth(billingMonth(), -1)): Promise<number> {
    const orgs = await this.dataSource.query<{ org_id: string }[]>(
      // Drill runs counted in the month; storage is a level, kept from an earlier month too.
      `SELECT DISTINCT r.org_id FROM usage_records r JOIN subscriptions s ON s.org_id = r.org_id
        WHERE ((r.period = $1 AND r.resource_type = 'drill') OR (r.period <= $1 AND r.resource_type = 'storage'))
          AND s.plan IN ('basic', 'standard')`,
      [period],
    );
    let issued = 0;
    for (const { org_id: orgId } of orgs) {
      const subscription = await this.subscriptions.of(orgId);
      const usage = await this.usage.month(orgId, period);
      const charges = accruedOverage(subscription.plan, usage);
      if (charges.totalCents === 0) continue;
      const [year, month] = period.split('-').map(Number) as [number, number];
      const start = new Date(Date.UTC(year, month - 1, 1));
      const lines: InvoiceLine[] = [];
      if (charges.runCents > 0) {
        lines.push({
          description: `Drill runs over the limit in ${period}: ${String(charges.runsOverLimit)} (${String(charges.runBlocks)} × 25)`,
          amountCents: charges.runCents,
        });
      }
      if (charges.storageCents > 0) {
        lines.push({
          description: `Storage over the limit in ${period}: ${String(charges.storageGbOverLimit)} GB`,
          amountCents: charges.storageCents,
        });
      }
      const created = await this.dataSource.transaction(async (manager) => {
        const exists = await manager.getRepository(InvoiceRow).exists({ where: { orgId, providerRef: `overage:${period}` } });
        if (exists) return false;
        const creditCents = await this.spendCredit(manager, orgId, charges.totalCents);
        await this.issueInvoice(manager, {
          orgId,
          kind: 'overage',
          provider: 'builtin',
          providerRef: `overage:${period}`,
          periodStart: start,
          periodEnd: new Date(Date.UTC(year, month, 1)),
          lines,
          creditCents,
          paid: false,
        });
        return true;
      });
      if (created) issued += 1;
    }
    return issued;
  }

  /**
   * Renews the built-in subscriptions whose period has ended: the next period's invoice is issued
   * (credits taken off) and the period moves on; one set to stop renewing is canceled instead.
   * Each renewal is keyed by the period it starts (`renewal:<ISO start>`), so it happens once.
   */
  async renewDue(now: Date = new Date()): Promise<number> {
    const due = await this.dataSource.getRepository(Subscription).find({
      where: { provider: 'builtin', status: 'active' },
    });
    let renewed = 0;
    for (const candidate of due) {
      if (!candidate.currentPeriodEnd || candidate.currentPeriodEnd > now) continue;
      const done = await this.dataSource.transaction(async (manager) => {
        const subscription = await manager
          .getRepository(Subscription)
          .findOneOrFail({ where: { id: candidate.id }, lock: { mode: 'pessimistic_write' } });
        const start = subscription.currentPeriodEnd;
        if (subscription.status !== 'active' || !start || start > now) return false;
        if (subscription.cancelAtPeriodEnd) {
          subscription.status = 'canceled';
          await manager.save(subscription);
          this.announce(manager, subscription.orgId, null, subscription);
          return false;
        }
        const end = periodEnd(start, subscription.cycle);
        const amount = checkoutAmountCents(subscription.plan, subscription.cycle);
        const creditCents = await this.spendCredit(manager, subscription.orgId, amount);
        await this.issueInvoice(manager, {
          orgId: subscription.orgId,
          kind: 'subscription',
          provider: 'builtin',
          providerRef: `renewal:${start.toISOString()}`,
          periodStart: start,
          periodEnd: end,
          lines: [{ description: this.planLine(subscription.plan, subscription.cycle), amountCents: amount }],
          creditCents,
          paid: false,
        });
        subscription.currentPeriodEnd = end;
        await manager.save(subscription);
        return true;
      });
      if (done) renewed += 1;
    }
    return renewed;
  }

  // -------------------------------------------------------------------------------------------
  // Credits

  async credits(actor: BillingActor): Promise<CreditsOverview> {
    const canGrant = PLATFORM_GRANTORS.includes(actor.role);
    if (!canGrant && !actor.orgId) throw new DomainError('FORBIDDEN', 'billing.noOrganization');
    const rows = await this.dataSource.query<
      {
        id: string;
        org_id: string;
        org_name: string;
        amount_cents: number;
        remaining_cents: number;
        reason: string;
        granted_by: string | null;
        created_at: Date;
      }[]
    >(
      `SELECT c.id, c.org_id, o.name AS org_name, c.amount_cents, c.remaining_cents, c.reason, u.email AS granted_by, c.created_at
         FROM billing_credits c JOIN organizations o ON o.id = c.org_id LEFT JOIN users u ON u.id = c.granted_by
        WHERE ($1::uuid IS NULL OR c.org_id = $1)
        ORDER BY c.created_at DESC LIMIT 500`,
      [canGrant ? null : actor.orgId],
    );
    const organizations = canGrant
      ? (await this.dataSource.getRepository(Organization).find({ order: { name: 'ASC' }, take: 1000 })).map((o) => ({
          id: o.id,
          name: o.name,
        }))
      : [];
    return {
      canGrant,
      organizations,
      credits: rows.map((r): Credit => ({
        id: r.id,
        orgId: r.org_id,
        orgName: r.org_name,
        amountCents: r.amount_cents,
        remainingCents: r.remaining_cents,
        reason: r.reason,
        // A platform admin sees who granted it; an organisation sees "Muster".
        grantedBy: canGrant ? r.granted_by : null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  }

  async grantCredit(actor: BillingActor, input: GrantCreditInput & { amountCents: number; reason: string }): Promise<Credit> {
    const organization = await this.dataSource.getRepository(Organization).findOne({ where: { id: input.orgId } });
    if (!organization) throw new NotFoundError('organization');
    const row = await this.creditRows.save(
      this.creditRows.create({
        orgId: organization.id,
        amountCents: input.amountCents,
        remainingCents: input.amountCents,
        reason: input.reason,
        grantedBy: actor.userId,
      }),
    );
    await this.audit.record({
      action: 'billing.credit.grant',
      outcome: 'success',
      actor,
      orgId: organization.id,
      target: { type: 'credit', id: row.id },
      metadata: { amountCents: row.amountCents, reason: row.reason },
    });
    return {
      id: row.id,
      orgId: organization.id,
      orgName: organization.name,
      amountCents: row.amountCents,
      remainingCents: row.remainingCents,
      reason: row.reason,
      grantedBy: actor.email ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Helpers

  private async findCheckout(orgId: string, id: string): Promise<CheckoutRow> {
    const row = isUuid(id) ? await this.checkouts.findOne({ where: { id, orgId } }) : null;
    if (!row) throw new NotFoundError('checkout');
    return row;
  }

  private async members(orgId: string): Promise<number> {
    const [row] = await this.dataSource.query<{ count: string }[]>(
      `SELECT count(*) AS count FROM memberships WHERE org_id = $1 AND role <> 'GUEST_AUDITOR'`,
      [orgId],
    );
    return Number(row?.count ?? 0);
  }

  private async availableCredit(orgId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [row] = await manager.query<{ sum: string | null }[]>(
      `SELECT sum(remaining_cents) AS sum FROM billing_credits WHERE org_id = $1 AND remaining_cents > 0`,
      [orgId],
    );
    return Number(row?.sum ?? 0);
  }

  /** Takes up to `cents` off the organisation's credits, oldest first (rows locked); answers what was taken. */
  private async spendCredit(manager: EntityManager, orgId: string, cents: number): Promise<number> {
    const credits = await manager
      .getRepository(CreditRow)
      .createQueryBuilder('c')
      .where('c.org_id = :orgId AND c.remaining_cents > 0', { orgId })
      .orderBy('c.created_at', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
    let left = cents;
    for (const credit of credits) {
      if (left === 0) break;
      const take = Math.min(left, credit.remainingCents);
      await manager.getRepository(CreditRow).update({ id: credit.id }, { remainingCents: credit.remainingCents - take });
      left -= take;
    }
    return cents - left;
  }

  /** Gives back a credit handed to a checkout that never reached the provider. */
  private async refundCredit(orgId: string, cents: number, checkoutId: string): Promise<void> {
    await this.creditRows.save(
      this.creditRows.create({
        orgId,
        amountCents: cents,
        remainingCents: cents,
        reason: `Returned from checkout ${checkoutId}`,
        grantedBy: null,
      }),
    );
  }

  private async issueInvoice(
    manager: EntityManager,
    input: {
      orgId: string;
      kind: InvoiceRow['kind'];
      provider: PaymentProviderId;
      providerRef: string | null;
      periodStart: Date;
      periodEnd: Date;
      lines: InvoiceLine[];
      creditCents: number;
      paid: boolean;
    },
  ): Promise<InvoiceRow> {
    const repo = manager.getRepository(InvoiceRow);
    const subtotal = input.lines.reduce((sum, l) => sum + l.amountCents, 0);
    const total = Math.max(0, subtotal - input.creditCents);
    const now = new Date();
    const id = randomUUID();
    const row = repo.create({
      id,
      orgId: input.orgId,
      number: invoiceNumber(id, now),
      kind: input.kind,
      // Nothing left to pay after credits: paid on issue.
      status: input.paid || total === 0 ? 'paid' : 'open',
      provider: input.provider,
      providerRef: input.providerRef,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      lines: input.creditCents > 0 ? [...input.lines, { description: 'Upgrade credit', amountCents: -input.creditCents }] : input.lines,
      subtotalCents: subtotal,
      creditCents: input.creditCents,
      totalCents: total,
      dueAt: new Date(now.getTime() + INVOICE_DUE_DAYS * DAY_MS),
      paidAt: input.paid || total === 0 ? now : null,
    });
    return repo.save(row);
  }

  /** Puts the organisation on a plan; answers the plan it had. */
  private async activate(
    manager: EntityManager,
    orgId: string,
    next: {
      plan: PlanId;
      cycle: BillingCycle;
      status: SubscriptionStatus;
      provider: PaymentProviderId;
      currentPeriodEnd: Date;
      providerCustomerId?: string | null;
      providerSubscriptionId?: string | null;
    },
  ): Promise<{ plan: PlanId; cycle: BillingCycle; status: SubscriptionStatus }> {
    await this.subscriptions.of(orgId, manager);
    const repo = manager.getRepository(Subscription);
    const subscription = await repo.findOneOrFail({ where: { orgId }, lock: { mode: 'pessimistic_write' } });
    const previous = { plan: subscription.plan, cycle: subscription.cycle, status: subscription.status };
    subscription.plan = next.plan;
    subscription.cycle = next.cycle;
    subscription.status = next.status;
    subscription.provider = next.provider;
    subscription.trialEndsAt = null;
    subscription.currentPeriodEnd = next.currentPeriodEnd;
    subscription.cancelAtPeriodEnd = false;
    if (next.providerCustomerId) subscription.providerCustomerId = next.providerCustomerId;
    if (next.providerSubscriptionId) subscription.providerSubscriptionId = next.providerSubscriptionId;
    // Enterprise is fair use: overage billing does not apply.
    if (!PLANS[next.plan].overageBilling) subscription.overageEnabled = false;
    await repo.save(subscription);
    return previous;
  }

  /** Tells the organisation's open pages, once the change has committed. */
  private announce(manager: EntityManager, orgId: string, checkout: CheckoutRow | null, subscription?: Subscription): void {
    const payload = {
      plan: subscription?.plan ?? checkout!.plan,
      cycle: subscription?.cycle ?? checkout!.cycle,
      status: subscription?.status ?? ('active' as const),
      checkoutId: checkout?.id ?? null,
    };
    afterCommit(manager, () => {
      this.realtime.emitTo(rooms.org(orgId), 'billing:subscription', payload);
      // The limits changed with the plan: alerts of thresholds now reached follow.
      for (const type of ['drill', 'storage'] as const) {
        this.usage.evaluate(orgId, type).catch(() => undefined);
      }
    });
  }

  private async auditPlanChange(
    actor: BillingActor,
    orgId: string,
    previous: { plan: PlanId; cycle: BillingCycle; status: SubscriptionStatus },
    checkout: CheckoutRow,
  ): Promise<void> {
    await this.audit.record({
      action: 'billing.plan.change',
      outcome: 'success',
      actor,
      orgId,
      target: { type: 'subscription', id: orgId },
      metadata: {
        from: `${previous.plan}/${previous.cycle}`,
        fromStatus: previous.status,
        to: `${checkout.plan}/${checkout.cycle}`,
        provider: checkout.provider,
        checkoutId: checkout.id,
        invoiceId: checkout.invoiceId,
        creditCents: checkout.creditCents,
      },
    });
  }

  private planLine(plan: PlanId, cycle: BillingCycle): string {
    return `Muster ${planName(plan)}, ${cycle === 'annual' ? 'annual billing (12 months, 20 % off)' : 'monthly billing'}`;
  }

  /** The origin people reach the app on (the first configured one). */
  private publicOrigin(): string {
    return this.config.APP_ORIGINS[0] ?? 'http://localhost:3000';
  }
}
