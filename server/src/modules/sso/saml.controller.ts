import { Body, Controller, Param, Query, Req, Res } from '@nestjs/common';
import { api, type SamlOverview, type SamlProvider, type SsoRedirect, type SsoSettings, type Principal } from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, Client, MinRole, Public, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf, inOrg } from '../../platform/auth/principal.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { SamlService } from './saml.service.js';

function orgOf(auth: Principal): string {
  return inOrg(auth).orgId;
}

/** The organisation's identity providers and SSO enforcement (ADMIN). */
@Controller()
@MinRole('ADMIN')
export class SamlAdminController {
  constructor(private readonly saml: SamlService) {}

  @Endpoint(api.saml.overview)
  overview(@Auth() auth: Principal): Promise<SamlOverview> {
    return this.saml.overview(orgOf(auth));
  }

  @Endpoint(api.saml.create)
  create(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<SamlService['create']>[2],
  ): Promise<SamlProvider> {
    return this.saml.create(auditActorOf(auth, client), orgOf(auth), body);
  }

  @Endpoint(api.saml.update)
  update(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<SamlService['update']>[3],
  ): Promise<SamlProvider> {
    return this.saml.update(auditActorOf(auth, client), orgOf(auth), id, body);
  }

  @Endpoint(api.saml.remove)
  remove(@Auth() auth: Principal, @Client() client: ClientContext, @Param('id') id: string): Promise<void> {
    return this.saml.remove(auditActorOf(auth, client), orgOf(auth), id);
  }

  @Endpoint(api.saml.refresh)
  refresh(@Auth() auth: Principal, @Param('id') id: string): Promise<SamlProvider> {
    return this.saml.refresh(orgOf(auth), id);
  }

  @Endpoint(api.saml.test)
  async test(@Auth() auth: Principal, @Param('id') id: string): Promise<SsoRedirect> {
    return { url: await this.saml.testUrl(orgOf(auth), id) };
  }

  @Endpoint(api.saml.settings)
  settings(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<SamlService['updateSettings']>[2],
  ): Promise<SsoSettings> {
    return this.saml.updateSettings(auditActorOf(auth, client), orgOf(auth), body);
  }
}

/** Sign-in through an identity provider: discovery, SP metadata, the ACS (public: the IdP posts cross-site). */
@Controller()
export class SamlSignInController {
  constructor(private readonly saml: SamlService) {}

  @Endpoint(api.saml.discover)
  @Public()
  async discover(@ValidBody() body: { email: string; returnTo?: string }): Promise<SsoRedirect> {
    return { url: await this.saml.discover(body.email, body.returnTo) };
  }

  @Endpoint(api.saml.spMetadata)
  @Public()
  async metadata(@Param('id') id: string, @Query('download') download: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const xml = await this.saml.spMetadata(id);
    void reply.header('content-type', 'application/samlmetadata+xml; charset=utf-8');
    if (download) void reply.header('content-disposition', 'attachment; filename="muster-sp-metadata.xml"');
    void reply.send(xml);
  }

  @Endpoint(api.saml.slo)
  @Public()
  async slo(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
    @Query() query: Record<string, string>,
    @Client() client: ClientContext,
  ): Promise<void> {
    const raw = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const location = await this.saml.slo(id, query, raw, client);
    void reply.status(303).header('location', location).send();
  }

  @Endpoint(api.saml.acs)
  @Public()
  async acs(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
    @Body() body: unknown,
    @Client() client: ClientContext,
  ): Promise<void> {
    const location = await this.saml.acs(request, reply, id, body, client);
    void reply.status(303).header('location', location).send();
  }
}
