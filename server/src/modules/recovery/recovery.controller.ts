import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  api,
  type AddDelegateRequest,
  type LanguageCode,
  type MemberPrincipal,
  type OrgPrincipal,
  type RecoveryAskRequest,
  type RecoveryDecisionRequest,
  type RecoveryLinkDecisionRequest,
  type RecoveryLinkView,
  type RecoveryPolicy,
  type RecoveryPortal,
  type RecoverySettings,
  type RecoveryTokenRequest,
  type ResetPasswordRequest,
  type SessionInfo,
} from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Client, MemberAuth, MinRole, OrgAuth, Public, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { ReaderLanguage } from '../../platform/http/reader-language.js';
import { RecoveryService } from './recovery.service.js';

type Ok = { ok: true };

/** Recovery delegates (ADMIN), the delegate portal, and the signed-out recovery links. */
@Controller()
export class RecoveryController {
  constructor(private readonly recovery: RecoveryService) {}

  @Endpoint(api.recovery.settings)
  @MinRole('ADMIN')
  settings(@OrgAuth('recovery.noOrganization') admin: OrgPrincipal): Promise<RecoverySettings> {
    return this.recovery.settings(admin);
  }

  @Endpoint(api.recovery.setPolicy)
  @MinRole('ADMIN')
  setPolicy(
    @OrgAuth('recovery.noOrganization') admin: OrgPrincipal,
    @ValidBody() body: RecoveryPolicy,
    @Client() client: ClientContext,
  ): Promise<RecoverySettings> {
    return this.recovery.setPolicy(admin, body, client);
  }

  @Endpoint(api.recovery.addDelegate)
  @MinRole('ADMIN')
  addDelegate(
    @OrgAuth('recovery.noOrganization') admin: OrgPrincipal,
    @ValidBody() body: AddDelegateRequest,
    @Client() client: ClientContext,
    @ReaderLanguage() language: LanguageCode,
  ): Promise<RecoverySettings> {
    return this.recovery.addDelegate(admin, body.userId, client, language);
  }

  @Endpoint(api.recovery.removeDelegate)
  @MinRole('ADMIN')
  removeDelegate(
    @OrgAuth('recovery.noOrganization') admin: OrgPrincipal,
    @Param('id') id: string,
    @Client() client: ClientContext,
  ): Promise<RecoverySettings> {
    return this.recovery.removeDelegate(admin, id, client);
  }

  @Endpoint(api.recovery.portal)
  portal(@MemberAuth('recovery.noOrganization') member: MemberPrincipal): Promise<RecoveryPortal> {
    return this.recovery.portal(member);
  }

  @Endpoint(api.recovery.accept)
  accept(
    @MemberAuth('recovery.noOrganization') member: MemberPrincipal,
    @Param('id') id: string,
    @Client() client: ClientContext,
  ): Promise<RecoveryPortal> {
    return this.recovery.accept(member, id, client);
  }

  @Endpoint(api.recovery.acceptLink)
  @Public()
  acceptLink(@ValidBody() body: RecoveryTokenRequest, @Client() client: ClientContext): Promise<{ organizationName: string }> {
    return this.recovery.acceptLink(body.token, client);
  }

  @Endpoint(api.recovery.decide)
  decide(
    @MemberAuth('recovery.noOrganization') member: MemberPrincipal,
    @Param('id') id: string,
    @ValidBody() body: RecoveryDecisionRequest,
    @Client() client: ClientContext,
  ): Promise<RecoveryPortal> {
    return this.recovery.decide(member, id, body.decision, client);
  }

  @Endpoint(api.recovery.linkView)
  @Public()
  linkView(@ValidQuery() query: RecoveryTokenRequest): Promise<RecoveryLinkView> {
    return this.recovery.linkView(query.token);
  }

  @Endpoint(api.recovery.decideLink)
  @Public()
  decideLink(@ValidBody() body: RecoveryLinkDecisionRequest, @Client() client: ClientContext): Promise<RecoveryLinkView> {
    return this.recovery.decideLink(body.token, body.decision, client);
  }

  @Endpoint(api.recovery.ask)
  @Public()
  async ask(@ValidBody() body: RecoveryAskRequest, @Client() client: ClientContext, @ReaderLanguage() language: LanguageCode): Promise<Ok> {
    await this.recovery.ask(body.email, client, language);
    return { ok: true };
  }

  @Endpoint(api.recovery.cancel)
  @Public()
  async cancel(@ValidBody() body: RecoveryTokenRequest, @Client() client: ClientContext): Promise<Ok> {
    await this.recovery.cancel(body.token, client);
    return { ok: true };
  }

  @Endpoint(api.recovery.reset)
  @Public()
  reset(
    @ValidBody() body: ResetPasswordRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Client() client: ClientContext,
    @ReaderLanguage() language: LanguageCode,
  ): Promise<SessionInfo> {
    return this.recovery.reset(body, request, reply, client, language);
  }
}
