import { Inject, Injectable } from '@nestjs/common';
import { trialDaysLeft, type PaymentProviderId, type SubscriptionInfo } from '@muster/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import { InvalidFieldError } from '../../platform/errors/domain-error.js';
import { SubscriptionsService } from '../usage/subscriptions.service.js';
import { iso, publicOrigin, type BillingActor } from './billing-views.js';
import { CreditsService } from './credits.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';

export type { BillingActor } from './billing-views.js';

/**
 * The organisation's subscription as its billing page shows it, its renewal, and the way to the
 * payment provider's portal. Checkout, invoices, credits, Stripe's events and the monthly close
 * have services of their own beside this one; every change of a subscription goes through the
 * usage module's SubscriptionsService.
 */
@Injectable()
export class BillingService {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly subscriptions: SubscriptionsService,
    private readonly credits: CreditsService,
    private readonly audit: AuditService,
  ) {}

  async subscription(actor: BillingActor, orgId: string): Promise<SubscriptionInfo> {
    const [subscription, members, creditCents] = await Promise.all([
      this.subscriptions.of(orgId),
      this.subscriptions.members(orgId),
      this.credits.availableCredit(orgId),
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
    await this.subscriptions.setRenewal(subscription, cancelAtPeriodEnd);
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
      returnUrl: `${publicOrigin(this.config)}/app/admin/billing`,
    });
    return { provider: url.startsWith('/') ? 'builtin' : this.provider.id, url };
  }
}
