import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { jobIds, JobName, QueueName, type JobPayloads } from '@muster/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { MonthCloseService } from './month-close.service.js';

/**
 * 00:15 UTC every day: subscriptions whose period ended are renewed, and the month before is closed
 * (its overage invoiced). Both are keyed, so a day that runs twice, or a close already done on the
 * 1st, invoices nothing twice.
 */
export const MONTH_CLOSE_PATTERN = '15 0 * * *';

/** Billing's daily job (a job scheduler): renewals and the close of the month before. */
@Injectable()
export class BillingProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(BillingProcessor.name);

  constructor(
    private readonly close: MonthCloseService,
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
    const renewed = payload.period ? 0 : await this.close.renewDue();
    const issued = await this.close.closeMonth(payload.period);
    this.logger.log(
      `Billing close: ${String(renewed)} renewal(s), ${String(issued)} overage invoice(s)${payload.period ? ` for ${payload.period}` : ''}`,
    );
  }
}
