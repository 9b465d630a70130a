import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type LanguageCode,
  type Principal,
  type RecoveryDecision,
  type RestoreConfirmed,
  type RestoreRequest,
  type RestoreRequestList,
} from '@muster/contracts';
import { In, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { LimiterService } from '../../platform/limits/limiter.service.js';
import { MailService, recipientLanguage } from '../../platform/mail/mail.service.js';
import { restoreConfirmMail, restoreDecidedMail } from '../../platform/mail/templates/index.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { displayName, type Account } from '../identity/accounts.js';
import { AuthService } from '../identity/auth.service.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { RestoreRequestRow } from './entities/restore-request.entity.js';
import { TerminationRow } from './entities/termination.entity.js';
import { TerminationService } from './termination.service.js';
import { hashToken, newToken } from './tokens.js';

const CONFIRM_TTL_MS = 24 * 3_600_000;

/**
 * Self-service restore (`/restore`): a member of an organisation terminated less than 90 days ago
 * asks by email (the answer is the same for any email), confirms from the emailed link, and a
 * support operator (SYSOPS and above) approves — the organisation's members sign in again and the
 * purge is off; nothing was deleted, so the data is complete — or declines. Audited with the
 * operator as actor.
 */
@Injectable()
export class RestoreService {
  constructor(
    @InjectRepository(RestoreRequestRow) private readonly requests: Repository<RestoreRequestRow>,
    @InjectRepository(TerminationRow) private readonly terminationRows: Repository<TerminationRow>,
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly terminations: TerminationService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly limiter: LimiterService,
  ) {}

  private url(path: string): string {
    return `${this.config.APP_ORIGINS[0] ?? ''}${path}`;
  }

  /** A termination in force whose 90 days are not over. */
  private async restorable(orgId: string): Promise<TerminationRow | null> {
    const termination = await this.terminations.inForce(orgId);
    return termination && termination.purgeAfter.getTime() > Date.now() ? termination : null;
  }

  async ask(email: string, client: ClientContext, language: LanguageCode): Promise<void> {
    await this.limiter.limit('restoreAskIp', { points: 10, durationSeconds: 3600 }).consume(client.ip, 'recovery.tooMany');
    await this.limiter.limit('restoreAskEmail', { points: 3, durationSeconds: 3600 }).consume(email, 'recovery.tooMany');
    const account = await this.auth.findAccount({ email });
    const orgId = account?.membership.orgId ?? null;
    const termination = orgId ? await this.restorable(orgId) : null;
    if (!account || !orgId || !termination) {
      await this.audit.record({
        action: 'organization.restore.request',
        outcome: 'failure',
        reason: !account ? 'unknown_account' : !orgId ? 'no_organization' : 'not_restorable',
        actor: { email, ip: client.ip, userAgent: client.userAgent, orgId },
      });
      return;
    }
    const { token, hash } = newToken();
    const row = await this.requests.save(
      this.requests.create({
        orgId,
        terminationId: termination.id,
        userId: account.user.id,
        status: 'unconfirmed',
        confirmTokenHash: hash,
        confirmExpiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
        language: recipientLanguage(account.user.language, language),
      }),
    );
    await this.mail.sendTemplate(
      restoreConfirmMail,
      {
        organizationName: account.org?.name ?? '',
        confirmUrl: this.url(`/restore?confirm=${token}`),
        expiry: { minutes: CONFIRM_TTL_MS / 60_000 },
      },
      { to: account.user.email, language: recipientLanguage(account.user.language, language) },
    );
    await this.audit.record({
      action: 'organization.restore.request',
      outcome: 'success',
      actor: { userId: account.user.id, role: account.membership.role, email, orgId, ip: client.ip, userAgent: client.userAgent },
      target: { type: 'organization', id: orgId },
      metadata: { restoreRequestId: row.id },
    });
  }

  async confirm(token: string, client: ClientContext): Promise<RestoreConfirmed> {
    const row = await acrossOrganisations('an emailed confirmation link names its restore request', () =>
      this.requests.findOne({ where: { confirmTokenHash: hashToken(token) } }),
    );
    if (!row || row.status !== 'unconfirmed' || row.confirmExpiresAt.getTime() <= Date.now()) {
      throw new DomainError('INVALID_RESET_LINK', 'recovery.invalidLink');
    }
    if (!(await this.restorable(row.orgId))) throw new DomainError('CONFLICT', 'recovery.restoreTooLate');
    await this.requests.update({ id: row.id, orgId: row.orgId }, { status: 'pending', confirmedAt: new Date(), confirmTokenHash: null });
    const org = await this.organizations.findOne({ where: { id: row.orgId } });
    await this.audit.record({
      action: 'organization.restore.confirm',
      outcome: 'success',
      actor: { userId: row.userId, orgId: row.orgId, ip: client.ip, userAgent: client.userAgent },
      target: { type: 'organization', id: row.orgId },
      metadata: { restoreRequestId: row.id },
    });
    return { organizationName: org?.name ?? '', status: 'pending' };
  }

  /** The operators' queue: confirmed requests, oldest first. */
  async queue(): Promise<RestoreRequestList> {
    const rows = await acrossOrganisations("support's restore queue spans every organisation", () =>
      this.requests.find({ where: { status: 'pending' }, order: { confirmedAt: 'ASC' } }),
    );
    return { items: await this.views(rows) };
  }

  async decide(operator: Principal, id: string, decision: RecoveryDecision, client: ClientContext): Promise<RestoreRequest> {
    const row = isUuid(id)
      ? await acrossOrganisations('a support operator decides on a restore request', () => this.requests.findOne({ where: { id } }))
      : null;
    if (!row) throw new DomainError('NOT_FOUND', 'recovery.restoreNotFound');
    if (row.status !== 'pending') throw new DomainError('CONFLICT', 'recovery.restoreNotPending');
    const termination = await this.terminations.inForce(row.orgId);
    if (decision === 'approve' && (!termination || termination.purgeAfter.getTime() <= Date.now())) {
      await this.audit.record({
        action: 'organization.restore.decide',
        outcome: 'failure',
        reason: 'too_late',
        actor: auditActorOf(operator, client),
        orgId: row.orgId,
        target: { type: 'user', id: row.userId },
        metadata: { restoreRequestId: row.id, decision },
      });
      throw new DomainError('CONFLICT', 'recovery.restoreTooLate');
    }
    const now = new Date();
    if (decision === 'approve') {
      await this.terminations.lift(termination!, operator.userId);
      // Every request of this termination is answered by the one approval.
      await acrossOrganisations('closing the restore requests of a restored organisation', () =>
        this.requests.update(
          { orgId: row.orgId, terminationId: termination!.id, status: In(['pending', 'unconfirmed']) },
          { status: 'approved', decidedAt: now, decidedByUserId: operator.userId, confirmTokenHash: null },
        ),
      );
    } else {
      await this.requests.update(
        { id: row.id, orgId: row.orgId },
        { status: 'declined', decidedAt: now, decidedByUserId: operator.userId },
      );
    }
    await this.audit.record({
      action: 'organization.restore.decide',
      outcome: 'success',
      actor: auditActorOf(operator, client),
      orgId: row.orgId,
      target: { type: 'user', id: row.userId },
      metadata: { restoreRequestId: row.id, decision, terminationId: row.terminationId },
    });
    const requester = await this.auth.findAccount({ id: row.userId });
    if (requester) {
      await this.mail.sendTemplate(
        restoreDecidedMail,
        { organizationName: requester.org?.name ?? '', approved: decision === 'approve', loginUrl: this.url('/login') },
        { to: requester.user.email, language: recipientLanguage(requester.user.language, row.language as LanguageCode) },
      );
    }
    const updated = await acrossOrganisations('reading back a decided restore request', () =>
      this.requests.findOne({ where: { id: row.id } }),
    );
    return (await this.views([updated!]))[0]!;
  }

  private async views(rows: RestoreRequestRow[]): Promise<RestoreRequest[]> {
    const orgIds = [...new Set(rows.map((r) => r.orgId))];
    const orgs = orgIds.length ? await this.organizations.findBy({ id: In(orgIds) }) : [];
    const terminationIds = [...new Set(rows.map((r) => r.terminationId))];
    const terminations = terminationIds.length ? await this.terminationRows.findBy({ id: In(terminationIds) }) : [];
    const people = new Map<string, Account>();
    for (const userId of new Set(rows.map((r) => r.userId))) {
      const account = await this.auth.findAccount({ id: userId });
      if (account) people.set(userId, account);
    }
    return rows.map((r) => {
      const org = orgs.find((o) => o.id === r.orgId);
      const termination = terminations.find((t) => t.id === r.terminationId);
      const person = people.get(r.userId);
      return {
        id: r.id,
        organization: { id: r.orgId, name: org?.name ?? '' },
        requester: { name: person ? displayName(person) : '', email: person?.user.email ?? '' },
        status: r.status,
        terminatedAt: termination?.terminatedAt.toISOString() ?? r.createdAt.toISOString(),
        purgeAfter: termination?.purgeAfter.toISOString() ?? r.createdAt.toISOString(),
        confirmedAt: r.confirmedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      };
    });
  }
}
