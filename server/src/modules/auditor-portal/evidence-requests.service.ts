import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AUDITOR_PORTAL_LIMITS, type EvidenceRequestState, type EvidenceRequestView, type Principal } from '@muster/contracts';
import { In, IsNull, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { MailService, recipientLanguage } from '../../platform/mail/mail.service.js';
import { evidenceRequestAnsweredMail, evidenceRequestMail } from '../../platform/mail/templates/evidence.js';
import { isUuid, tenant } from '../../platform/tenancy/tenant-scope.js';
import { addDays, localDay } from '../../platform/time/zoned.js';
import { CustodyService } from '../evidence/custody.service.js';
import { EvidenceHoldRow } from '../evidence/entities/evidence-hold.entity.js';
import { EvidenceRecordRow } from '../evidence/entities/evidence-record.entity.js';
import { EvidenceRequestRow } from '../evidence/entities/evidence-request.entity.js';
import { inScope, type EvidenceScope } from '../evidence/evidence-scope.js';
import { displayName } from '../identity/accounts.js';
import { AuthService } from '../identity/auth.service.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { AuditorInvite } from '../identity/entities/auditor-invite.entity.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { AuditorAccessService, type AuditorAccess } from './auditor-access.service.js';
import { evidenceRecordView } from './evidence-record-view.js';

type ReviewBody = { state: 'accepted' | 'flagged'; comment: string | null };

/** Where the vault's Requests tab opens a request. */
const vaultLink = (id: string) => `/app/admin/evidence-vault?tab=requests&request=${id}`;

/**
 * Evidence requests: a guest auditor asks the organisation for missing evidence (text, optionally
 * a rule of the scope, a due date); the organisation's ADMINs are notified in-app and by email,
 * answer with records and a note (state `submitted`; the auditor is emailed), and the auditor
 * accepts (final) or flags the answer with a comment (the ADMINs are told; a flagged request is
 * answered again). Overdue: the due date (a day in the organisation's zone) has passed and the
 * request is not accepted.
 *
 * Attaching a record never widens the auditor's scope: only records the auditor may already see
 * (of the organisation and in the invite's scope) can be attached; any other id answers 400
 * `auditor.evidenceNotFound` on `evidenceIds`, so a request never shows an auditor a record the
 * portal would answer 404 for. Each attached record gets a `shared` custody event.
 */
@Injectable()
export class EvidenceRequestsService {
  constructor(
    @InjectRepository(EvidenceRequestRow) private readonly requests: Repository<EvidenceRequestRow>,
    @InjectRepository(EvidenceRecordRow) private readonly records: Repository<EvidenceRecordRow>,
    @InjectRepository(EvidenceHoldRow) private readonly holds: Repository<EvidenceHoldRow>,
    @InjectRepository(AuditorInvite) private readonly invites: Repository<AuditorInvite>,
    @InjectRepository(Organization) private readonly orgs: Repository<Organization>,
    private readonly access: AuditorAccessService,
    private readonly custody: CustodyService,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly accounts: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // -------------------------------------------------------------------------------------------
  // The auditor's side

  /** The auditor's requests (or, in a preview, the invite's), newest first. */
  async listForAuditor(principal: Principal, query: { preview?: string; state?: EvidenceRequestState }): Promise<EvidenceRequestView[]> {
    const access = await this.access.resolve(principal, query.preview);
    const rows = await tenant(this.requests, { orgId: access.invite.orgId }).find(
      { inviteId: access.invite.id, ...(query.state ? { state: query.state } : {}) },
      { createdAt: 'DESC' },
    );
    return this.views(access.invite.orgId, rows, access.scope);
  }

  async create(
    principal: Principal,
    body: { text: string; ruleId?: string; dueDate: string },
    client: ClientContext,
  ): Promise<EvidenceRequestView> {
    const access = await this.access.resolveWriter(principal, client);
    const orgId = access.invite.orgId;
    if (body.ruleId && !access.scope.ruleIds.includes(body.ruleId)) throw new InvalidFieldError('ruleId', 'auditor.requestRuleOutOfScope');
    const org = await this.orgs.findOneByOrFail({ id: orgId });
    const today = localDay(new Date(), org.timeZone);
    if (body.dueDate < today) throw new InvalidFieldError('dueDate', 'auditor.requestDueInPast');
    if (body.dueDate > addDays(today, AUDITOR_PORTAL_LIMITS.requestDueMaxDays))
      throw new InvalidFieldError('dueDate', 'auditor.requestDueTooFar');
    const scope = tenant(this.requests, { orgId });
    const row = await scope.save(
      scope.create({
        inviteId: access.invite.id,
        text: body.text,
        ruleId: body.ruleId ?? null,
        dueDate: body.dueDate,
        state: 'open',
        evidenceIds: [],
        submittedAt: null,
        submittedByUserId: null,
        submittedByName: null,
        note: null,
        reviewedAt: null,
        reviewComment: null,
      }),
    );
    await this.audit.record({
      action: 'evidence.request.created',
      outcome: 'success',
      orgId,
      actor: access.who.actor,
      target: { type: 'evidence_request', id: row.id },
      metadata: { ruleId: row.ruleId, dueDate: row.dueDate, auditor: access.who.name },
    });
    await this.tellAdmins(access, row, org, 'created');
    return (await this.views(orgId, [row], access.scope))[0]!;
  }

  /** The auditor accepts a submitted request (final) or flags it with a comment (it can be answered again). */
  async review(principal: Principal, id: string, body: ReviewBody, client: ClientContext): Promise<EvidenceRequestView> {
    const access = await this.access.resolveWriter(principal, client);
    const row = await this.requestOf(access.invite.orgId, id, access.invite.id);
    if (row.state === 'accepted') throw new DomainError('CONFLICT', 'auditor.requestNotOpen');
    if (row.state !== 'submitted') throw new DomainError('CONFLICT', 'auditor.requestNotSubmitted');
    row.state = body.state;
    row.reviewComment = body.comment;
    row.reviewedAt = new Date();
    await tenant(this.requests, { orgId: row.orgId }).save(row);
    await this.audit.record({
      action: 'evidence.request.reviewed',
      outcome: 'success',
      orgId: row.orgId,
      actor: access.who.actor,
      target: { type: 'evidence_request', id: row.id },
      metadata: { state: body.state, comment: body.comment, auditor: access.who.name },
    });
    const org = await this.orgs.findOneByOrFail({ id: row.orgId });
    await this.tellAdmins(access, row, org, body.state);
    return (await this.views(row.orgId, [row], access.scope))[0]!;
  }

  // -------------------------------------------------------------------------------------------
  // The organisation's side (ADMIN)

  /** Every auditor's requests to the organisation, newest first. */
  async listForOrg(auth: Principal, query: { state?: EvidenceRequestState }): Promise<EvidenceRequestView[]> {
    const orgId = this.orgOf(auth);
    const rows = await tenant(this.requests, { orgId }).find(query.state ? { state: query.state } : {}, { createdAt: 'DESC' });
    return this.views(orgId, rows);
  }

  /**
   * Answers a request with records of the invite's scope and a note: state `submitted`, a `shared`
   * custody event per record, the auditor emailed. An accepted request is final (409
   * `auditor.requestNotOpen`); an open, flagged or already submitted one takes the new answer.
   */
  async submit(
    auth: Principal,
    id: string,
    body: { evidenceIds: string[]; note: string | null },
    client: ClientContext,
  ): Promise<EvidenceRequestView> {
    const orgId = this.orgOf(auth);
    const row = await this.requestOf(orgId, id);
    if (row.state === 'accepted') throw new DomainError('CONFLICT', 'auditor.requestNotOpen');
    const invite = await tenant(this.invites, { orgId }).findOne(row.inviteId);
    if (!invite || invite.revokedAt || invite.expiresAt <= new Date()) throw new DomainError('CONFLICT', 'auditor.inviteNotActive');
    const ids = [...new Set(body.evidenceIds.map((e) => e.toLowerCase()))];
    const { scope } = await this.access.scopeOf(invite);
    const found = await tenant(this.records, { orgId }).find({ id: In(ids) });
    const visible = new Set(found.filter((r) => inScope(r, scope)).map((r) => r.id));
    const missing = ids.filter((e) => !visible.has(e));
    if (missing.length) throw new InvalidFieldError('evidenceIds', 'auditor.evidenceNotFound');

    row.state = 'submitted';
    row.evidenceIds = ids;
    row.note = body.note;
    row.submittedAt = new Date();
    row.submittedByUserId = auth.userId;
    row.submittedByName = auth.name;
    await tenant(this.requests, { orgId }).save(row);
    const actor = auditActorOf(auth, client);
    await this.audit.record({
      action: 'evidence.request.submitted',
      outcome: 'success',
      orgId,
      actor,
      target: { type: 'evidence_request', id: row.id },
      metadata: { evidenceIds: ids, note: body.note },
    });
    const auditorName = invite.firm ? `${invite.auditorName} (${invite.firm})` : invite.auditorName;
    await this.custody.record(orgId, ids, 'shared', { actor, name: auth.name, kind: 'member' }, auditorName, {
      inviteId: invite.id,
      requestId: row.id,
    });
    const org = await this.orgs.findOneByOrFail({ id: orgId });
    // An auditor is no user: written in English unless the address is a member's with a language.
    const member = (await this.accounts.membersOf(orgId)).find((a) => a.user.email.toLowerCase() === invite.email.toLowerCase());
    await this.mail.sendTemplate(
      evidenceRequestAnsweredMail,
      {
        auditorName: invite.auditorName,
        organizationName: org.name,
        text: row.text,
        count: ids.length,
        note: body.note ?? '',
        url: `${this.origin()}/auditor/dashboard`,
      },
      { to: invite.email, orgId, timeZone: org.timeZone, language: recipientLanguage(member?.user.language ?? null) },
      { idempotencyKey: `evidence-request-answered-${row.id}-${row.submittedAt.getTime()}` },
    );
    return (await this.views(orgId, [row]))[0]!;
  }

  // -------------------------------------------------------------------------------------------

  private orgOf(auth: Principal): string {
    if (!auth.orgId || auth.kind !== 'user') throw new DomainError('FORBIDDEN', 'auth.forbidden');
    return auth.orgId;
  }

  /** A request of the organisation (and of the invite, for an auditor); anything else is a 404. */
  private async requestOf(orgId: string, id: string, inviteId?: string): Promise<EvidenceRequestRow> {
    const row = isUuid(id) ? await tenant(this.requests, { orgId }).findOne(id) : null;
    if (!row || (inviteId && row.inviteId !== inviteId)) throw new DomainError('NOT_FOUND', 'auditor.requestNotFound');
    return row;
  }

  private origin(): string {
    return this.config.APP_ORIGINS[0] ?? '';
  }

  /** The organisation's ADMINs, in-app and by email in their language, of a new request or the auditor's verdict. */
  private async tellAdmins(
    access: AuditorAccess,
    row: EvidenceRequestRow,
    org: Organization,
    event: 'created' | 'accepted' | 'flagged',
  ): Promise<void> {
    const admins = (await this.accounts.membersOf(org.id)).filter((a) => a.membership.role === 'ADMIN');
    if (!admins.length) return;
    const key = `evidence-request-${row.id}-${event}-${(row.reviewedAt ?? row.createdAt).getTime()}`;
    const told = await this.notifications.notify({
      userIds: admins.map((a) => a.user.id),
      orgId: org.id,
      kind: 'evidence_request',
      data: {
        requestId: row.id,
        event,
        auditor: access.who.name,
        text: row.text.slice(0, 200),
        ruleId: row.ruleId,
        dueDate: row.dueDate,
      },
      link: vaultLink(row.id),
      dedupeKey: key,
    });
    for (const admin of admins.filter((a) => told.includes(a.user.id))) {
      await this.mail.sendTemplate(
        evidenceRequestMail,
        {
          name: displayName(admin),
          auditor: access.who.name,
          text: row.text,
          rule: row.ruleId ?? '',
          dueDate: row.dueDate,
          event,
          comment: row.reviewComment ?? '',
          url: `${this.origin()}${vaultLink(row.id)}`,
        },
        { to: admin.user.email, orgId: org.id, timeZone: org.timeZone, language: recipientLanguage(admin.user.language) },
        { idempotencyKey: `${key}-${admin.user.id}` },
      );
    }
  }

  /** Requests as shown: the auditor, the attached records, and whether each is overdue. */
  private async views(orgId: string, rows: EvidenceRequestRow[], auditorScope?: EvidenceScope): Promise<EvidenceRequestView[]> {
    if (!rows.length) return [];
    const org = await this.orgs.findOneByOrFail({ id: orgId });
    const today = localDay(new Date(), org.timeZone);
    const inviteIds = [...new Set(rows.map((r) => r.inviteId))];
    const invites = new Map((await tenant(this.invites, { orgId }).find({ id: In(inviteIds) })).map((i) => [i.id, i]));
    const recordIds = [...new Set(rows.flatMap((r) => r.evidenceIds))];
    const records = new Map(
      (recordIds.length ? await tenant(this.records, { orgId }).find({ id: In(recordIds) }) : []).map((r) => [r.id, r]),
    );
    const holds = new Map(
      (recordIds.length ? await tenant(this.holds, { orgId }).find({ recordId: In(recordIds), releasedAt: IsNull() }) : []).map((h) => [
        h.recordId,
        h,
      ]),
    );
    return rows.map((row) => {
      const invite = invites.get(row.inviteId);
      // To the auditor, a record the scope no longer covers (the invite was narrowed since) is not shown.
      const evidence = row.evidenceIds.flatMap((id) => {
        const record = records.get(id);
        return record && (!auditorScope || inScope(record, auditorScope)) ? [evidenceRecordView(record, holds.get(id) ?? null)] : [];
      });
      return {
        id: row.id,
        inviteId: row.inviteId,
        auditor: { name: invite?.auditorName ?? '', firm: invite?.firm ?? null },
        text: row.text,
        ruleId: row.ruleId,
        dueDate: row.dueDate,
        state: row.state,
        createdAt: row.createdAt.toISOString(),
        submittedAt: row.submittedAt?.toISOString() ?? null,
        submittedBy: row.submittedByName,
        note: row.note,
        evidence,
        reviewedAt: row.reviewedAt?.toISOString() ?? null,
        reviewComment: row.reviewComment,
        overdue: row.state !== 'accepted' && row.dueDate < today,
      };
    });
  }
}
