import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Membership } from '../identity/entities/membership.entity.js';
import { User } from '../identity/entities/user.entity.js';
import { UsageModule } from '../usage/usage.module.js';
import { MemberInvite } from './entities/member-invite.entity.js';
import { InvitesController, MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';

/** This module's own tables (database/entities.ts lists them). */
export const MEMBER_ENTITIES = [MemberInvite];

/** The people of an organisation: members, invitations, roles, deactivation, removal, seats. */
@Module({
  imports: [TypeOrmModule.forFeature([MemberInvite, User, Membership]), UsageModule],
  controllers: [MembersController, InvitesController],
  providers: [MembersService],
  exports: [MembersService],
})
export class MembersModule {}
