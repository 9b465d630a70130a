import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, jobIds, QueueName } from '@muster/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { EvidencePurgeService } from './evidence-purge.service.js';

/** Every day at 03:41 UTC: evidence past its retention and not held is purged. */
export const EVIDENCE_PURGE_PATTERN = '41 3 * * *';

/** The evidence jobs: the daily purge of expired, unheld records. */
@Injectable()
export class EvidenceProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly purge: EvidencePurgeService,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    await this.queues
      .queue(QueueName.Recovery)
      .upsertJobScheduler(jobIds.evidencePurge, { pattern: EVIDENCE_PURGE_PATTERN, tz: 'UTC' }, { name: JobName.EvidencePurge, data: {} });
  }

  @JobHandler(JobName.EvidencePurge)
  async purgeExpired(): Promise<void> {
    await this.purge.purgeExpired();
  }
}
