import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { checkoutAmountCents, periodEnd, planName, PLANS, type Checkout, type StartCheckoutInput } from '@muster/contracts';
import { DataSource, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import { DomainError, InvalidFieldError, NotFoundError } from '../../platform/errors/domain-error.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { SubscriptionsService } from '../usage/subscriptions.service.js';
import { planLine, publicOrigin, toCheckout, type BillingActor } from './billing-views.js';
import { CreditsService } from './credits.service.js';
import { CheckoutRow } from './entities/checkout.entity.js';
import { InvoicesService } from './invoices.service.js';
import { PlanChangesService } from './plan-changes.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';

/**
 * Checkout of a plan through the configured payment provider. A completed built-in checkout takes
 * the organisation's credits off, issues the invoice, activates the plan, is audited and pushed.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(CheckoutRow) private readonly checkouts: Repository<CheckoutRow>,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly subscriptions: SubscriptionsService,
    private readonly credits: CreditsService,
    private readonly invoices: InvoicesService,
    private readonly planChanges: PlanChangesService,
    private readonly audit: AuditService,
  ) {}

  /** Opens a checkout of a plan and cycle; answers where the browser goes next. */
  async startCheckout(actor: BillingActor, orgId: string, input: StartCheckoutInput): Promise<Checkout> {
    const subscription = await this.subscriptions.of(orgId);
    if (subscription.status === 'active' && subscription.plan === input.plan && subscription.cycle === input.cycle) {
      throw new InvalidFieldError('plan', 'billing.samePlan');
    }
    const members = await this.subscriptions.members(orgId);
    const seats = PLANS[input.plan].limits.users;
    if (members > seats) {
      throw new InvalidFieldError('plan', 'billing.tooManyMembers', { members, plan: planName(input.plan), limit: seats });
    }
    const amountCents = checkoutAmountCents(input.plan, input.cycle);
    // The built-in review shows what the credits will take off; Stripe carries them on the
    // customer's balance, so they are spent when handed over.
    const creditCents = Math.min(amountCents, await this.credits.availableCredit(orgId));
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
    const origin = publicOrigin(this.config);
    try {
      if (this.provider.id === 'stripe' && creditCents > 0) {
        await this.dataSource.transaction((manager) => this.credits.spendCredit(manager, orgId, creditCents));
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
      await this.checkouts.update({ id: row.id, orgId }, { url: row.url, providerRef: row.providerRef });
      if (started.customerId && started.customerId !== subscription.providerCustomerId) {
        await this.subscriptions.setProviderCustomer(subscription, started.customerId);
      }
    } catch (err) {
      // Nothing happened at the provider: the checkout is closed and the credit given back.
      await this.checkouts.update({ id: row.id, orgId }, { status: 'canceled' });
      if (this.provider.id === 'stripe' && creditCents > 0) await this.credits.refundCredit(orgId, creditCents, row.id);
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
      const creditCents = await this.credits.spendCredit(manager, orgId, row.amountCents);
      const invoice = await this.invoices.issueInvoice(manager, {
        orgId,
        kind: 'subscription',
        provider: 'builtin',
        providerRef: null,
        periodStart: now,
        periodEnd: end,
        lines: [{ description: planLine(row.plan, row.cycle), amountCents: row.amountCents }],
        creditCents,
        paid: false,
      });
      const previous = await this.subscriptions.activate(manager, orgId, {
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
      await manager.update(
        CheckoutRow,
        { id: row.id, orgId },
        {
          status: row.status,
          completedAt: row.completedAt,
          creditCents: row.creditCents,
          invoiceId: row.invoiceId,
        },
      );
      this.planChanges.announce(manager, orgId, row);
      return { row, previous };
    });
    await this.planChanges.auditPlanChange(actor, orgId, result.previous, result.row);
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

  private async findCheckout(orgId: string, id: string): Promise<CheckoutRow> {
    const row = isUuid(id) ? await this.checkouts.findOne({ where: { id, orgId } }) : null;
    if (!row) throw new NotFoundError('checkout');
    return row;
  }
}
