import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Membership } from '../identity/entities/membership.entity.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { User } from '../identity/entities/user.entity.js';
import { AccountControlsController, MyRestrictionController } from './account-controls.controller.js';
import { AccountControlsProcessor } from './account-controls.processor.js';
import { AccountControlsService } from './account-controls.service.js';
import { AccountRestriction } from './entities/account-restriction.entity.js';
import { FrozenCheck } from './frozen-check.js';
import { RestrictionsModule } from './restrictions.module.js';

/** Support's account controls (suspensions, freezes, lockouts, one account's controls) and the read-only state of frozen accounts. */
@Module({
  imports: [RestrictionsModule, TypeOrmModule.forFeature([AccountRestriction, User, Membership, Organization])],
  controllers: [MyRestrictionController, AccountControlsController],
  providers: [AccountControlsService, AccountControlsProcessor, FrozenCheck],
})
export class AccountControlsModule {}
