import { Injectable } from '@nestjs/common';
import { JobName, type JobPayloads } from '@muster/contracts';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { BroadcastsService } from './broadcasts.service.js';

/** A broadcast's start (pushed to its targets) and end (taken off their screens). */
@Injectable()
export class BroadcastsProcessor {
  constructor(private readonly broadcasts: BroadcastsService) {}

  @JobHandler(JobName.BroadcastStarts)
  async starts(payload: JobPayloads[typeof JobName.BroadcastStarts]): Promise<void> {
    await this.broadcasts.started(payload.broadcastId);
  }

  @JobHandler(JobName.BroadcastEnds)
  async ends(payload: JobPayloads[typeof JobName.BroadcastEnds]): Promise<void> {
    await this.broadcasts.ended(payload.broadcastId);
  }
}
