import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  jobIds,
  JobName,
  LIBRARY_TEXT_PATHS,
  rooms,
  SIMULATION_LIMITS,
  simulationElapsed,
  simulationPlan,
  type CreateSimulationInput,
  type DrillTemplateSummary,
  type JobPayloads,
  type Principal,
  type SimulationControl,
  type SimulationRun,
  type SimulationRunSummary,
  type SimulationSpeed,
} from '@muster/contracts';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainError, InvalidFieldError, NotFoundError } from '../../platform/errors/domain-error.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { LIBRARY, libraryTemplate } from '../drills/library/library.js';
import { SimulationRunRow } from './entities/simulation-run.entity.js';

/** When the library was last revised (the summaries' update time, as the drills' library answers it). */
const LIBRARY_REVISED = '2026-11-01T00:00:00.000Z';

/**
 * The drill simulation sandbox. A simulated run is a row of `simulation_runs` — never a drill run —
 * whose clock is stored: every control (play, pause, speed, reset) rewrites the clock under the
 * row's lock and raises its `segment`; while it plays, one delayed `simulation-tick` job waits for
 * the plan's next event, applies every event the clock has reached, tells the `sysops` room and
 * queues the next. A tick of an older segment is stale and does nothing, so any worker — after a
 * restart too — picks the clock up from the database.
 */
@Injectable()
export class SimulationService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Simulation');

  constructor(
    @InjectRepository(SimulationRunRow) private readonly runs: Repository<SimulationRunRow>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queues: QueueService,
    private readonly realtime: RealtimeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Workers queue again the next tick of every run that is playing (a job Redis lost, a restart). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    const playing = await this.runs.find({ where: { status: 'playing' } });
    for (const run of playing)
      await this.queueNext(run, Date.now()).catch((err: unknown) => this.logger.warn(`Requeue of ${run.id}: ${String(err)}`));
  }

  /** The built-in library: the templates every operator can play. */
  templates(): { items: DrillTemplateSummary[] } {
    return {
      items: LIBRARY.map(({ id, content }) => ({
        id,
        source: 'library' as const,
        status: 'published' as const,
        name: content.name,
        type: content.type,
        scenario: content.scenario,
        regulations: content.regulations,
        estimatedMinutes: content.estimatedMinutes,
        stepCount: content.steps.length,
        injectCount: content.injects.length,
        updatedAt: LIBRARY_REVISED,
        nameText: content.libraryTexts[LIBRARY_TEXT_PATHS.name] ?? null,
      })),
    };
  }

  async list(): Promise<{ items: SimulationRunSummary[] }> {
    const rows = await this.runs.find({ order: { createdAt: 'DESC' }, take: SIMULATION_LIMITS.runsKept });
    return { items: rows.map((row) => summaryOf(row)) };
  }

  async get(id: string): Promise<SimulationRun> {
    return this.view(await this.find(this.runs.manager, id, false));
  }

  async create(principal: Principal, input: CreateSimulationInput): Promise<SimulationRun> {
    const template = libraryTemplate(input.templateId);
    if (!template) throw new InvalidFieldError('templateId', 'simulation.unknownTemplate');
    const plan = simulationPlan(template.content, input.participants);
    const row = await this.dataSource.transaction(async (tx) => {
      const saved = await tx.save(
        tx.create(SimulationRunRow, {
          templateId: template.id,
          template: template.content,
          participants: input.participants,
          speed: input.speed ?? 1,
          status: 'ready',
          elapsedMs: 0,
          anchorAt: null,
          reachedMs: 0,
          durationMs: plan[plan.length - 1]!.atMs,
          segment: 0,
          startedByUserId: principal.userId,
          startedByName: principal.name,
        }),
      );
      // The sandbox keeps its latest runs; older ones go.
      await tx.query(`DELETE FROM simulation_runs WHERE id IN (SELECT id FROM simulation_runs ORDER BY created_at DESC, id OFFSET $1)`, [
        SIMULATION_LIMITS.runsKept,
      ]);
      return saved;
    });
    return this.announce(row);
  }

  async control(id: string, action: SimulationControl): Promise<SimulationRun> {
    const now = Date.now();
    const row = await this.dataSource.transaction(async (tx) => {
      const run = await this.find(tx, id, true);
      const elapsed = simulationElapsed(this.clock(run), now);
      switch (action) {
        case 'play':
          if (run.status === 'finished') throw new DomainError('CONFLICT', 'simulation.finished');
          if (run.status === 'playing') throw new DomainError('CONFLICT', 'simulation.alreadyPlaying');
          run.status = 'playing';
          run.anchorAt = new Date(now);
          break;
        case 'pause':
          if (run.status !== 'playing') throw new DomainError('CONFLICT', 'simulation.notPlaying');
          run.status = 'paused';
          run.elapsedMs = Math.round(elapsed);
          run.reachedMs = Math.max(run.reachedMs, run.elapsedMs);
          run.anchorAt = null;
          break;
        case 'reset':
          run.status = 'ready';
          run.elapsedMs = 0;
          run.reachedMs = 0;
          run.anchorAt = null;
          break;
      }
      run.segment += 1;
      return tx.save(run);
    });
    if (row.status === 'playing') await this.queueNext(row, now);
    return this.announce(row, now);
  }

  async setSpeed(id: string, speed: SimulationSpeed): Promise<SimulationRun> {
    const now = Date.now();
    const row = await this.dataSource.transaction(async (tx) => {
      const run = await this.find(tx, id, true);
      if (run.status === 'playing') {
        // Re-anchored: the time run so far at the old speed is kept, the rest runs at the new one.
        run.elapsedMs = Math.round(simulationElapsed(this.clock(run), now));
        run.anchorAt = new Date(now);
        run.segment += 1;
      }
      run.speed = speed;
      return tx.save(run);
    });
    if (row.status === 'playing') await this.queueNext(row, now);
    return this.announce(row, now);
  }

  async remove(id: string): Promise<void> {
    const result = await this.runs.delete({ id });
    if (!result.affected) throw new NotFoundError('simulation');
  }

  /** The clock reached an event: apply what it has reached, tell the watchers, wait for the next. */
  async tick({ simulationId, segment }: JobPayloads[typeof JobName.SimulationTick]): Promise<void> {
    const now = Date.now();
    const row = await this.dataSource.transaction(async (tx) => {
      const run = await tx.findOne(SimulationRunRow, { where: { id: simulationId }, lock: { mode: 'pessimistic_write' } });
      if (!run || run.segment !== segment || run.status !== 'playing') return null;
      const elapsed = Math.round(simulationElapsed(this.clock(run), now));
      run.reachedMs = Math.max(run.reachedMs, elapsed);
      if (elapsed >= run.durationMs) {
        run.status = 'finished';
        run.elapsedMs = run.durationMs;
        run.reachedMs = run.durationMs;
        run.anchorAt = null;
        run.segment += 1;
      }
      return tx.save(run);
    });
    if (!row) return;
    if (row.status === 'playing') await this.queueNext(row, now);
    this.announce(row, now);
  }

  private async find(manager: EntityManager, id: string, lock: boolean): Promise<SimulationRunRow> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundError('simulation');
    const run = await manager.findOne(SimulationRunRow, {
      where: { id },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!run) throw new NotFoundError('simulation');
    return run;
  }

  /** Queues the tick of the plan's next event after what the clock has reached (at its wall time at this speed). */
  private async queueNext(run: SimulationRunRow, now: number): Promise<void> {
    const elapsed = simulationElapsed(this.clock(run), now);
    const next = simulationPlan(run.template, run.participants).find((e) => e.atMs > run.reachedMs);
    if (!next) return;
    const delay = Math.max(0, Math.ceil((next.atMs - elapsed) / this.clock(run).rate));
    await this.queues.enqueue(
      JobName.SimulationTick,
      { simulationId: run.id, segment: run.segment },
      { jobId: jobIds.simulationTick(run.id, run.segment, next.atMs), delay, attempts: 3 },
    );
  }

  /** The stored clock, with the rate it runs at here. */
  private clock(run: SimulationRunRow): Pick<SimulationRun, 'elapsedMs' | 'anchorAt' | 'rate' | 'status' | 'durationMs'> {
    return {
      elapsedMs: run.elapsedMs,
      anchorAt: run.anchorAt?.toISOString() ?? null,
      rate: run.speed * this.config.SIMULATION_TIME_SCALE,
      status: run.status,
      durationMs: run.durationMs,
    };
  }

  private view(row: SimulationRunRow, now = Date.now()): SimulationRun {
    return viewOf(row, now, row.speed * this.config.SIMULATION_TIME_SCALE);
  }

  private announce(row: SimulationRunRow, now = Date.now()): SimulationRun {
    const view = this.view(row, now);
    this.realtime.emitTo(rooms.sysops(), 'simulation:updated', view);
    return view;
  }
}

export function viewOf(row: SimulationRunRow, now: number, rate: number): SimulationRun {
  const plan = simulationPlan(row.template, row.participants);
  return {
    id: row.id,
    simulated: true,
    templateId: row.templateId,
    template: row.template,
    participants: row.participants,
    speed: row.speed,
    status: row.status,
    rate,
    elapsedMs: row.elapsedMs,
    anchorAt: row.anchorAt?.toISOString() ?? null,
    reachedMs: row.reachedMs,
    durationMs: row.durationMs,
    events: plan.filter((e) => e.atMs <= row.reachedMs && (row.reachedMs > 0 || row.status !== 'ready')),
    plannedEvents: plan.length,
    startedBy: row.startedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    serverTime: new Date(now).toISOString(),
  };
}

function summaryOf(row: SimulationRunRow): SimulationRunSummary {
  return {
    id: row.id,
    templateId: row.templateId,
    participants: row.participants,
    speed: row.speed,
    status: row.status,
    reachedMs: row.reachedMs,
    durationMs: row.durationMs,
    startedBy: row.startedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.template.name,
    scenario: row.template.scenario,
    nameText: row.template.libraryTexts[LIBRARY_TEXT_PATHS.name] ?? null,
  };
}
