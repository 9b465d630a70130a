import { Controller, Param, Req, Res, UseGuards } from '@nestjs/common';
import {
  api,
  verifyMagicSchema,
  type AuditorContext,
  type AuditorInvite,
  type AuditorScopeStored,
  type LanguageCode,
  type Principal,
  type SessionInfo,
} from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, Client, MinRole, Public, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { ReaderLanguage } from '../../platform/http/reader-language.js';
import { AuthService } from './auth.service.js';
import { AuditorService } from './auditor.service.js';
import { CredentialsGuard } from './guards/credentials.guard.js';
import { setMagicNonce } from './magic-nonce.js';
import { MagicCodeService } from './magic-code.service.js';

/** Guest-auditor sign-in and context (the auditor portal's API). */
@Controller()
export class AuditorAuthController {
  constructor(
    private readonly auditors: AuditorService,
    private readonly auth: AuthService,
    private readonly magic: MagicCodeService,
  ) {}

  @Endpoint(api.auditor.requestCode)
  @Public()
  async requestCode(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @ValidBody() body: { email: string },
    @Client() client: ClientContext,
    @ReaderLanguage() language: LanguageCode,
  ): Promise<{ ok: true }> {
    const nonce = this.magic.newNonce();
    setMagicNonce(request, reply, nonce);
    await this.auditors.requestCode(body.email, nonce, client, language);
    return { ok: true };
  }

  @Endpoint(api.auditor.verifyCode)
  @Public()
  @UseGuards(CredentialsGuard('auditor-magic', verifyMagicSchema))
  async verifyCode(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SessionInfo> {
    const { principal, info } = request.user as Awaited<ReturnType<AuditorService['verifyCode']>>;
    await this.auth.signIn(request, reply, principal);
    return info;
  }

  @Endpoint(api.auditor.context)
  @MinRole('GUEST_AUDITOR')
  context(@Auth() auth: Principal, @ValidQuery() query: { preview?: string }, @Client() client: ClientContext): Promise<AuditorContext> {
    return this.auditors.context(auth, query.preview, client);
  }
}

/** An organisation's guest-auditor invites (ADMIN). */
@Controller()
@MinRole('ADMIN')
export class AuditorInvitesController {
  constructor(private readonly auditors: AuditorService) {}

  @Endpoint(api.auditor.listInvites)
  list(@Auth() auth: Principal): Promise<AuditorInvite[]> {
    return this.auditors.list(auth);
  }

  @Endpoint(api.auditor.createInvite)
  create(
    @Auth() auth: Principal,
    @ValidBody() body: { email: string; auditorName: string; firm: string | null; expiresAt: string; scope: AuditorScopeStored },
    @Client() client: ClientContext,
  ): Promise<AuditorInvite> {
    return this.auditors.create(auth, body, client);
  }

  @Endpoint(api.auditor.getInvite)
  get(@Auth() auth: Principal, @Param('id') id: string): Promise<AuditorInvite> {
    return this.auditors.get(auth, id);
  }

  @Endpoint(api.auditor.updateInvite)
  update(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidBody() body: { scope?: AuditorScopeStored; expiresAt?: string },
    @Client() client: ClientContext,
  ): Promise<AuditorInvite> {
    return this.auditors.update(auth, id, body, client);
  }

  @Endpoint(api.auditor.revokeInvite)
  revoke(@Auth() auth: Principal, @Param('id') id: string, @Client() client: ClientContext): Promise<AuditorInvite> {
    return this.auditors.revoke(auth, id, client);
  }
}
