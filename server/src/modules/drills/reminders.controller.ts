import { Controller } from '@nestjs/common';
import { api, type CadenceStatusList, type RemindersOverview } from '@muster/contracts';
import { Auth, type AuthContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { DrillMembersService } from './drill-members.service.js';
import { RemindersService } from './reminders.service.js';

@Controller()
export class DrillRemindersController {
  constructor(
    private readonly members: DrillMembersService,
    private readonly reminders: RemindersService,
  ) {}

  @Endpoint(api.drillReminders.overview)
  async overview(@Auth() auth: AuthContext): Promise<RemindersOverview> {
    return this.reminders.overview(await this.members.actor(auth));
  }

  @Endpoint(api.drillReminders.saveRules)
  async saveRules(@Auth() auth: AuthContext, @ValidBody() body: Parameters<RemindersService['saveRules']>[1]): Promise<RemindersOverview> {
    return this.reminders.saveRules(await this.members.actor(auth), body);
  }

  @Endpoint(api.drillReminders.saveCadences)
  async saveCadences(
    @Auth() auth: AuthContext,
    @ValidBody() body: Parameters<RemindersService['saveCadences']>[1],
  ): Promise<RemindersOverview> {
    return this.reminders.saveCadences(await this.members.actor(auth), body);
  }

  @Endpoint(api.drillReminders.cadence)
  async cadence(@Auth() auth: AuthContext): Promise<CadenceStatusList> {
    return { items: await this.reminders.cadenceStatuses((await this.members.actor(auth)).orgId) };
  }
}
