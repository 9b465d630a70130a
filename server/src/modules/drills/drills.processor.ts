import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { jobIds, JobName, QueueName, type JobPayloads } from '@muster/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { ConsoleService } from './console.service.js';
import { CADENCE_CHECK_PATTERN, RemindersService } from './reminders.service.js';

/** The drills' jobs: timed injects, reminders before runs, and the cadence check (an hourly job scheduler). */
@Injectable()
export class DrillsProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly console: ConsoleService,
    private readonly reminders: RemindersService,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Workers keep the cadence check scheduled (upserting the same scheduler is idempotent; it runs
   * hourly and checks each organisation once a day at 06:00 on its own clock, see
   * `RemindersService.checkCadences`) and queue again any reminder of a run to come that Redis
   * does not hold.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    await this.queues
      .queue(QueueName.Reminders)
      .upsertJobScheduler(jobIds.cadenceCheck, { pattern: CADENCE_CHECK_PATTERN, tz: 'UTC' }, { name: JobName.CadenceCheck, data: {} });
    await this.reminders.requeue();
  }

  @JobHandler(JobName.InjectDue)
  injectDue(payload: JobPayloads[typeof JobName.InjectDue]): Promise<void> {
    return this.console.injectDue(payload);
  }

  @JobHandler(JobName.DrillReminder)
  reminder(payload: JobPayloads[typeof JobName.DrillReminder]): Promise<void> {
    return this.reminders.sendReminder(payload);
  }

  @JobHandler(JobName.CadenceCheck)
  cadenceCheck(payload: JobPayloads[typeof JobName.CadenceCheck]): Promise<void> {
    return this.reminders.checkCadences(payload);
  }
}
