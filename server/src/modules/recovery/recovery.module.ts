import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Organization } from '../identity/entities/organization.entity.js';
import { User } from '../identity/entities/user.entity.js';
import { RecoveryApprovalRow } from './entities/recovery-approval.entity.js';
import { RecoveryDelegateRow } from './entities/recovery-delegate.entity.js';
import { RecoveryPolicyRow } from './entities/recovery-policy.entity.js';
import { RecoveryRequestRow } from './entities/recovery-request.entity.js';
import { RestoreRequestRow } from './entities/restore-request.entity.js';
import { TerminationRow } from './entities/termination.entity.js';
import { PurgeService } from './purge.service.js';
import { RecoveryController } from './recovery.controller.js';
import { RecoveryProcessor } from './recovery.processor.js';
import { RecoveryService } from './recovery.service.js';
import { RestoreService } from './restore.service.js';
import { TerminationController } from './termination.controller.js';
import { TerminationService } from './termination.service.js';

export const RECOVERY_ENTITIES = [
  RecoveryDelegateRow,
  RecoveryPolicyRow,
  RecoveryRequestRow,
  RecoveryApprovalRow,
  TerminationRow,
  RestoreRequestRow,
];

/**
 * Account recovery through delegates, organisation termination with its purge, and restore.
 * Global: identity asks `TerminationService.assertMaySignIn` at every sign-in.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([...RECOVERY_ENTITIES, User, Organization])],
  controllers: [RecoveryController, TerminationController],
  providers: [RecoveryService, TerminationService, RestoreService, PurgeService, RecoveryProcessor],
  exports: [TerminationService],
})
export class RecoveryModule {}
