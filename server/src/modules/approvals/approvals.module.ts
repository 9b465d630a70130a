import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SigningModule } from '../../platform/signing/signing.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { EvidenceModule } from '../evidence/evidence.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { RecoveryModule } from '../recovery/recovery.module.js';
import { SsoModule } from '../sso/sso.module.js';
import { ApprovalActionsService } from './approval-actions.service.js';
import { ApprovalsController } from './approvals.controller.js';
import { ApprovalsProcessor } from './approvals.processor.js';
import { ApprovalsService } from './approvals.service.js';
import { ApprovalRow } from './entities/approval.entity.js';

export const APPROVAL_ENTITIES = [ApprovalRow];

/** Four-eyes approvals of platform actions (issue 22). */
@Module({
  imports: [
    TypeOrmModule.forFeature(APPROVAL_ENTITIES),
    SigningModule,
    BillingModule,
    EvidenceModule,
    NotificationsModule,
    RecoveryModule,
    SsoModule,
  ],
  controllers: [ApprovalsController],
  providers: [ApprovalsService, ApprovalActionsService, ApprovalsProcessor],
  exports: [ApprovalsService],
})
export class ApprovalsModule {}
