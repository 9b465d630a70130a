import { Controller } from '@nestjs/common';
import { api, type CadenceStatusList, type RemindersOverview } from '@muster/contracts';
import { MemberAuth } from '../../platform/auth/auth.decorators.js';
import type { DrillActor } from './drill-actor.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { RemindersService } from './reminders.service.js';

@Controller()
export class DrillRemindersController {
  constructor(private readonly reminders: RemindersService) {}

  @Endpoint(api.drillReminders.overview)
  async overview(@MemberAuth('drillTemplate.noOrganization') actor: DrillActor): Promise<RemindersOverview> {
    return this.reminders.overview(actor);
  }

  @Endpoint(api.drillReminders.saveRules)
  async saveRules(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @ValidBody() body: Parameters<RemindersService['saveRules']>[1],
  ): Promise<RemindersOverview> {
    return this.reminders.saveRules(actor, body);
  }

  @Endpoint(api.drillReminders.saveCadences)
  async saveCadences(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @ValidBody() body: Parameters<RemindersService['saveCadences']>[1],
  ): Promise<RemindersOverview> {
    return this.reminders.saveCadences(actor, body);
  }

  @Endpoint(api.drillReminders.cadence)
  async cadence(@MemberAuth('drillTemplate.noOrganization') actor: DrillActor): Promise<CadenceStatusList> {
    return { items: await this.reminders.cadenceStatuses(actor.orgId) };
  }
}
