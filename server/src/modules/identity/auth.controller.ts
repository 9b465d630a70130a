import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import {
  api,
  loginSchema,
  verifyMagicSchema,
  type ChangePasswordRequest,
  type LogoutResult,
  type LanguageCode,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SessionInfo,
  type UpdateProfileRequest,
  type Principal,
} from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, Client, Me, OptionalAuth, Public, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { ReaderLanguage } from '../../platform/http/reader-language.js';
import type { Account } from './accounts.js';
import { AuthService } from './auth.service.js';
import { AuditorService } from './auditor.service.js';
import { CredentialsGuard } from './guards/credentials.guard.js';
import { setMagicNonce } from './magic-nonce.js';
import { MagicCodeService } from './magic-code.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a passport strategy. */
    user?: unknown;
  }
}

type Ok = { ok: true };
const OK: Ok = { ok: true };

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly auditors: AuditorService,
    private readonly magic: MagicCodeService,
  ) {}

  @Endpoint(api.auth.me)
  me(@Me() me: SessionInfo): SessionInfo {
    return me;
  }

  @Endpoint(api.auth.login)
  @Public()
  @UseGuards(CredentialsGuard('local', loginSchema))
  login(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Client() client: ClientContext,
  ): Promise<SessionInfo> {
    return this.auth.completeSignIn(request, reply, request.user as Account, client, 'password');
  }

  @Endpoint(api.auth.register)
  @Public()
  async register(
    @ValidBody() body: RegisterRequest,
    @Client() client: ClientContext,
    @ReaderLanguage() language: LanguageCode,
  ): Promise<Ok> {
    await this.auth.register(body, client, language);
    return OK;
  }

  @Endpoint(api.auth.logout)
  @Public()
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @OptionalAuth() auth: Principal | null,
    @Client() client: ClientContext,
  ): Promise<LogoutResult> {
    const redirectUrl = await this.auth.logout(request, reply, auth, client);
    return redirectUrl ? { ok: true, redirectUrl } : OK;
  }

  @Endpoint(api.auth.requestMagic)
  @Public()
  async requestMagic(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @ValidBody() body: { email: string },
    @Client() client: ClientContext,
    @ReaderLanguage() language: LanguageCode,
  ): Promise<Ok> {
    const nonce = this.magic.newNonce();
    setMagicNonce(request, reply, nonce);
    await this.auth.requestMagic(body.email, nonce, client, language);
    return OK;
  }

  @Endpoint(api.auth.verifyMagic)
  @Public()
  @UseGuards(CredentialsGuard('magic', verifyMagicSchema))
  verifyMagic(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Client() client: ClientContext,
  ): Promise<SessionInfo> {
    return this.auth.completeSignIn(request, reply, request.user as Account, client, 'magic_code');
  }

  @Endpoint(api.auth.verifyPassword)
  async verifyPassword(
    @Auth() auth: Principal,
    @ValidBody() body: { password: string },
    @Client() client: ClientContext,
  ): Promise<{ success: boolean }> {
    return { success: await this.auth.verifyPassword(auth, body.password, client) };
  }

  @Endpoint(api.auth.forgotPassword)
  @Public()
  async forgotPassword(
    @ValidBody() body: { email: string },
    @Client() client: ClientContext,
    @ReaderLanguage() language: LanguageCode,
  ): Promise<Ok> {
    await this.auth.forgotPassword(body.email, client, language);
    return OK;
  }

  @Endpoint(api.auth.resetPassword)
  @Public()
  async resetPassword(
    @ValidBody() body: ResetPasswordRequest,
    @Client() client: ClientContext,
    @ReaderLanguage() language: LanguageCode,
  ): Promise<Ok> {
    await this.auth.resetPassword(body, client, language);
    return OK;
  }

  @Endpoint(api.auth.updateProfile)
  updateProfile(@Auth() auth: Principal, @ValidBody() body: UpdateProfileRequest): Promise<SessionInfo> {
    return this.auth.updateProfile(auth, body);
  }

  @Endpoint(api.auth.changePassword)
  async changePassword(@Auth() auth: Principal, @ValidBody() body: ChangePasswordRequest, @Client() client: ClientContext): Promise<Ok> {
    await this.auth.changePassword(auth, body, client);
    return OK;
  }
}
