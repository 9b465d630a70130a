import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  BUILT_IN_RULE_IDS,
  CUSTOM_RULE_PREFIX,
  EVIDENCE_FILE_TYPES,
  EVIDENCE_LIMITS,
  hasRank,
  timelineQuerySchema,
  type createEvidenceFileQuerySchema,
  type createEvidenceLinkSchema,
  type EvidenceDetail,
  type EvidenceKind,
  type EvidenceLinkKind,
  type EvidenceList,
  type evidenceListQuerySchema,
  type EvidenceRecord,
  type EvidenceSource,
  type HeldEvidence,
  type LegalHold,
  type OrgPrincipal,
  type Role,
} from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { DataSource, In, IsNull, Not, type Repository } from 'typeorm';
import type { z } from 'zod';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import type { AuditActor } from '../../platform/audit/audit.service.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import { readUpload } from '../../platform/storage/upload.js';
import { withinOrganisation } from '../../platform/tenancy/tenant-check.js';
import { isUuid, tenant } from '../../platform/tenancy/tenant-scope.js';
import { addDays, localDay } from '../../platform/time/zoned.js';
import { AuditTrailService } from '../audit/audit-trail.service.js';
import { ComplianceDocumentVersionRow } from '../compliance-documents/entities/compliance-document-version.entity.js';
import { ComplianceDocumentRow } from '../compliance-documents/entities/compliance-document.entity.js';
import { PacketRow } from '../compliance-packets/entities/packet.entity.js';
import { CustomRuleRow } from '../compliance/entities/custom-rule.entity.js';
import { DrillRunRow } from '../drills/entities/drill-run.entity.js';
import { SummaryService } from '../drills/summary/summary.service.js';
import { sopFileName, sopPdf } from '../sops/sop-pdf.js';
import { SopDocument } from '../sops/entities/sop-document.entity.js';
import { SopVersionRow } from '../sops/entities/sop-version.entity.js';
import { SopsService } from '../sops/sops.service.js';
import { UsageService } from '../usage/usage.service.js';
import { CustodyService, type CustodyActor } from './custody.service.js';
import { EvidenceHoldRow } from './entities/evidence-hold.entity.js';
import { EvidenceRecordRow } from './entities/evidence-record.entity.js';
import { EvidenceFilesService, evidenceStorageKey, sha256Of } from './evidence-files.service.js';

type FileQuery = z.output<typeof createEvidenceFileQuerySchema>;
type LinkBody = z.output<typeof createEvidenceLinkSchema>;
type ListQuery = z.output<typeof evidenceListQuerySchema>;
type Meta = Pick<FileQuery, 'title' | 'description' | 'ruleIds' | 'from' | 'to' | 'facility'>;

/** Who adds evidence: a member of the organisation (or the seed acting as one). */
export type EvidenceWriter = Pick<OrgPrincipal, 'orgId' | 'userId' | 'role' | 'name' | 'email' | 'timeZone' | 'language'>;

/** The bytes of a new record and what they are. */
export interface EvidenceFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** The Muster object a snapshot is made from. */
interface SnapshotSource {
  type: EvidenceLinkKind;
  id: string | null;
  versionId: string | null;
  label: string;
}

/** The bytes of a snapshot with the object they were made from. */
interface Snapshot extends EvidenceFile {
  source: SnapshotSource;
}

/** Which object a snapshot is of, and the period an audit export covers. */
type SourceRef = Pick<LinkBody, 'kind' | 'objectId' | 'versionId' | 'from' | 'to'>;

/** An object found and checked: what it is, and its bytes made on demand (a PDF is rendered then). */
interface Located {
  source: SnapshotSource;
  make(): Promise<EvidenceFile>;
}

const MB = 1024 * 1024;
/** How many objects of a kind the "Add from Muster" dialog offers (newest first). */
const SOURCES_MAX = 100;
/** Records a reader may see: ADMIN and above, and the organisation's internal auditors. */
const READER_ROLES: readonly Role[] = ['INTERNAL_AUDITOR'];

function personOf(id: string | null, name: string): { id: string | null; name: string } {
  return { id, name };
}

function holdOf(row: EvidenceHoldRow): LegalHold {
  return {
    id: row.id,
    reason: row.reason,
    placedAt: row.createdAt.toISOString(),
    placedBy: personOf(row.placedByUserId, row.placedByName),
    releasedAt: row.releasedAt?.toISOString() ?? null,
    releasedBy: row.releasedAt ? personOf(row.releasedByUserId, row.releasedByName ?? '') : null,
  };
}

/** A record as the API answers it (`review` is the auditor portal's, null here). */
export function evidenceRecordOf(row: EvidenceRecordRow, hold: EvidenceHoldRow | null): EvidenceRecord {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    ruleIds: row.ruleIds,
    from: row.periodFrom,
    to: row.periodTo,
    facility: row.facility,
    source: row.sourceType ? { type: row.sourceType, id: row.sourceId, label: row.sourceLabel ?? '' } : null,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    addedBy: personOf(row.addedByUserId, row.addedByName),
    createdAt: row.createdAt.toISOString(),
    retainUntil: row.retainUntil.toISOString(),
    hold: hold ? holdOf(hold) : null,
    review: null,
  };
}

/** `like` pattern of words typed by a person: their `%`, `_` and `\` match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function addYears(at: Date, years: number): Date {
  const next = new Date(at.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

function safeFileName(label: string, extension: string): string {
  const base = Array.from(label, (c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || 'evidence'}.${extension}`;
}

/**
 * The evidence vault of an organisation: records are added (uploads and snapshots of Muster
 * objects), listed, read with their custody log, opened (verified against their hash, a custody
 * event each time) and held. Nothing changes a record once added; the purge is the only way one
 * goes (EvidencePurgeService). ADMINs write; INTERNAL_AUDITORs and ADMINs read; other roles are
 * refused (403) and another organisation's record is not found (404).
 */
@Injectable()
export class EvidenceService {
  constructor(
    @InjectRepository(EvidenceRecordRow) private readonly records: Repository<EvidenceRecordRow>,
    @InjectRepository(EvidenceHoldRow) private readonly holds: Repository<EvidenceHoldRow>,
    @InjectRepository(CustomRuleRow) private readonly customRules: Repository<CustomRuleRow>,
    @InjectRepository(DrillRunRow) private readonly runs: Repository<DrillRunRow>,
    @InjectRepository(PacketRow) private readonly packets: Repository<PacketRow>,
    @InjectRepository(SopDocument) private readonly sopDocuments: Repository<SopDocument>,
    @InjectRepository(SopVersionRow) private readonly sopVersions: Repository<SopVersionRow>,
    @InjectRepository(ComplianceDocumentRow) private readonly documents: Repository<ComplianceDocumentRow>,
    @InjectRepository(ComplianceDocumentVersionRow) private readonly documentVersions: Repository<ComplianceDocumentVersionRow>,
    private readonly dataSource: DataSource,
    private readonly files: EvidenceFilesService,
    private readonly custody: CustodyService,
    private readonly storage: StorageService,
    private readonly usage: UsageService,
    private readonly summaries: SummaryService,
    private readonly sops: SopsService,
    private readonly trail: AuditTrailService,
  ) {}

  // ------------------------------------------------------------------------------- access

  private assertReader(principal: Pick<OrgPrincipal, 'role'>): void {
    if (!hasRank(principal.role, 'ADMIN') && !READER_ROLES.includes(principal.role)) throw new DomainError('FORBIDDEN', 'auth.forbidden');
  }

  private assertWriter(principal: Pick<OrgPrincipal, 'role'>): void {
    this.assertReader(principal);
    if (!hasRank(principal.role, 'ADMIN')) throw new DomainError('FORBIDDEN', 'evidence.adminsOnly');
  }

  private async row(orgId: string, id: string): Promise<EvidenceRecordRow> {
    const row = isUuid(id) ? await this.records.findOne({ where: { id, orgId } }) : null;
    if (!row) throw new DomainError('NOT_FOUND', 'evidence.notFound');
    return row;
  }

  private async activeHold(orgId: string, recordId: string): Promise<EvidenceHoldRow | null> {
    return this.holds.findOne({ where: { orgId, recordId, releasedAt: IsNull() } });
  }

  private custodyActor(principal: EvidenceWriter, client?: ClientContext | null): CustodyActor {
    const actor: AuditActor = {
      userId: principal.userId,
      role: principal.role,
      orgId: principal.orgId,
      email: principal.email,
      ip: client?.ip ?? null,
      userAgent: client?.userAgent ?? null,
    };
    return { actor, name: principal.name, kind: 'member' };
  }

  // ------------------------------------------------------------------------------- reading

  async list(principal: OrgPrincipal, query: ListQuery): Promise<EvidenceList> {
    this.assertReader(principal);
    const qb = this.records.createQueryBuilder('r').where('r.org_id = :orgId', { orgId: principal.orgId });
    if (query.q) qb.andWhere('(r.title ILIKE :q OR r.description ILIKE :q)', { q: likePattern(query.q) });
    if (query.ruleId) qb.andWhere('r.rule_ids ? :ruleId', { ruleId: query.ruleId });
    if (query.kind) qb.andWhere('r.kind = :kind', { kind: query.kind });
    if (query.from) qb.andWhere('r.period_to >= :from', { from: query.from });
    if (query.to) qb.andWhere('r.period_from <= :to', { to: query.to });
    const [rows, total] = await qb
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'ASC')
      .skip((query.page - 1) * query.pageSize)
      .take(query.pageSize)
      .getManyAndCount();
    const holds = rows.length
      ? await this.holds.find({ where: { orgId: principal.orgId, recordId: In(rows.map((r) => r.id)), releasedAt: IsNull() } })
      : [];
    const byRecord = new Map(holds.map((h) => [h.recordId, h]));
    return {
      items: rows.map((r) => evidenceRecordOf(r, byRecord.get(r.id) ?? null)),
      total,
      page: query.page,
      pageSize: query.pageSize,
      editable: hasRank(principal.role, 'ADMIN'),
    };
  }

  async get(principal: OrgPrincipal, id: string): Promise<EvidenceDetail> {
    this.assertReader(principal);
    return this.detail(await this.row(principal.orgId, id));
  }

  /** A record with every hold (newest first) and its custody log. */
  async detail(row: EvidenceRecordRow): Promise<EvidenceDetail> {
    const holds = await this.holds.find({ where: { orgId: row.orgId, recordId: row.id }, order: { createdAt: 'DESC' } });
    const active = holds.find((h) => h.releasedAt === null) ?? null;
    return { ...evidenceRecordOf(row, active), holds: holds.map(holdOf), custody: await this.custody.log(row.orgId, row.id) };
  }

  /** A record's bytes, verified against its hash; opening it inline is `viewed`, as a file `downloaded`. */
  async file(
    principal: OrgPrincipal,
    id: string,
    disposition: 'inline' | 'attachment',
    client: ClientContext,
  ): Promise<{ row: EvidenceRecordRow; body: Buffer }> {
    this.assertReader(principal);
    const row = await this.row(principal.orgId, id);
    const who = this.custodyActor(principal, client);
    const body = await this.files.readVerified(row, who);
    await this.custody.record(principal.orgId, [row.id], disposition === 'inline' ? 'viewed' : 'downloaded', who);
    return { row, body };
  }

  // ------------------------------------------------------------------------------- adding

  private async assertKnownRules(orgId: string, ruleIds: readonly string[]): Promise<void> {
    const own = await tenant(this.customRules, { orgId }).find();
    const known = new Set([...BUILT_IN_RULE_IDS, ...own.map((r) => `${CUSTOM_RULE_PREFIX}${r.key}`)]);
    const unknown = ruleIds.filter((id) => !known.has(id));
    if (unknown.length) {
      const params = { ids: unknown.join(', ') };
      throw new DomainError('VALIDATION_FAILED', 'evidence.unknownRules', params, {
        fields: { ruleIds: { reason: 'evidence.unknownRules', params } },
      });
    }
  }

  private assertPeriod(meta: Pick<Meta, 'from' | 'to'>): void {
    const years = EVIDENCE_LIMITS.periodMaxYears;
    const limit = `${String(Number(meta.from.slice(0, 4)) + years).padStart(4, '0')}${meta.from.slice(4)}`;
    if (meta.to > limit) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'evidence.periodTooLong',
        { years },
        {
          fields: { to: { reason: 'evidence.periodTooLong', params: { years } } },
        },
      );
    }
  }

  private async checkMeta(orgId: string, meta: Meta): Promise<void> {
    this.assertPeriod(meta);
    await this.assertKnownRules(orgId, meta.ruleIds);
  }

  /** `POST /api/evidence`: an uploaded PDF or image (10 MB at most; the type is read from the bytes). */
  async upload(principal: OrgPrincipal, request: FastifyRequest, query: FileQuery, client: ClientContext): Promise<EvidenceDetail> {
    this.assertWriter(principal);
    await this.checkMeta(principal.orgId, query);
    let upload;
    try {
      upload = await readUpload(request, { maxBytes: EVIDENCE_LIMITS.maxFileMb * MB, allowed: EVIDENCE_FILE_TYPES });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'FILE_TYPE_NOT_ALLOWED') {
        throw new DomainError(
          'FILE_TYPE_NOT_ALLOWED',
          'evidence.fileType',
          {},
          { fields: { file: { reason: 'evidence.fileType', params: {} } } },
        );
      }
      throw err;
    }
    return this.ingest(
      principal,
      query,
      'file',
      { body: upload.body, contentType: upload.contentType, fileName: upload.filename },
      null,
      client,
    );
  }

  /**
   * What `POST /api/evidence/links` checks before its render is queued: an ADMIN, the metadata, and
   * the object (404 unknown or another organisation's, 409 a run not approved or a packet not issued).
   */
  async checkLink(principal: EvidenceWriter, body: LinkBody): Promise<void> {
    this.assertWriter(principal);
    await this.checkMeta(principal.orgId, body);
    await this.locate(principal, body);
  }

  /**
   * A snapshot of a Muster object, made now and never again (the `evidence-snapshot` render, on
   * the render queue): checked again as the requester, made (a drill run's report and an SOP
   * version are rendered to PDF), then added as a record.
   */
  async link(
    principal: EvidenceWriter,
    body: LinkBody,
    client: ClientContext | null,
    progress: (stage: 'rendering' | 'storing', percent: number) => Promise<void> = () => Promise.resolve(),
  ): Promise<EvidenceDetail> {
    this.assertWriter(principal);
    await this.checkMeta(principal.orgId, body);
    const located = await this.locate(principal, body);
    await progress('rendering', 40);
    const file = await located.make();
    await progress('storing', 80);
    return this.ingest(principal, body, body.kind, file, located.source, client);
  }

  /**
   * Adds a record from bytes in hand (an upload, a snapshot, the seed's): stores them write-once,
   * then in one transaction inserts the row (retained 7 years from now) and counts the bytes
   * against storage (402 past the plan's limit); a failed transaction removes the stored file.
   * The addition is the record's first custody event.
   */
  async ingest(
    principal: EvidenceWriter,
    meta: Meta,
    kind: EvidenceKind,
    file: EvidenceFile,
    source: SnapshotSource | null,
    client?: ClientContext | null,
  ): Promise<EvidenceDetail> {
    const id = randomUUID();
    const storageKey = evidenceStorageKey(principal.orgId, id);
    await this.files.store(storageKey, file.body, file.contentType);
    const now = new Date();
    let row: EvidenceRecordRow;
    try {
      row = await withinOrganisation(principal.orgId, () =>
        this.dataSource.transaction(async (manager) => {
          const repo = manager.getRepository(EvidenceRecordRow);
          const saved = await repo.save(
            repo.create({
              id,
              orgId: principal.orgId,
              createdAt: now,
              kind,
              title: meta.title,
              description: meta.description,
              ruleIds: meta.ruleIds,
              periodFrom: meta.from,
              periodTo: meta.to,
              facility: meta.facility,
              sourceType: source?.type ?? null,
              sourceId: source?.id ?? null,
              sourceVersionId: source?.versionId ?? null,
              sourceLabel: source?.label.slice(0, 300) ?? null,
              fileName: file.fileName.slice(0, 255),
              contentType: file.contentType,
              size: file.body.length,
              sha256: sha256Of(file.body),
              storageKey,
              addedByUserId: principal.userId,
              addedByName: principal.name,
              retainUntil: addYears(now, EVIDENCE_LIMITS.retentionYears),
            }),
          );
          await this.usage.record(principal.orgId, 'storage', file.body.length, { manager, enforce: true });
          return saved;
        }),
      );
    } catch (err) {
      await this.storage.remove(storageKey).catch(() => undefined);
      throw err;
    }
    await this.custody.record(principal.orgId, [row.id], 'added', this.custodyActor(principal, client), source?.label ?? file.fileName, {
      sha256: row.sha256,
      size: row.size,
      kind,
    });
    return this.detail(row);
  }

  /** The bytes of a Muster object as it is now, with what it is; another organisation's object is not found. */
  async snapshot(principal: EvidenceWriter, body: SourceRef): Promise<Snapshot> {
    const located = await this.locate(principal, body);
    return { ...(await located.make()), source: located.source };
  }

  /** A Muster object looked up and checked, with what it is and how to make its bytes as it is now. */
  private async locate(principal: EvidenceWriter, body: SourceRef): Promise<Located> {
    const { orgId } = principal;
    const language = principal.language;
    const notFound = () => new DomainError('NOT_FOUND', 'evidence.sourceNotFound');
    const objectId = body.objectId && isUuid(body.objectId) ? body.objectId : null;
    const versionId = body.versionId && isUuid(body.versionId) ? body.versionId : null;
    switch (body.kind) {
      case 'drill_run': {
        const run = objectId ? await this.runs.findOne({ where: { id: objectId, orgId } }) : null;
        if (!run) throw notFound();
        if (run.status !== 'approved') throw new DomainError('CONFLICT', 'evidence.runNotApproved');
        const label = `${run.title} — ${localDay(run.completedAt ?? run.startedAt ?? run.scheduledAt, principal.timeZone)}`;
        return {
          source: { type: 'drill_run', id: run.id, versionId: null, label },
          make: async () => {
            const actor = {
              userId: principal.userId ?? '',
              orgId,
              role: principal.role,
              name: principal.name,
              timeZone: principal.timeZone,
            };
            const summary = await this.summaries.summary(actor, run.id);
            const made = await this.summaries.file(actor, summary, 'pdf', language);
            return {
              body: Buffer.isBuffer(made.body) ? made.body : Buffer.from(made.body, 'utf8'),
              contentType: made.contentType,
              fileName: made.fileName,
            };
          },
        };
      }
      case 'packet': {
        const packet = objectId ? await this.packets.findOne({ where: { id: objectId, orgId } }) : null;
        if (!packet) throw notFound();
        if (packet.state !== 'issued' || packet.revokedAt || packet.supersededAt)
          throw new DomainError('CONFLICT', 'evidence.packetNotIssued');
        return {
          source: {
            type: 'packet',
            id: packet.id,
            versionId: null,
            label: `${packet.profileName} v${String(packet.version)} (${packet.periodFrom} – ${packet.periodTo})`,
          },
          make: async () => ({
            body: await this.readAll(packet.storageKey),
            contentType: 'application/pdf',
            fileName: safeFileName(`${packet.profileName} packet v${String(packet.version)} ${packet.shortCode}`, 'pdf'),
          }),
        };
      }
      case 'sop_version': {
        const sop = objectId ? await this.sopDocuments.findOne({ where: { id: objectId, orgId } }) : null;
        const versionRow = sop && versionId ? await this.sopVersions.findOne({ where: { id: versionId, orgId, sopId: sop.id } }) : null;
        if (!sop || !versionRow) throw notFound();
        const version = await this.sops.versionForExport(orgId, sop.id, versionRow.id);
        return {
          source: {
            type: 'sop_version',
            id: sop.id,
            versionId: versionRow.id,
            label: `${version.content.title} v${String(version.number)}`,
          },
          make: async () => ({
            body: await sopPdf(version, language, principal.timeZone),
            contentType: 'application/pdf',
            fileName: sopFileName(version),
          }),
        };
      }
      case 'document_version': {
        const doc = objectId ? await this.documents.findOne({ where: { id: objectId, orgId } }) : null;
        const version =
          doc && versionId ? await this.documentVersions.findOne({ where: { id: versionId, orgId, documentId: doc.id } }) : null;
        if (!doc || !version) throw notFound();
        return {
          source: { type: 'document_version', id: doc.id, versionId: version.id, label: `${doc.title} v${String(version.version)}` },
          make: async () => ({
            body: await this.readAll(version.storageKey),
            contentType: version.contentType,
            fileName: version.filename,
          }),
        };
      }
      case 'audit_export':
        return {
          source: { type: 'audit_export', id: null, versionId: null, label: `Audit chain ${body.from} – ${body.to}` },
          make: async () => {
            const filters = timelineQuerySchema.parse({ from: `${body.from}T00:00:00.000Z`, to: `${addDays(body.to, 1)}T00:00:00.000Z` });
            const actor = this.custodyActor(principal).actor;
            const csv = await this.trail.exportTimeline(actor, { kind: 'org', orgId }, filters, orgId);
            return {
              body: Buffer.from(csv, 'utf8'),
              contentType: 'text/csv; charset=utf-8',
              fileName: `muster-audit-chain-${body.from}-${body.to}.csv`,
            };
          },
        };
    }
  }

  private async readAll(key: string): Promise<Buffer> {
    const file = await this.storage.read(key);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  /** What can be added from Muster, one kind at a time: approved runs, issued packets, SOPs and documents with their versions. */
  async sources(principal: OrgPrincipal, kind: EvidenceLinkKind): Promise<{ items: EvidenceSource[] }> {
    this.assertWriter(principal);
    const { orgId, timeZone } = principal;
    switch (kind) {
      case 'drill_run': {
        const runs = await this.runs.find({ where: { orgId, status: 'approved' }, order: { scheduledAt: 'DESC' }, take: SOURCES_MAX });
        return {
          items: runs.map((run) => {
            const day = localDay(run.completedAt ?? run.startedAt ?? run.scheduledAt, timeZone);
            return { kind, id: run.id, label: `${run.title} — ${day}`, versions: [], from: day, to: day };
          }),
        };
      }
      case 'packet': {
        const packets = await this.packets.find({
          where: { orgId, state: 'issued', revokedAt: IsNull() },
          order: { issuedAt: 'DESC' },
          take: SOURCES_MAX,
        });
        return {
          items: packets.map((p) => ({
            kind,
            id: p.id,
            label: `${p.profileName} v${String(p.version)} (${p.periodFrom} – ${p.periodTo})`,
            versions: [],
            from: p.periodFrom,
            to: p.periodTo,
          })),
        };
      }
      case 'sop_version': {
        const sops = await this.sopDocuments.find({ where: { orgId }, order: { title: 'ASC' }, take: SOURCES_MAX });
        const versions = sops.length
          ? await this.sopVersions.find({
              where: { orgId, sopId: In(sops.map((s) => s.id)), status: Not('draft') },
              order: { number: 'DESC' },
            })
          : [];
        return {
          items: sops.flatMap((sop) => {
            const own = versions.filter((v) => v.sopId === sop.id);
            if (!own.length) return [];
            return [
              {
                kind,
                id: sop.id,
                label: sop.title,
                versions: own.map((v) => ({ id: v.id, label: `v${String(v.number)} (${v.status})` })),
                from: own[0]!.effectiveFrom ?? null,
                to: null,
              },
            ];
          }),
        };
      }
      case 'document_version': {
        const docs = await this.documents.find({ where: { orgId }, order: { title: 'ASC' }, take: SOURCES_MAX });
        const versions = docs.length
          ? await this.documentVersions.find({ where: { orgId, documentId: In(docs.map((d) => d.id)) }, order: { version: 'DESC' } })
          : [];
        return {
          items: docs.map((doc) => {
            const own = versions.filter((v) => v.documentId === doc.id);
            return {
              kind,
              id: doc.id,
              label: doc.title,
              versions: own.map((v) => ({ id: v.id, label: `v${String(v.version)} — ${v.effectiveDate}` })),
              from: own[0]?.effectiveDate ?? null,
              to: null,
            };
          }),
        };
      }
      case 'audit_export':
        return { items: [{ kind, id: 'audit-chain', label: 'Audit chain', versions: [], from: null, to: null }] };
    }
  }

  // ------------------------------------------------------------------------------- holds

  async placeHold(principal: OrgPrincipal, id: string, reason: string, client: ClientContext | null): Promise<EvidenceDetail> {
    this.assertWriter(principal);
    const row = await this.row(principal.orgId, id);
    await withinOrganisation(principal.orgId, () =>
      this.dataSource.transaction(async (manager) => {
        // One active hold per record: placing one is serialised per record.
        await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`evidence-hold:${row.id}`]);
        const repo = manager.getRepository(EvidenceHoldRow);
        if (await repo.exists({ where: { orgId: row.orgId, recordId: row.id, releasedAt: IsNull() } })) {
          throw new DomainError('CONFLICT', 'evidence.alreadyHeld');
        }
        await repo.save(
          repo.create({
            orgId: row.orgId,
            recordId: row.id,
            reason,
            placedByUserId: principal.userId,
            placedByName: principal.name,
            releasedAt: null,
            releasedByUserId: null,
            releasedByName: null,
          }),
        );
      }),
    );
    await this.custody.record(principal.orgId, [row.id], 'hold_placed', this.custodyActor(principal, client), reason);
    return this.detail(row);
  }

  /**
   * The organisation's records under an active hold, newest hold first (a platform admin choosing
   * one to release), or only `recordId`'s when given.
   */
  async heldRecords(orgId: string, recordId?: string): Promise<HeldEvidence> {
    const holds = await withinOrganisation(orgId, () =>
      this.holds.find({
        where: { orgId, releasedAt: IsNull(), ...(recordId ? { recordId } : {}) },
        relations: { record: true },
        order: { createdAt: 'DESC' },
        take: 500,
      }),
    );
    return {
      items: holds.map((h) => ({
        id: h.recordId,
        title: h.record?.title ?? '',
        holdReason: h.reason,
        heldBy: h.placedByName,
        heldSince: h.createdAt.toISOString(),
      })),
    };
  }

  async releaseHold(principal: OrgPrincipal, id: string, client: ClientContext | null): Promise<EvidenceDetail> {
    this.assertWriter(principal);
    const row = await this.row(principal.orgId, id);
    const hold = await this.activeHold(row.orgId, row.id);
    if (!hold) throw new DomainError('CONFLICT', 'evidence.notHeld');
    const released = await this.holds.update(
      { id: hold.id, orgId: row.orgId, releasedAt: IsNull() },
      { releasedAt: new Date(), releasedByUserId: principal.userId, releasedByName: principal.name },
    );
    if (!released.affected) throw new DomainError('CONFLICT', 'evidence.notHeld');
    await this.custody.record(principal.orgId, [row.id], 'hold_released', this.custodyActor(principal, client), hold.reason);
    return this.detail(row);
  }
}
