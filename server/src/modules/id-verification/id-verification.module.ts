import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityPolicyModule } from '../security/policy/security-policy.module.js';
import { VerificationCaseRow } from './entities/verification-case.entity.js';
import { IdVerificationController, IdVerificationQueueController } from './id-verification.controller.js';
import { IdVerificationService } from './id-verification.service.js';

/** ID verification: the member's uploads and the support operators' queue. */
@Module({
  imports: [TypeOrmModule.forFeature([VerificationCaseRow]), SecurityPolicyModule],
  controllers: [IdVerificationController, IdVerificationQueueController],
  providers: [IdVerificationService],
  exports: [IdVerificationService],
})
export class IdVerificationModule {}
