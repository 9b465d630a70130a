import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomRuleRow } from '../compliance/entities/custom-rule.entity.js';
import { DrillsModule } from '../drills/drills.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { ComplianceDocumentsController } from './compliance-documents.controller.js';
import { ComplianceDocumentsService } from './compliance-documents.service.js';
import { ComplianceDocumentVersionRow } from './entities/compliance-document-version.entity.js';
import { ComplianceDocumentRow } from './entities/compliance-document.entity.js';

/** This module's own tables (database/entities.ts lists them). */
export const COMPLIANCE_DOCUMENT_ENTITIES = [ComplianceDocumentRow, ComplianceDocumentVersionRow];

/** The compliance document library: versions in storage counted against the plan, audited downloads, review reminders. */
@Module({
  imports: [TypeOrmModule.forFeature([...COMPLIANCE_DOCUMENT_ENTITIES, CustomRuleRow]), UsageModule, NotificationsModule, DrillsModule],
  controllers: [ComplianceDocumentsController],
  providers: [ComplianceDocumentsService],
  exports: [ComplianceDocumentsService],
})
export class ComplianceDocumentsModule {}
