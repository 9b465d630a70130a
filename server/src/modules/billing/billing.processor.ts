import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { jobIds, JobName, QueueName, type JobPayloads } from '@muster/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { BillingService } from './billing.service.js';

/** 00:15 UTC on the first of each month: the month before is closed and its overage invoiced. */
export const MONTH_CLOSE_PATTERN = '15 0 1 * *';

/** Billing's job: the monthly close (a job scheduler; invoicing a month twice is refused by its key). */
@Injectable()
export class BillingProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(BillingProcessor.name);

  constructor(
    private readonly billing: BillingService,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    await this.queues
      .queue(QueueName.Billing)
      .upsertJobScheduler(jobIds.monthClose, { pattern: MONTH_CLOSE_PATTERN, tz: 'UTC' }, { name: JobName.MonthClose, data: {} });
  }

  @JobHandler(JobName.MonthClose)
  async monthClose(payload: JobPayloads[typeof JobName.MonthClose]): Promise<void> {
    const issued = await this.billing.closeMonth(payload.period);
    this.logger.log(`Month close${payload.period ? ` of ${payload.period}` : ''}: ${String(issued)} overage invoice(s) issued`);
  }
}
