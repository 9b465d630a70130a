import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, jobIds, QueueName, type JobPayloads } from '@muster/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { PurgeService } from './purge.service.js';
import { RecoveryService } from './recovery.service.js';

/** Every day at 03:17 UTC: organisations terminated 90 days ago or more are purged. */
export const TERMINATION_PURGE_PATTERN = '17 3 * * *';

/** The `recovery` queue: a recovery's cooling-off ends; terminated organisations are purged. */
@Injectable()
export class RecoveryProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly recovery: RecoveryService,
    private readonly purge: PurgeService,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    await this.queues
      .queue(QueueName.Recovery)
      .upsertJobScheduler(
        jobIds.terminationPurge,
        { pattern: TERMINATION_PURGE_PATTERN, tz: 'UTC' },
        { name: JobName.TerminationPurge, data: {} },
      );
  }

  @JobHandler(JobName.RecoveryReady)
  async ready(payload: JobPayloads[typeof JobName.RecoveryReady]): Promise<void> {
    await acrossOrganisations('a recovery job acts on the request its payload names', () =>
      this.recovery.coolingOffEnded(payload.orgId, payload.requestId),
    );
  }

  @JobHandler(JobName.TerminationPurge)
  async purgeDue(): Promise<void> {
    await this.purge.purgeDue();
  }
}
