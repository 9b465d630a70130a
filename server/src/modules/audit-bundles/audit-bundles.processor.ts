import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, jobIds, QueueName, type JobPayloads } from '@muster/contracts';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { AuditBundlesService } from './audit-bundles.service.js';

/** Every hour, at minute 17: the zips of bundles whose invite has ended are removed. */
export const AUDIT_BUNDLE_SWEEP_PATTERN = '17 * * * *';

/** Audit bundles on the `render` queue: build one; sweep the expired ones. */
@Injectable()
export class AuditBundlesProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly bundles: AuditBundlesService,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    await this.queues
      .queue(QueueName.Render)
      .upsertJobScheduler(
        jobIds.auditBundleSweep,
        { pattern: AUDIT_BUNDLE_SWEEP_PATTERN, tz: 'UTC' },
        { name: JobName.AuditBundleSweep, data: {} },
      );
  }

  @JobHandler(JobName.AuditBundleSweep)
  async sweep(): Promise<void> {
    await this.bundles.sweep();
  }

  @JobHandler(JobName.RenderAuditBundle)
  async build(payload: JobPayloads[typeof JobName.RenderAuditBundle], job: Job): Promise<void> {
    try {
      await this.bundles.build(payload.orgId, payload.bundleId);
    } catch (err) {
      // The last attempt: the auditor is told it failed rather than left waiting.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.bundles.giveUp(payload.orgId, payload.bundleId);
      throw err;
    }
  }
}
