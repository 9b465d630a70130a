import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { BillingCycle, CheckoutStatus, PaymentProviderId, PlanId } from '@muster/contracts';
import { Column, Entity, Index } from 'typeorm';

/**
 * One attempt to change plan: what was asked for, at what price, through which provider, and how
 * it ended. Built-in checkouts are confirmed in the app; Stripe's complete by its webhook.
 */
@Index('checkouts_org_id_idx', ['orgId'])
@Entity({ name: 'checkouts' })
export class CheckoutRow extends OrgOwnedEntity {
  @Column({ type: 'varchar', length: 16 })
  plan: PlanId;

  @Column({ type: 'varchar', length: 8 })
  cycle: BillingCycle;

  @Column({ name: 'from_plan', type: 'varchar', length: 16 })
  fromPlan: PlanId;

  @Column({ name: 'from_cycle', type: 'varchar', length: 8 })
  fromCycle: BillingCycle;

  @Column({ type: 'varchar', length: 16, default: 'open' })
  status: CheckoutStatus;

  @Column({ type: 'varchar', length: 16 })
  provider: PaymentProviderId;

  /** Stripe's Checkout Session id. */
  @Index('checkouts_provider_ref_key', { unique: true, where: 'provider_ref IS NOT NULL' })
  @Column({ name: 'provider_ref', type: 'varchar', length: 255, nullable: true })
  providerRef: string | null;

  @Column({ type: 'text' })
  url: string;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents: number;

  @Column({ name: 'credit_cents', type: 'integer', default: 0 })
  creditCents: number;

  @Column({ name: 'invoice_id', type: 'uuid', nullable: true })
  invoiceId: string | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
