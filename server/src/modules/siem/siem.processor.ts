import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { jobIds, JobName, QueueName, type JobPayloads } from '@muster/contracts';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { SiemDeliveryService } from './siem-delivery.service.js';

/** The `siem` queue's jobs: deliveries, metering, and the outbox sweep every minute. */
@Injectable()
export class SiemProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly delivery: SiemDeliveryService,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    await this.queues.queue(QueueName.Siem).upsertJobScheduler(jobIds.siemSweep, { every: 60_000 }, { name: JobName.SiemSweep, data: {} });
  }

  @JobHandler(JobName.SiemDeliver)
  deliver(payload: JobPayloads[typeof JobName.SiemDeliver], job: Job, token?: string): Promise<void> {
    return this.delivery.deliver(payload.orgId, payload.deliveryId, job, token);
  }

  @JobHandler(JobName.SiemMeter)
  async meter(payload: JobPayloads[typeof JobName.SiemMeter]): Promise<void> {
    await this.delivery.meter(payload.orgId);
  }

  @JobHandler(JobName.SiemSweep)
  async sweep(): Promise<void> {
    await this.delivery.sweep();
  }
}
