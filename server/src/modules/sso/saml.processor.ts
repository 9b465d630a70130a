import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { jobIds, JobName, QueueName } from '@muster/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { SamlService } from './saml.service.js';

/** Identity providers configured from a metadata URL are read again every day at 03:15 UTC. */
export const METADATA_REFRESH_PATTERN = '15 3 * * *';

@Injectable()
export class SamlProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly saml: SamlService,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    await this.queues
      .queue(QueueName.System)
      .upsertJobScheduler(
        jobIds.samlMetadataRefresh,
        { pattern: METADATA_REFRESH_PATTERN, tz: 'UTC' },
        { name: JobName.SamlMetadataRefresh, data: {} },
      );
  }

  @JobHandler(JobName.SamlMetadataRefresh)
  async refresh(): Promise<void> {
    await this.saml.refreshAll();
  }
}
