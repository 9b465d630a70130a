import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, jobIds, QueueName, type JobPayloads } from '@muster/contracts';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { RendersService } from './renders.service.js';

/** Every hour, at minute 7: the files of expired renders are removed. */
export const RENDER_SWEEP_PATTERN = '7 * * * *';

/** The `render` queue: make the file of a render; sweep the expired ones. */
@Injectable()
export class RendersProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly renders: RendersService,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    await this.queues
      .queue(QueueName.Render)
      .upsertJobScheduler(jobIds.renderSweep, { pattern: RENDER_SWEEP_PATTERN, tz: 'UTC' }, { name: JobName.RenderSweep, data: {} });
  }

  @JobHandler(JobName.RenderSweep)
  async sweep(): Promise<void> {
    await this.renders.sweep();
  }

  @JobHandler(JobName.RenderDocument)
  async render(payload: JobPayloads[typeof JobName.RenderDocument], job: Job): Promise<void> {
    try {
      await this.renders.run(payload.renderId);
    } catch (err) {
      // The last attempt: the requester is told it failed rather than left waiting.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.renders.giveUp(payload.renderId);
      throw err;
    }
  }
}
