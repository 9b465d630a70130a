import { Injectable } from '@nestjs/common';
import { JobName, type JobPayloads } from '@muster/contracts';
import { NODE_ID } from '../../platform/node-id.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';

@Injectable()
export class HealthProcessor {
  constructor(private readonly realtime: RealtimeService) {}

  /** Answers a probe on the socket that asked, through the Redis adapter. */
  @JobHandler(JobName.HealthProbe)
  handleProbe(payload: JobPayloads[typeof JobName.HealthProbe]): Promise<void> {
    this.realtime.emitTo(payload.socketId, 'health:probe-result', {
      probeId: payload.probeId,
      enqueuedAt: payload.enqueuedAt,
      handledAt: Date.now(),
      handledBy: NODE_ID,
    });
    return Promise.resolve();
  }
}
