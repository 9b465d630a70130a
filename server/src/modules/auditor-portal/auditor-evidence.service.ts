import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  EVIDENCE_KINDS,
  EVIDENCE_REQUEST_STATES,
  type AuditorDashboard,
  type EvidenceDetail,
  type EvidenceKind,
  type EvidenceList,
  type EvidenceRecord,
  type EvidenceReviewState,
  type LanguageCode,
  type LegalHold,
  type Principal,
  type ReviewVerdict,
} from '@muster/contracts';
import { In, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { CustodyService } from '../evidence/custody.service.js';
import { EvidenceHoldRow, EvidenceRecordRow, EvidenceRequestRow, EvidenceReviewRow } from '../evidence/entities/index.js';
import { EvidenceFilesService, sha256Of } from '../evidence/evidence-files.service.js';
import { whereInScope } from '../evidence/evidence-scope.js';
import { AuditorAccessService, type AuditorAccess } from './auditor-access.service.js';
import { isCsv, stampCsv, stampedCopy, StampError } from './watermark.js';
import { evidenceRecordView } from './evidence-record-view.js';

/** An auditor's review of a record as the portal shows it. */
type ReviewView = NonNullable<EvidenceRecord['review']>;

const PENDING: ReviewView = { state: 'pending', comment: null, at: null };

function holdView(hold: EvidenceHoldRow): LegalHold {
  return {
    id: hold.id,
    reason: hold.reason,
    placedAt: hold.createdAt.toISOString(),
    placedBy: { id: hold.placedByUserId, name: hold.placedByName },
    releasedAt: hold.releasedAt?.toISOString() ?? null,
    releasedBy: hold.releasedAt ? { id: hold.releasedByUserId, name: hold.releasedByName ?? '' } : null,
  };
}

/** A record as the portal shows it, with its active hold and this invite's review. */
export function recordView(row: EvidenceRecordRow, activeHold: EvidenceHoldRow | null, review: ReviewView | null): EvidenceRecord {
  return { ...evidenceRecordView(row, activeHold), review };
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What the file endpoint answers: the bytes and how to send them. */
export interface EvidenceFileAnswer {
  body: Buffer;
  contentType: string;
  fileName: string;
  disposition: 'inline' | 'attachment';
}

/** The name of a stamped copy: the original's name with "-stamped" and a .pdf extension. */
export function stampedName(fileName: string): string {
  const stem = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'evidence';
  return `${stem}-stamped.pdf`;
}

/**
 * The guest auditor's side of the evidence vault: the records of the invite's scope (anything
 * else, another organisation's included, is a 404 `auditor.evidenceNotFound`), their hashes, holds
 * and custody, inline views and stamped downloads (both custody events with the auditor as actor),
 * and the auditor's verdicts. An ADMIN previewing an invite reads the same and writes nothing.
 */
@Injectable()
export class AuditorEvidenceService {
  constructor(
    private readonly access: AuditorAccessService,
    private readonly custody: CustodyService,
    private readonly files: EvidenceFilesService,
    @InjectRepository(EvidenceRecordRow) private readonly records: Repository<EvidenceRecordRow>,
    @InjectRepository(EvidenceHoldRow) private readonly holds: Repository<EvidenceHoldRow>,
    @InjectRepository(EvidenceReviewRow) private readonly reviews: Repository<EvidenceReviewRow>,
    @InjectRepository(EvidenceRequestRow) private readonly requests: Repository<EvidenceRequestRow>,
  ) {}

  /** Records in scope, joined to this invite's review as `review` (none: pending). */
  private inScope(access: AuditorAccess): SelectQueryBuilder<EvidenceRecordRow> {
    const qb = this.records
      .createQueryBuilder('r')
      .leftJoin(EvidenceReviewRow, 'review', 'review.record_id = r.id AND review.org_id = r.org_id AND review.invite_id = :inviteId', {
        inviteId: access.invite.id,
      });
    return whereInScope(qb, 'r', access.scope);
  }

  async dashboard(principal: Principal, preview: string | undefined, client: ClientContext): Promise<AuditorDashboard> {
    const access = await this.access.resolve(principal, preview, client);
    const tally = async <E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, key: string) => {
      const rows = await qb
        .select(key, 'key')
        .addSelect('COUNT(*)::int', 'count')
        .groupBy(key)
        .getRawMany<{ key: string; count: number | string }>();
      const counts = new Map(rows.map((row) => [row.key, Number(row.count)]));
      return (value: string) => counts.get(value) ?? 0;
    };
    const byState = await tally(this.inScope(access), `COALESCE(review.state, 'pending')`);
    const byKind = await tally(this.inScope(access), 'r.kind');
    const byRequestState = await tally(
      this.requests
        .createQueryBuilder('q')
        .where('q.org_id = :orgId AND q.invite_id = :inviteId', { orgId: access.invite.orgId, inviteId: access.invite.id }),
      'q.state',
    );
    const records = { pending: byState('pending'), accepted: byState('accepted'), flagged: byState('flagged') };
    return {
      invite: {
        id: access.invite.id,
        auditorName: access.invite.auditorName,
        firm: access.invite.firm,
        expiresAt: access.invite.expiresAt.toISOString(),
      },
      scope: access.view,
      records: { total: records.pending + records.accepted + records.flagged, ...records },
      byKind: Object.fromEntries(EVIDENCE_KINDS.map((kind) => [kind, byKind(kind)])) as Record<EvidenceKind, number>,
      requests: Object.fromEntries(EVIDENCE_REQUEST_STATES.map((state) => [state, byRequestState(state)])) as AuditorDashboard['requests'],
      preview: access.preview,
    };
  }

  async list(
    principal: Principal,
    query: {
      q?: string;
      ruleId?: string;
      kind?: EvidenceKind;
      from?: string;
      to?: string;
      state?: EvidenceReviewState;
      page: number;
      pageSize: number;
      preview?: string;
    },
    client: ClientContext,
  ): Promise<EvidenceList> {
    const access = await this.access.resolve(principal, query.preview, client);
    const qb = this.inScope(access);
    if (query.q) {
      qb.andWhere(`(r.title ILIKE :q OR r.description ILIKE :q OR r.file_name ILIKE :q)`, {
        q: `%${likeLiteral(query.q)}%`,
      });
    }
    if (query.ruleId) qb.andWhere('r.rule_ids @> CAST(:ruleJson AS jsonb)', { ruleJson: JSON.stringify([query.ruleId]) });
    if (query.kind) qb.andWhere('r.kind = :kind', { kind: query.kind });
    if (query.from) qb.andWhere('r.period_to >= :from', { from: query.from });
    if (query.to) qb.andWhere('r.period_from <= :to', { to: query.to });
    if (query.state === 'pending') qb.andWhere('review.id IS NULL');
    else if (query.state) qb.andWhere('review.state = :state', { state: query.state });
    const [rows, total] = await qb
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .skip((query.page - 1) * query.pageSize)
      .take(query.pageSize)
      .getManyAndCount();
    const ids = rows.map((r) => r.id);
    const [reviews, holds] = await Promise.all([this.reviewsOf(access, ids), this.activeHoldsOf(access, ids)]);
    return {
      items: rows.map((row) => recordView(row, holds.get(row.id) ?? null, reviews.get(row.id) ?? PENDING)),
      total,
      page: query.page,
      pageSize: query.pageSize,
      editable: false,
    };
  }

  async get(principal: Principal, id: string, preview: string | undefined, client: ClientContext): Promise<EvidenceDetail> {
    const access = await this.access.resolve(principal, preview, client);
    return this.detail(access, await this.find(access, id));
  }

  /** The record's bytes: inline as stored (checked against its hash), or a stamped copy to download. */
  async file(
    principal: Principal,
    id: string,
    query: { disposition: 'inline' | 'attachment'; preview?: string },
    client: ClientContext,
    language: LanguageCode,
  ): Promise<EvidenceFileAnswer> {
    const access = await this.access.resolve(principal, query.preview, client);
    const row = await this.find(access, id);
    const original = await this.files.readVerified(row, access.who);
    const meta = { inviteId: access.invite.id, preview: access.preview };
    if (query.disposition === 'inline') {
      await this.custody.record(row.orgId, [row.id], 'viewed', access.who, null, meta);
      return { body: original, contentType: row.contentType, fileName: row.fileName, disposition: 'inline' };
    }
    const stampInfo = {
      who: access.who.name,
      at: new Date(),
      timeZone: principal.timeZone,
      language,
      recordId: row.id,
      sha256: row.sha256,
    };
    const csv = isCsv(row.contentType);
    let stamped: Buffer;
    try {
      stamped = csv ? stampCsv(original, stampInfo) : await stampedCopy(original, row.contentType, stampInfo);
    } catch (err) {
      if (err instanceof StampError) throw new DomainError('CONFLICT', 'evidence.cannotStamp');
      throw err;
    }
    const stampedSha = sha256Of(stamped);
    await this.custody.record(row.orgId, [row.id], 'downloaded', access.who, `stamped copy ${stampedSha}`, {
      ...meta,
      stampedSha256: stampedSha,
    });
    return csv
      ? {
          body: stamped,
          contentType: row.contentType,
          fileName: row.fileName.replace(/(\.csv)?$/i, '-stamped.csv'),
          disposition: 'attachment',
        }
      : { body: stamped, contentType: 'application/pdf', fileName: stampedName(row.fileName), disposition: 'attachment' };
  }

  /** Accepts a record, or flags it with a comment: one verdict per invite and record (the latest), each a custody event. */
  async review(
    principal: Principal,
    id: string,
    body: { state: ReviewVerdict; comment: string | null },
    preview: string | undefined,
    client: ClientContext,
  ): Promise<EvidenceDetail> {
    const access = await this.access.resolve(principal, preview, client);
    this.access.assertWritable(access);
    const row = await this.find(access, id);
    const comment = body.state === 'flagged' ? body.comment : (body.comment ?? null);
    await this.reviews
      .createQueryBuilder()
      .insert()
      .into(EvidenceReviewRow)
      .values({ orgId: row.orgId, inviteId: access.invite.id, recordId: row.id, state: body.state, comment })
      .orUpdate(['state', 'comment', 'updated_at'], ['invite_id', 'record_id'])
      .execute();
    const detail = body.state === 'flagged' ? `flagged: ${comment ?? ''}` : comment ? `accepted: ${comment}` : 'accepted';
    await this.custody.record(row.orgId, [row.id], 'reviewed', access.who, detail, { inviteId: access.invite.id, state: body.state });
    return this.detail(access, row);
  }

  /** A record in scope, or the same 404 for one outside it, another organisation's or none. */
  private async find(access: AuditorAccess, id: string): Promise<EvidenceRecordRow> {
    const row = isUuid(id) ? await this.inScope(access).andWhere('r.id = :id', { id: id.toLowerCase() }).getOne() : null;
    if (!row) throw new DomainError('NOT_FOUND', 'auditor.evidenceNotFound');
    return row;
  }

  private async detail(access: AuditorAccess, row: EvidenceRecordRow): Promise<EvidenceDetail> {
    const [reviews, holds, custody] = await Promise.all([
      this.reviewsOf(access, [row.id]),
      this.holds.find({ where: { orgId: row.orgId, recordId: row.id }, order: { createdAt: 'DESC' } }),
      this.custody.log(row.orgId, row.id),
    ]);
    const active = holds.find((h) => !h.releasedAt) ?? null;
    return { ...recordView(row, active, reviews.get(row.id) ?? PENDING), custody, holds: holds.map(holdView) };
  }

  private async reviewsOf(access: AuditorAccess, ids: string[]): Promise<Map<string, ReviewView>> {
    if (!ids.length) return new Map();
    const rows = await this.reviews.find({ where: { orgId: access.invite.orgId, inviteId: access.invite.id, recordId: In(ids) } });
    return new Map(rows.map((r) => [r.recordId, { state: r.state, comment: r.comment, at: r.updatedAt.toISOString() }]));
  }

  private async activeHoldsOf(access: AuditorAccess, ids: string[]): Promise<Map<string, EvidenceHoldRow>> {
    if (!ids.length) return new Map();
    const rows = await this.holds.find({ where: { orgId: access.invite.orgId, recordId: In(ids) }, order: { createdAt: 'DESC' } });
    const active = new Map<string, EvidenceHoldRow>();
    for (const hold of rows) if (!hold.releasedAt && !active.has(hold.recordId)) active.set(hold.recordId, hold);
    return active;
  }
}
