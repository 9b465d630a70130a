import { Controller, Param } from '@nestjs/common';
import { api, type UsageAlert, type UsageOverview, type Principal } from '@muster/contracts';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf, inOrg } from '../../platform/auth/principal.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { UsageService } from './usage.service.js';

/** The organisation of the session (platform staff have none: usage belongs to an organisation). */
function orgOf(auth: Principal): string {
  return inOrg(auth, 'usage.noOrganization').orgId;
}

@Controller()
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Endpoint(api.usage.alerts)
  async alerts(@Auth() auth: Principal): Promise<UsageAlert[]> {
    // Platform staff belong to no organisation: they have no usage alerts.
    return auth.orgId && auth.userId ? this.usage.alerts(auth.orgId, auth.userId) : [];
  }

  @Endpoint(api.usage.dismissAlert)
  async dismiss(@Auth() auth: Principal, @Param('id') id: string): Promise<void> {
    await this.usage.dismiss(orgOf(auth), auth.userId!, id);
  }

  @Endpoint(api.usage.overview)
  async overview(@Auth() auth: Principal): Promise<UsageOverview> {
    return this.usage.overview(orgOf(auth));
  }

  @Endpoint(api.usage.saveThresholds)
  @MinRole('ADMIN')
  async saveThresholds(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<UsageService['saveThresholds']>[2],
  ): Promise<UsageOverview> {
    return this.usage.saveThresholds(auditActorOf(auth, client), orgOf(auth), body);
  }

  @Endpoint(api.usage.setOverage)
  @MinRole('ADMIN')
  async setOverage(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: { enabled: boolean },
  ): Promise<UsageOverview> {
    return this.usage.setOverage(auditActorOf(auth, client), orgOf(auth), body.enabled);
  }
}
