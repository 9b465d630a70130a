import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SigningModule } from '../../platform/signing/signing.module.js';
import { AuditorPortalModule } from '../auditor-portal/auditor-portal.module.js';
import { EvidenceRecordRow } from '../evidence/entities/evidence-record.entity.js';
import { EvidenceModule } from '../evidence/evidence.module.js';
import { AuditorInvite } from '../identity/entities/auditor-invite.entity.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { AuditBundlesController } from './audit-bundles.controller.js';
import { AuditBundlesProcessor } from './audit-bundles.processor.js';
import { AuditBundlesService } from './audit-bundles.service.js';
import { BundleVerifyService } from './bundle-verify.service.js';
import { AuditBundleRow } from './entities/audit-bundle.entity.js';

/**
 * The public check of a bundle's manifest (/verify-packet): only the bundles, invites and
 * organisations and the signing keys, so the compliance packets' module can import it without
 * importing the evidence vault.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AuditBundleRow, AuditorInvite, Organization]), SigningModule],
  providers: [BundleVerifyService],
  exports: [BundleVerifyService],
})
export class AuditBundleVerifyModule {}

/** Audit bundles (issue 20): signed zips of a guest auditor's evidence, built on the render queue. */
@Module({
  imports: [
    TypeOrmModule.forFeature([AuditBundleRow, EvidenceRecordRow, AuditorInvite, Organization]),
    SigningModule,
    EvidenceModule,
    AuditorPortalModule,
  ],
  controllers: [AuditBundlesController],
  providers: [AuditBundlesService, AuditBundlesProcessor],
})
export class AuditBundlesModule {}
