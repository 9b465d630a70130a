import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  api,
  AUDIT_BUNDLE_FILES,
  AUDIT_BUNDLE_FORMAT,
  buildPath,
  JobName,
  jobIds,
  PACKET_KEYS_PATH,
  rooms,
  type AuditBundleView,
  type Principal,
  type RenderStage,
} from '@muster/contracts';
import { In, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { SigningService } from '../../platform/signing/signing.service.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { isUuid, tenant } from '../../platform/tenancy/tenant-scope.js';
import { AuditorAccessService, type AuditorAccess } from '../auditor-portal/auditor-access.service.js';
import { CustodyService } from '../evidence/custody.service.js';
import { EvidenceRecordRow } from '../evidence/entities/evidence-record.entity.js';
import { whereInScope } from '../evidence/evidence-scope.js';
import { EvidenceFilesService } from '../evidence/evidence-files.service.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { AuditorInvite } from '../identity/entities/auditor-invite.entity.js';
import { bundleReadme, custodyCsv, type RecordCustody } from './bundle-texts.js';
import { recordPath, writeBundleZip, type BundleFile } from './bundle-zip.js';
import { AuditBundleRow } from './entities/audit-bundle.entity.js';

/** The custody detail of a record put in (or downloaded with) a bundle. */
export function bundleDetail(bundleId: string): string {
  return `audit bundle ${bundleId}`;
}

function viewOf(row: AuditBundleRow, invite: Pick<AuditorInvite, 'expiresAt' | 'revokedAt'>, preview: string | null): AuditBundleView {
  const kept = row.status === 'done' && row.storageKey !== null && invite.expiresAt > new Date() && !invite.revokedAt;
  const path = buildPath(api.auditBundles.download.path, { id: row.id });
  return {
    id: row.id,
    status: row.status,
    stage: row.stage,
    percent: row.percent,
    recordCount: row.recordIds.length,
    sizeBytes: row.sizeBytes,
    manifestSha256: row.manifestSha256,
    kid: row.kid,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: invite.expiresAt.toISOString(),
    reason: row.reason,
    downloadUrl: kept ? (preview ? `${path}?preview=${preview}` : path) : null,
  };
}

/**
 * Audit bundles: a guest auditor asks for a zip of the records in their scope (or some of them);
 * a worker of the `render` queue writes it (each file re-hashed as it is read: a mismatch fails
 * the bundle with `evidence.integrityFailed`), signs its manifest with the platform key and keeps
 * it in storage for the invite's lifetime. Each record bundled is a `shared` custody event; each
 * download of the zip an `audit_bundle.downloaded` audit event and a `downloaded` custody event
 * of every record in it. An ADMIN previewing the invite sees and downloads the bundles (as
 * themselves) but cannot build one.
 */
@Injectable()
export class AuditBundlesService {
  constructor(
    @InjectRepository(AuditBundleRow) private readonly bundles: Repository<AuditBundleRow>,
    @InjectRepository(EvidenceRecordRow) private readonly records: Repository<EvidenceRecordRow>,
    @InjectRepository(AuditorInvite) private readonly invites: Repository<AuditorInvite>,
    @InjectRepository(Organization) private readonly organisations: Repository<Organization>,
    private readonly access: AuditorAccessService,
    private readonly custody: CustodyService,
    private readonly files: EvidenceFilesService,
    private readonly storage: StorageService,
    private readonly signing: SigningService,
    private readonly queues: QueueService,
    private readonly realtime: RealtimeService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get origin(): string {
    return this.config.APP_ORIGINS[0] ?? `http://localhost:${String(this.config.PORT)}`;
  }

  async list(principal: Principal, preview: string | undefined, client: ClientContext): Promise<{ items: AuditBundleView[] }> {
    const access = await this.access.resolve(principal, preview, client);
    const rows = await tenant(this.bundles, access.invite).find({ inviteId: access.invite.id }, { createdAt: 'DESC' });
    return { items: rows.map((row) => viewOf(row, access.invite, access.preview ? access.invite.id : null)) };
  }

  async get(principal: Principal, preview: string | undefined, id: string, client: ClientContext): Promise<AuditBundleView> {
    const access = await this.access.resolve(principal, preview, client);
    return viewOf(await this.own(access, id), access.invite, access.preview ? access.invite.id : null);
  }

  /** Asks for a bundle (the auditor only): the named records must all be in scope (else 404), none named = every record in scope. */
  async create(
    principal: Principal,
    preview: string | undefined,
    client: ClientContext,
    recordIds: readonly string[] | undefined,
  ): Promise<AuditBundleView> {
    const access = await this.access.resolve(principal, preview, client);
    this.access.assertWritable(access);
    const ids = await this.recordsToBundle(access, recordIds);
    const scoped = tenant(this.bundles, access.invite);
    const row = await scoped.save(
      scoped.create({
        inviteId: access.invite.id,
        requestedBy: { ...access.who, actor: { ...access.who.actor } },
        recordIds: ids,
        status: 'queued',
        stage: 'queued',
        percent: 0,
      }),
    );
    await this.audit.record({
      action: 'audit_bundle.requested',
      outcome: 'success',
      orgId: access.invite.orgId,
      actor: access.who.actor,
      target: { type: 'audit_bundle', id: row.id },
      metadata: { records: ids.length, inviteId: access.invite.id },
    });
    await this.queues.enqueue(
      JobName.RenderAuditBundle,
      { orgId: row.orgId, bundleId: row.id },
      { jobId: jobIds.renderAuditBundle(row.id) },
    );
    return viewOf(row, access.invite, null);
  }

  /** The zip of a built bundle, while the invite lasts; audited, and a custody event of each record in it. */
  async download(
    principal: Principal,
    preview: string | undefined,
    id: string,
    client: ClientContext,
  ): Promise<{ stream: Readable; fileName: string; size: number }> {
    const access = await this.access.resolve(principal, preview, client);
    const row = await this.own(access, id);
    if (row.status !== 'done')
      throw new DomainError('CONFLICT', row.status === 'failed' ? 'auditor.bundleFailed' : 'auditor.bundleNotReady');
    if (!row.storageKey) throw new DomainError('INVALID_RESET_LINK', 'auditor.bundleExpired');
    const file = await this.storage.read(row.storageKey);
    await this.audit.record({
      action: 'audit_bundle.downloaded',
      outcome: 'success',
      orgId: row.orgId,
      actor: access.who.actor,
      target: { type: 'audit_bundle', id: row.id },
      metadata: { records: row.recordIds.length, inviteId: row.inviteId, preview: access.preview, manifestSha256: row.manifestSha256 },
    });
    await this.custody.record(row.orgId, row.recordIds, 'downloaded', access.who, bundleDetail(row.id));
    return {
      stream: file.stream,
      fileName: `muster-audit-bundle-${row.createdAt.toISOString().slice(0, 10)}-${row.id.slice(0, 8)}.zip`,
      size: file.size,
    };
  }

  /** Builds one bundle (the `render.audit-bundle` job). A bundle already built or failed is left as it is. */
  async build(orgId: string, bundleId: string): Promise<void> {
    const row = await tenant(this.bundles, { orgId }).findOne(bundleId);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    // A retried job (a worker died mid-build) has shared the records already.
    const firstAttempt = row.status === 'queued';
    const dir = await mkdtemp(join(tmpdir(), 'muster-bundle-'));
    try {
      await this.move(row, 'running', 'reading', 2);
      const invite = await tenant(this.invites, { orgId }).get(row.inviteId, 'resource');
      const org = await this.organisations.findOne({ where: { id: orgId } });
      const { view } = await this.access.scopeOf(invite);
      const found = await tenant(this.records, { orgId }).find({ id: In(row.recordIds) });
      const byId = new Map(found.map((r) => [r.id, r]));
      const records = row.recordIds.map((id) => byId.get(id));
      if (records.some((r) => !r)) throw new DomainError('NOT_FOUND', 'auditor.evidenceNotFound');
      const rows = records as EvidenceRecordRow[];
      const who = row.requestedBy;
      // The share comes first, so each record's custody log in the bundle shows it.
      if (firstAttempt) await this.custody.record(orgId, row.recordIds, 'shared', who, bundleDetail(row.id));
      const logs: RecordCustody[] = [];
      for (const r of rows) {
        const path = recordPath({
          id: r.id,
          kind: r.kind,
          title: r.title,
          from: r.periodFrom,
          fileName: r.fileName,
          contentType: r.contentType,
        });
        logs.push({ recordId: r.id, title: r.title, path, events: await this.custody.log(orgId, r.id) });
      }
      await this.move(row, 'running', 'rendering', 5);

      const key = await this.signing.active();
      const createdAt = row.createdAt.toISOString();
      const auditorName = invite.firm ? `${invite.auditorName} (${invite.firm})` : invite.auditorName;
      const keysUrl = `${this.origin}${PACKET_KEYS_PATH}`;
      const files = this.read(rows, logs, who);
      const zipPath = join(dir, 'bundle.zip');
      let shown = 5;
      const built = await writeBundleZip({
        files,
        head: {
          format: AUDIT_BUNDLE_FORMAT,
          bundleId: row.id,
          organisation: { id: orgId, name: org?.name ?? '' },
          auditor: { inviteId: invite.id, name: invite.auditorName, firm: invite.firm, email: invite.email },
          scope: {
            profiles: view.profiles.map((p) => ({ id: p.id, name: p.name })),
            facilities: view.facilities,
            from: view.from,
            to: view.to,
          },
          createdAt,
          signature: { alg: 'Ed25519', kid: key.kid, keys: keysUrl, file: AUDIT_BUNDLE_FILES.signature },
        },
        extras: () =>
          Promise.resolve([
            { path: AUDIT_BUNDLE_FILES.custodyJson, body: Buffer.from(`${JSON.stringify(logs, null, 2)}\n`, 'utf8'), record: null },
            { path: AUDIT_BUNDLE_FILES.custodyCsv, body: Buffer.from(custodyCsv(logs), 'utf8'), record: null },
            {
              path: AUDIT_BUNDLE_FILES.readme,
              body: Buffer.from(
                bundleReadme({
                  bundleId: row.id,
                  organisation: org?.name ?? '',
                  auditor: auditorName,
                  createdAt,
                  kid: key.kid,
                  keysUrl,
                  verifyUrl: `${this.origin}/verify-packet`,
                  records: rows.length,
                }),
                'utf8',
              ),
              record: null,
            },
          ]),
        sign: (bytes) => {
          const signed = this.signing.signWith(key, bytes);
          row.signature = signed.signature;
          row.kid = signed.kid;
          return Promise.resolve(Buffer.from(signed.signature, 'base64url').toString('base64'));
        },
        out: createWriteStream(zipPath),
        onFile: async (done) => {
          const percent = 5 + Math.floor((85 * done) / rows.length);
          if (percent - shown >= 5 || done === rows.length) {
            shown = percent;
            await this.move(row, 'running', 'rendering', percent);
          }
        },
        mtime: row.createdAt,
      });
      await this.move(row, 'running', 'storing', 92);
      const storageKey = `audit-bundles/${orgId}/${row.id}.zip`;
      await this.storage.putFile(storageKey, zipPath, 'application/zip');
      Object.assign(row, {
        storageKey,
        sizeBytes: built.sizeBytes,
        manifestSha256: built.manifestSha256,
        fileCount: built.manifest.files.length,
        finishedAt: new Date(),
        reason: null,
      });
      await this.move(row, 'done', 'done', 100);
    } catch (err) {
      if (err instanceof DomainError) {
        // A refusal (a file that no longer matches its hash, a record gone) will not change on a retry.
        row.reason = err.reason;
        row.signature = null;
        row.kid = null;
        await this.move(row, 'failed', 'failed', row.percent);
        return;
      }
      throw err;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Marks a bundle failed once its job has used up its attempts. */
  async giveUp(orgId: string, bundleId: string): Promise<void> {
    const row = await tenant(this.bundles, { orgId }).findOne(bundleId);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    row.reason = 'auditor.bundleFailed';
    await this.move(row, 'failed', 'failed', row.percent);
  }

  /** Removes the zips of bundles whose invite has expired or was revoked (the rows stay, for /verify-packet). */
  async sweep(now = new Date()): Promise<number> {
    return acrossOrganisations('the hourly sweep of expired audit bundles', async () => {
      const expired = await this.bundles
        .createQueryBuilder('b')
        .innerJoin(AuditorInvite, 'i', 'i.id = b.invite_id AND i.org_id = b.org_id')
        .where('b.storage_key IS NOT NULL')
        .andWhere('(i.expires_at <= :now OR i.revoked_at IS NOT NULL)', { now })
        .take(500)
        .getMany();
      for (const row of expired) {
        await this.storage.remove(row.storageKey!);
        await this.bundles.update({ id: row.id, orgId: row.orgId }, { storageKey: null });
      }
      return expired.length;
    });
  }

  /** The records' files, read one at a time and checked against their hashes (`reader` is named on a mismatch). */
  private async *read(rows: EvidenceRecordRow[], logs: RecordCustody[], reader: AuditBundleRow['requestedBy']): AsyncGenerator<BundleFile> {
    for (const [i, r] of rows.entries()) {
      const body = await this.files.readVerified(r, reader);
      yield {
        path: logs[i]!.path,
        body,
        record: {
          id: r.id,
          kind: r.kind,
          title: r.title,
          from: r.periodFrom,
          to: r.periodTo,
          ruleIds: r.ruleIds,
          facility: r.facility,
          fileName: r.fileName,
          addedAt: r.createdAt.toISOString(),
        },
      };
    }
  }

  /** The ids to bundle: the named ones (each in scope, else 404), or every record in scope, oldest first. */
  private async recordsToBundle(access: AuditorAccess, recordIds: readonly string[] | undefined): Promise<string[]> {
    const qb = whereInScope(this.records.createQueryBuilder('r').select(['r.id', 'r.createdAt']), 'r', access.scope);
    if (recordIds !== undefined) {
      const wanted = [...new Set(recordIds.map((id) => id.toLowerCase()))];
      if (!wanted.length)
        throw new DomainError(
          'VALIDATION_FAILED',
          'auditor.bundleEmpty',
          {},
          { fields: { recordIds: { reason: 'auditor.bundleEmpty', params: {} } } },
        );
      if (!wanted.every(isUuid)) throw new DomainError('NOT_FOUND', 'auditor.evidenceNotFound');
      const found = await qb.andWhere('r.id IN (:...wanted)', { wanted }).getMany();
      if (found.length !== wanted.length) throw new DomainError('NOT_FOUND', 'auditor.evidenceNotFound');
      return wanted;
    }
    if (!access.scope.ruleIds.length) throw new DomainError('VALIDATION_FAILED', 'auditor.bundleEmpty');
    const all = await qb.orderBy('r.created_at', 'ASC').addOrderBy('r.id', 'ASC').getMany();
    if (!all.length) throw new DomainError('VALIDATION_FAILED', 'auditor.bundleEmpty');
    return all.map((r) => r.id);
  }

  private async own(access: AuditorAccess, id: string): Promise<AuditBundleRow> {
    const row = isUuid(id) ? await tenant(this.bundles, access.invite).findOne(id) : null;
    if (!row || row.inviteId !== access.invite.id) throw new DomainError('NOT_FOUND', 'auditor.bundleNotFound');
    return row;
  }

  /** Records where the bundle is and tells its auditor. */
  private async move(row: AuditBundleRow, status: AuditBundleRow['status'], stage: RenderStage, percent: number): Promise<void> {
    Object.assign(row, { status, stage, percent });
    await tenant(this.bundles, row).save(row);
    const invite = await tenant(this.invites, row).findOne(row.inviteId);
    if (invite) this.realtime.emitTo(rooms.user(row.inviteId), 'auditor:bundle', viewOf(row, invite, null));
  }
}
