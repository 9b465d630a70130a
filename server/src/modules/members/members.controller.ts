import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  api,
  type InvitePreview,
  type InviteResult,
  type MemberList,
  type MemberPrincipal,
  type MemberRow,
  type NamePrompt,
  type SeatUsage,
  type SessionInfo,
} from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Client, MemberAuth, MinRole, Public, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { RateLimit } from '../../platform/limits/rate-limit.guard.js';
import { MembersService } from './members.service.js';

type Ok = { ok: true };
const OK: Ok = { ok: true };

/** The organisation's people (ADMIN): list, invitations, roles, deactivation, removal, seats. */
@Controller()
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Endpoint(api.members.list)
  @MinRole('ADMIN')
  list(
    @MemberAuth('members.noOrganization') actor: MemberPrincipal,
    @ValidQuery() query: Parameters<MembersService['list']>[1],
  ): Promise<MemberList> {
    return this.members.list(actor, query);
  }

  @Endpoint(api.members.seats)
  @MinRole('ADMIN')
  seats(@MemberAuth('members.noOrganization') actor: MemberPrincipal): Promise<SeatUsage> {
    return this.members.seats(actor);
  }

  @Endpoint(api.members.invite)
  @MinRole('ADMIN')
  invite(
    @MemberAuth('members.noOrganization') actor: MemberPrincipal,
    @ValidBody() body: Parameters<MembersService['invite']>[1],
    @Client() client: ClientContext,
  ): Promise<InviteResult> {
    return this.members.invite(actor, body, client);
  }

  @Endpoint(api.members.bulkInvite)
  @MinRole('ADMIN')
  bulkInvite(
    @MemberAuth('members.noOrganization') actor: MemberPrincipal,
    @ValidBody() body: Parameters<MembersService['bulkInvite']>[1],
    @Client() client: ClientContext,
  ): Promise<InviteResult> {
    return this.members.bulkInvite(actor, body, client);
  }

  @Endpoint(api.members.resendInvite)
  @MinRole('ADMIN')
  resendInvite(
    @MemberAuth('members.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @Client() client: ClientContext,
  ): Promise<MemberRow> {
    return this.members.resendInvite(actor, id, client);
  }

  @Endpoint(api.members.revokeInvite)
  @MinRole('ADMIN')
  async revokeInvite(
    @MemberAuth('members.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @Client() client: ClientContext,
  ): Promise<Ok> {
    await this.members.revokeInvite(actor, id, client);
    return OK;
  }

  @Endpoint(api.members.namePrompt)
  namePrompt(@MemberAuth('members.noOrganization') actor: MemberPrincipal): Promise<NamePrompt> {
    return this.members.namePrompt(actor);
  }

  @Endpoint(api.members.saveNames)
  saveNames(
    @MemberAuth('members.noOrganization') actor: MemberPrincipal,
    @ValidBody() body: Parameters<MembersService['saveNames']>[1],
  ): Promise<SessionInfo> {
    return this.members.saveNames(actor, body);
  }

  @Endpoint(api.members.skipNames)
  async skipNames(@MemberAuth('members.noOrganization') actor: MemberPrincipal): Promise<Ok> {
    await this.members.skipNames(actor);
    return OK;
  }

  @Endpoint(api.members.changeRole)
  @MinRole('ADMIN')
  changeRole(
    @MemberAuth('members.noOrganization') actor: MemberPrincipal,
    @Param('userId') userId: string,
    @ValidBody() body: { role: Parameters<MembersService['changeRole']>[2] },
    @Client() client: ClientContext,
  ): Promise<MemberRow> {
    return this.members.changeRole(actor, userId, body.role, client);
  }

  @Endpoint(api.members.deactivate)
  @MinRole('ADMIN')
  deactivate(
    @MemberAuth('members.noOrganization') actor: MemberPrincipal,
    @Param('userId') userId: string,
    @Client() client: ClientContext,
  ): Promise<MemberRow> {
    return this.members.deactivate(actor, userId, client);
  }

  @Endpoint(api.members.reactivate)
  @MinRole('ADMIN')
  reactivate(
    @MemberAuth('members.noOrganization') actor: MemberPrincipal,
    @Param('userId') userId: string,
    @Client() client: ClientContext,
  ): Promise<MemberRow> {
    return this.members.reactivate(actor, userId, client);
  }

  @Endpoint(api.members.remove)
  @MinRole('ADMIN')
  async remove(
    @MemberAuth('members.noOrganization') actor: MemberPrincipal,
    @Param('userId') userId: string,
    @Client() client: ClientContext,
  ): Promise<Ok> {
    await this.members.remove(actor, userId, client);
    return OK;
  }
}

/** The invitation link's own endpoints: no session needed (the token is the credential). */
@Controller()
export class InvitesController {
  constructor(private readonly members: MembersService) {}

  @Endpoint(api.members.previewInvite)
  @Public()
  @RateLimit({ name: 'invite-preview', points: 60, durationSeconds: 60, reason: 'members.tooManyAttempts' })
  preview(@Param('token') token: string): Promise<InvitePreview> {
    return this.members.preview(token);
  }

  @Endpoint(api.members.acceptInvite)
  @Public()
  @RateLimit({ name: 'invite-accept', points: 20, durationSeconds: 60, reason: 'members.tooManyAttempts' })
  accept(
    @Param('token') token: string,
    @ValidBody() body: Parameters<MembersService['accept']>[1],
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Client() client: ClientContext,
  ): Promise<SessionInfo> {
    return this.members.accept(token, body, request, reply, client);
  }
}
