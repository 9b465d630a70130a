import { Injectable, Logger } from '@nestjs/common';
import {
  type consoleAttendanceSchema,
  type ConsoleControl,
  type consoleObservationSchema,
  type consoleSettingsSchema,
  type ConsoleState,
  type consoleStepSchema,
  type DrillInject,
  type DrillLogEntry,
  type DrillLogType,
  type DrillRun,
  type ErrorReason,
  jobIds,
  JobName,
  type JobPayloads,
  type LibraryTexts,
  type Observation,
  rooms,
  type RunInject,
  type RunParticipant,
  type RunStep,
} from '@muster/contracts';
import { Raw, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { DomainError, InvalidFieldError, NotFoundError } from '../../platform/errors/domain-error.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { MapsService } from '../maps/maps.service.js';
import { UsageService } from '../usage/usage.service.js';
import { canControl, canObserve, type DrillActor } from './drill-actor.js';
import type { DrillRunRow } from './entities/drill-run.entity.js';
import { RunInjectRow } from './entities/run-inject.entity.js';
import { RunLogRow } from './entities/run-log.entity.js';
import { RunObservationRow } from './entities/run-observation.entity.js';
import { RunParticipantRow } from './entities/run-participant.entity.js';
import { RunStepRow } from './entities/run-step.entity.js';
import { RemindersService } from './reminders.service.js';
import { notLive, RunStore, type LogActor } from './run-store.js';
import {
  elapsedAt,
  injectOf,
  injectTexts,
  logEntryOf,
  snapshotTexts,
  observationOf,
  participantOf,
  runOf,
  stepOf,
  timerOf,
} from './run-view.js';

type StepCommand = z.output<typeof consoleStepSchema>;
type ObservationCommand = z.output<typeof consoleObservationSchema>;
type AttendanceCommand = z.output<typeof consoleAttendanceSchema>;
type SettingsCommand = z.output<typeof consoleSettingsSchema>;

/** Observation ids remembered as published by this process (a retry comes seconds, not hours, later). */
const REMEMBERED_PUBLISHED = 10_000;

const LOG_OF_CONTROL: Record<ConsoleControl, DrillLogType> = {
  start: 'started',
  pause: 'paused',
  resume: 'resumed',
  complete: 'completed',
};

/**
 * The live console of a drill run. Every command but a step change (see `step`) takes the run's
 * row lock, checks who may do it and whether the run is in a state for it, changes its rows,
 * appends to the decision log and — after the commit — tells the run's room (the sending socket
 * has its acknowledgement, which carries the log entry too).
 * Concurrent changes of a step are decided by its version: the loser is refused and told who won.
 * Timed injects are delayed jobs per clock segment, queued at every start and resume.
 */
/** Another change of the step won the race: who made it, when known. */
function stepConflict(winner: string | null | undefined): DomainError {
  return winner
    ? new DomainError('VERSION_CONFLICT', 'drillRun.stepConflict', { name: winner })
    : new DomainError('VERSION_CONFLICT', 'drillRun.stepConflictSomeone');
}

@Injectable()
export class ConsoleService {
  private readonly logger = new Logger('DrillConsole');
  /** Ids of the observations this process has published lately, oldest first (a retry is not published twice by it). */
  private readonly publishedObservations = new Set<string>();

  constructor(
    private readonly store: RunStore,
    private readonly queues: QueueService,
    private readonly usage: UsageService,
    private readonly reminders: RemindersService,
    private readonly realtime: RealtimeService,
    private readonly maps: MapsService,
  ) {}

  /** The run is the actor's organisation's (else: not found). */
  async authorize(actor: DrillActor, runId: string): Promise<void> {
    await this.store.get(actor.orgId, runId);
  }

  async state(actor: DrillActor, runId: string): Promise<ConsoleState> {
    return (await this.store.snapshot(actor, runId)).state;
  }

  async control(actor: DrillActor, runId: string, action: ConsoleControl, sender?: string): Promise<{ run: DrillRun; log: DrillLogEntry }> {
    const now = new Date();
    const { run, participants, log } = await this.store.locked(actor.orgId, runId, async (tx, run) => {
      if (!canControl(actor, run)) throw new DomainError('FORBIDDEN', 'drillRun.cannotControl');
      this.transition(run, action, now);
      run.version += 1;
      await tx.save(run);
      // The run that starts is metered once, in the same transaction; at the plan's limit it is refused.
      if (action === 'start') await this.usage.record(run.orgId, 'drill', 1, { manager: tx, enforce: true });
      const log = await this.store.append(tx, run, LOG_OF_CONTROL[action], actor, {}, now);
      return { run, participants: await this.store.roster(run.id, tx), log };
    });
    // The watchers first; then the reminders that no longer apply and the clock's injects — which,
    // should Redis fail, must not make a committed change answer as a failure.
    await this.store.announce(run, log, participants, sender);
    this.realtime.emitExcept(rooms.run(run.orgId, run.id), sender, 'console:timer', { runId: run.id, timer: timerOf(run, now) });
    await this.afterCommit(`${action} of run ${run.id}`, async () => {
      if (action === 'start') await this.reminders.dropRun(run);
      if (action === 'start' || action === 'resume') await this.queueInjects(run, now);
      else await this.dropInjects(run);
    });
    return { run: runOf(run, participants, actor), log };
  }

  /** Moves the clock, or refuses with what is wrong. */
  private transition(run: DrillRunRow, action: ConsoleControl, now: Date): void {
    const locked = run.status === 'approved' || run.status === 'cancelled' || run.status === 'completed';
    if (locked) throw notLive(run)!;
    const refuse = (reason: ErrorReason) => new DomainError('RUN_STATE', reason);
    switch (action) {
      case 'start':
        if (run.status !== 'scheduled') throw refuse('drillRun.alreadyStarted');
        run.status = 'in_progress';
        run.startedAt = now;
        run.segment = 1;
        return;
      case 'pause':
        if (run.status === 'scheduled') throw refuse('drillRun.notStarted');
        if (run.status === 'paused') throw refuse('drillRun.alreadyPaused');
        run.status = 'paused';
        run.pausedAt = now;
        return;
      case 'resume':
        if (run.status !== 'paused') throw refuse(run.status === 'scheduled' ? 'drillRun.notStarted' : 'drillRun.notPaused');
        run.pausedMs += now.getTime() - run.pausedAt!.getTime();
        run.pausedAt = null;
        run.status = 'in_progress';
        run.segment += 1;
        return;
      case 'complete':
        if (run.status === 'scheduled') throw refuse('drillRun.notStarted');
        if (run.pausedAt) run.pausedMs += now.getTime() - run.pausedAt.getTime();
        run.pausedAt = null;
        run.status = 'completed';
        run.completedAt = now;
    }
  }

  /**
   * The console's most frequent change, so it takes no transaction: the run and the step are read,
   * the change is worked out, and one statement writes it only if the step is still at the version
   * the client saw and the drill still running — numbering its log entry under the run's row lock
   * for that statement alone. When it writes nothing, the step or the run moved on meanwhile.
   */
  async step(actor: DrillActor, command: StepCommand, sender?: string): Promise<{ step: RunStep; log: DrillLogEntry | null }> {
    const now = new Date();
    const { run, row } = await this.store.stepOf(actor.orgId, command.runId, command.stepId);
    if (!canControl(actor, run)) throw new DomainError('FORBIDDEN', 'drillRun.cannotControl');
    if (run.status !== 'in_progress') throw notLive(run) ?? new DomainError('RUN_STATE', 'drillRun.notRunning');
    const definition = run.snapshot.steps.find((s) => s.id === command.stepId);
    if (!definition || !row) throw new InvalidFieldError('stepId', 'drillRun.unknownStep');
    if (row.version !== command.version) throw stepConflict(row.updatedByName);
    const elapsed = elapsedAt(run, now)!;
    let change: { type: DrillLogType; data: Record<string, string | number | boolean | null> } | null;
    if (command.item) {
      const item = definition.checklist.find((i) => i.id === command.item!.itemId);
      if (!item) throw new InvalidFieldError('itemId', 'drillRun.unknownItem');
      const checked = new Set(row.checkedItems);
      const was = checked.has(item.id);
      if (command.item.checked) checked.add(item.id);
      else checked.delete(item.id);
      row.checkedItems = definition.checklist.map((i) => i.id).filter((id) => checked.has(id));
      change =
        was === command.item.checked
          ? null
          : {
              type: command.item.checked ? 'item_checked' : 'item_unchecked',
              data: { stepId: definition.id, step: definition.title, itemId: item.id, item: item.text },
            };
    } else {
      change = await this.moveStep(row, command.status!, elapsed, definition.title);
    }
    // Nothing changed (the step already was so): the same step, and nobody needs telling.
    if (!change) return { step: stepOf(row), log: null };
    const written = await this.store.writeStep(
      run,
      row,
      command.version,
      { type: change.type, data: change.data, actor, elapsedMs: elapsed },
      now,
    );
    if (!written) {
      // Someone changed the step (or the run) between the read and the write: say who or why.
      const again = await this.store.stepOf(actor.orgId, command.runId, command.stepId);
      if (again.run.status !== 'in_progress') throw notLive(again.run) ?? new DomainError('RUN_STATE', 'drillRun.notRunning');
      throw stepConflict(again.row?.updatedByName);
    }
    this.realtime.emitExcept(rooms.run(actor.orgId, command.runId), sender, 'console:step-updated', { runId: command.runId, ...written });
    return written;
  }

  /**
   * A step's new status and its timing in drill time. A step checked off without having been
   * started is timed from the end of the last step done before it (or from the start).
   */
  private async moveStep(
    row: RunStepRow,
    status: RunStepRow['status'],
    elapsed: number,
    title: string,
  ): Promise<{ type: DrillLogType; data: Record<string, string | number | boolean | null> } | null> {
    if (row.status === status) return null;
    const from = row.status;
    const data = { stepId: row.stepId, step: title, from };
    row.status = status;
    switch (status) {
      case 'in_progress':
        if (from === 'pending' || row.startedElapsedMs === null) row.startedElapsedMs = elapsed;
        row.completedElapsedMs = null;
        return { type: from === 'pending' ? 'step_started' : 'step_reopened', data };
      case 'done': {
        if (row.startedElapsedMs === null) {
          row.startedElapsedMs = await this.store.lastStepEnd(row, elapsed);
        }
        row.completedElapsedMs = elapsed;
        return { type: 'step_completed', data: { ...data, durationMs: elapsed - row.startedElapsedMs } };
      }
      case 'skipped':
        row.completedElapsedMs = elapsed;
        return { type: 'step_skipped', data };
      case 'pending':
        row.startedElapsedMs = null;
        row.completedElapsedMs = null;
        return { type: 'step_reopened', data };
    }
  }

  async publishInject(
    actor: DrillActor,
    runId: string,
    injectId: string,
    sender?: string,
  ): Promise<{ inject: RunInject; log: DrillLogEntry }> {
    const published = await this.store.locked(actor.orgId, runId, async (tx, run) => {
      if (!canControl(actor, run)) throw new DomainError('FORBIDDEN', 'drillRun.cannotControl');
      const refusal = notLive(run);
      if (refusal) throw refusal;
      const result = await this.publish(tx, run, injectId, actor, new Date());
      if (!result) throw new DomainError('CONFLICT', 'drillRun.alreadyPublished');
      return result;
    });
    this.realtime.emitExcept(rooms.run(actor.orgId, runId), sender, 'console:inject-published', { runId, ...published });
    return { inject: published.inject, log: published.log };
  }

  /** The drill clock's job: publishes an inject at its time, unless the clock moved on since (stale job). */
  async injectDue(payload: JobPayloads[typeof JobName.InjectDue]): Promise<void> {
    let published: { inject: RunInject; definition: DrillInject; libraryTexts: LibraryTexts; log: DrillLogEntry } | null;
    try {
      published = await this.store.locked(payload.orgId, payload.runId, async (tx, run) => {
        if (run.status !== 'in_progress' || run.segment !== payload.segment || !run.autoInjects) return null;
        return this.publish(tx, run, payload.injectId, null, new Date());
      });
    } catch (err) {
      if (err instanceof NotFoundError || (err instanceof DomainError && err.code === 'VALIDATION_FAILED')) return;
      throw err;
    }
    if (published)
      this.realtime.emitTo(rooms.run(payload.orgId, payload.runId), 'console:inject-published', { runId: payload.runId, ...published });
  }

  /** Stores an inject's publication once; null when it already was published. */
  private async publish(
    tx: EntityManager,
    run: DrillRunRow,
    injectId: string,
    actor: LogActor,
    now: Date,
  ): Promise<{ inject: RunInject; definition: DrillInject; libraryTexts: LibraryTexts; log: DrillLogEntry } | null> {
    const definition = run.snapshot.injects.find((i) => i.id === injectId);
    if (!definition) throw new InvalidFieldError('injectId', 'drillRun.unknownInject');
    if (await tx.exists(RunInjectRow, { where: { runId: run.id, orgId: run.orgId, injectId } })) return null;
    const row = await tx.save(
      tx.create(RunInjectRow, {
        orgId: run.orgId,
        runId: run.id,
        injectId,
        publishedAt: now,
        publishedElapsedMs: elapsedAt(run, now) ?? 0,
        publishedByUserId: actor?.userId ?? null,
        publishedByName: actor?.name ?? null,
        auto: actor === null,
      }),
    );
    const log = await this.store.append(
      tx,
      run,
      'inject_published',
      actor,
      { injectId, inject: definition.title, auto: actor === null },
      now,
    );
    return { inject: injectOf(row), definition, libraryTexts: injectTexts(snapshotTexts(run), injectId), log };
  }

  async observe(
    actor: DrillActor,
    command: ObservationCommand,
    sender?: string,
  ): Promise<{ observation: Observation; log: DrillLogEntry | null }> {
    const now = new Date();
    const { observation, log, stored } = await this.store.locked(actor.orgId, command.runId, async (tx, run) => {
      // A retried observation (same client id) answers the one stored — even when the drill has
      // finished since (its acknowledgement was lost) — and its entry of the log, to publish again.
      const earlier = await tx.findOne(RunObservationRow, { where: { runId: run.id, orgId: run.orgId, clientId: command.clientId } });
      if (earlier) {
        const entry = await tx.findOne(RunLogRow, {
          where: {
            runId: run.id,
            orgId: run.orgId,
            type: 'observation',
            data: Raw((data) => `${data} ->> 'observationId' = :id`, { id: earlier.id }),
          },
        });
        return { observation: observationOf(earlier), log: null, stored: entry ? logEntryOf(entry) : null };
      }
      const refusal = notLive(run);
      if (refusal) throw refusal;
      if (!canObserve(actor, run)) throw new DomainError('FORBIDDEN', 'drillRun.cannotObserve');
      if (command.stepId && !run.snapshot.steps.some((s) => s.id === command.stepId)) {
        throw new InvalidFieldError('stepId', 'drillRun.unknownStep');
      }
      if (command.injectId && !run.snapshot.injects.some((i) => i.id === command.injectId)) {
        throw new InvalidFieldError('injectId', 'drillRun.unknownInject');
      }
      const row = await tx.save(
        tx.create(RunObservationRow, {
          orgId: run.orgId,
          runId: run.id,
          clientId: command.clientId,
          kind: command.kind,
          note: command.note,
          stepId: command.stepId,
          injectId: command.injectId,
          authorUserId: actor.userId,
          authorName: actor.name,
          elapsedMs: elapsedAt(run, now),
          createdAt: now,
        }),
      );
      const data = { observationId: row.id, kind: row.kind, note: row.note.slice(0, 200), stepId: row.stepId, injectId: row.injectId };
      return { observation: observationOf(row), log: await this.store.append(tx, run, 'observation', actor, data, now), stored: null };
    });
    // A new observation is published; a retried one too, unless this process published it lately:
    // the instance that stored it may have died before publishing, and every watcher must hear it
    // (consoles keep one copy per observation and log seq).
    const published = log ?? stored;
    if (published && !this.publishedObservations.has(observation.id)) {
      // Published before it is acknowledged: on every instance's stream, or the sender retries.
      await this.realtime.publish(rooms.run(actor.orgId, command.runId), sender, 'console:observation-added', {
        runId: command.runId,
        observation,
        log: published,
      });
      this.publishedObservations.add(observation.id);
      if (this.publishedObservations.size > REMEMBERED_PUBLISHED) {
        const [oldest] = this.publishedObservations;
        this.publishedObservations.delete(oldest!);
      }
    }
    return { observation, log };
  }

  async attendance(
    actor: DrillActor,
    command: AttendanceCommand,
    sender?: string,
  ): Promise<{ participant: RunParticipant; log: DrillLogEntry | null }> {
    const now = new Date();
    // A check-in point must be a muster point named on one of the organisation's maps (else 400).
    const point =
      command.present && command.musterPoint
        ? await this.maps.musterPoint(actor, command.musterPoint.mapId, command.musterPoint.pointId)
        : null;
    const { participant, log } = await this.store.locked(actor.orgId, command.runId, async (tx, run) => {
      const refusal = notLive(run);
      if (refusal) throw refusal;
      const row = await tx.findOne(RunParticipantRow, { where: { id: command.participantId, runId: run.id, orgId: run.orgId } });
      if (!row) throw new NotFoundError('participant');
      const lead = canControl(actor, run);
      if (!lead && row.userId !== actor.userId) throw new DomainError('FORBIDDEN', 'drillRun.cannotCheckIn');
      if (command.present === (row.checkedInAt !== null)) return { participant: participantOf(row), log: null };
      if (command.present) {
        row.checkedInAt = now;
        row.checkedInElapsedMs = elapsedAt(run, now);
        row.checkedInBy = row.userId === actor.userId ? 'self' : 'lead';
        row.checkedInPoint = point?.name ?? null;
      } else {
        row.checkedInAt = null;
        row.checkedInElapsedMs = null;
        row.checkedInBy = null;
        row.checkedInPoint = null;
      }
      await tx.save(row);
      const data = {
        participantId: row.id,
        name: row.name,
        by: command.present ? row.checkedInBy : null,
        ...(row.checkedInPoint ? { point: row.checkedInPoint } : {}),
      };
      return {
        participant: participantOf(row),
        log: await this.store.append(tx, run, command.present ? 'checked_in' : 'checked_out', actor, data, now),
      };
    });
    if (log)
      this.realtime.emitExcept(rooms.run(actor.orgId, command.runId), sender, 'console:attendance-updated', {
        runId: command.runId,
        participant,
        log,
      });
    return { participant, log };
  }

  /** The lead records that everyone has mustered: the time to muster. */
  async muster(actor: DrillActor, runId: string, sender?: string): Promise<{ run: DrillRun; log: DrillLogEntry }> {
    return this.changeRun(actor, runId, sender, (run, now, roster) => {
      const refusal = notLive(run);
      if (refusal) throw refusal;
      // "Everyone mustered" is a fact about the roster: refused while anyone on it has not checked in.
      const present = roster.filter((p) => p.checkedInAt !== null).length;
      if (present < roster.length)
        throw new DomainError('MUSTER_INCOMPLETE', 'drillRun.musterIncomplete', { present, total: roster.length });
      run.musterElapsedMs = elapsedAt(run, now);
      return { type: 'mustered', data: { elapsedMs: run.musterElapsedMs } };
    });
  }

  async settings(actor: DrillActor, command: SettingsCommand, sender?: string): Promise<{ run: DrillRun; log: DrillLogEntry }> {
    const changed = await this.changeRun(actor, command.runId, sender, (run) => {
      if (run.status !== 'scheduled') {
        const refusal = notLive(run);
        if (refusal) throw refusal;
      }
      const data: Record<string, boolean> = {};
      if (command.observersMayWrite !== undefined) run.observersMayWrite = data.observersMayWrite = command.observersMayWrite;
      if (command.autoInjects !== undefined) run.autoInjects = data.autoInjects = command.autoInjects;
      return { type: 'settings', data };
    });
    if (command.autoInjects !== undefined) {
      await this.afterCommit(`injects of run ${command.runId}`, async () => {
        const row = await this.store.get(actor.orgId, command.runId);
        if (row.autoInjects) await this.queueInjects(row, new Date());
        else await this.dropInjects(row);
      });
    }
    return changed;
  }

  /** A change of the run itself by whoever controls it: saved, logged, and told to the room. */
  private async changeRun(
    actor: DrillActor,
    runId: string,
    sender: string | undefined,
    apply: (
      run: DrillRunRow,
      now: Date,
      roster: RunParticipantRow[],
    ) => { type: DrillLogType; data: Record<string, string | number | boolean | null> },
  ): Promise<{ run: DrillRun; log: DrillLogEntry }> {
    const now = new Date();
    const { run, participants, log } = await this.store.locked(actor.orgId, runId, async (tx, run) => {
      if (!canControl(actor, run)) throw new DomainError('FORBIDDEN', 'drillRun.cannotControl');
      const roster = await this.store.roster(run.id, tx);
      const change = apply(run, now, roster);
      run.version += 1;
      await tx.save(run);
      const log = await this.store.append(tx, run, change.type, actor, change.data, now);
      return { run, participants: roster, log };
    });
    await this.store.announce(run, log, participants, sender);
    return { run: runOf(run, participants, actor), log };
  }

  /** Work that follows a committed change (jobs in Redis): a failure is logged, the change stands and is answered. */
  private async afterCommit(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.logger.error(`After the ${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Queues the unpublished injects of the clock's current segment at their drill times. */
  private async queueInjects(run: DrillRunRow, now: Date): Promise<void> {
    if (!run.autoInjects || run.status !== 'in_progress' || run.snapshot.injects.length === 0) return;
    const published = new Set(
      (await this.store.injects.find({ where: { runId: run.id, orgId: run.orgId }, select: { injectId: true } })).map((i) => i.injectId),
    );
    const elapsed = elapsedAt(run, now) ?? 0;
    for (const inject of run.snapshot.injects) {
      if (published.has(inject.id)) continue;
      await this.queues.enqueue(
        JobName.InjectDue,
        { orgId: run.orgId, runId: run.id, injectId: inject.id, segment: run.segment },
        { jobId: jobIds.injectDue(run.id, inject.id, run.segment), delay: Math.max(0, inject.atMinute * 60_000 - elapsed) },
      );
    }
  }

  /** Removes the queued injects of the current segment (a stale job would find the segment moved on anyway). */
  private async dropInjects(run: DrillRunRow): Promise<void> {
    for (const inject of run.snapshot.injects) {
      await this.queues.remove(JobName.InjectDue, jobIds.injectDue(run.id, inject.id, run.segment)).catch((err: unknown) => {
        this.logger.warn(`Could not remove a queued inject: ${err instanceof Error ? err.message : String(err)}`);
      });
    }
  }
}
