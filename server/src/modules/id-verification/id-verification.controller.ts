import { Controller, Param, Req, Res } from '@nestjs/common';
import { api, type ImageLink, type MemberPrincipal, type MyVerification, type Principal, type VerificationCase } from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, Client, MemberAuth, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { IdVerificationService } from './id-verification.service.js';

/** A member's own ID verification. */
@Controller()
export class IdVerificationController {
  constructor(private readonly verification: IdVerificationService) {}

  @Endpoint(api.security.myVerification)
  mine(@MemberAuth('security.membersOnly') auth: MemberPrincipal): Promise<MyVerification> {
    return this.verification.mine(auth);
  }

  @Endpoint(api.security.uploadImage)
  upload(
    @MemberAuth('security.membersOnly') auth: MemberPrincipal,
    @Param('slot') slot: string,
    @Req() request: FastifyRequest,
  ): Promise<MyVerification> {
    return this.verification.upload(auth, slot, request);
  }

  @Endpoint(api.security.submit)
  submit(@MemberAuth('security.membersOnly') auth: MemberPrincipal, @Client() client: ClientContext): Promise<MyVerification> {
    return this.verification.submit(auth, client);
  }
}

/** The support operators' queue (SYSOPS and above). */
@Controller()
@MinRole('SYSOPS')
export class IdVerificationQueueController {
  constructor(private readonly verification: IdVerificationService) {}

  @Endpoint(api.security.queue)
  queue(@Auth() auth: Principal, @ValidQuery() query: { view: 'open' | 'decided' }): Promise<{ items: VerificationCase[] }> {
    return this.verification.queue(auth, query.view);
  }

  @Endpoint(api.security.image)
  async image(@Auth() auth: Principal, @Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.verification.image(auth, token);
    void reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', 'inline')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(file.stream);
  }

  @Endpoint(api.security.case)
  get(@Auth() auth: Principal, @Param('id') id: string): Promise<VerificationCase> {
    return this.verification.get(auth, id);
  }

  @Endpoint(api.security.claim)
  claim(@Auth() auth: Principal, @Param('id') id: string, @Client() client: ClientContext): Promise<VerificationCase> {
    return this.verification.claim(auth, id, client);
  }

  @Endpoint(api.security.imageLink)
  imageLink(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @Param('slot') slot: string,
    @Client() client: ClientContext,
  ): Promise<ImageLink> {
    return this.verification.imageLink(auth, id, slot, client);
  }

  @Endpoint(api.security.approve)
  approve(@Auth() auth: Principal, @Param('id') id: string, @Client() client: ClientContext): Promise<VerificationCase> {
    return this.verification.approve(auth, id, client);
  }

  @Endpoint(api.security.reject)
  reject(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidBody() body: { reason: string },
    @Client() client: ClientContext,
  ): Promise<VerificationCase> {
    return this.verification.reject(auth, id, body.reason, client);
  }

  @Endpoint(api.security.requestInfo)
  requestInfo(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidBody() body: { message: string },
    @Client() client: ClientContext,
  ): Promise<VerificationCase> {
    return this.verification.requestInfo(auth, id, body.message, client);
  }
}
