import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Membership } from '../identity/entities/membership.entity.js';
import { User } from '../identity/entities/user.entity.js';
import { AccountRestriction } from './entities/account-restriction.entity.js';
import { RestrictionsService } from './restrictions.service.js';

/**
 * Restrictions in force (suspensions, freezes, forced resets): the part identity's sign-in needs,
 * kept apart from the support screens' module so identity can import it without a cycle.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AccountRestriction, User, Membership])],
  providers: [RestrictionsService],
  exports: [RestrictionsService],
})
export class RestrictionsModule {}
