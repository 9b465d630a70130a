import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { jobIds, JobName, QueueName, type JobPayloads } from '@muster/contracts';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { REDIS } from '../../platform/redis/redis.tokens.js';
import { localDay, wallTime } from '../../platform/time/zoned.js';
import { ComplianceDocumentsService } from '../compliance-documents/compliance-documents.service.js';
import { CADENCE_CHECK_LOCAL_HOUR, CADENCE_CHECK_PATTERN } from '../drills/reminders.service.js';
import { OrganizationsService } from '../identity/organizations.service.js';
import { ComplianceProfilesService } from './compliance-profiles.service.js';

/**
 * The daily compliance check, on the reminders queue beside the drills' cadence check and on the
 * same clock: a job scheduler runs it every hour (UTC); each organisation is checked once a local
 * day, at the first run from 06:00 on its own clock (a Redis mark per organisation and day, set
 * once its check is done), so a check missed while no worker ran happens at the next run. A job
 * with an `orgId` checks that organisation at once. Notifications are deduplicated by key, so a
 * rule or document is notified once per change of state and due date.
 */
@Injectable()
export class ComplianceProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly profiles: ComplianceProfilesService,
    private readonly documents: ComplianceDocumentsService,
    private readonly organizations: OrganizationsService,
    private readonly queues: QueueService,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    await this.queues
      .queue(QueueName.Reminders)
      .upsertJobScheduler(
        jobIds.complianceCheck,
        { pattern: CADENCE_CHECK_PATTERN, tz: 'UTC' },
        { name: JobName.ComplianceCheck, data: {} },
      );
  }

  @JobHandler(JobName.ComplianceCheck)
  check(payload: JobPayloads[typeof JobName.ComplianceCheck]): Promise<void> {
    return this.checkAt(payload, new Date());
  }

  async checkAt(payload: JobPayloads[typeof JobName.ComplianceCheck], now: Date): Promise<void> {
    const orgs = payload.orgId
      ? [{ id: payload.orgId, timeZone: await this.organizations.timeZoneOf(payload.orgId) }]
      : await this.dataSource.query<{ id: string; timeZone: string }[]>(
          'SELECT id, time_zone AS "timeZone" FROM organizations ORDER BY id',
        );
    for (const org of orgs) {
      const doneKey = `${this.config.REDIS_PREFIX}:compliance-check:${org.id}:${localDay(now, org.timeZone)}`;
      if (!payload.orgId) {
        if (wallTime(now, org.timeZone).hour < CADENCE_CHECK_LOCAL_HOUR || (await this.redis.exists(doneKey))) continue;
      }
      await this.profiles.checkOrganization(org.id, org.timeZone, now);
      await this.documents.checkReviews(org.id, org.timeZone, now);
      if (!payload.orgId) await this.redis.set(doneKey, '1', 'EX', 3 * 24 * 60 * 60);
    }
  }
}
