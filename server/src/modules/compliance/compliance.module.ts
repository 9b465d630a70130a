import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ComplianceDocumentsModule } from '../compliance-documents/compliance-documents.module.js';
import { DrillsModule } from '../drills/drills.module.js';
import { DrillRunRow } from '../drills/entities/drill-run.entity.js';
import { RunParticipantRow } from '../drills/entities/run-participant.entity.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { ComplianceProfilesService } from './compliance-profiles.service.js';
import { ComplianceController } from './compliance.controller.js';
import { ComplianceProcessor } from './compliance.processor.js';
import { ComplianceProfileRow } from './entities/compliance-profile.entity.js';
import { CustomRuleRow } from './entities/custom-rule.entity.js';

/** This module's own tables (database/entities.ts lists them). */
export const COMPLIANCE_ENTITIES = [ComplianceProfileRow, CustomRuleRow];

/** Compliance profiles: rules as data, profiles per organisation or facility, their evaluation and the daily check. */
@Module({
  imports: [
    TypeOrmModule.forFeature([...COMPLIANCE_ENTITIES, DrillRunRow, RunParticipantRow]),
    DrillsModule,
    NotificationsModule,
    ComplianceDocumentsModule,
  ],
  controllers: [ComplianceController],
  providers: [ComplianceProfilesService, ComplianceProcessor],
  exports: [ComplianceProfilesService],
})
export class ComplianceModule {}
