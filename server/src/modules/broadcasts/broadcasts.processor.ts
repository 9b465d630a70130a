import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, type JobPayloads } from '@muster/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { BroadcastsService } from './broadcasts.service.js';

/** A broadcast's start (pushed to its targets) and end (taken off their screens). */
@Injectable()
export class BroadcastsProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly broadcasts: BroadcastsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Broadcasts written without their jobs (the seed, a restored backup) get them; queued ones are kept (same ids). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    await this.broadcasts.scheduleUpcoming();
  }

  @JobHandler(JobName.BroadcastStarts)
  async starts(payload: JobPayloads[typeof JobName.BroadcastStarts]): Promise<void> {
    await this.broadcasts.started(payload.broadcastId);
  }

  @JobHandler(JobName.BroadcastEnds)
  async ends(payload: JobPayloads[typeof JobName.BroadcastEnds]): Promise<void> {
    await this.broadcasts.ended(payload.broadcastId);
  }
}
