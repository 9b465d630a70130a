import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  cadenceState,
  DEFAULT_CADENCES,
  defaultCadenceKey,
  DEFAULT_REMINDER_RULES,
  EXERCISE_TYPES,
  JobName,
  jobIds,
  REMINDER_LIMITS,
  type CadenceStatus,
  type JobPayloads,
  type RemindersOverview,
  type UpcomingReminder,
  type saveCadencesSchema,
  type saveReminderRulesSchema,
} from '@muster/contracts';
import type { Redis } from 'ioredis';
import { DataSource, In, MoreThan, type Repository } from 'typeorm';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { MailService, recipientLanguage } from '../../platform/mail/mail.service.js';
import { drillCadenceMail, drillReminderMail } from '../../platform/mail/templates/index.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { REDIS } from '../../platform/redis/redis.tokens.js';
import { addLocalDays, localDay, wallTime } from '../../platform/time/zoned.js';
import { OrganizationsService } from '../identity/organizations.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { isManager, type DrillActor } from './drill-actor.js';
import { DrillMembersService } from './drill-members.service.js';
import { CadenceRow } from './entities/cadence.entity.js';
import { DrillRunRow } from './entities/drill-run.entity.js';
import { DrillSettingsRow } from './entities/drill-settings.entity.js';
import { ReminderRuleRow } from './entities/reminder-rule.entity.js';
import { RunParticipantRow } from './entities/run-participant.entity.js';

type SaveRulesInput = z.output<typeof saveReminderRulesSchema>;
type SaveCadencesInput = z.output<typeof saveCadencesSchema>;
type ReminderPayload = JobPayloads[typeof JobName.DrillReminder];

/**
 * The cadence check's job scheduler runs every hour (UTC); each organisation is checked once a
 * day, at the first run from 06:00 on its own clock (a check missed while no worker ran happens
 * at the next one).
 */
export const CADENCE_CHECK_PATTERN = '0 * * * *';
/** The local hour from which an organisation's daily cadence check runs. */
export const CADENCE_CHECK_LOCAL_HOUR = 6;

const DAY_MINUTES = 24 * 60;

/**
 * When a rule's reminder of a run goes out. A lead time of whole days is counted in the
 * organisation's local days — "a day before" a 09:00 drill is 09:00 the day before, 23 or 25
 * hours earlier across a daylight-saving change; other lead times are exact minutes.
 */
export function reminderTime(scheduledAt: Date, leadMinutes: number, timeZone: string): Date {
  if (leadMinutes > 0 && leadMinutes % DAY_MINUTES === 0) return addLocalDays(scheduledAt, -leadMinutes / DAY_MINUTES, timeZone);
  return new Date(scheduledAt.getTime() - leadMinutes * 60_000);
}

const MANAGER_ROLES = ['ADMIN', 'MANAGER'] as const;

/**
 * Reminders before scheduled runs and the cadences an organisation must keep.
 *
 * Each enabled rule of a scheduled run is one delayed BullMQ job with a deterministic id (run,
 * rule, scheduled time): moving a run removes its jobs and queues new ones, cancelling or starting
 * it removes them, and a job whose run has moved on since is stale and does nothing. Delayed jobs
 * live in Redis, so they survive worker restarts (and Redis restarts with persistence on). The
 * daily cadence check (a job scheduler) notifies managers once per state and due date, and
 * queues again any reminder that is missing.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger('DrillReminders');
  /** Organisations whose defaults are known to exist (saves a write on every read). */
  private readonly initialised = new Set<string>();

  constructor(
    @InjectRepository(ReminderRuleRow) private readonly rules: Repository<ReminderRuleRow>,
    @InjectRepository(CadenceRow) private readonly cadences: Repository<CadenceRow>,
    @InjectRepository(DrillRunRow) private readonly runs: Repository<DrillRunRow>,
    @InjectRepository(RunParticipantRow) private readonly participants: Repository<RunParticipantRow>,
    private readonly dataSource: DataSource,
    private readonly queues: QueueService,
    private readonly mail: MailService,
    private readonly notifications: NotificationsService,
    private readonly members: DrillMembersService,
    private readonly organizations: OrganizationsService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Settings

  /** Gives an organisation the default rules and cadences, once in its life. */
  private async ensureDefaults(orgId: string): Promise<void> {
    if (this.initialised.has(orgId)) return;
    await this.dataSource.transaction(async (tx) => {
      const created = await tx
        .createQueryBuilder()
        .insert()
        .into(DrillSettingsRow)
        .values({ orgId })
        .orIgnore()
        .returning(['orgId'])
        .execute();
      if ((created.raw as unknown[]).length === 0) return;
      await tx.save(DEFAULT_REMINDER_RULES.map((rule) => tx.create(ReminderRuleRow, { ...rule, orgId })));
      await tx.save(DEFAULT_CADENCES.map((cadence, position) => tx.create(CadenceRow, { ...cadence, orgId, position })));
    });
    this.initialised.add(orgId);
  }

  async rulesOf(orgId: string): Promise<ReminderRuleRow[]> {
    await this.ensureDefaults(orgId);
    return this.rules.find({ where: { orgId }, order: { leadMinutes: 'DESC' } });
  }

  async cadencesOf(orgId: string): Promise<CadenceRow[]> {
    await this.ensureDefaults(orgId);
    return this.cadences.find({ where: { orgId }, order: { position: 'ASC' } });
  }

  async overview(actor: DrillActor, now = new Date()): Promise<RemindersOverview> {
    const { timeZone } = actor;
    const [rules, cadences, statuses] = await Promise.all([
      this.rulesOf(actor.orgId),
      this.cadencesOf(actor.orgId),
      this.cadenceStatuses(actor.orgId, now, timeZone),
    ]);
    const runs = await this.runs.find({
      where: { orgId: actor.orgId, status: 'scheduled', scheduledAt: MoreThan(now) },
      order: { scheduledAt: 'ASC' },
      take: REMINDER_LIMITS.upcomingMax,
    });
    const upcoming: UpcomingReminder[] = [];
    for (const run of runs) {
      for (const rule of rules) {
        const sendAt = reminderTime(run.scheduledAt, rule.leadMinutes, timeZone);
        if (!rule.enabled || sendAt <= now) continue;
        upcoming.push({
          runId: run.id,
          runTitle: run.title,
          scheduledAt: run.scheduledAt.toISOString(),
          ruleId: rule.id,
          leadMinutes: rule.leadMinutes,
          sendAt: sendAt.toISOString(),
          channels: rule.channels,
        });
      }
    }
    upcoming.sort((a, b) => a.sendAt.localeCompare(b.sendAt));
    return {
      rules: rules.map((r) => ({
        id: r.id,
        leadMinutes: r.leadMinutes,
        channels: r.channels,
        recipients: r.recipients,
        enabled: r.enabled,
      })),
      cadences: cadences.map((c) => ({
        id: c.id,
        name: c.name,
        nameKey: defaultCadenceKey(c.name),
        kind: c.kind,
        intervalMonths: c.intervalMonths,
        calendarYear: c.calendarYear,
        dueSoonDays: c.dueSoonDays,
        enabled: c.enabled,
      })),
      statuses,
      upcoming: upcoming.slice(0, REMINDER_LIMITS.upcomingMax),
      editable: isManager(actor),
    };
  }

  /** Replaces the rules; every scheduled run's reminders are queued again under the new ones. */
  async saveRules(actor: DrillActor, input: SaveRulesInput): Promise<RemindersOverview> {
    if (!isManager(actor)) throw new DomainError('FORBIDDEN', 'drillTemplate.managersOnly');
    const previous = await this.rulesOf(actor.orgId);
    await this.dataSource.transaction(async (tx) => {
      await tx.delete(ReminderRuleRow, { orgId: actor.orgId });
      if (input.rules.length) await tx.save(input.rules.map((rule) => tx.create(ReminderRuleRow, { ...rule, orgId: actor.orgId })));
    });
    const runs = await this.runs.find({ where: { orgId: actor.orgId, status: 'scheduled', scheduledAt: MoreThan(new Date()) } });
    const { timeZone } = actor;
    for (const run of runs) {
      await this.removeJobs(run, run.scheduledAt, previous);
      await this.queueRun(run, undefined, timeZone);
    }
    return this.overview(actor);
  }

  async saveCadences(actor: DrillActor, input: SaveCadencesInput): Promise<RemindersOverview> {
    if (!isManager(actor)) throw new DomainError('FORBIDDEN', 'drillTemplate.managersOnly');
    await this.ensureDefaults(actor.orgId);
    await this.dataSource.transaction(async (tx) => {
      await tx.delete(CadenceRow, { orgId: actor.orgId });
      if (input.cadences.length) {
        await tx.save(input.cadences.map((cadence, position) => tx.create(CadenceRow, { ...cadence, orgId: actor.orgId, position })));
      }
    });
    return this.overview(actor);
  }

  /** Where each enabled cadence stands on `now`, from the organisation's last completed runs, in its days. */
  async cadenceStatuses(orgId: string, now = new Date(), timeZone?: string): Promise<CadenceStatus[]> {
    const zone = timeZone ?? (await this.organizations.timeZoneOf(orgId));
    const cadences = (await this.cadencesOf(orgId)).filter((c) => c.enabled);
    const last = async (types?: readonly string[]) =>
      this.runs.findOne({
        where: { orgId, status: In(['completed', 'approved']), ...(types ? { type: In([...types]) } : {}) },
        order: { completedAt: 'DESC' },
        select: { id: true, completedAt: true },
      });
    const [anyRun, exercise] = await Promise.all([last(), last(EXERCISE_TYPES)]);
    return cadences.map((cadence) => {
      const run = cadence.kind === 'exercise' ? exercise : anyRun;
      const lastAt = run?.completedAt ?? null;
      return {
        cadenceId: cadence.id,
        name: cadence.name,
        nameKey: defaultCadenceKey(cadence.name),
        kind: cadence.kind,
        lastRunId: run?.id ?? null,
        lastRunAt: lastAt?.toISOString() ?? null,
        ...cadenceState(cadence, lastAt, now, zone),
      };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Queued reminders of runs

  /**
   * Queues the reminders of a scheduled run still to come (adding an id already queued does
   * nothing), each at its `reminderTime` in the organisation's zone.
   */
  async queueRun(run: DrillRunRow, rules?: ReminderRuleRow[], timeZone?: string): Promise<void> {
    if (run.status !== 'scheduled') return;
    const zone = timeZone ?? (await this.organizations.timeZoneOf(run.orgId));
    for (const rule of rules ?? (await this.rulesOf(run.orgId))) {
      // Measured just before the job is added, so that the job is due at its time however long
      // the reads before it took (BullMQ counts the delay from when it adds the job).
      const delay = reminderTime(run.scheduledAt, rule.leadMinutes, zone).getTime() - Date.now();
      if (!rule.enabled || delay <= 0) continue;
      const payload: ReminderPayload = { orgId: run.orgId, runId: run.id, ruleId: rule.id, scheduledAt: run.scheduledAt.toISOString() };
      await this.queues.enqueue(JobName.DrillReminder, payload, { jobId: jobIds.drillReminder(run.id, rule.id, run.scheduledAt), delay });
    }
  }

  /**
   * Queues again every reminder of the scheduled runs to come (of one organisation, or all): after
   * seeding, when a worker starts and in the daily check, so reminders lost with a Redis that kept
   * nothing come back. Ids already queued are left as they are.
   */
  async requeue(orgId?: string): Promise<void> {
    const runs = await this.runs.find({ where: { status: 'scheduled', scheduledAt: MoreThan(new Date()), ...(orgId ? { orgId } : {}) } });
    const rulesOf = new Map<string, ReminderRuleRow[]>();
    const zoneOf = new Map<string, string>();
    for (const run of runs) {
      if (!rulesOf.has(run.orgId)) rulesOf.set(run.orgId, await this.rulesOf(run.orgId));
      if (!zoneOf.has(run.orgId)) zoneOf.set(run.orgId, await this.organizations.timeZoneOf(run.orgId));
      await this.queueRun(run, rulesOf.get(run.orgId), zoneOf.get(run.orgId));
    }
  }

  /** A run moved: its reminders at the old time go, the new ones are queued. */
  async moveRun(run: DrillRunRow, previous: Date): Promise<void> {
    await this.removeJobs(run, previous, await this.rulesOf(run.orgId));
    await this.queueRun(run);
  }

  /** A run was cancelled or started: its reminders go. */
  async dropRun(run: DrillRunRow): Promise<void> {
    await this.removeJobs(run, run.scheduledAt, await this.rulesOf(run.orgId));
  }

  private async removeJobs(run: DrillRunRow, scheduledAt: Date, rules: ReminderRuleRow[]): Promise<void> {
    for (const rule of rules) {
      await this.queues.remove(JobName.DrillReminder, jobIds.drillReminder(run.id, rule.id, scheduledAt)).catch((err: unknown) => {
        // A job being sent right now cannot be removed; it will find the run moved on and do nothing.
        this.logger.warn(`Could not remove a queued reminder: ${err instanceof Error ? err.message : String(err)}`);
      });
    }
  }

  /** Sends one rule's reminder of one run, unless the run moved on since it was queued. */
  async sendReminder(payload: ReminderPayload): Promise<void> {
    const run = await this.runs.findOne({ where: { id: payload.runId, orgId: payload.orgId } });
    if (!run || run.status !== 'scheduled' || run.scheduledAt.toISOString() !== payload.scheduledAt) return;
    const rule = await this.rules.findOne({ where: { id: payload.ruleId, orgId: payload.orgId } });
    if (!rule?.enabled) return;

    const people = new Map((await this.members.recipients(run.orgId)).map((m) => [m.id, m]));
    const ids = new Set<string>();
    if (rule.recipients.includes('lead')) ids.add(run.leadUserId);
    if (rule.recipients.includes('participants')) {
      for (const p of await this.participants.find({ where: { runId: run.id, orgId: run.orgId }, select: { userId: true } }))
        if (p.userId) ids.add(p.userId);
    }
    if (rule.recipients.includes('managers'))
      for (const m of people.values()) if ((MANAGER_ROLES as readonly string[]).includes(m.role)) ids.add(m.id);
    const recipients = [...ids].map((id) => people.get(id)).filter((m) => m !== undefined);

    const key = jobIds.drillReminder(run.id, rule.id, run.scheduledAt);
    if (rule.channels.includes('in_app')) {
      await this.notifications.notify({
        userIds: recipients.map((r) => r.id),
        orgId: run.orgId,
        kind: 'drill_reminder',
        data: {
          runId: run.id,
          title: run.title,
          scheduledAt: run.scheduledAt.toISOString(),
          location: run.location,
          leadMinutes: rule.leadMinutes,
        },
        link: `/app/drills/console/${run.id}`,
        dedupeKey: key,
      });
    }
    if (rule.channels.includes('email')) {
      const timeZone = await this.organizations.timeZoneOf(run.orgId);
      for (const person of recipients) {
        await this.mail.sendTemplate(
          drillReminderMail,
          {
            name: person.name,
            title: run.title,
            leadTime: { minutes: rule.leadMinutes },
            when: { moment: run.scheduledAt },
            location: run.location,
            lead: run.leadName,
            url: this.publicUrl(`/app/drills/console/${run.id}`),
          },
          { to: person.email, orgId: run.orgId, language: recipientLanguage(person.language), timeZone },
          { idempotencyKey: `${key}-${person.id}` },
        );
      }
    }
  }

  /**
   * The daily check: notifies each organisation's ADMINs and MANAGERs of each cadence due soon or
   * overdue on its own calendar — once per cadence, state and due date, in the app and by email,
   * in each one's language — and queues again any reminder of a scheduled run that is missing.
   * Run by the hourly scheduler (no `orgId`), it checks each organisation once a local day, at
   * the first run from `CADENCE_CHECK_LOCAL_HOUR` on its clock; with an `orgId`, that one at once.
   */
  async checkCadences(payload: JobPayloads[typeof JobName.CadenceCheck], now = new Date()): Promise<void> {
    const orgs = payload.orgId
      ? [{ id: payload.orgId, timeZone: await this.organizations.timeZoneOf(payload.orgId) }]
      : await this.dataSource.query<{ id: string; timeZone: string }[]>(
          'SELECT id, time_zone AS "timeZone" FROM organizations ORDER BY id',
        );
    for (const org of orgs) {
      const today = localDay(now, org.timeZone);
      const doneKey = `${this.config.REDIS_PREFIX}:cadence-check:${org.id}:${today}`;
      if (!payload.orgId) {
        if (wallTime(now, org.timeZone).hour < CADENCE_CHECK_LOCAL_HOUR || (await this.redis.exists(doneKey))) continue;
      }
      await this.checkOrganization(org.id, org.timeZone, now);
      // Marked once done: a check that failed half-way is done again by the job's next attempt.
      if (!payload.orgId) await this.redis.set(doneKey, '1', 'EX', 3 * 24 * 60 * 60);
    }
  }

  private async checkOrganization(orgId: string, timeZone: string, now: Date): Promise<void> {
    const managers = await this.members.withRoles(orgId, MANAGER_ROLES);
    for (const status of await this.cadenceStatuses(orgId, now, timeZone)) {
      if (status.state === 'ok') continue;
      const key = `cadence-${status.cadenceId}-${status.state}-${status.dueDate ?? 'never'}`;
      const notified = await this.notifications.notify({
        userIds: managers.map((m) => m.id),
        orgId,
        kind: 'drill_cadence',
        data: { cadenceId: status.cadenceId, name: status.name, state: status.state, dueDate: status.dueDate },
        link: '/app/drills/reminders',
        dedupeKey: key,
      });
      // Mail only those told for the first time: the notification is the lasting record that they were.
      for (const person of managers.filter((m) => notified.includes(m.id))) {
        await this.mail.sendTemplate(
          drillCadenceMail,
          {
            name: person.name,
            cadence: { name: status.name, key: status.nameKey },
            kind: status.kind,
            state: status.state,
            dueDate: status.dueDate,
            url: this.publicUrl('/app/drills/quick-create'),
          },
          { to: person.email, orgId, language: recipientLanguage(person.language), timeZone },
          { idempotencyKey: `${key}-${person.id}` },
        );
      }
    }
    await this.requeue(orgId);
  }

  private publicUrl(path: string): string {
    return `${this.config.APP_ORIGINS[0] ?? ''}${path}`;
  }
}
