import { Injectable } from '@nestjs/common';
import { rooms, type BillingCycle, type PlanId, type SubscriptionStatus } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { afterCommit } from '../../database/after-commit.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import type { Subscription } from '../usage/entities/subscription.entity.js';
import { UsageService } from '../usage/usage.service.js';
import type { BillingActor } from './billing-views.js';
import type { CheckoutRow } from './entities/checkout.entity.js';

/** What follows a change of plan: the organisation's open pages told, the usage alerts re-read, the trail. */
@Injectable()
export class PlanChangesService {
  constructor(
    private readonly usage: UsageService,
    private readonly audit: AuditService,
    private readonly realtime: RealtimeService,
  ) {}

  /** Tells the organisation's open pages, once the change has committed. */
  announce(manager: EntityManager, orgId: string, checkout: CheckoutRow | null, subscription?: Subscription): void {
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

  async auditPlanChange(
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
}
