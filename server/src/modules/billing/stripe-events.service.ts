import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { periodEnd, type InvoiceLine, type SubscriptionStatus } from '@muster/contracts';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { afterCommit } from '../../database/after-commit.js';
import { NotFoundError } from '../../platform/errors/domain-error.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { SubscriptionsService } from '../usage/subscriptions.service.js';
import { fromUnix, type BillingActor } from './billing-views.js';
import { CheckoutRow } from './entities/checkout.entity.js';
import { InvoiceRow } from './entities/invoice.entity.js';
import { PlanChangesService } from './plan-changes.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { StripePaymentProvider } from './providers/stripe.provider.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';

/** Stripe's subscription states in ours. */
function statusOfStripe(status: Stripe.Subscription.Status): SubscriptionStatus {
  if (status === 'trialing') return 'trialing';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return 'active';
}

/** Stripe's webhook events, each applied once: checkouts completed, invoices paid, subscriptions changed. */
@Injectable()
export class StripeEventsService {
  private readonly logger = new Logger(StripeEventsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly subscriptions: SubscriptionsService,
    private readonly planChanges: PlanChangesService,
  ) {}

  /**
   * Applies one verified Stripe event, once: the event id is recorded in the same transaction, so
   * a retry or replay of an applied event changes nothing, and a failure is retried by Stripe.
   */
  async stripeEvent(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    if (!(this.provider instanceof StripePaymentProvider)) throw new NotFoundError('stripeWebhook');
    const event = this.provider.event(rawBody, signature);
    // The provider names subscriptions and checkouts by its own references, of any organisation.
    const applied = await acrossOrganisations('payment provider webhook', () => this.apply(event));
    return { received: true, duplicate: !applied };
  }

  /** Applies an event once (its id recorded in the same transaction); false when it was applied before. */
  private apply(event: Stripe.Event): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<{ id: string }[]>(
        `INSERT INTO payment_events (id, provider, type) VALUES ($1, 'stripe', $2) ON CONFLICT DO NOTHING RETURNING id`,
        [event.id, event.type],
      );
      if (inserted.length === 0) return false;
      await this.applyStripeEvent(manager, event);
      return true;
    });
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
    const previous = await this.subscriptions.activate(manager, row.orgId, {
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
    this.planChanges.announce(manager, row.orgId, row);
    const actor: BillingActor = { userId: row.createdBy, role: 'ADMIN', orgId: row.orgId, ip: null, userAgent: 'Stripe webhook' };
    afterCommit(manager, () => {
      this.planChanges.auditPlanChange(actor, row.orgId, previous, row).catch((err: unknown) => {
        this.logger.error(`Audit of Stripe checkout ${row.id}: ${err instanceof Error ? err.message : String(err)}`);
      });
    });
  }

  private async stripeInvoicePaid(manager: EntityManager, invoice: Stripe.Invoice): Promise<void> {
    const customerId = typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null);
    if (!customerId || !invoice.id) return;
    const subscription = await this.subscriptions.ofProviderCustomer(customerId, manager);
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
    const orgId = stripeSubscription.metadata.orgId;
    const item = stripeSubscription.items.data[0];
    const subscription = await this.subscriptions.applyProviderState(manager, {
      providerSubscriptionId: stripeSubscription.id,
      orgId: orgId && isUuid(orgId) ? orgId : null,
      status: statusOfStripe(stripeSubscription.status),
      cancelAtPeriodEnd: stripeSubscription.cancel_at_period_end,
      currentPeriodEnd: fromUnix(item?.current_period_end),
    });
    if (subscription) this.planChanges.announce(manager, subscription.orgId, null, subscription);
  }
}
