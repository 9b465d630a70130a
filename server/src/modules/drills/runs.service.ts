import { Injectable } from '@nestjs/common';
import {
  type ConsoleState,
  type DrillLogEntry,
  type DrillMember,
  type DrillRun,
  type RunList,
  type TemplateContent,
  type runListQuerySchema,
  type scheduleRunSchema,
  type updateRunSchema,
} from '@muster/contracts';
import { Brackets, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { canPlan, isManager, type DrillActor } from './drill-actor.js';
import { DrillMembersService } from './drill-members.service.js';
import { DrillRunRow } from './entities/drill-run.entity.js';
import { RunParticipantRow } from './entities/run-participant.entity.js';
import { RunStepRow } from './entities/run-step.entity.js';
import { RemindersService } from './reminders.service.js';
import { RunStore } from './run-store.js';
import { runOf, runSummaryOf } from './run-view.js';
import { TemplatesService } from './templates.service.js';

type ScheduleInput = z.output<typeof scheduleRunSchema>;
type UpdateInput = z.output<typeof updateRunSchema>;
type ListQuery = z.output<typeof runListQuerySchema>;
type RosterInput = ScheduleInput['participants'];

/**
 * Drill runs before and around the console: scheduling a published template (its snapshot, the
 * roster, one state row per step), listing, changing the plan of a scheduled run and cancelling.
 * Reminders follow every change; the run's room hears about it.
 */
@Injectable()
export class RunsService {
  constructor(
    private readonly store: RunStore,
    private readonly members: DrillMembersService,
    private readonly templates: TemplatesService,
    private readonly reminders: RemindersService,
  ) {}

  listMembers(actor: DrillActor): Promise<DrillMember[]> {
    return this.members.members(actor.orgId);
  }

  async list(actor: DrillActor, query: ListQuery): Promise<RunList> {
    const qb = this.store.runs.createQueryBuilder('r').where('r.org_id = :orgId', { orgId: actor.orgId });
    if (query.status) qb.andWhere('r.status = :status', { status: query.status });
    if (query.scenario) qb.andWhere('r.scenario = :scenario', { scenario: query.scenario });
    if (query.from) qb.andWhere('r.scheduled_at >= :from', { from: `${query.from}T00:00:00Z` });
    if (query.to) qb.andWhere(`r.scheduled_at < (:to::date + interval '1 day')`, { to: query.to });
    if (query.mine === 'true') {
      qb.andWhere(
        new Brackets((w) =>
          w
            .where('r.lead_user_id = :me', { me: actor.userId })
            .orWhere('EXISTS (SELECT 1 FROM drill_run_participants p WHERE p.run_id = r.id AND p.user_id = :me)', { me: actor.userId }),
        ),
      );
    }
    const [rows, total] = await qb
      .orderBy('r.scheduled_at', 'ASC')
      .addOrderBy('r.id', 'ASC')
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    const counts = await this.store.rosterCounts(
      actor.orgId,
      rows.map((r) => r.id),
    );
    return { items: rows.map((r) => runSummaryOf(r, counts.get(r.id) ?? 0)), total };
  }

  async get(actor: DrillActor, id: string): Promise<DrillRun> {
    const run = await this.store.get(actor.orgId, id);
    const [participants, published] = await Promise.all([this.store.roster(run.id), this.store.publishedInjects(run)]);
    return runOf(run, participants, actor, published);
  }

  async consoleState(actor: DrillActor, id: string): Promise<ConsoleState> {
    return (await this.store.snapshot(actor, id)).state;
  }

  async schedule(actor: DrillActor, input: ScheduleInput): Promise<DrillRun> {
    if (!isManager(actor)) throw new DomainError('FORBIDDEN', 'drillRun.cannotPlan');
    const template = await this.templates.runnable(actor, input.templateId);
    if (!template.published) throw new InvalidFieldError('templateId', 'drillRun.templateNotPublished');
    const scheduledAt = this.future(input.scheduledAt);
    const people = await this.members.membersById(actor.orgId);
    const lead = this.lead(people, input.leadUserId);
    const roster = this.roster(people, input.participants, template.content);

    const run = await this.store.runs.manager.transaction(async (tx) => {
      const row = await tx.save(
        tx.create(DrillRunRow, {
          orgId: actor.orgId,
          templateId: template.id,
          title: input.title || template.content.name,
          type: template.content.type,
          scenario: template.content.scenario,
          snapshot: template.content,
          status: 'scheduled',
          scheduledAt,
          location: input.location,
          leadUserId: lead.id,
          leadName: lead.name,
          observersMayWrite: input.observersMayWrite,
          autoInjects: input.autoInjects,
          musterTargetMinutes: input.musterTargetMinutes === undefined ? template.content.musterTargetMinutes : input.musterTargetMinutes,
          createdByUserId: actor.userId,
        }),
      );
      await this.saveRoster(tx, row, roster);
      await tx.save(
        template.content.steps.map((step, position) =>
          tx.create(RunStepRow, { orgId: row.orgId, runId: row.id, stepId: step.id, position, status: 'pending', checkedItems: [] }),
        ),
      );
      await this.store.append(
        tx,
        row,
        'scheduled',
        actor,
        { scheduledAt: scheduledAt.toISOString(), location: row.location, lead: lead.name },
        new Date(),
      );
      return row;
    });
    await this.reminders.queueRun(run);
    return runOf(run, await this.store.roster(run.id), actor);
  }

  async update(actor: DrillActor, id: string, input: UpdateInput): Promise<DrillRun> {
    const people = await this.members.membersById(actor.orgId);
    const { run, moved, previous, log } = await this.store.locked(actor.orgId, id, async (tx, run) => {
      if (!canPlan(actor, run)) throw new DomainError('FORBIDDEN', 'drillRun.cannotPlan');
      if (run.status === 'approved') throw new DomainError('RUN_LOCKED', 'drillRun.locked');
      // Once started, a run changes through its console (settings there queue or drop the clock's injects).
      if (run.status !== 'scheduled') throw new DomainError('RUN_STATE', 'drillRun.notScheduled');
      if (input.version !== undefined && input.version !== run.version) throw new DomainError('VERSION_CONFLICT', 'drillRun.stale');
      const planChange = ['title', 'scheduledAt', 'location', 'leadUserId', 'participants', 'musterTargetMinutes'].some(
        (k) => input[k as keyof UpdateInput] !== undefined,
      );
      const previous = run.scheduledAt;
      const changed: Record<string, string | number | boolean | null> = {};
      if (input.title !== undefined) run.title = changed.title = input.title;
      if (input.location !== undefined) run.location = changed.location = input.location;
      if (input.scheduledAt !== undefined) {
        run.scheduledAt = this.future(input.scheduledAt);
        changed.scheduledAt = run.scheduledAt.toISOString();
      }
      if (input.leadUserId !== undefined) {
        const lead = this.lead(people, input.leadUserId);
        run.leadUserId = lead.id;
        run.leadName = changed.lead = lead.name;
      }
      if (input.observersMayWrite !== undefined) run.observersMayWrite = changed.observersMayWrite = input.observersMayWrite;
      if (input.autoInjects !== undefined) run.autoInjects = changed.autoInjects = input.autoInjects;
      if (input.musterTargetMinutes !== undefined) run.musterTargetMinutes = changed.musterTargetMinutes = input.musterTargetMinutes;
      if (input.participants !== undefined) {
        const roster = this.roster(people, input.participants, run.snapshot);
        await tx.delete(RunParticipantRow, { runId: run.id, orgId: run.orgId });
        await this.saveRoster(tx, run, roster);
        changed.participants = roster.length;
      }
      run.version += 1;
      await tx.save(run);
      const log = await this.store.append(tx, run, planChange ? 'rescheduled' : 'settings', actor, changed, new Date());
      return { run, moved: previous.getTime() !== run.scheduledAt.getTime(), previous, log };
    });
    if (moved) await this.reminders.moveRun(run, previous);
    return this.announced(actor, run, log);
  }

  async cancel(actor: DrillActor, id: string): Promise<DrillRun> {
    const { run, log } = await this.store.locked(actor.orgId, id, async (tx, run) => {
      if (!canPlan(actor, run)) throw new DomainError('FORBIDDEN', 'drillRun.cannotPlan');
      if (run.status === 'approved') throw new DomainError('RUN_LOCKED', 'drillRun.locked');
      if (run.status === 'completed') throw new DomainError('RUN_STATE', 'drillRun.finished');
      if (run.status === 'cancelled') throw new DomainError('RUN_STATE', 'drillRun.cancelled');
      const now = new Date();
      if (run.pausedAt) {
        run.pausedMs += now.getTime() - run.pausedAt.getTime();
        run.pausedAt = null;
      }
      run.status = 'cancelled';
      run.cancelledAt = now;
      run.version += 1;
      await tx.save(run);
      return { run, log: await this.store.append(tx, run, 'cancelled', actor, {}, now) };
    });
    await this.reminders.dropRun(run);
    return this.announced(actor, run, log);
  }

  /** Tells the run's room about the change; answers the run for the one who made it. */
  private async announced(actor: DrillActor, run: DrillRunRow, log: DrillLogEntry): Promise<DrillRun> {
    const participants = await this.store.roster(run.id);
    await this.store.announce(run, log, participants);
    return runOf(run, participants, actor);
  }

  private future(iso: string): Date {
    const at = new Date(iso);
    if (at.getTime() <= Date.now()) throw new InvalidFieldError('scheduledAt', 'drillRun.inPast');
    return at;
  }

  private lead(people: Map<string, DrillMember>, userId: string): DrillMember {
    const lead = people.get(userId);
    if (!lead) throw new InvalidFieldError('leadUserId', 'drillRun.leadNotMember');
    return lead;
  }

  /** The roster as it will be stored: members by their current name, guests by theirs, each member once. */
  private roster(people: Map<string, DrillMember>, entries: RosterInput, content: TemplateContent) {
    const positions = new Set(content.positions.map((p) => p.id));
    const seen = new Set<string>();
    const roster: { userId: string | null; name: string; positionId: string | null }[] = [];
    entries.forEach((entry, i) => {
      if (entry.positionId !== null && !positions.has(entry.positionId)) {
        throw new InvalidFieldError(`participants.${String(i)}.positionId`, 'drillRun.unknownPosition');
      }
      if (entry.userId !== null) {
        const member = people.get(entry.userId);
        if (!member) {
          throw new DomainError('VALIDATION_FAILED', 'drillRun.participantNotMember', {
            [`participants.${String(i)}.userId`]: 'drillRun.participantNotMember',
          });
        }
        if (seen.has(member.id)) return;
        seen.add(member.id);
        roster.push({ userId: member.id, name: member.name, positionId: entry.positionId });
      } else {
        roster.push({ userId: null, name: entry.name, positionId: entry.positionId });
      }
    });
    return roster;
  }

  private async saveRoster(
    tx: EntityManager,
    run: DrillRunRow,
    roster: { userId: string | null; name: string; positionId: string | null }[],
  ) {
    if (roster.length === 0) return;
    await tx.save(roster.map((p, position) => tx.create(RunParticipantRow, { ...p, orgId: run.orgId, runId: run.id, position })));
  }
}
