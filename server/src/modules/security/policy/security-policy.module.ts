import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Organization } from '../../identity/entities/organization.entity.js';
import { SecurityPolicyRow } from '../entities/security-policy.entity.js';
import { SecurityPolicyService } from './security-policy.service.js';

/** The security policy's rules alone: identity imports it (sign-in, password rules), as do the security screens' modules. */
@Module({
  imports: [TypeOrmModule.forFeature([SecurityPolicyRow, Organization])],
  providers: [SecurityPolicyService],
  exports: [SecurityPolicyService],
})
export class SecurityPolicyModule {}
