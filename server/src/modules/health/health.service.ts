import { Inject, Injectable } from '@nestjs/common';
import { ALL_QUEUES, JobName, type HealthReport } from '@muster/contracts';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { NODE_ID } from '../../platform/node-id.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { REDIS } from '../../platform/redis/redis.tokens.js';

/** How long one health check may take before its part counts as down. */
const CHECK_TIMEOUT_MS = 2_000;
/**
 * A report is shared by every request within this window, and concurrent requests wait for
 * the same checks: a burst of health probes never multiplies into database and Redis load.
 */
const REPORT_TTL_MS = 1_000;

/**
 * Runs one check, bounded by `timeoutMs`. When the timer fires, the answer may already have
 * arrived and wait in the event loop's I/O queue: after a long stretch of synchronous work (a PDF
 * laid out in this process) the timer phase comes before the poll phase that would deliver it. So
 * the timeout gives I/O one more turn (`setImmediate` runs after the poll phase) and counts only
 * when the answer still has not come: a busy process is not a store that is down.
 */
export async function timed<T>(
  work: () => Promise<T>,
  timeoutMs: number = CHECK_TIMEOUT_MS,
): Promise<{ value?: T; latencyMs: number; error?: string }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const outcome = work().then(
    (value) => ({ ok: true as const, value }),
    (err: unknown) => ({ ok: false as const, err }),
  );
  try {
    const settled = await Promise.race([
      outcome,
      new Promise<null>((resolve) => {
        timer = setTimeout(() => setImmediate(() => resolve(null)), timeoutMs);
      }),
    ]);
    // The timer and then one more turn of I/O passed: has the answer come meanwhile?
    const result = settled ?? (await Promise.race([outcome, Promise.resolve(null)]));
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    if (!result) return { latencyMs: Math.round(latencyMs), error: `timed out after ${String(timeoutMs)} ms` };
    if (!result.ok)
      return { latencyMs: Math.round(latencyMs), error: result.err instanceof Error ? result.err.message : String(result.err) };
    return { value: result.value, latencyMs };
  } finally {
    clearTimeout(timer);
  }
}

/** A report with its JSON text. */
export interface HealthAnswer {
  report: HealthReport;
  json: string;
}

@Injectable()
export class HealthService {
  private readonly version = process.env.npm_package_version ?? '0.1.0';
  private cached: { at: number; report: Promise<HealthReport>; answer?: Promise<HealthAnswer>; settled?: HealthAnswer } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly dataSource: DataSource,
    private readonly queues: QueueService,
  ) {}

  /** The current report: computed at most once per REPORT_TTL_MS, shared by concurrent callers. */
  report(): Promise<HealthReport> {
    return this.current().report;
  }

  /** The current report and its JSON text, serialised once per report rather than once per request. */
  answer(): Promise<HealthAnswer> {
    const current = this.current();
    return (current.answer ??= current.report.then((report) => (current.settled = { report, json: JSON.stringify(report) })));
  }

  /**
   * The answer without waiting, when the current report is fresh and already made (as for nearly
   * every probe under load); null when a check is due or running (then `answer()` it is).
   */
  settledAnswer(): HealthAnswer | null {
    const cached = this.cached;
    if (!cached?.settled || Date.now() - cached.at >= REPORT_TTL_MS) return null;
    return cached.settled;
  }

  private current(): NonNullable<HealthService['cached']> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= REPORT_TTL_MS) {
      this.cached = { at: now, report: this.check() };
    }
    return this.cached;
  }

  private async check(): Promise<HealthReport> {
    const [db, redis, queues] = await Promise.all([
      timed(() => this.dataSource.query('SELECT 1')),
      timed(() => this.redis.ping()),
      timed(async () => {
        const counts: HealthReport['checks']['queues']['queues'] = {};
        for (const name of ALL_QUEUES) {
          const c = await this.queues.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed');
          counts[name] = { waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 };
        }
        return counts;
      }),
    ]);
    const part = (r: { latencyMs: number; error?: string }) =>
      r.error ? { status: 'down' as const, latencyMs: r.latencyMs, error: r.error } : { status: 'up' as const, latencyMs: r.latencyMs };
    const checks: HealthReport['checks'] = {
      database: { ...part(db), embedded: this.config.embeddedDatabase },
      redis: part(redis),
      queues: { ...part(queues), queues: queues.value ?? {} },
    };
    const failing = (Object.keys(checks) as (keyof typeof checks)[]).filter((k) => checks[k].status === 'down');
    return {
      status: failing.length ? 'unavailable' : 'ok',
      failing,
      checks,
      version: this.version,
      role: this.config.MUSTER_ROLE,
      node: NODE_ID,
      uptimeSeconds: Math.round(process.uptime()),
    };
  }

  /** Starts a round trip through the queue, a worker and the socket adapter back to `socketId`. */
  async probe(socketId: string): Promise<{ probeId: string }> {
    const probeId = randomUUID();
    await this.queues.enqueue(JobName.HealthProbe, { probeId, socketId, enqueuedAt: Date.now() }, { attempts: 1, removeOnComplete: true });
    return { probeId };
  }
}
