import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEvent } from '../../platform/audit/audit-event.entity.js';
import { AuditTrailModule } from '../audit/audit.module.js';
import { ComplianceDocumentVersionRow } from '../compliance-documents/entities/compliance-document-version.entity.js';
import { ComplianceDocumentRow } from '../compliance-documents/entities/compliance-document.entity.js';
import { PacketRow } from '../compliance-packets/entities/packet.entity.js';
import { CustomRuleRow } from '../compliance/entities/custom-rule.entity.js';
import { DrillRunRow } from '../drills/entities/drill-run.entity.js';
import { RenderJobsModule } from '../documents/render-jobs.module.js';
import { DrillsModule } from '../drills/drills.module.js';
import { SopDocument } from '../sops/entities/sop-document.entity.js';
import { SopVersionRow } from '../sops/entities/sop-version.entity.js';
import { SopsModule } from '../sops/sops.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { CustodyService } from './custody.service.js';
import { EVIDENCE_ENTITIES } from './entities/index.js';
import { EvidenceFilesService } from './evidence-files.service.js';
import { EvidencePurgeService } from './evidence-purge.service.js';
import { EvidenceController } from './evidence.controller.js';
import { EvidenceProcessor } from './evidence.processor.js';
import { EvidenceSnapshotRender } from './evidence-snapshot.render.js';
import { EvidenceService } from './evidence.service.js';

/**
 * The evidence vault (issue 20): immutable records, their files (write-once, verified on every
 * read), legal holds, the custody log (on the audit chain), snapshots of Muster objects (approved
 * runs, issued packets, SOP and document versions, audit-chain exports) and the purge of expired records.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      ...EVIDENCE_ENTITIES,
      AuditEvent,
      CustomRuleRow,
      DrillRunRow,
      PacketRow,
      SopDocument,
      SopVersionRow,
      ComplianceDocumentRow,
      ComplianceDocumentVersionRow,
    ]),
    UsageModule,
    DrillsModule,
    SopsModule,
    AuditTrailModule,
    RenderJobsModule,
  ],
  controllers: [EvidenceController],
  providers: [CustodyService, EvidenceFilesService, EvidencePurgeService, EvidenceService, EvidenceProcessor, EvidenceSnapshotRender],
  exports: [CustodyService, EvidenceFilesService, EvidencePurgeService, EvidenceService],
})
export class EvidenceModule {}
