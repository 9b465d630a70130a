import { Injectable } from '@nestjs/common';
import { JobName, type JobPayloads } from '@muster/contracts';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { RestrictionsService } from './restrictions.service.js';

@Injectable()
export class AccountControlsProcessor {
  constructor(private readonly restrictions: RestrictionsService) {}

  /** A suspension or freeze reached its end date: lifted (audited as ended), unless lifted already. */
  @JobHandler(JobName.RestrictionEnds)
  restrictionEnds(payload: JobPayloads[typeof JobName.RestrictionEnds]): Promise<void> {
    return this.restrictions.liftIfEnded(payload.restrictionId);
  }
}
