import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  periodEnd,
  PLANS,
  TRIAL_DAYS,
  type BillingCycle,
  type PaymentProviderId,
  type PlanId,
  type SubscriptionStatus,
} from '@muster/contracts';
import { LessThanOrEqual, type EntityManager, type Repository } from 'typeorm';
import { Subscription } from './entities/subscription.entity.js';
import { withinOrganisation } from '../../platform/tenancy/tenant-check.js';

const DAY_MS = 86_400_000;

/** The plan an organisation moves to, and who bills it. */
export interface PlanActivation {
  plan: PlanId;
  cycle: BillingCycle;
  status: SubscriptionStatus;
  provider: PaymentProviderId;
  currentPeriodEnd: Date;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
}

/** What the payment provider says of a subscription it bills. */
export interface ProviderState {
  providerSubscriptionId: string;
  /** The organisation it names, when the subscription is not known by its id yet. */
  orgId: string | null;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

export type RenewalOutcome = { kind: 'renewed' | 'canceled'; subscription: Subscription } | { kind: 'skipped' };

/**
 * The plan of each organisation, and the one place that changes it (billing asks here). Every
 * organisation has one: the first read makes a 14-day trial of Basic (no card), so organisations
 * from before plans existed and new sign-ups alike start the same way.
 */
@Injectable()
export class SubscriptionsService {
  constructor(@InjectRepository(Subscription) private readonly subscriptions: Repository<Subscription>) {}

  async of(orgId: string, manager?: EntityManager): Promise<Subscription> {
    const repo = manager?.getRepository(Subscription) ?? this.subscriptions;
    const found = await repo.findOne({ where: { orgId } });
    if (found) return found;
    await repo
      .createQueryBuilder()
      .insert()
      .values({ orgId, plan: 'basic', cycle: 'monthly', status: 'trialing', trialEndsAt: new Date(Date.now() + TRIAL_DAYS * DAY_MS) })
      .orIgnore()
      .execute();
    return repo.findOneOrFail({ where: { orgId } });
  }

  async setOverage(orgId: string, enabled: boolean): Promise<Subscription> {
    const subscription = await this.of(orgId);
    subscription.overageEnabled = enabled;
    return withinOrganisation(subscription.orgId, () => this.subscriptions.save(subscription));
  }

  /** The organisation's members who take a seat (guest auditors do not). */
  async members(orgId: string): Promise<number> {
    const [row] = await this.subscriptions.manager.query<{ count: string }[]>(
      `SELECT count(*) AS count FROM memberships WHERE org_id = $1 AND role <> 'GUEST_AUDITOR'`,
      [orgId],
    );
    return Number(row?.count ?? 0);
  }

  /** Puts the organisation on a plan (its row locked); answers the plan it had. */
  async activate(
    manager: EntityManager,
    orgId: string,
    next: PlanActivation,
  ): Promise<{ plan: PlanId; cycle: BillingCycle; status: SubscriptionStatus }> {
    await this.of(orgId, manager);
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
    await withinOrganisation(subscription.orgId, () => repo.save(subscription));
    return previous;
  }

  /** Stops or resumes renewal at the end of the period. */
  async setRenewal(subscription: Pick<Subscription, 'id' | 'orgId'>, cancelAtPeriodEnd: boolean): Promise<void> {
    await this.subscriptions.update({ id: subscription.id, orgId: subscription.orgId }, { cancelAtPeriodEnd });
  }

  /** Records the payment provider's customer of the organisation. */
  async setProviderCustomer(subscription: Pick<Subscription, 'id' | 'orgId'>, providerCustomerId: string): Promise<void> {
    await this.subscriptions.update({ id: subscription.id, orgId: subscription.orgId }, { providerCustomerId });
  }

  async ofProviderCustomer(providerCustomerId: string, manager?: EntityManager): Promise<Subscription | null> {
    return (manager?.getRepository(Subscription) ?? this.subscriptions).findOne({ where: { providerCustomerId } });
  }

  /** Applies what the provider says of a subscription; null when no organisation has it. */
  async applyProviderState(manager: EntityManager, state: ProviderState): Promise<Subscription | null> {
    const repo = manager.getRepository(Subscription);
    const subscription =
      (await repo.findOne({ where: { providerSubscriptionId: state.providerSubscriptionId } })) ??
      (state.orgId ? await repo.findOne({ where: { orgId: state.orgId } }) : null);
    if (!subscription) return null;
    subscription.status = state.status;
    subscription.cancelAtPeriodEnd = state.cancelAtPeriodEnd;
    subscription.currentPeriodEnd = state.currentPeriodEnd ?? subscription.currentPeriodEnd;
    subscription.providerSubscriptionId = state.providerSubscriptionId;
    subscription.provider = 'stripe';
    return withinOrganisation(subscription.orgId, () => repo.save(subscription));
  }

  /** The built-in active subscriptions whose period has ended by `now`. */
  dueForRenewal(now: Date): Promise<Subscription[]> {
    return this.subscriptions.find({ where: { provider: 'builtin', status: 'active', currentPeriodEnd: LessThanOrEqual(now) } });
  }

  /**
   * Renews one subscription (its row locked) if still due: canceled when set to stop renewing,
   * else `bill` runs for the next period (start, end) and the period moves on.
   */
  async renew(
    manager: EntityManager,
    id: string,
    now: Date,
    bill: (subscription: Subscription, start: Date, end: Date) => Promise<void>,
  ): Promise<RenewalOutcome> {
    const subscription = await manager.getRepository(Subscription).findOneOrFail({ where: { id }, lock: { mode: 'pessimistic_write' } });
    const start = subscription.currentPeriodEnd;
    if (subscription.status !== 'active' || !start || start > now) return { kind: 'skipped' };
    if (subscription.cancelAtPeriodEnd) {
      subscription.status = 'canceled';
      await withinOrganisation(subscription.orgId, () => manager.save(subscription));
      return { kind: 'canceled', subscription };
    }
    const end = periodEnd(start, subscription.cycle);
    await bill(subscription, start, end);
    subscription.currentPeriodEnd = end;
    await withinOrganisation(subscription.orgId, () => manager.save(subscription));
    return { kind: 'renewed', subscription };
  }
}
