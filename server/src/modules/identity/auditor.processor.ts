import { Injectable } from '@nestjs/common';
import { JobName, type JobPayloads } from '@muster/contracts';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { AuditorService } from './auditor.service.js';

/** Guest-auditor jobs: an invite reached its expiry. */
@Injectable()
export class AuditorProcessor {
  constructor(private readonly auditors: AuditorService) {}

  @JobHandler(JobName.AuditorInviteExpires)
  async expires(payload: JobPayloads[typeof JobName.AuditorInviteExpires]): Promise<void> {
    await this.auditors.expire(payload.inviteId);
  }
}
