import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  accruedOverage,
  INVOICE_DUE_DAYS,
  planPrice,
  PLANS,
  type AccountantOverview,
  type Invoice,
  type InvoiceLine,
  type PaymentProviderId,
} from '@muster/contracts';
import { stringify } from 'csv-stringify/sync';
import type { EntityManager, Repository } from 'typeorm';
import { AuditService } from '../../platform/audit/audit.service.js';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { SubscriptionsService } from '../usage/subscriptions.service.js';
import { UsageService } from '../usage/usage.service.js';
import { invoiceNumber, toInvoice, type BillingActor } from './billing-views.js';
import { CreditsService } from './credits.service.js';
import { InvoiceRow } from './entities/invoice.entity.js';

const DAY_MS = 86_400_000;

/** Invoices: issued (credits taken off), listed, exported for the books, marked paid; the accountant's view. */
@Injectable()
export class InvoicesService {
  constructor(
    @InjectRepository(InvoiceRow) private readonly invoiceRows: Repository<InvoiceRow>,
    private readonly subscriptions: SubscriptionsService,
    private readonly usage: UsageService,
    private readonly credits: CreditsService,
    private readonly audit: AuditService,
  ) {}

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
    await this.invoiceRows.update({ id: row.id, orgId }, { status: row.status, paidAt: row.paidAt });
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
      this.credits.availableCredit(orgId),
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

  /** Issues an invoice in the transaction of what it bills; nothing left after credits is paid on issue. */
  async issueInvoice(
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
}
