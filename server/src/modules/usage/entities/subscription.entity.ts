import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { BillingCycle, PaymentProviderId, PlanId, SubscriptionStatus } from '@muster/contracts';
import { Column, Entity, Unique, UpdateDateColumn } from 'typeorm';

/**
 * An organisation's plan: what it may use each month, whether it pays for runs and storage past
 * its limits, and where it stands with its payments. One per organisation, made on first use (a
 * trial of Basic) so every organisation has one.
 */
@Entity({ name: 'subscriptions' })
@Unique('uq_subscriptions_org', ['orgId'])
export class Subscription extends OrgOwnedEntity {
  @Column({ type: 'varchar', length: 16 })
  plan: PlanId;

  @Column({ type: 'varchar', length: 8, default: 'monthly' })
  cycle: BillingCycle;

  @Column({ type: 'varchar', length: 16 })
  status: SubscriptionStatus;

  @Column({ name: 'trial_ends_at', type: 'timestamptz', nullable: true })
  trialEndsAt: Date | null;

  /** Basic and Standard: runs and storage past the limits are billed instead of refused. */
  @Column({ name: 'overage_enabled', type: 'boolean', default: false })
  overageEnabled: boolean;

  /** Who bills it: the built-in provider (invoices paid by transfer) or Stripe. */
  @Column({ type: 'varchar', length: 16, default: 'builtin' })
  provider: PaymentProviderId;

  @Column({ name: 'provider_customer_id', type: 'varchar', length: 255, nullable: true })
  providerCustomerId: string | null;

  @Column({ name: 'provider_subscription_id', type: 'varchar', length: 255, nullable: true })
  providerSubscriptionId: string | null;

  /** End of the paid period (null on a trial). */
  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  /** Stops at the end of the current period instead of renewing. */
  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
