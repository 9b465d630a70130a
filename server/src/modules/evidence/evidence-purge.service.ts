import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThanOrEqual, type Repository } from 'typeorm';
import { AuditService } from '../../platform/audit/audit.service.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { UsageService } from '../usage/usage.service.js';
import { EvidenceHoldRow } from './entities/evidence-hold.entity.js';
import { EvidenceRecordRow } from './entities/evidence-record.entity.js';

/** How many expired records one run of the purge takes (the next run takes the rest). */
const PURGE_BATCH = 500;

/**
 * The only way evidence goes: a record past its retention and under no active legal hold is
 * deleted (the database trigger checks both again) with its file, one audit event each, and its
 * bytes are given back to the organisation's storage usage. Anything
 * else is refused with the reason (409), before the database would refuse it too.
 */
@Injectable()
export class EvidencePurgeService {
  constructor(
    @InjectRepository(EvidenceRecordRow) private readonly records: Repository<EvidenceRecordRow>,
    @InjectRepository(EvidenceHoldRow) private readonly holds: Repository<EvidenceHoldRow>,
    private readonly storage: StorageService,
    private readonly audit: AuditService,
    private readonly usage: UsageService,
  ) {}

  /** Purges every expired, unheld record (the daily `recovery.evidence-purge` job). */
  async purgeExpired(now = new Date()): Promise<number> {
    return acrossOrganisations('the daily purge of evidence past its retention', async () => {
      const due = await this.records
        .createQueryBuilder('r')
        .where('r.retain_until <= :now', { now })
        .andWhere('NOT EXISTS (SELECT 1 FROM evidence_holds h WHERE h.record_id = r.id AND h.released_at IS NULL)')
        .orderBy('r.retain_until', 'ASC')
        .take(PURGE_BATCH)
        .getMany();
      let purged = 0;
      for (const row of due) {
        await this.purge(row.orgId, row.id, now);
        purged += 1;
      }
      return purged;
    });
  }

  /** Purges one record, or refuses: not found (404), still retained or held (409). */
  async purge(orgId: string, recordId: string, now = new Date()): Promise<void> {
    const row = isUuid(recordId) ? await this.records.findOne({ where: { id: recordId, orgId } }) : null;
    if (!row) throw new DomainError('NOT_FOUND', 'evidence.notFound');
    if (row.retainUntil > now) {
      throw new DomainError('CONFLICT', 'evidence.retained', { date: row.retainUntil.toISOString().slice(0, 10) });
    }
    const held = await this.holds.exists({ where: { orgId, recordId, releasedAt: IsNull() } });
    if (held) throw new DomainError('CONFLICT', 'evidence.onHold');
    await this.records.delete({ id: row.id, orgId, retainUntil: LessThanOrEqual(now) });
    await this.storage.remove(row.storageKey);
    // The file no longer counts against the organisation's storage.
    await this.usage.release(orgId, 'storage', row.size);
    await this.audit.record({
      action: 'evidence.purged',
      outcome: 'success',
      orgId,
      actor: { role: 'SYSTEM' },
      target: { type: 'evidence_record', id: row.id },
      metadata: {
        title: row.title,
        sha256: row.sha256,
        retainUntil: row.retainUntil.toISOString(),
        actorName: 'Muster',
        actorKind: 'system',
      },
    });
  }
}
