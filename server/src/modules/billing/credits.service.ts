import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { APPROVAL_RULES, type Credit, type CreditsOverview, type GrantCreditInput, type Role } from '@muster/contracts';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { AuditService } from '../../platform/audit/audit.service.js';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { Organization } from '../identity/entities/organization.entity.js';
import type { BillingActor } from './billing-views.js';
import { CreditRow } from './entities/credit.entity.js';

const PLATFORM_GRANTORS: readonly Role[] = ['ROOT_ADMIN', 'DEPUTY_ADMIN'];

/** Upgrade credits: granted by the platform's admins, spent oldest first on invoices and checkouts. */
@Injectable()
export class CreditsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(CreditRow) private readonly creditRows: Repository<CreditRow>,
    private readonly audit: AuditService,
  ) {}

  async credits(actor: BillingActor): Promise<CreditsOverview> {
    const canGrant = PLATFORM_GRANTORS.includes(actor.role);
    if (!canGrant && !actor.orgId) throw new DomainError('FORBIDDEN', 'billing.noOrganization');
    const rows = await this.dataSource.query<
      {
        id: string;
        org_id: string;
        org_name: string;
        amount_cents: number;
        remaining_cents: number;
        reason: string;
        granted_by: string | null;
        created_at: Date;
      }[]
    >(
      `SELECT c.id, c.org_id, o.name AS org_name, c.amount_cents, c.remaining_cents, c.reason, u.email AS granted_by, c.created_at
         FROM billing_credits c JOIN organizations o ON o.id = c.org_id LEFT JOIN users u ON u.id = c.granted_by
        WHERE ($1::uuid IS NULL OR c.org_id = $1)
        ORDER BY c.created_at DESC LIMIT 500`,
      [canGrant ? null : actor.orgId],
    );
    const organizations = canGrant
      ? (await this.dataSource.getRepository(Organization).find({ order: { name: 'ASC' }, take: 1000 })).map((o) => ({
          id: o.id,
          name: o.name,
        }))
      : [];
    return {
      canGrant,
      organizations,
      credits: rows.map((r): Credit => ({
        id: r.id,
        orgId: r.org_id,
        orgName: r.org_name,
        amountCents: r.amount_cents,
        remainingCents: r.remaining_cents,
        reason: r.reason,
        // A platform admin sees who granted it; an organisation sees "Muster".
        grantedBy: canGrant ? r.granted_by : null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  }

  /**
   * Grants a credit. Above the approval threshold a grant needs a second platform admin: only an
   * approved request (modules/approvals) grants it (`approved`).
   */
  async grantCredit(
    actor: BillingActor,
    input: GrantCreditInput & { amountCents: number; reason: string },
    options: { approved?: boolean } = {},
  ): Promise<Credit> {
    if (input.amountCents > APPROVAL_RULES.creditThresholdCents && !options.approved)
      throw new DomainError('CONFLICT', 'approvals.required');
    const organization = await this.dataSource.getRepository(Organization).findOne({ where: { id: input.orgId } });
    if (!organization) throw new NotFoundError('organization');
    const row = await this.creditRows.save(
      this.creditRows.create({
        orgId: organization.id,
        amountCents: input.amountCents,
        remainingCents: input.amountCents,
        reason: input.reason,
        grantedBy: actor.userId,
      }),
    );
    await this.audit.record({
      action: 'billing.credit.grant',
      outcome: 'success',
      actor,
      orgId: organization.id,
      target: { type: 'credit', id: row.id },
      metadata: { amountCents: row.amountCents, reason: row.reason },
    });
    return {
      id: row.id,
      orgId: organization.id,
      orgName: organization.name,
      amountCents: row.amountCents,
      remainingCents: row.remainingCents,
      reason: row.reason,
      grantedBy: actor.email ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async availableCredit(orgId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [row] = await manager.query<{ sum: string | null }[]>(
      `SELECT sum(remaining_cents) AS sum FROM billing_credits WHERE org_id = $1 AND remaining_cents > 0`,
      [orgId],
    );
    return Number(row?.sum ?? 0);
  }

  /** Takes up to `cents` off the organisation's credits, oldest first (rows locked); answers what was taken. */
  async spendCredit(manager: EntityManager, orgId: string, cents: number): Promise<number> {
    const credits = await manager
      .getRepository(CreditRow)
      .createQueryBuilder('c')
      .where('c.org_id = :orgId AND c.remaining_cents > 0', { orgId })
      .orderBy('c.created_at', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
    let left = cents;
    for (const credit of credits) {
      if (left === 0) break;
      const take = Math.min(left, credit.remainingCents);
      await manager.getRepository(CreditRow).update({ id: credit.id, orgId }, { remainingCents: credit.remainingCents - take });
      left -= take;
    }
    return cents - left;
  }

  /** Gives back a credit handed to a checkout that never reached the provider. */
  async refundCredit(orgId: string, cents: number, checkoutId: string): Promise<void> {
    await this.creditRows.save(
      this.creditRows.create({
        orgId,
        amountCents: cents,
        remainingCents: cents,
        reason: `Returned from checkout ${checkoutId}`,
        grantedBy: null,
      }),
    );
  }
}
