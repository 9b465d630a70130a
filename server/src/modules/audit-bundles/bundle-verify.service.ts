import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AUDIT_BUNDLE_FORMAT, type VerifyBundleResult } from '@muster/contracts';
import type { Repository } from 'typeorm';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { SigningService } from '../../platform/signing/signing.service.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { AuditorInvite } from '../identity/entities/auditor-invite.entity.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { AuditBundleRow } from './entities/audit-bundle.entity.js';

/**
 * An audit bundle's manifest.json checked on the public /verify-packet page: the bundle it names
 * must be one Muster built (else 404 `auditor.bundleUnknown`); the answer says whether these bytes
 * are exactly the manifest it was built with and whether its Ed25519 signature verifies over
 * them, with the organisation, the auditor and when — nothing of the records.
 */
@Injectable()
export class BundleVerifyService {
  constructor(
    @InjectRepository(AuditBundleRow) private readonly bundles: Repository<AuditBundleRow>,
    @InjectRepository(AuditorInvite) private readonly invites: Repository<AuditorInvite>,
    @InjectRepository(Organization) private readonly organisations: Repository<Organization>,
    private readonly signing: SigningService,
  ) {}

  async verify(manifestText: string): Promise<VerifyBundleResult> {
    const bundleId = bundleIdOf(manifestText);
    if (!bundleId) throw new InvalidFieldError('bundleManifest', 'auditor.bundleManifestMalformed');
    return acrossOrganisations('the public audit bundle verification page', async () => {
      const row = await this.bundles.findOne({ where: { id: bundleId } });
      if (!row || row.status !== 'done' || !row.manifestSha256 || !row.kid || !row.signature) {
        throw new DomainError('NOT_FOUND', 'auditor.bundleUnknown');
      }
      const bytes = Buffer.from(manifestText, 'utf8');
      const [invite, org, signatureValid] = await Promise.all([
        this.invites.findOne({ where: { id: row.inviteId, orgId: row.orgId } }),
        this.organisations.findOne({ where: { id: row.orgId } }),
        this.signing.verify(row.kid, bytes, row.signature),
      ]);
      return {
        kind: 'bundle' as const,
        bundleId: row.id,
        manifestMatch: createHash('sha256').update(bytes).digest('hex') === row.manifestSha256,
        signatureValid,
        kid: row.kid,
        organisation: org?.name ?? '',
        auditor: invite?.auditorName ?? row.requestedBy.name,
        firm: invite?.firm ?? null,
        createdAt: row.createdAt.toISOString(),
        fileCount: row.fileCount ?? 0,
        recordCount: row.recordIds.length,
      };
    });
  }
}

/** The bundle id a manifest names, or null when the text is not a Muster audit bundle manifest. */
function bundleIdOf(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { format, bundleId } = parsed as { format?: unknown; bundleId?: unknown };
  if (format !== AUDIT_BUNDLE_FORMAT || typeof bundleId !== 'string' || !isUuid(bundleId)) return null;
  return bundleId.toLowerCase();
}
