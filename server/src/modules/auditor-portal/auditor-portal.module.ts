import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ComplianceProfileRow } from '../compliance/entities/compliance-profile.entity.js';
import { EvidenceModule } from '../evidence/evidence.module.js';
import { AuditorInvite } from '../identity/entities/auditor-invite.entity.js';
import { EVIDENCE_ENTITIES } from '../evidence/entities/index.js';
import { AuditorAccessService } from './auditor-access.service.js';
import { AuditorEvidenceController } from './auditor-evidence.controller.js';
import { AuditorEvidenceService } from './auditor-evidence.service.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { EvidenceRequestsController } from './evidence-requests.controller.js';
import { EvidenceRequestsService } from './evidence-requests.service.js';
import { SamplesController } from './samples.controller.js';
import { SamplesService } from './samples.service.js';

/**
 * The guest-auditor portal (issue 20): the records of an invite's scope, reviews, evidence
 * requests, samples. Every read goes through `AuditorAccessService.resolve`.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([AuditorInvite, ComplianceProfileRow, Organization, ...EVIDENCE_ENTITIES]),
    EvidenceModule,
    NotificationsModule,
  ],
  controllers: [AuditorEvidenceController, EvidenceRequestsController, SamplesController],
  providers: [AuditorAccessService, AuditorEvidenceService, EvidenceRequestsService, SamplesService],
  exports: [AuditorAccessService],
})
export class AuditorPortalModule {}
