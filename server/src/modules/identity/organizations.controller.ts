import { Controller } from '@nestjs/common';
import { api, type OrganizationSettings, type OrgPrincipal, type UpdateOrganizationSettingsRequest } from '@muster/contracts';
import { Client, MinRole, OrgAuth, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { OrganizationsService } from './organizations.service.js';

/** The organisation's settings (ADMIN): its time zone. */
@Controller()
@MinRole('ADMIN')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Endpoint(api.organization.settings)
  settings(@OrgAuth() auth: OrgPrincipal): Promise<OrganizationSettings> {
    return this.organizations.settings(auth);
  }

  @Endpoint(api.organization.updateSettings)
  update(
    @OrgAuth() auth: OrgPrincipal,
    @ValidBody() body: UpdateOrganizationSettingsRequest,
    @Client() client: ClientContext,
  ): Promise<OrganizationSettings> {
    return this.organizations.update(auth, body, client);
  }
}
