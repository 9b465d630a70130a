import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ComplianceProfileRow } from '../compliance/entities/compliance-profile.entity.js';
import { EvidenceModule } from '../evidence/evidence.module.js';
import { AuditorInvite } from '../identity/entities/auditor-invite.entity.js';
import { EVIDENCE_ENTITIES } from '../evidence/entities/index.js';
import { AuditorAccessService } from './auditor-access.service.js';
import { AuditorEvidenceController } from './auditor-evidence.controller.js';
import { AuditorEvidenceService } from './auditor-evidence.service.js';

/**
 * The guest-auditor portal (issue 20): the records of an invite's scope, reviews, evidence
 * requests, samples. Every read goes through `AuditorAccessService.resolve`.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AuditorInvite, ComplianceProfileRow, ...EVIDENCE_ENTITIES]), EvidenceModule],
  controllers: [AuditorEvidenceController],
  providers: [AuditorAccessService, AuditorEvidenceService],
  exports: [AuditorAccessService],
})
export class AuditorPortalModule {}
