import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  formatShortCode,
  hasRank,
  normaliseShortCode,
  periodProblem,
  PACKET_MAX_PERIOD_YEARS,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  WAIVER_VERSION,
  type LanguageCode,
  type OrgPrincipal,
  type PacketContent,
  type PacketList,
  type PacketManifestView,
  type PacketRun,
  type PacketTokenPayload,
  type PacketView,
  type VerifyPacketInput,
  type VerifyPacketResult,
  type WaiverState,
  type DrillSummary,
} from '@muster/contracts';
import { DataSource, LessThan, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { canonicalJson } from '../../platform/signing/canonical-json.js';
import { SigningService, verifyWithPublicKey } from '../../platform/signing/signing.service.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { acrossOrganisations, withinOrganisation } from '../../platform/tenancy/tenant-check.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { SummaryService } from '../drills/summary/summary.service.js';
import { PacketFileRow } from './entities/packet-file.entity.js';
import { PacketRow } from './entities/packet.entity.js';
import { WaiverAcceptanceRow } from './entities/waiver-acceptance.entity.js';
import { PacketEvaluator, type PacketActor } from './packet-evaluator.js';
import {
  buildManifest,
  decodeToken,
  encodeToken,
  fileSha256,
  fileStatement,
  manifestSha256,
  tokenPayloadBytes,
} from './packet-manifest.js';
import { packetPdf, type PacketPdfMeta } from './packet-pdf.js';

/** Where the requester came from, for the audit trail. */
export interface PacketClient {
  ip: string;
  userAgent: string | null;
}

/** A made file of a packet: the bytes a requester downloads. */
export interface PacketFile {
  body: Buffer;
  fileName: string;
  packet: PacketRow;
}

/** Progress of an issue, for the render's bar. */
export type PacketProgress = (stage: 'reading' | 'rendering', percent: number) => Promise<void>;

const notFound = () => new DomainError('NOT_FOUND', 'packets.notFound');

function newShortCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += SHORT_CODE_ALPHABET.charAt(randomInt(SHORT_CODE_ALPHABET.length));
  return code;
}

/** The frozen record of one drill run, from its after-action summary. */
export function packetRunOf(summary: DrillSummary): PacketRun {
  const { run, attendance } = summary;
  return {
    id: run.id,
    title: run.title,
    scenario: run.scenario,
    type: run.type,
    location: run.location,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
    lead: run.lead.name,
    participants: attendance.participants.map((p) => ({ name: p.name, present: p.checkedInAt !== null })),
    musterMs: attendance.musterMs,
    musterTargetMs: attendance.musterTargetMs,
    observations: [...summary.observations.strengths, ...summary.observations.improvements].map((o) => ({
      kind: o.kind,
      note: o.note,
      author: o.author.name,
    })),
    actions: summary.actions.map((a) => ({ title: a.title, owner: a.owner.name, dueDate: a.dueDate, status: a.status })),
    approval: run.approvedAt ? { by: run.approvedBy?.name ?? '', at: run.approvedAt } : null,
  };
}

/**
 * Compliance packets: issued for a profile and a period from the evaluator's verdicts and the
 * drill runs they counted, frozen, hashed (manifest), signed with the platform key, stored;
 * re-issuing supersedes; an ADMIN revokes. Every download is a copy stamped with its downloader,
 * rendered from the frozen content, its hash recorded (so the public page recognises it) and
 * audited, after the member accepted the waiver.
 */
@Injectable()
export class PacketsService {
  constructor(
    @InjectRepository(PacketRow) private readonly packets: Repository<PacketRow>,
    @InjectRepository(PacketFileRow) private readonly files: Repository<PacketFileRow>,
    @InjectRepository(WaiverAcceptanceRow) private readonly waivers: Repository<WaiverAcceptanceRow>,
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly evaluator: PacketEvaluator,
    private readonly summaries: SummaryService,
    private readonly signing: SigningService,
    private readonly storage: StorageService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get origin(): string {
    return this.config.APP_ORIGINS[0] ?? `http://localhost:${String(this.config.PORT)}`;
  }

  private verifyUrl(token: string): string {
    return `${this.origin}/verify-packet?t=${token}`;
  }

  private async downloadCounts(orgId: string, ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await this.files
      .createQueryBuilder('f')
      .select('f.packet_id', 'packetId')
      .addSelect('COUNT(*)', 'n')
      .where('f.org_id = :orgId AND f.packet_id IN (:...ids) AND f.kind = :kind', { orgId, ids, kind: 'download' })
      .groupBy('f.packet_id')
      .getRawMany<{ packetId: string; n: string }>();
    return new Map(rows.map((r) => [r.packetId, Number(r.n)]));
  }

  private viewOf(row: PacketRow, downloads: number): PacketView {
    return {
      id: row.id,
      version: row.version,
      state: row.state,
      profileId: row.profileId,
      profileName: row.profileName,
      from: row.periodFrom,
      to: row.periodTo,
      issuedAt: row.issuedAt.toISOString(),
      issuedBy: row.issuedByName,
      shortCode: formatShortCode(row.shortCode),
      kid: row.kid,
      manifestSha256: row.manifestSha256,
      pdfSha256: row.pdfSha256,
      verifyUrl: this.verifyUrl(row.token),
      supersededById: row.supersededById,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      revokedReason: row.revokedReason,
      downloads,
    };
  }

  private async own(orgId: string, id: string): Promise<PacketRow> {
    const row = isUuid(id) ? await this.packets.findOne({ where: { id, orgId } }) : null;
    if (!row) throw notFound();
    return row;
  }

  async list(actor: OrgPrincipal): Promise<PacketList> {
    const rows = await this.packets.find({ where: { orgId: actor.orgId }, order: { issuedAt: 'DESC', version: 'DESC' } });
    const counts = await this.downloadCounts(
      actor.orgId,
      rows.map((r) => r.id),
    );
    return { packets: rows.map((r) => this.viewOf(r, counts.get(r.id) ?? 0)) };
  }

  async get(actor: OrgPrincipal, id: string): Promise<PacketView> {
    const row = await this.own(actor.orgId, id);
    return this.viewOf(row, (await this.downloadCounts(actor.orgId, [row.id])).get(row.id) ?? 0);
  }

  async manifest(actor: OrgPrincipal, id: string): Promise<PacketManifestView> {
    const row = await this.own(actor.orgId, id);
    return {
      manifest: row.manifest,
      manifestSha256: row.manifestSha256,
      signature: row.signature,
      pdfSha256: row.pdfSha256,
      fileSignature: row.fileSignature,
      kid: row.kid,
      token: row.token,
    };
  }

  // -------------------------------------------------------------------------------------------
  // The waiver

  async waiver(actor: { orgId: string; userId: string }): Promise<WaiverState> {
    const row = await this.waivers.findOne({ where: { orgId: actor.orgId, userId: actor.userId, waiverVersion: WAIVER_VERSION } });
    return { version: WAIVER_VERSION, acceptedAt: row?.createdAt.toISOString() ?? null };
  }

  /** Records the member's acceptance of the current version, once (a second acceptance changes nothing). */
  async acceptWaiver(actor: OrgPrincipal & { userId: string }, version: string, client: PacketClient): Promise<WaiverState> {
    if (version !== WAIVER_VERSION) throw new InvalidFieldError('version', 'packets.waiverVersion');
    const inserted = await this.waivers
      .createQueryBuilder()
      .insert()
      .values({ orgId: actor.orgId, userId: actor.userId, waiverVersion: WAIVER_VERSION, userName: actor.name })
      .orIgnore()
      .returning('id')
      .execute();
    if (inserted.raw && (inserted.raw as unknown[]).length) {
      await this.audit.record({
        action: 'compliance.waiver.accept',
        outcome: 'success',
        actor: {
          userId: actor.userId,
          role: actor.role,
          orgId: actor.orgId,
          email: actor.email,
          ip: client.ip,
          userAgent: client.userAgent,
        },
        metadata: { version: WAIVER_VERSION },
      });
    }
    return this.waiver(actor);
  }

  private async assertWaiver(actor: { orgId: string; userId: string }): Promise<void> {
    if (!(await this.waiver(actor)).acceptedAt) throw new DomainError('CONFLICT', 'packets.waiverRequired', { version: WAIVER_VERSION });
  }

  // -------------------------------------------------------------------------------------------
  // Issue, download, revoke

  /** Refuses what the requester may not issue (the render's check, before it is queued). */
  async checkIssue(actor: PacketActor, input: { profileId: string; from: string; to: string }, evaluate = true): Promise<void> {
    if (!hasRank(actor.role, 'MANAGER')) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    const problem = periodProblem(input.from, input.to);
    if (problem) throw new InvalidFieldError('to', problem, { years: PACKET_MAX_PERIOD_YEARS });
    await this.assertWaiver(actor);
    if (evaluate) await this.evaluator.evaluate(actor, input.profileId, { from: input.from, to: input.to });
  }

  /** Refuses a download the requester may not have: the packet must be theirs to read, the waiver accepted. */
  async checkDownload(actor: PacketActor, packetId: string): Promise<void> {
    await this.own(actor.orgId, packetId);
    await this.assertWaiver(actor);
  }

  /**
   * Issues a packet (version N+1 of its profile and period, superseding the current one) and answers
   * the requester's stamped copy.
   */
  async issue(
    actor: PacketActor,
    input: { profileId: string; from: string; to: string },
    language: LanguageCode,
    client: PacketClient,
    progress: PacketProgress = () => Promise.resolve(),
  ): Promise<PacketFile> {
    await this.checkIssue(actor, input, false);
    const row = await this.issuePacket(actor, input, language, client, progress);
    return this.stampedCopy(actor, row, language, client);
  }

  /**
   * Makes, signs, stores and records a packet (the issued file, unstamped); the one before it in
   * its series is superseded. The caller checked the actor (the render's check, or the demo seed).
   */
  async issuePacket(
    actor: PacketActor,
    input: { profileId: string; from: string; to: string },
    language: LanguageCode,
    client: PacketClient,
    progress: PacketProgress = () => Promise.resolve(),
    now = new Date(),
  ): Promise<PacketRow> {
    const period = { from: input.from, to: input.to };
    const evaluation = await this.evaluator.evaluate(actor, input.profileId, period);
    const runIds = [...new Set(evaluation.rules.flatMap((r) => r.runIds))];
    const runs: PacketRun[] = [];
    for (const id of runIds) runs.push(packetRunOf(await this.summaries.summary(actor, id)));
    runs.sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? '') || a.id.localeCompare(b.id));
    const org = await this.organizations.findOneByOrFail({ id: actor.orgId });
    const content: PacketContent = {
      organisation: { id: org.id, name: org.name, timeZone: org.timeZone },
      profile: evaluation.profile,
      period,
      rules: evaluation.rules,
      runs,
      documents: evaluation.documents,
    };
    await progress('rendering', 40);
    const key = await this.signing.active(now);
    const packetId = randomUUID();
    const issuedAt = now.toISOString();
    const latest = await this.packets.findOne({
      where: { orgId: actor.orgId, profileId: evaluation.profile.id, periodFrom: period.from, periodTo: period.to },
      order: { version: 'DESC' },
    });
    const version = (latest?.version ?? 0) + 1;
    const manifest = buildManifest(content, { packetId, version, issuedAt, kid: key.kid });
    const manifestHash = manifestSha256(manifest);
    const signature = this.signing.signWith(key, canonicalJson(manifest)).signature;
    const payload: PacketTokenPayload = { v: 1, p: packetId, m: manifestHash, d: issuedAt, k: key.kid };
    const token = encodeToken(payload, this.signing.signWith(key, tokenPayloadBytes(payload)).signature);
    const shortCode = await this.freeShortCode();
    const meta: PacketPdfMeta = {
      packetId,
      version,
      issuedAt,
      issuedBy: actor.name,
      kid: key.kid,
      manifest,
      manifestSha256: manifestHash,
      shortCode,
      verifyUrl: this.verifyUrl(token),
      verifyPage: `${this.origin}/verify-packet`,
    };
    const pdf = await packetPdf(content, meta, language, null);
    const pdfSha256 = fileSha256(pdf);
    const fileSignature = this.signing.signWith(key, fileStatement(packetId, manifestHash, pdfSha256)).signature;
    const storageKey = `packets/${actor.orgId}/${packetId}.pdf`;
    await this.storage.put(storageKey, pdf, 'application/pdf');
    const row = await withinOrganisation(actor.orgId, () =>
      this.dataSource.transaction(async (tx) => {
        const saved = await tx.save(
          tx.create(PacketRow, {
            id: packetId,
            orgId: actor.orgId,
            profileId: evaluation.profile.id,
            profileName: evaluation.profile.name,
            orgName: org.name,
            periodFrom: period.from,
            periodTo: period.to,
            version,
            state: 'issued',
            shortCode,
            issuedAt: now,
            issuedByUserId: actor.userId,
            issuedByName: actor.name,
            language,
            content,
            manifest,
            manifestSha256: manifestHash,
            kid: key.kid,
            signature,
            token,
            pdfSha256,
            fileSignature,
            storageKey,
          }),
        );
        await tx.update(
          PacketRow,
          {
            orgId: actor.orgId,
            profileId: saved.profileId,
            periodFrom: period.from,
            periodTo: period.to,
            state: 'issued',
            version: LessThan(version),
          },
          { state: 'superseded', supersededById: saved.id, supersededAt: now },
        );
        await tx.save(
          tx.create(PacketFileRow, { orgId: actor.orgId, packetId, kind: 'issued', sha256: pdfSha256, userId: null, language }),
        );
        return saved;
      }),
    );
    await this.audit.record({
      action: 'compliance.packet.issue',
      outcome: 'success',
      actor: { userId: actor.userId, role: actor.role, orgId: actor.orgId, email: actor.email, ip: client.ip, userAgent: client.userAgent },
      target: { type: 'compliance_packet', id: row.id },
      metadata: { version, profileId: row.profileId, from: period.from, to: period.to, manifestSha256: manifestHash, kid: key.kid },
    });
    return row;
  }

  /** A download of a packet: a copy stamped with the requester and the moment. */
  async download(actor: PacketActor, packetId: string, language: LanguageCode, client: PacketClient): Promise<PacketFile> {
    const row = await this.own(actor.orgId, packetId);
    await this.assertWaiver(actor);
    return this.stampedCopy(actor, row, language, client);
  }

  private async stampedCopy(actor: PacketActor, row: PacketRow, language: LanguageCode, client: PacketClient): Promise<PacketFile> {
    const at = new Date();
    const meta: PacketPdfMeta = {
      packetId: row.id,
      version: row.version,
      issuedAt: row.issuedAt.toISOString(),
      issuedBy: row.issuedByName,
      kid: row.kid,
      manifest: row.manifest,
      manifestSha256: row.manifestSha256,
      shortCode: row.shortCode,
      verifyUrl: this.verifyUrl(row.token),
      verifyPage: `${this.origin}/verify-packet`,
    };
    const body = await packetPdf(row.content, meta, language, { name: actor.name, at });
    const sha256 = fileSha256(body);
    await withinOrganisation(actor.orgId, () =>
      this.files.save(this.files.create({ orgId: row.orgId, packetId: row.id, kind: 'download', sha256, userId: actor.userId, language })),
    );
    await this.audit.record({
      action: 'compliance.packet.download',
      outcome: 'success',
      actor: { userId: actor.userId, role: actor.role, orgId: actor.orgId, email: actor.email, ip: client.ip, userAgent: client.userAgent },
      target: { type: 'compliance_packet', id: row.id },
      metadata: { version: row.version, sha256, language, waiverVersion: WAIVER_VERSION },
    });
    const name = `${row.profileName} — compliance packet ${row.periodFrom} to ${row.periodTo} v${String(row.version)}.pdf`;
    return { body, fileName: name.replace(/[/\\]/g, '-'), packet: row };
  }

  private async freeShortCode(): Promise<string> {
    for (;;) {
      const code = newShortCode();
      const taken = await acrossOrganisations('a new short code must be unique across organisations', () =>
        this.packets.exists({ where: { shortCode: code } }),
      );
      if (!taken) return code;
    }
  }

  async revoke(actor: OrgPrincipal & { userId: string }, id: string, reason: string, client: PacketClient): Promise<PacketView> {
    if (!hasRank(actor.role, 'ADMIN')) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    const row = await this.own(actor.orgId, id);
    if (row.state !== 'issued') throw new DomainError('CONFLICT', 'packets.notIssued');
    const now = new Date();
    await this.packets.update(
      { id: row.id, orgId: actor.orgId, state: 'issued' },
      { state: 'revoked', revokedAt: now, revokedReason: reason, revokedByUserId: actor.userId },
    );
    await this.audit.record({
      action: 'compliance.packet.revoke',
      outcome: 'success',
      actor: { userId: actor.userId, role: actor.role, orgId: actor.orgId, email: actor.email, ip: client.ip, userAgent: client.userAgent },
      target: { type: 'compliance_packet', id: row.id },
      metadata: { version: row.version, reason },
    });
    return this.get(actor, id);
  }

  // -------------------------------------------------------------------------------------------
  // Public verification

  /**
   * A packet's live status, found by its QR token (signature checked), its short code or a file
   * hash. Malformed input is a 400; a well-formed code or hash that matches nothing is a 404 that
   * says nothing else. Only the organisation, profile, period, issue date and state are told.
   */
  async verify(input: VerifyPacketInput): Promise<VerifyPacketResult> {
    return acrossOrganisations('the public packet verification page', async () => {
      let packet: PacketRow | null = null;
      if (input.token !== undefined) {
        const decoded = decodeToken(input.token);
        if (!decoded) throw new InvalidFieldError('token', 'packets.malformedToken');
        const key = (await this.signing.published()).find((k) => k.kid === decoded.payload.k);
        if (!key || !verifyWithPublicKey(key.publicKey, decoded.bytes, decoded.signature)) {
          throw new InvalidFieldError('token', 'packets.malformedToken');
        }
        packet = await this.packets.findOne({ where: { id: decoded.payload.p } });
        if (packet && packet.manifestSha256 !== decoded.payload.m) packet = null;
      } else if (input.code !== undefined) {
        const code = normaliseShortCode(input.code);
        if (!code) throw new InvalidFieldError('code', 'packets.malformedCode');
        packet = await this.packets.findOne({ where: { shortCode: code } });
      } else if (input.sha256 !== undefined) {
        const file = await this.files.findOne({ where: { sha256: input.sha256.toLowerCase() } });
        packet = file ? await this.packets.findOne({ where: { id: file.packetId } }) : null;
      }
      if (!packet) throw new DomainError('NOT_FOUND', 'packets.unknown');
      const fileMatch =
        input.sha256 === undefined ? null : await this.files.exists({ where: { packetId: packet.id, sha256: input.sha256.toLowerCase() } });
      let current: PacketRow | null = null;
      if (packet.state === 'superseded') {
        current = await this.packets.findOne({
          where: { orgId: packet.orgId, profileId: packet.profileId, periodFrom: packet.periodFrom, periodTo: packet.periodTo },
          order: { version: 'DESC' },
        });
      }
      return {
        status: packet.state === 'issued' ? 'valid' : packet.state,
        organisation: packet.orgName,
        profile: packet.profileName,
        from: packet.periodFrom,
        to: packet.periodTo,
        issuedAt: packet.issuedAt.toISOString(),
        version: packet.version,
        shortCode: formatShortCode(packet.shortCode),
        revokedAt: packet.revokedAt?.toISOString() ?? null,
        revokedReason: packet.revokedReason,
        currentShortCode: current && current.id !== packet.id ? formatShortCode(current.shortCode) : null,
        fileMatch,
      };
    });
  }
}
