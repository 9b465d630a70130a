import type { BillingCycle, PlanId } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

export type SubscriptionStatus = 'trialing' | 'active' | 'canceled';

/**
 * An organisation's plan: what it may use each month, whether it pays for runs and storage past
 * its limits, and where it stands with its payments. One per organisation, made on first use (a
 * trial of Basic) so every organisation has one.
 */
@Entity({ name: 'subscriptions' })
@Unique('uq_subscriptions_org', ['orgId'])
export class Subscription {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
