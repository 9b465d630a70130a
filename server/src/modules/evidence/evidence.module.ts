import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEvent } from '../../platform/audit/audit-event.entity.js';
import { CustodyService } from './custody.service.js';
import { EVIDENCE_ENTITIES } from './entities/index.js';
import { EvidenceFilesService } from './evidence-files.service.js';
import { EvidencePurgeService } from './evidence-purge.service.js';
import { EvidenceProcessor } from './evidence.processor.js';

/**
 * The evidence vault (issue 20): immutable records, their files (write-once, verified on every
 * read), legal holds, the custody log (on the audit chain) and the purge of expired records.
 */
@Module({
  imports: [TypeOrmModule.forFeature([...EVIDENCE_ENTITIES, AuditEvent])],
  providers: [CustodyService, EvidenceFilesService, EvidencePurgeService, EvidenceProcessor],
  exports: [CustodyService, EvidenceFilesService, EvidencePurgeService],
})
export class EvidenceModule {}
