import { Controller, Param } from '@nestjs/common';
import {
  api,
  type Principal,
  type ScimGroupRow,
  type ScimOverview,
  type ScimRequestList,
  type ScimTokenReveal,
  type setScimGroupRoleSchema,
  type createScimTokenSchema,
} from '@muster/contracts';
import type { z } from 'zod';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf, inOrg } from '../../platform/auth/principal.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { ScimService } from './scim.service.js';

function orgOf(auth: Principal): string {
  return inOrg(auth, 'audit.noOrganization').orgId;
}

/** The SCIM page of an organisation (ADMIN): tokens, group → role mapping, provisioned users and groups, the request log. */
@Controller()
@MinRole('ADMIN')
export class ScimAdminController {
  constructor(private readonly scim: ScimService) {}

  @Endpoint(api.scim.overview)
  overview(@Auth() auth: Principal): Promise<ScimOverview> {
    return this.scim.overview(orgOf(auth));
  }

  @Endpoint(api.scim.requests)
  async requests(@Auth() auth: Principal): Promise<ScimRequestList> {
    return { items: await this.scim.requestLog(orgOf(auth)) };
  }

  @Endpoint(api.scim.createToken)
  createToken(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: z.output<typeof createScimTokenSchema>,
  ): Promise<ScimTokenReveal> {
    return this.scim.createToken({ ...auditActorOf(auth, client), name: auth.name }, orgOf(auth), body.name);
  }

  @Endpoint(api.scim.revokeToken)
  revokeToken(@Auth() auth: Principal, @Client() client: ClientContext, @Param('id') id: string): Promise<void> {
    return this.scim.revokeToken(auditActorOf(auth, client), orgOf(auth), id);
  }

  @Endpoint(api.scim.setGroupRole)
  setGroupRole(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @Param('id') id: string,
    @ValidBody() body: z.output<typeof setScimGroupRoleSchema>,
  ): Promise<ScimGroupRow> {
    return this.scim.setGroupRole(auditActorOf(auth, client), orgOf(auth), id, body.role);
  }
}
