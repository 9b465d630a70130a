import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { jobIds, JobName, QueueName, type JobPayloads } from '@muster/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { REVIEW_CHECK_PATTERN, SopsService } from './sops.service.js';

/** The SOP review check: an hourly job scheduler on the reminders queue (each organisation from 06:00 on its clock). */
@Injectable()
export class SopsProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly sops: SopsService,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    await this.queues
      .queue(QueueName.Reminders)
      .upsertJobScheduler(jobIds.sopReviewCheck, { pattern: REVIEW_CHECK_PATTERN, tz: 'UTC' }, { name: JobName.SopReviewCheck, data: {} });
  }

  @JobHandler(JobName.SopReviewCheck)
  async reviewCheck(payload: JobPayloads[typeof JobName.SopReviewCheck]): Promise<void> {
    await this.sops.checkReviews(payload);
  }
}
