import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdVerificationModule } from '../id-verification/id-verification.module.js';
import { SecurityPinRow } from './entities/security-pin.entity.js';
import { PinsService } from './pins/pins.service.js';
import { SecurityPolicyModule } from './policy/security-policy.module.js';
import { CallerVerificationController, SecurityController } from './security.controller.js';
import { SecurityService } from './security.service.js';

/** Organisation security: the policy screen, support PINs, caller verification and the member's notices. */
@Module({
  imports: [TypeOrmModule.forFeature([SecurityPinRow]), SecurityPolicyModule, IdVerificationModule],
  controllers: [SecurityController, CallerVerificationController],
  providers: [SecurityService, PinsService],
})
export class SecurityModule {}
