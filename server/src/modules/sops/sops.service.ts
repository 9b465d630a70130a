import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  addMonthsUtc,
  DRILL_SCENARIOS,
  maySopEdit,
  SOP_LIMITS,
  SOP_TEMPLATE_IDS,
  type AckStatus,
  type DrillScenario,
  type EffectiveSop,
  type JobName,
  type JobPayloads,
  type LinkedStepList,
  type MemberPrincipal,
  type OrgPrincipal,
  type Redline,
  type Role,
  type SopAcknowledgements,
  type SopContent,
  type SopDetail,
  type SopList,
  type SopSummary,
  type SopTemplateList,
  type SopVersion,
  type SopVersionSummary,
  type CreateSopInput,
} from '@muster/contracts';
import { DataSource, In, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import { canonicalJson } from '../../platform/audit/audit-chain.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError, InvalidFieldError, NotFoundError } from '../../platform/errors/domain-error.js';
import { MailService, recipientLanguage } from '../../platform/mail/mail.service.js';
import { sopReviewMail } from '../../platform/mail/templates/index.js';
import { addDays, localDay, wallTime } from '../../platform/time/zoned.js';
import { isUuid, tenant } from '../../platform/tenancy/tenant-scope.js';
import { withinOrganisation } from '../../platform/tenancy/tenant-check.js';
import { DrillMembersService, type DrillRecipient } from '../drills/drill-members.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { SopAcknowledgement } from './entities/sop-acknowledgement.entity.js';
import { SopDocument } from './entities/sop-document.entity.js';
import { SopVersionRow } from './entities/sop-version.entity.js';
import { redlineOf } from './redline.js';
import { blankContent, SOP_TEMPLATES, templateContent } from './templates.js';

type CreateInput = CreateSopInput;

/** SHA-256 (hex) of a version's content as canonical JSON (keys sorted at every depth). */
export function contentHash(content: SopContent): string {
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/** The local hour from which an organisation's daily review check runs. */
export const REVIEW_CHECK_LOCAL_HOUR = 6;
/** The review check's job scheduler: every hour at :10 (UTC); each organisation is looked at from 06:00 on its clock. */
export const REVIEW_CHECK_PATTERN = '10 * * * *';
const REVIEW_RECIPIENT_ROLES: readonly Role[] = ['ADMIN', 'MANAGER'];

function summaryOf(row: SopVersionRow): SopVersionSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    title: row.content.title,
    author: { id: row.authorId, name: row.authorName },
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    approvedBy: row.approvedById ? { id: row.approvedById, name: row.approvedByName ?? '' } : null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    effectiveFrom: row.effectiveFrom,
    supersededAt: row.supersededAt?.toISOString() ?? null,
    reviewDue: row.reviewDue,
  };
}

function versionOf(row: SopVersionRow): SopVersion {
  return { ...summaryOf(row), sopId: row.sopId, content: row.content, sha256: contentHash(row.content) };
}

/**
 * SOPs under document control (see contracts/sops.ts): versions move draft → in_review →
 * approved → effective → superseded; only drafts change; the author never approves their own
 * version; members acknowledge the effective version once. Every read and write is the caller's
 * organisation's (another's SOP is not found).
 */
@Injectable()
export class SopsService {
  constructor(
    @InjectRepository(SopDocument) private readonly documents: Repository<SopDocument>,
    @InjectRepository(SopVersionRow) private readonly versions: Repository<SopVersionRow>,
    @InjectRepository(SopAcknowledgement) private readonly acks: Repository<SopAcknowledgement>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly members: DrillMembersService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ------------------------------------------------------------------------------- reading

  templates(): SopTemplateList {
    return {
      items: SOP_TEMPLATE_IDS.map((id) => ({
        id,
        sections: SOP_TEMPLATES[id].sections.length,
        steps: SOP_TEMPLATES[id].sections.reduce((n, s) => n + s.steps.length, 0),
      })),
    };
  }

  async list(principal: MemberPrincipal): Promise<SopList> {
    const docs = await tenant(this.documents, principal).find({}, { updatedAt: 'DESC' });
    if (docs.length === 0) return { items: [] };
    const rows = await this.versions.find({ where: { orgId: principal.orgId, sopId: In(docs.map((d) => d.id)) } });
    const mine = await this.acks.find({ where: { orgId: principal.orgId, userId: principal.userId } });
    const acked = new Set(mine.map((a) => a.versionId));
    return {
      items: docs.map((doc) =>
        this.summary(
          doc,
          rows.filter((r) => r.sopId === doc.id),
          acked,
        ),
      ),
    };
  }

  async get(principal: MemberPrincipal, id: string): Promise<SopDetail> {
    const doc = await tenant(this.documents, principal).get(id, 'sop');
    const rows = await this.versionsOf(principal, doc.id);
    const mine = await this.acks.find({ where: { orgId: principal.orgId, sopId: doc.id, userId: principal.userId } });
    const summary = this.summary(doc, rows, new Set(mine.map((a) => a.versionId)));
    const effective = rows.find((r) => r.status === 'effective');
    return {
      ...summary,
      versions: [...rows].sort((a, b) => b.number - a.number).map(summaryOf),
      acknowledgements: effective ? await this.acknowledgementsOf(principal, effective) : null,
    };
  }

  async version(principal: OrgPrincipal, id: string, versionId: string): Promise<SopVersion> {
    return versionOf(await this.versionRow(principal, id, versionId));
  }

  /** What changed from one version to another (either order: the older is the base). */
  async redline(principal: OrgPrincipal, id: string, query: { from: string; to: string }): Promise<Redline> {
    if (query.from === query.to) throw new DomainError('VALIDATION_FAILED', 'sops.sameVersion');
    let [a, b] = await Promise.all([this.versionRow(principal, id, query.from), this.versionRow(principal, id, query.to)]);
    if (a.number > b.number) [a, b] = [b, a];
    return { from: summaryOf(a), to: summaryOf(b), ...redlineOf(a.content, b.content) };
  }

  // ------------------------------------------------------------------------------- writing

  async create(principal: MemberPrincipal, input: CreateInput): Promise<SopDetail> {
    this.assertEditor(principal);
    const content: SopContent = input.templateId
      ? templateContent(input.templateId, principal.language)
      : blankContent(input.title, principal.language);
    const scenario: DrillScenario = input.templateId ?? input.scenario;
    const sopId = await this.dataSource.transaction(async () => {
      const doc = await tenant(this.documents, principal).save(
        tenant(this.documents, principal).create({ title: content.title, scenario, templateId: input.templateId }),
      );
      await tenant(this.versions, principal).save(
        tenant(this.versions, principal).create({
          sopId: doc.id,
          number: 1,
          status: 'draft',
          content,
          authorId: principal.userId,
          authorName: principal.name,
        }),
      );
      return doc.id;
    });
    return this.get(principal, sopId);
  }

  async saveDraft(principal: MemberPrincipal, id: string, versionId: string, content: SopContent): Promise<SopVersion> {
    this.assertEditor(principal);
    const row = await this.versionRow(principal, id, versionId);
    if (row.status !== 'draft') throw new DomainError('CONFLICT', 'sops.notDraft');
    row.content = content;
    const saved = await tenant(this.versions, principal).save(row);
    await this.touch(principal, id, content.title);
    return versionOf(saved);
  }

  /** A new draft copied from the effective version (else the latest); refused while one is open. */
  async newVersion(principal: MemberPrincipal, id: string): Promise<SopVersion> {
    this.assertEditor(principal);
    const doc = await tenant(this.documents, principal).get(id, 'sop');
    const rows = await this.versionsOf(principal, doc.id);
    const open = rows.find((r) => r.status === 'draft' || r.status === 'in_review');
    if (open) throw new DomainError('CONFLICT', 'sops.openVersion', { number: open.number });
    const base = rows.find((r) => r.status === 'effective') ?? rows.reduce((a, b) => (a.number > b.number ? a : b));
    const next = Math.max(...rows.map((r) => r.number)) + 1;
    const saved = await tenant(this.versions, principal).save(
      tenant(this.versions, principal).create({
        sopId: doc.id,
        number: next,
        status: 'draft',
        content: structuredClone(base.content),
        authorId: principal.userId,
        authorName: principal.name,
      }),
    );
    await this.touch(principal, id, saved.content.title);
    return versionOf(saved);
  }

  async submit(principal: MemberPrincipal, id: string, versionId: string): Promise<SopVersion> {
    this.assertEditor(principal);
    const row = await this.versionRow(principal, id, versionId);
    if (row.status !== 'draft') throw new DomainError('CONFLICT', 'sops.notDraft');
    Object.assign(row, { status: 'in_review', submittedAt: new Date() });
    return versionOf(await tenant(this.versions, principal).save(row));
  }

  async returnToDraft(principal: MemberPrincipal, id: string, versionId: string): Promise<SopVersion> {
    this.assertEditor(principal);
    const row = await this.versionRow(principal, id, versionId);
    if (row.status !== 'in_review') throw new DomainError('CONFLICT', 'sops.notInReview');
    Object.assign(row, { status: 'draft', submittedAt: null });
    return versionOf(await tenant(this.versions, principal).save(row));
  }

  async approve(principal: MemberPrincipal, id: string, versionId: string, client: ClientContext): Promise<SopVersion> {
    this.assertEditor(principal);
    const row = await this.versionRow(principal, id, versionId);
    if (row.status !== 'in_review') throw new DomainError('CONFLICT', 'sops.notInReview');
    if (row.authorId === principal.userId) throw new DomainError('FORBIDDEN', 'sops.authorCannotApprove');
    Object.assign(row, { status: 'approved', approvedById: principal.userId, approvedByName: principal.name, approvedAt: new Date() });
    const saved = await tenant(this.versions, principal).save(row);
    await this.audit.record({
      action: 'sop.version.approve',
      outcome: 'success',
      actor: auditActorOf(principal, client),
      target: { type: 'sop_version', id: row.id },
      metadata: { sopId: row.sopId, number: row.number, sha256: contentHash(row.content) },
    });
    return versionOf(saved);
  }

  /**
   * Puts an approved version in force from a day, not before the current one's: today or earlier at
   * once (the current one is superseded), a later day scheduled (it stays approved with its day, and
   * the daily check puts it in force when that day comes on the organisation's calendar).
   */
  async makeEffective(
    principal: MemberPrincipal,
    id: string,
    versionId: string,
    effectiveFrom: string,
    client: ClientContext,
  ): Promise<SopVersion> {
    this.assertEditor(principal);
    const today = localDay(new Date(), principal.timeZone);
    if (Number.isNaN(Date.parse(`${effectiveFrom}T00:00:00Z`))) throw new InvalidFieldError('effectiveFrom', 'sops.chooseDate');
    const saved = await this.dataSource.transaction(async (tx) => {
      // The SOP's row lock orders two managers (or the daily check) putting versions in force at once.
      await withinOrganisation(principal.orgId, () =>
        tx.getRepository(SopDocument).findOne({ where: { id, orgId: principal.orgId }, lock: { mode: 'pessimistic_write' } }),
      );
      const row = await this.versionRow(principal, id, versionId);
      if (row.status !== 'approved') throw new DomainError('CONFLICT', 'sops.notApproved');
      const current = await tenant(this.versions, principal).find({ sopId: row.sopId, status: 'effective' });
      for (const previous of current)
        if (previous.effectiveFrom && effectiveFrom < previous.effectiveFrom)
          throw new InvalidFieldError('effectiveFrom', 'sops.effectiveBeforePrevious', { day: previous.effectiveFrom });
      if (effectiveFrom > today) {
        Object.assign(row, { effectiveFrom, reviewDue: addMonthsUtc(effectiveFrom, row.content.reviewIntervalMonths) });
        return tenant(this.versions, principal).save(row);
      }
      return this.putInForce(principal, row, current, effectiveFrom);
    });
    await this.touch(principal, id, saved.content.title);
    await this.audit.record({
      action: 'sop.version.effective',
      outcome: 'success',
      actor: auditActorOf(principal, client),
      target: { type: 'sop_version', id: saved.id },
      metadata: {
        sopId: saved.sopId,
        number: saved.number,
        effectiveFrom,
        scheduled: saved.status === 'approved',
        sha256: contentHash(saved.content),
      },
    });
    return versionOf(saved);
  }

  /** Supersedes the current effective version(s) and puts `row` in force from `effectiveFrom` (inside the caller's transaction). */
  private async putInForce(
    scope: { orgId: string },
    row: SopVersionRow,
    current: SopVersionRow[],
    effectiveFrom: string,
  ): Promise<SopVersionRow> {
    for (const previous of current) {
      Object.assign(previous, { status: 'superseded', supersededAt: new Date() });
      await tenant(this.versions, scope).save(previous);
    }
    Object.assign(row, { status: 'effective', effectiveFrom, reviewDue: addMonthsUtc(effectiveFrom, row.content.reviewIntervalMonths) });
    return tenant(this.versions, scope).save(row);
  }

  /** Puts in force each approved version whose scheduled day has come on its organisation's calendar (the daily check). */
  async promoteScheduled(orgId: string | undefined, now = new Date()): Promise<number> {
    const rows = await this.dataSource.query<{ id: string; sopId: string; orgId: string; effectiveFrom: string; timeZone: string }[]>(
      `SELECT v.id, v.sop_id AS "sopId", v.org_id AS "orgId", to_char(v.effective_from, 'YYYY-MM-DD') AS "effectiveFrom",
              o.time_zone AS "timeZone"
         FROM sop_versions v JOIN organizations o ON o.id = v.org_id
        WHERE v.status = 'approved' AND v.effective_from IS NOT NULL AND ($1::uuid IS NULL OR v.org_id = $1::uuid)
        ORDER BY v.effective_from, v.number`,
      [orgId ?? null],
    );
    let promoted = 0;
    for (const due of rows.filter((r) => localDay(now, r.timeZone) >= r.effectiveFrom)) {
      const scope = { orgId: due.orgId };
      const done = await this.dataSource.transaction(async (tx) => {
        await withinOrganisation(due.orgId, () =>
          tx.getRepository(SopDocument).findOne({ where: { id: due.sopId, orgId: due.orgId }, lock: { mode: 'pessimistic_write' } }),
        );
        // Read again under the lock: a manager may have changed it since.
        const row = await tenant(this.versions, scope).findOne(due.id);
        if (!row || row.status !== 'approved' || row.effectiveFrom !== due.effectiveFrom) return null;
        const current = await tenant(this.versions, scope).find({ sopId: row.sopId, status: 'effective' });
        return this.putInForce(scope, row, current, due.effectiveFrom);
      });
      if (done) {
        promoted += 1;
        await this.touch(scope, done.sopId, done.content.title);
      }
    }
    return promoted;
  }

  /** Acknowledges the effective version, once per member and version. */
  async acknowledge(principal: MemberPrincipal, id: string, client: ClientContext): Promise<void> {
    const doc = await tenant(this.documents, principal).get(id, 'sop');
    const [effective] = await tenant(this.versions, principal).find({ sopId: doc.id, status: 'effective' });
    if (!effective) throw new DomainError('CONFLICT', 'sops.noEffective');
    const inserted = await this.acks
      .createQueryBuilder()
      .insert()
      .into(SopAcknowledgement)
      .values({ orgId: principal.orgId, sopId: doc.id, versionId: effective.id, userId: principal.userId, userName: principal.name })
      .orIgnore()
      .returning(['id'])
      .execute();
    if ((inserted.raw as unknown[]).length === 0)
      throw new DomainError('CONFLICT', 'sops.alreadyAcknowledged', { number: effective.number });
    await this.audit.record({
      action: 'sop.acknowledge',
      outcome: 'success',
      actor: auditActorOf(principal, client),
      target: { type: 'sop_version', id: effective.id },
      metadata: { sopId: doc.id, number: effective.number },
    });
  }

  // ------------------------------------------------------------------------------- drills

  /** The texts of SOP steps a drill template links, from each SOP's effective version (else its latest). */
  async linkedSteps(principal: OrgPrincipal, refs: string[]): Promise<LinkedStepList> {
    const pairs = refs.map((ref) => {
      const [sopId = '', stepId = ''] = ref.split(':');
      return { sopId, stepId };
    });
    const ids = [...new Set(pairs.map((p) => p.sopId).filter(isUuid))];
    const rows = ids.length ? await this.versions.find({ where: { orgId: principal.orgId, sopId: In(ids) } }) : [];
    return {
      items: pairs.map(({ sopId, stepId }) => {
        const mine = rows.filter((r) => r.sopId === sopId);
        const version = mine.find((r) => r.status === 'effective') ?? mine.sort((a, b) => b.number - a.number)[0];
        let found: { heading: string; number: string; text: string } | null = null;
        version?.content.sections.forEach((section, s) =>
          section.steps.forEach((step, i) => {
            if (step.id === stepId) found = { heading: section.heading, number: `${String(s + 1)}.${String(i + 1)}`, text: step.text };
          }),
        );
        const hit = found as { heading: string; number: string; text: string } | null;
        return {
          sopId,
          stepId,
          found: hit !== null,
          title: version?.content.title ?? null,
          version: version?.number ?? null,
          status: version?.status ?? null,
          heading: hit?.heading ?? null,
          number: hit?.number ?? null,
          text: hit?.text ?? null,
        };
      }),
    };
  }

  /** Who acknowledged the effective version of each SOP named (for the drill roster's markers). */
  async ackStatus(principal: OrgPrincipal, sopIds: string[]): Promise<AckStatus> {
    const ids = sopIds.filter(isUuid);
    if (ids.length === 0) return { items: [] };
    const effective = await this.versions.find({ where: { orgId: principal.orgId, sopId: In(ids), status: 'effective' } });
    if (effective.length === 0) return { items: [] };
    const acks = await this.acks.find({ where: { orgId: principal.orgId, versionId: In(effective.map((v) => v.id)) } });
    return {
      items: effective.map((v) => ({
        sopId: v.sopId,
        title: v.content.title,
        version: v.number,
        versionId: v.id,
        acknowledgedUserIds: acks.filter((a) => a.versionId === v.id).map((a) => a.userId),
      })),
    };
  }

  // ------------------------------------------------------------------------------- compliance

  /** The organisation's effective SOPs with the SHA-256 of each version's canonical content (compliance packets). */
  async listEffective(principal: OrgPrincipal): Promise<EffectiveSop[]> {
    const rows = await this.versions.find({ where: { orgId: principal.orgId, status: 'effective' } });
    return rows
      .map((row) => ({
        id: row.sopId,
        title: row.content.title,
        version: row.number,
        effectiveDate: row.effectiveFrom ?? '',
        sha256: contentHash(row.content),
      }))
      .sort((a, b) => a.title.localeCompare(b.title));
  }

  /** A version for the PDF (a render acting for its requester). */
  async versionForExport(orgId: string, sopId: string, versionId: string): Promise<SopVersion> {
    return versionOf(await this.versionRow({ orgId }, sopId, versionId));
  }

  // ------------------------------------------------------------------------------- reviews

  /**
   * The daily check: first puts in force the versions scheduled for a day that has come; then each effective version whose review is due within
   * SOP_LIMITS.reviewReminderDays (or overdue) on its organisation's calendar notifies the
   * organisation's ADMINs and MANAGERs and the version's author, once per version and state. Run
   * hourly by the scheduler (organisations are looked at from 06:00 on their clock); with an `orgId`,
   * that one at once.
   */
  async checkReviews(payload: JobPayloads[typeof JobName.SopReviewCheck], now = new Date()): Promise<number> {
    await this.promoteScheduled(payload.orgId, now);
    const rows = await this.dataSource.query<
      {
        id: string;
        sopId: string;
        orgId: string;
        number: number;
        reviewDue: string;
        content: SopContent;
        authorId: string;
        timeZone: string;
      }[]
    >(
      `SELECT v.id, v.sop_id AS "sopId", v.org_id AS "orgId", v.number, to_char(v.review_due, 'YYYY-MM-DD') AS "reviewDue",
              v.content, v.author_id AS "authorId", o.time_zone AS "timeZone"
         FROM sop_versions v JOIN organizations o ON o.id = v.org_id
        WHERE v.status = 'effective' AND v.review_due IS NOT NULL AND ($1::uuid IS NULL OR v.org_id = $1::uuid)
          AND v.review_due <= (now() AT TIME ZONE 'UTC')::date + $2::int`,
      [payload.orgId ?? null, SOP_LIMITS.reviewReminderDays + 2],
    );
    let sent = 0;
    const people = new Map<string, DrillRecipient[]>();
    for (const row of rows) {
      if (!payload.orgId && wallTime(now, row.timeZone).hour < REVIEW_CHECK_LOCAL_HOUR) continue;
      const today = localDay(now, row.timeZone);
      if (addDays(today, SOP_LIMITS.reviewReminderDays) < row.reviewDue) continue;
      const state = today > row.reviewDue ? 'overdue' : 'due_soon';
      if (!people.has(row.orgId)) people.set(row.orgId, await this.members.recipients(row.orgId));
      // The organisation's ADMINs and MANAGERs, and the version's author while still a member.
      const recipients = people
        .get(row.orgId)!
        .filter((m) => (REVIEW_RECIPIENT_ROLES as readonly string[]).includes(m.role) || m.id === row.authorId);
      const key = `sop-review-${row.id}-${state}`;
      const link = `/app/compliance/sops?sop=${row.sopId}`;
      const told = await this.notifications.notify({
        userIds: recipients.map((m) => m.id),
        orgId: row.orgId,
        kind: 'sop_review',
        data: { sopId: row.sopId, title: row.content.title, version: row.number, state, dueDate: row.reviewDue },
        link,
        dedupeKey: key,
      });
      // Mailed only to those told for the first time: the notification is the lasting record.
      for (const person of recipients.filter((m) => told.includes(m.id))) {
        await this.mail.sendTemplate(
          sopReviewMail,
          {
            name: person.name,
            title: row.content.title,
            version: row.number,
            state,
            dueDate: row.reviewDue,
            url: `${this.config.APP_ORIGINS[0] ?? ''}${link}`,
          },
          { to: person.email, orgId: row.orgId, language: recipientLanguage(person.language), timeZone: row.timeZone },
          { idempotencyKey: `${key}-${person.id}` },
        );
      }
      sent += told.length;
    }
    return sent;
  }

  // ------------------------------------------------------------------------------- helpers

  private assertEditor(principal: MemberPrincipal): void {
    if (!maySopEdit(principal.role)) throw new DomainError('FORBIDDEN', 'sops.editorsOnly');
  }

  private async versionsOf(scope: { orgId: string }, sopId: string): Promise<SopVersionRow[]> {
    return tenant(this.versions, scope).find({ sopId }, { number: 'ASC' });
  }

  private async versionRow(scope: { orgId: string }, sopId: string, versionId: string): Promise<SopVersionRow> {
    if (!isUuid(sopId)) throw new NotFoundError('sop');
    const row = await tenant(this.versions, scope).findOne(versionId);
    if (!row || row.sopId !== sopId) throw new NotFoundError('sopVersion');
    return row;
  }

  private async touch(scope: { orgId: string }, sopId: string, title: string): Promise<void> {
    const doc = await tenant(this.documents, scope).get(sopId, 'sop');
    doc.title = title;
    doc.updatedAt = new Date();
    await tenant(this.documents, scope).save(doc);
  }

  private summary(doc: SopDocument, rows: SopVersionRow[], acked: Set<string>): SopSummary {
    const latest = rows.reduce((a, b) => (a.number > b.number ? a : b));
    const effective = rows.find((r) => r.status === 'effective') ?? null;
    return {
      id: doc.id,
      title: doc.title,
      scenario: (DRILL_SCENARIOS as readonly string[]).includes(doc.scenario) ? doc.scenario : 'custom',
      templateId: doc.templateId,
      latest: summaryOf(latest),
      effective: effective ? summaryOf(effective) : null,
      acknowledged: effective ? acked.has(effective.id) : null,
      updatedAt: doc.updatedAt.toISOString(),
    };
  }

  private async acknowledgementsOf(scope: { orgId: string }, version: SopVersionRow): Promise<SopAcknowledgements> {
    const [acks, members] = await Promise.all([
      tenant(this.acks, scope).find({ versionId: version.id }, { createdAt: 'ASC' }),
      this.members.members(scope.orgId),
    ]);
    const done = new Set(acks.map((a) => a.userId));
    return {
      versionId: version.id,
      number: version.number,
      acknowledged: acks.map((a) => ({ id: a.userId, name: a.userName, at: a.createdAt.toISOString() })),
      missing: members.filter((m) => !done.has(m.id)).map((m) => ({ id: m.id, name: m.name })),
    };
  }
}
