import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { rooms, type ConsoleState, type DrillLogEntry, type DrillLogType, type RunStep } from '@muster/contracts';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { withinOrganisation } from '../../platform/tenancy/tenant-check.js';
import { isUuid, tenant } from '../../platform/tenancy/tenant-scope.js';
import type { DrillActor } from './drill-actor.js';
import { DrillRunRow } from './entities/drill-run.entity.js';
import { RunInjectRow } from './entities/run-inject.entity.js';
import { RunLogRow } from './entities/run-log.entity.js';
import { RunObservationRow } from './entities/run-observation.entity.js';
import { RunParticipantRow } from './entities/run-participant.entity.js';
import { RunStepRow } from './entities/run-step.entity.js';
import { elapsedAt, injectOf, logEntryOf, observationOf, runOf, runStateOf, stepOf, unpublishedInject } from './run-view.js';

/** Who wrote a log entry: a member, or the drill clock (null). */
export type LogActor = Pick<DrillActor, 'userId' | 'name'> | null;

/**
 * Reads and writes of drill runs that every run service shares: the run's row lock (every write
 * to a run takes it, so its changes and its decision log are totally ordered), the decision log,
 * and the console state.
 */
@Injectable()
export class RunStore {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(DrillRunRow) readonly runs: Repository<DrillRunRow>,
    @InjectRepository(RunParticipantRow) readonly participants: Repository<RunParticipantRow>,
    @InjectRepository(RunStepRow) readonly steps: Repository<RunStepRow>,
    @InjectRepository(RunInjectRow) readonly injects: Repository<RunInjectRow>,
    @InjectRepository(RunObservationRow) readonly observations: Repository<RunObservationRow>,
    @InjectRepository(RunLogRow) readonly log: Repository<RunLogRow>,
    private readonly realtime: RealtimeService,
  ) {}

  /** The run of the organisation (another organisation's: not found). */
  async get(orgId: string, runId: string): Promise<DrillRunRow> {
    return tenant(this.runs, { orgId }).get(runId, 'drillRun');
  }

  /** Runs `work` in a transaction that holds the run's row lock. */
  locked<T>(orgId: string, runId: string, work: (tx: EntityManager, run: DrillRunRow) => Promise<T>): Promise<T> {
    if (!isUuid(runId)) return Promise.reject(new NotFoundError('drillRun'));
    // Everything the work does is with this organisation's run, found by its organisation.
    return withinOrganisation(orgId, () =>
      this.dataSource.transaction(async (tx) => {
        const run = await tx.findOne(DrillRunRow, { where: { id: runId, orgId }, lock: { mode: 'pessimistic_write' } });
        if (!run) throw new NotFoundError('drillRun');
        return work(tx, run);
      }),
    );
  }

  /** Appends one entry to the run's decision log (the run's row lock must be held). */
  async append(
    tx: EntityManager,
    run: DrillRunRow,
    type: DrillLogType,
    actor: LogActor,
    data: Record<string, string | number | boolean | null>,
    now: Date,
  ): Promise<DrillLogEntry> {
    run.logSeq += 1;
    await tx.update(DrillRunRow, { id: run.id, orgId: run.orgId }, { logSeq: run.logSeq });
    const row = await tx.save(
      tx.create(RunLogRow, {
        orgId: run.orgId,
        runId: run.id,
        seq: run.logSeq,
        type,
        actorUserId: actor?.userId ?? null,
        actorName: actor?.name ?? null,
        elapsedMs: elapsedAt(run, now),
        data,
        createdAt: now,
      }),
    );
    return logEntryOf(row);
  }

  /** A run of the organisation and one of its steps' state (null when the run has no such step), read without locks. */
  async stepOf(orgId: string, runId: string, stepId: string): Promise<{ run: DrillRunRow; row: RunStepRow | null }> {
    const [run, row] = await Promise.all([
      this.get(orgId, runId),
      isUuid(runId) ? this.steps.findOne({ where: { runId, stepId, orgId } }) : null,
    ]);
    return { run, row };
  }

  /** When the last step done before `elapsed` (other than `row`) ended: where a step checked off unstarted began. */
  async lastStepEnd(row: RunStepRow, elapsed: number): Promise<number> {
    const [previous] = await this.steps.query<{ end: string | null }[]>(
      `SELECT max(completed_elapsed_ms) AS "end" FROM drill_run_steps WHERE run_id = $1 AND org_id = $2 AND step_id <> $3 AND completed_elapsed_ms <= $4`,
      [row.runId, row.orgId, row.stepId, elapsed],
    );
    return previous?.end === null || previous?.end === undefined ? 0 : Number(previous.end);
  }

  /**
   * Writes a step's new state and its log entry in one statement, only while the step is at
   * `version` and the run in progress: the run's row is locked for this statement alone (so a
   * pause or completion committing meanwhile is seen, and the step is not written after it),
   * the step's version check decides a race for it, then the run's log counter is raised and the
   * entry inserted. Answers null when nothing was written.
   */
  async writeStep(
    run: DrillRunRow,
    row: RunStepRow,
    version: number,
    log: { type: DrillLogType; data: Record<string, string | number | boolean | null>; actor: LogActor; elapsedMs: number },
    now: Date,
  ): Promise<{ step: RunStep; log: DrillLogEntry } | null> {
    const rows = await this.steps.query<{ version: number; log_seq: number }[]>(
      `WITH run AS (
         SELECT id, org_id FROM drill_runs WHERE id = $1 AND status = 'in_progress' FOR UPDATE
       ), step AS (
         UPDATE drill_run_steps s
            SET status = $4, checked_items = $5::jsonb, started_elapsed_ms = $6, completed_elapsed_ms = $7,
                version = s.version + 1, updated_by_user_id = $8, updated_by_name = $9, updated_at = $10
           FROM run
          WHERE s.run_id = run.id AND s.step_id = $2 AND s.version = $3
          RETURNING s.version
       ), counter AS (
         UPDATE drill_runs r SET log_seq = r.log_seq + 1 FROM step WHERE r.id = $1 RETURNING r.org_id, r.log_seq
       ), entry AS (
         INSERT INTO drill_run_log (org_id, run_id, seq, type, actor_user_id, actor_name, elapsed_ms, data, created_at)
         SELECT counter.org_id, $1, counter.log_seq, $11, $8, $9, $12, $13::jsonb, $10 FROM counter
         RETURNING seq
       )
       SELECT step.version, entry.seq AS log_seq FROM step, entry`,
      [
        run.id,
        row.stepId,
        version,
        row.status,
        JSON.stringify(row.checkedItems),
        row.startedElapsedMs,
        row.completedElapsedMs,
        log.actor?.userId ?? null,
        log.actor?.name ?? null,
        now,
        log.type,
        log.elapsedMs,
        JSON.stringify(log.data),
      ],
    );
    const written = rows[0];
    if (!written) return null;
    const step: RunStep = {
      stepId: row.stepId,
      status: row.status,
      checkedItems: row.checkedItems,
      startedElapsedMs: row.startedElapsedMs,
      completedElapsedMs: row.completedElapsedMs,
      version: written.version,
      updatedBy: log.actor ? { id: log.actor.userId, name: log.actor.name } : null,
      updatedAt: now.toISOString(),
    };
    const entry: DrillLogEntry = {
      seq: written.log_seq,
      type: log.type,
      at: now.toISOString(),
      elapsedMs: log.elapsedMs,
      actor: log.actor ? { id: log.actor.userId, name: log.actor.name } : null,
      data: log.data,
    };
    return { step, log: entry };
  }

  /** The roster of a run, in roster order. */
  roster(runId: string, tx?: EntityManager): Promise<RunParticipantRow[]> {
    return (tx?.getRepository(RunParticipantRow) ?? this.participants).find({ where: { runId }, order: { position: 'ASC' } });
  }

  async rosterCounts(orgId: string, runIds: string[]): Promise<Map<string, number>> {
    if (runIds.length === 0) return new Map();
    const rows = await this.participants
      .createQueryBuilder('p')
      .select('p.run_id', 'runId')
      .addSelect('count(*)::int', 'n')
      .where({ orgId, runId: In(runIds) })
      .groupBy('p.run_id')
      .getRawMany<{ runId: string; n: number }>();
    return new Map(rows.map((r) => [r.runId, r.n]));
  }

  /** Tells the run's room that the run changed (its state, plan, settings or summary), with the log entry written. */
  async announce(run: DrillRunRow, log: DrillLogEntry, participants?: RunParticipantRow[], sender?: string): Promise<void> {
    const roster = participants ?? (await this.roster(run.id));
    this.realtime.emitExcept(rooms.run(run.orgId, run.id), sender, 'console:state-changed', {
      runId: run.id,
      run: runStateOf(run, roster),
      log,
    });
  }

  /**
   * Everything the console shows, for `actor`, read in one snapshot so that its parts agree (the
   * run included); `more` reads what else the caller needs in the same snapshot. Those who do not
   * see every inject (`seesAllInjects`) get only the published ones.
   */
  async snapshot<M = undefined>(
    actor: DrillActor,
    runId: string,
    more?: (tx: EntityManager, run: DrillRunRow) => Promise<M>,
  ): Promise<{ row: DrillRunRow; state: ConsoleState; more: M }> {
    if (!isUuid(runId)) throw new NotFoundError('drillRun');
    return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
      const row = await tx.findOne(DrillRunRow, { where: { id: runId, orgId: actor.orgId } });
      if (!row) throw new NotFoundError('drillRun');
      const where = { runId: row.id, orgId: row.orgId };
      const participants = await this.roster(row.id, tx);
      const steps = await tx.find(RunStepRow, { where, order: { position: 'ASC' } });
      const injects = await tx.find(RunInjectRow, { where });
      const observations = await tx.find(RunObservationRow, { where, order: { createdAt: 'ASC' } });
      const log = await tx.find(RunLogRow, { where, order: { seq: 'ASC' } });
      const extra = (more ? await more(tx, row) : undefined) as M;
      const published = new Map(injects.map((i) => [i.injectId, injectOf(i)]));
      const run = runOf(row, participants, actor, new Set(published.keys()));
      return {
        row,
        state: {
          run,
          steps: steps.map(stepOf),
          injects: run.template.injects.map((i) => published.get(i.id) ?? unpublishedInject(i.id)),
          observations: observations.map(observationOf),
          log: log.map(logEntryOf),
        },
        more: extra,
      };
    });
  }

  /** The ids of a run's published injects. */
  async publishedInjects(run: DrillRunRow): Promise<Set<string>> {
    const rows = await this.injects.find({ where: { runId: run.id, orgId: run.orgId }, select: { injectId: true } });
    return new Set(rows.map((r) => r.injectId));
  }
}

/** The refusal for a run that does not take live console changes, in the order users meet them. */
export function notLive(run: DrillRunRow): DomainError | null {
  switch (run.status) {
    case 'in_progress':
    case 'paused':
      return null;
    case 'scheduled':
      return new DomainError('RUN_STATE', 'drillRun.notStarted');
    case 'completed':
      return new DomainError('RUN_STATE', 'drillRun.finished');
    case 'approved':
      return new DomainError('RUN_LOCKED', 'drillRun.locked');
    case 'cancelled':
      return new DomainError('RUN_STATE', 'drillRun.cancelled');
  }
}
