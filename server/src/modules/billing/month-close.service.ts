import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { accruedOverage, billingMonth, checkoutAmountCents, shiftMonth, type InvoiceLine } from '@muster/contracts';
import { DataSource } from 'typeorm';
import { SubscriptionsService } from '../usage/subscriptions.service.js';
import { UsageService } from '../usage/usage.service.js';
import { planLine } from './billing-views.js';
import { CreditsService } from './credits.service.js';
import { InvoiceRow } from './entities/invoice.entity.js';
import { InvoicesService } from './invoices.service.js';
import { PlanChangesService } from './plan-changes.service.js';

/** The daily close: built-in subscriptions renewed when their period ends, a closed month's overage invoiced. */
@Injectable()
export class MonthCloseService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsService,
    private readonly usage: UsageService,
    private readonly credits: CreditsService,
    private readonly invoices: InvoicesService,
    private readonly planChanges: PlanChangesService,
  ) {}

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
        const creditCents = await this.credits.spendCredit(manager, orgId, charges.totalCents);
        await this.invoices.issueInvoice(manager, {
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
    let renewed = 0;
    for (const candidate of await this.subscriptions.dueForRenewal(now)) {
      const done = await this.dataSource.transaction(async (manager) => {
        const outcome = await this.subscriptions.renew(manager, candidate.id, now, async (subscription, start, end) => {
          const amount = checkoutAmountCents(subscription.plan, subscription.cycle);
          const creditCents = await this.credits.spendCredit(manager, subscription.orgId, amount);
          await this.invoices.issueInvoice(manager, {
            orgId: subscription.orgId,
            kind: 'subscription',
            provider: 'builtin',
            providerRef: `renewal:${start.toISOString()}`,
            periodStart: start,
            periodEnd: end,
            lines: [{ description: planLine(subscription.plan, subscription.cycle), amountCents: amount }],
            creditCents,
            paid: false,
          });
        });
        if (outcome.kind === 'canceled') this.planChanges.announce(manager, outcome.subscription.orgId, null, outcome.subscription);
        return outcome.kind === 'renewed';
      });
      if (done) renewed += 1;
    }
    return renewed;
  }
}
