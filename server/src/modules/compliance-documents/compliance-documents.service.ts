import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  BUILT_IN_RULE_IDS,
  CUSTOM_RULE_PREFIX,
  DOCUMENT_LIMITS,
  isDrillManager,
  type ComplianceDocument,
  type createDocumentQuerySchema,
  type CurrentDocument,
  type DocumentDetail,
  type DocumentList,
  type documentListQuerySchema,
  type DocumentVersion,
  type newVersionQuerySchema,
  type OrgPrincipal,
  type updateDocumentSchema,
} from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { MailService, recipientLanguage } from '../../platform/mail/mail.service.js';
import { complianceDocumentReviewMail } from '../../platform/mail/templates/compliance.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import type { StoredObject } from '../../platform/storage/storage.types.js';
import { readUpload, type Upload } from '../../platform/storage/upload.js';
import { withinOrganisation } from '../../platform/tenancy/tenant-check.js';
import { isUuid, tenant } from '../../platform/tenancy/tenant-scope.js';
import { addDays, localDay } from '../../platform/time/zoned.js';
import { CustomRuleRow } from '../compliance/entities/custom-rule.entity.js';
import { DrillMembersService } from '../drills/drill-members.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { UsageService } from '../usage/usage.service.js';
import { ComplianceDocumentVersionRow } from './entities/compliance-document-version.entity.js';
import { ComplianceDocumentRow } from './entities/compliance-document.entity.js';

type CreateQuery = z.output<typeof createDocumentQuerySchema>;
type VersionQuery = z.output<typeof newVersionQuerySchema>;
type UpdateBody = z.output<typeof updateDocumentSchema>;
type ListQuery = z.output<typeof documentListQuerySchema>;

/** The bytes of a new version, read from a request or handed over by the seed. */
export type VersionFile = Pick<Upload, 'filename' | 'contentType' | 'size' | 'body'>;

function versionOf(row: ComplianceDocumentVersionRow): DocumentVersion {
  return {
    id: row.id,
    version: row.version,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    effectiveDate: row.effectiveDate,
    note: row.note,
    uploadedBy: { id: row.uploadedByUserId, name: row.uploadedByName },
    createdAt: row.createdAt.toISOString(),
  };
}

function documentOf(row: ComplianceDocumentRow, current: ComplianceDocumentVersionRow): ComplianceDocument {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    owner: { id: row.ownerUserId, name: row.ownerName },
    tags: row.tags,
    ruleIds: row.ruleIds,
    reviewKind: row.reviewKind,
    reviewDate: row.reviewDate,
    current: versionOf(current),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const MANAGER_ROLES = ['ADMIN', 'MANAGER'] as const;

/**
 * The compliance document library. Every version's bytes are stored through platform/storage
 * (`compliance-documents/<org>/<document>/<version id>`) before its row is written; the row and
 * the storage usage are recorded in one transaction (402 with the upgrade link past the plan's
 * limit), and a failed transaction removes the stored file. Downloads are audit events.
 */
@Injectable()
export class ComplianceDocumentsService {
  constructor(
    @InjectRepository(ComplianceDocumentRow) private readonly documents: Repository<ComplianceDocumentRow>,
    @InjectRepository(ComplianceDocumentVersionRow) private readonly versions: Repository<ComplianceDocumentVersionRow>,
    @InjectRepository(CustomRuleRow) private readonly customRules: Repository<CustomRuleRow>,
    private readonly dataSource: DataSource,
    private readonly storage: StorageService,
    private readonly usage: UsageService,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly members: DrillMembersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private assertManager(principal: OrgPrincipal): void {
    if (!isDrillManager(principal.role)) throw new DomainError('FORBIDDEN', 'complianceDocuments.managersOnly');
  }

  private async assertKnownRules(orgId: string, ruleIds: readonly string[]): Promise<void> {
    if (!ruleIds.length) return;
    const own = await tenant(this.customRules, { orgId }).find();
    const known = new Set([...BUILT_IN_RULE_IDS, ...own.map((r) => `${CUSTOM_RULE_PREFIX}${r.key}`)]);
    const unknown = ruleIds.filter((id) => !known.has(id));
    if (unknown.length) {
      const params = { ids: unknown.join(', ') };
      throw new DomainError('VALIDATION_FAILED', 'complianceDocuments.unknownRules', params, {
        fields: { ruleIds: { reason: 'complianceDocuments.unknownRules', params } },
      });
    }
  }

  private async row(principal: OrgPrincipal, id: string, manager?: EntityManager): Promise<ComplianceDocumentRow> {
    const row = isUuid(id)
      ? await (manager ?? this.documents.manager).getRepository(ComplianceDocumentRow).findOne({
          where: { id, orgId: principal.orgId },
          ...(manager ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!row) throw new DomainError('NOT_FOUND', 'complianceDocuments.documentNotFound');
    return row;
  }

  private async versionsOf(orgId: string, documentId: string): Promise<ComplianceDocumentVersionRow[]> {
    return tenant(this.versions, { orgId }).find({ documentId }, { version: 'DESC' });
  }

  private async detail(principal: OrgPrincipal, row: ComplianceDocumentRow): Promise<DocumentDetail> {
    const versions = await this.versionsOf(principal.orgId, row.id);
    return { ...documentOf(row, versions[0]!), versions: versions.map(versionOf) };
  }

  async list(principal: OrgPrincipal, query: ListQuery): Promise<DocumentList> {
    const rows = await tenant(this.documents, principal).find({}, { title: 'ASC' });
    const currents = rows.length
      ? await this.versions
          .createQueryBuilder('v')
          .innerJoin(ComplianceDocumentRow, 'd', 'd.id = v.document_id AND d.current_version = v.version AND d.org_id = v.org_id')
          .where('v.org_id = :orgId', { orgId: principal.orgId })
          .getMany()
      : [];
    const byDocument = new Map(currents.map((v) => [v.documentId, v]));
    const tags = [...new Set(rows.flatMap((r) => r.tags))].sort();
    const items = rows
      .filter((r) => (!query.tag || r.tags.includes(query.tag)) && (!query.ruleId || r.ruleIds.includes(query.ruleId)))
      .filter((r) => byDocument.has(r.id))
      .map((r) => documentOf(r, byDocument.get(r.id)!));
    return { items, tags, editable: isDrillManager(principal.role) };
  }

  async get(principal: OrgPrincipal, id: string): Promise<DocumentDetail> {
    return this.detail(principal, await this.row(principal, id));
  }

  /** Each document's current version, as a compliance packet lists it. */
  async listCurrent(principal: OrgPrincipal, linkedTo?: readonly string[]): Promise<CurrentDocument[]> {
    const { items } = await this.list(principal, {});
    const rules = linkedTo ? new Set(linkedTo) : null;
    return items
      .filter((d) => !rules || d.ruleIds.some((id) => rules.has(id)))
      .map((d) => ({
        id: d.id,
        title: d.title,
        version: d.current.version,
        effectiveDate: d.current.effectiveDate,
        sha256: d.current.sha256,
      }));
  }

  async create(principal: OrgPrincipal, request: FastifyRequest, query: CreateQuery, client: ClientContext): Promise<DocumentDetail> {
    this.assertManager(principal);
    await this.assertKnownRules(principal.orgId, query.ruleIds);
    const upload = await readUpload(request, { maxBytes: ATTACHMENT_MAX_BYTES, allowed: ATTACHMENT_TYPES });
    return this.createFrom(principal, upload, query, client);
  }

  /** Creates a document with its first version from bytes in hand (the upload, or the seed's). */
  async createFrom(
    principal: OrgPrincipal & { userId: string | null },
    file: VersionFile,
    query: CreateQuery,
    client?: ClientContext,
  ): Promise<DocumentDetail> {
    const documentId = randomUUID();
    const row = await this.storeVersion(
      principal,
      documentId,
      file,
      { effectiveDate: query.effectiveDate, note: query.note },
      async (manager) => {
        const repo = manager.getRepository(ComplianceDocumentRow);
        return repo.save(
          repo.create({
            id: documentId,
            orgId: principal.orgId,
            title: query.title,
            kind: query.kind,
            ownerUserId: principal.userId,
            ownerName: principal.name,
            tags: query.tags,
            ruleIds: query.ruleIds,
            reviewKind: query.reviewKind,
            reviewDate: query.reviewDate ?? null,
            currentVersion: 1,
          }),
        );
      },
    );
    if (client) await this.audited(principal, 'compliance.document.upload', row.id, 1, client);
    return this.detail(principal, row);
  }

  async addVersion(
    principal: OrgPrincipal,
    id: string,
    request: FastifyRequest,
    query: VersionQuery,
    client: ClientContext,
  ): Promise<DocumentDetail> {
    this.assertManager(principal);
    await this.row(principal, id);
    const upload = await readUpload(request, { maxBytes: ATTACHMENT_MAX_BYTES, allowed: ATTACHMENT_TYPES });
    return this.addVersionFrom(principal, id, upload, query, client);
  }

  async addVersionFrom(
    principal: OrgPrincipal & { userId: string | null },
    id: string,
    file: VersionFile,
    query: VersionQuery,
    client?: ClientContext,
  ): Promise<DocumentDetail> {
    const row = await this.storeVersion(principal, id, file, { effectiveDate: query.effectiveDate, note: query.note }, async (manager) => {
      const locked = await this.row(principal, id, manager);
      locked.currentVersion += 1;
      if (query.reviewDate !== undefined) locked.reviewDate = query.reviewDate;
      if (locked.reviewDate && locked.reviewDate < query.effectiveDate) {
        throw new DomainError(
          'VALIDATION_FAILED',
          'complianceDocuments.reviewBeforeEffective',
          {},
          {
            fields: { reviewDate: { reason: 'complianceDocuments.reviewBeforeEffective', params: {} } },
          },
        );
      }
      return manager.getRepository(ComplianceDocumentRow).save(locked);
    });
    if (client) await this.audited(principal, 'compliance.document.upload', row.id, row.currentVersion, client);
    return this.detail(principal, row);
  }

  /**
   * Stores the bytes, then — in one transaction — writes the document row (`write`, which returns
   * it with its new `currentVersion`), the version row and the storage usage (enforced: 402 past
   * the plan's limit). A failed transaction removes the stored file.
   */
  private async storeVersion(
    principal: OrgPrincipal & { userId?: string | null },
    documentId: string,
    file: VersionFile,
    meta: { effectiveDate: string; note?: string },
    write: (manager: EntityManager) => Promise<ComplianceDocumentRow>,
  ): Promise<ComplianceDocumentRow> {
    const versionId = randomUUID();
    const storageKey = `compliance-documents/${principal.orgId}/${documentId}/${versionId}`;
    await this.storage.put(storageKey, file.body, file.contentType);
    try {
      return await withinOrganisation(principal.orgId, () =>
        this.dataSource.transaction(async (manager) => {
          const row = await write(manager);
          const repo = manager.getRepository(ComplianceDocumentVersionRow);
          await repo.save(
            repo.create({
              id: versionId,
              orgId: principal.orgId,
              documentId: row.id,
              version: row.currentVersion,
              filename: file.filename,
              contentType: file.contentType,
              size: file.size,
              sha256: createHash('sha256').update(file.body).digest('hex'),
              storageKey,
              effectiveDate: meta.effectiveDate,
              note: meta.note?.trim() || null,
              uploadedByUserId: principal.userId ?? null,
              uploadedByName: principal.name,
            }),
          );
          await this.usage.record(principal.orgId, 'storage', file.size, { manager, enforce: true });
          return row;
        }),
      );
    } catch (err) {
      await this.storage.remove(storageKey).catch(() => undefined);
      throw err;
    }
  }

  async update(principal: OrgPrincipal, id: string, body: UpdateBody): Promise<DocumentDetail> {
    this.assertManager(principal);
    const row = await this.row(principal, id);
    await this.assertKnownRules(principal.orgId, body.ruleIds);
    Object.assign(row, {
      title: body.title,
      kind: body.kind,
      tags: body.tags,
      ruleIds: body.ruleIds,
      reviewKind: body.reviewKind,
      reviewDate: body.reviewDate ?? null,
    });
    return this.detail(principal, await tenant(this.documents, principal).save(row));
  }

  /** One version of a document, opened for download; the download is an audit event. */
  async download(
    principal: OrgPrincipal,
    id: string,
    versionId: string,
    client: ClientContext,
  ): Promise<{ version: ComplianceDocumentVersionRow; file: StoredObject }> {
    const row = await this.row(principal, id);
    const version = isUuid(versionId) ? await tenant(this.versions, principal).findOne(versionId) : null;
    if (!version || version.documentId !== row.id) throw new DomainError('NOT_FOUND', 'complianceDocuments.versionNotFound');
    const file = await this.storage.read(version.storageKey);
    await this.audited(principal, 'compliance.document.download', row.id, version.version, client);
    return { version, file };
  }

  private async audited(
    principal: OrgPrincipal & { userId?: string | null },
    action: 'compliance.document.upload' | 'compliance.document.download',
    documentId: string,
    version: number,
    client: ClientContext,
  ): Promise<void> {
    await this.audit.record({
      action,
      outcome: 'success',
      actor: { userId: principal.userId ?? null, role: principal.role, orgId: principal.orgId, ip: client.ip, userAgent: client.userAgent },
      target: { type: 'compliance_document', id: documentId },
      metadata: { version },
    });
  }

  // -------------------------------------------------------------------------------------------
  // Reviews and expiries

  /**
   * Reminds the owner and the managers of each document whose review or expiry date is within
   * `DOCUMENT_LIMITS.remindDaysAhead` days (or past): once ahead and once when the date has passed
   * (the notification's dedupe key carries the date and which of the two).
   */
  async checkReviews(orgId: string, timeZone: string, now: Date): Promise<number> {
    const today = localDay(now, timeZone);
    const horizon = addDays(today, DOCUMENT_LIMITS.remindDaysAhead);
    const due = (await tenant(this.documents, { orgId }).find()).filter((d) => d.reviewDate && d.reviewDate <= horizon);
    if (!due.length) return 0;
    const managers = await this.members.withRoles(orgId, MANAGER_ROLES);
    const everyone = await this.members.recipients(orgId);
    let sent = 0;
    for (const doc of due) {
      const overdue = doc.reviewDate! < today;
      const recipients = [...managers];
      const owner = everyone.find((m) => m.id === doc.ownerUserId);
      if (owner && !recipients.some((m) => m.id === owner.id)) recipients.push(owner);
      const key = `compliance-document-${doc.id}-${doc.reviewDate!}-${overdue ? 'overdue' : 'ahead'}`;
      const notified = await this.notifications.notify({
        userIds: recipients.map((m) => m.id),
        orgId,
        kind: 'compliance_document',
        data: { documentId: doc.id, title: doc.title, reviewKind: doc.reviewKind, date: doc.reviewDate, overdue: overdue ? 1 : 0 },
        link: `/app/compliance/documents?document=${doc.id}`,
        dedupeKey: key,
      });
      sent += notified.length;
      for (const person of recipients.filter((m) => notified.includes(m.id))) {
        await this.mail.sendTemplate(
          complianceDocumentReviewMail,
          {
            name: person.name,
            title: doc.title,
            kind: doc.reviewKind,
            date: doc.reviewDate!,
            overdue,
            url: `${this.config.APP_ORIGINS[0] ?? ''}/app/compliance/documents?document=${doc.id}`,
          },
          { to: person.email, orgId, language: recipientLanguage(person.language), timeZone },
          { idempotencyKey: `${key}-${person.id}` },
        );
      }
    }
    return sent;
  }
}
