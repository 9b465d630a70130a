import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  OPS_DATABASE_LIMITS,
  ALL_QUEUES,
  type AuditChains,
  type DatabaseOverview,
  type MigrationStatus,
  type OrgChainStatus,
  type QueueCounts,
} from '@muster/contracts';
import type { Redis } from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { MIGRATIONS } from '../../database/migrations/index.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { REDIS } from '../../platform/redis/redis.tokens.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

/** A field of Redis's `INFO` answer (`name:value` lines). */
export function infoField(info: string, name: string): string | null {
  const line = info.split(/\r?\n/).find((l) => l.startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** What one read-only transaction found: the answer, and whether the transaction stayed read-only and wrote nothing. */
interface ReadOnlyResult<T> {
  value: T;
  readOnly: boolean;
}

/**
 * The database page: operational facts of PostgreSQL, Redis and the queues. Every database read
 * runs in one `READ ONLY` transaction (PostgreSQL refuses any write in it), and the transaction
 * shows before it ends that it was read-only and never got a transaction id (which a write would
 * have assigned) — the page's `readOnly` flag.
 */
@Injectable()
export class OpsDatabaseService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly queues: QueueService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get chainsCacheKey(): string {
    return `${this.config.REDIS_PREFIX}:ops:audit-chains`;
  }

  private async readOnly<T>(work: (db: EntityManager) => Promise<T>): Promise<ReadOnlyResult<T>> {
    const runner = this.dataSource.createQueryRunner('slave');
    await runner.connect();
    try {
      await runner.query('BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const value = await work(runner.manager);
      const [check] = (await runner.query(
        `SELECT current_setting('transaction_read_only') AS read_only, txid_current_if_assigned()::text AS xid`,
      )) as { read_only: string; xid: string | null }[];
      await runner.query('COMMIT');
      return { value, readOnly: check?.read_only === 'on' && check.xid === null };
    } catch (err) {
      await runner.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      await runner.release();
    }
  }

  async overview(): Promise<DatabaseOverview> {
    const [database, redis, queues] = await Promise.all([
      this.readOnly((db) => this.databaseFacts(db)),
      this.redisFacts(),
      this.queueFacts(),
    ]);
    return { readAt: new Date().toISOString(), readOnly: database.readOnly, ...database.value, redis, queues };
  }

  private async databaseFacts(db: EntityManager): Promise<Omit<DatabaseOverview, 'readAt' | 'readOnly' | 'redis' | 'queues'>> {
    const [info] = await db.query<{ name: string; version: string; size: string; max: string }[]>(
      `SELECT current_database() AS name, current_setting('server_version') AS version,
              pg_database_size(current_database())::text AS size, current_setting('max_connections') AS max`,
    );
    const tables = await db.query<{ name: string; total: string; rows: string }[]>(
      `SELECT c.relname AS name, pg_total_relation_size(c.oid)::text AS total, coalesce(s.n_live_tup, 0)::text AS rows
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
        WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema()
        ORDER BY pg_total_relation_size(c.oid) DESC, c.relname
        LIMIT $1`,
      [OPS_DATABASE_LIMITS.largestTables],
    );
    const states = await db.query<{ state: string; count: string }[]>(
      `SELECT coalesce(state, 'unknown') AS state, count(*)::text AS count
         FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    const long = await db.query<{ pid: number; state: string; seconds: string; query: string; wait: string | null }[]>(
      `SELECT pid, coalesce(state, 'unknown') AS state, extract(epoch FROM now() - query_start)::text AS seconds,
              left(query, 300) AS query, wait_event AS wait
         FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IS DISTINCT FROM 'idle'
          AND query_start < now() - make_interval(secs => $1)
        ORDER BY query_start LIMIT $2`,
      [OPS_DATABASE_LIMITS.longRunningSeconds, OPS_DATABASE_LIMITS.longRunningMax],
    );
    const ran = await db.query<{ name: string }[]>(`SELECT name FROM migrations ORDER BY timestamp, id`);
    const done = new Set(ran.map((r) => r.name));
    const all: (MigrationStatus & { applied: boolean })[] = MIGRATIONS.map((M) => {
      const name = new M().name ?? M.name;
      const stamp = Number(/(\d{13})$/.exec(name)?.[1] ?? 0);
      return { name, timestamp: new Date(stamp).toISOString(), applied: done.has(name) };
    }).sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    const strip = ({ name, timestamp }: MigrationStatus): MigrationStatus => ({ name, timestamp });
    return {
      database: { name: info!.name, version: info!.version, sizeBytes: Number(info!.size) },
      tables: tables.map((t) => ({ name: t.name, totalBytes: Number(t.total), rows: Number(t.rows) })),
      connections: {
        total: states.reduce((sum, s) => sum + Number(s.count), 0),
        max: Number(info!.max),
        byState: states.map((s) => ({ state: s.state, count: Number(s.count) })),
      },
      longQueries: long.map((q) => ({
        pid: q.pid,
        state: q.state,
        seconds: Math.round(Number(q.seconds)),
        query: q.query,
        waitEvent: q.wait,
      })),
      migrations: { applied: all.filter((m) => m.applied).map(strip), pending: all.filter((m) => !m.applied).map(strip) },
    };
  }

  private async redisFacts(): Promise<DatabaseOverview['redis']> {
    const [memory, server] = await Promise.all([this.redis.info('memory'), this.redis.info('server')]);
    const num = (name: string): number => Number(infoField(memory, name) ?? 0);
    return {
      version: infoField(server, 'redis_version'),
      usedMemoryBytes: num('used_memory'),
      peakMemoryBytes: num('used_memory_peak'),
      maxMemoryBytes: num('maxmemory'),
      maxMemoryPolicy: infoField(memory, 'maxmemory_policy'),
    };
  }

  private async queueFacts(): Promise<QueueCounts[]> {
    const [counts, paused] = await Promise.all([
      this.queues.counts(),
      Promise.all(ALL_QUEUES.map((name) => this.queues.queue(name).isPaused())),
    ]);
    return counts.map((c, i) => ({ ...c, paused: paused[i]! }));
  }

  /**
   * Each organisation's audit chain verified (the platform's own chain too), the most recently
   * written first and at most `chainsMax`, in one read-only transaction. A verification reads every
   * event of a chain, so one reading is reused for `chainsCacheSeconds` unless `fresh` is asked.
   */
  async auditChains(fresh = false): Promise<AuditChains> {
    if (!fresh) {
      const cached = await this.redis.get(this.chainsCacheKey);
      if (cached) return JSON.parse(cached) as AuditChains;
    }
    const { value } = await this.readOnly(async (db) => {
      const chains = await db.query<{ org_id: string | null; name: string | null; total: string }[]>(
        `SELECT e.org_id, o.name, count(*) OVER ()::text AS total
           FROM audit_chain_heads h
           JOIN LATERAL (SELECT org_id FROM audit_events WHERE chain_key = h.chain_key ORDER BY seq DESC LIMIT 1) e ON true
           LEFT JOIN organizations o ON o.id = e.org_id
          ORDER BY h.updated_at DESC LIMIT $1`,
        [OPS_DATABASE_LIMITS.chainsMax],
      );
      const items: OrgChainStatus[] = [];
      for (const chain of chains)
        items.push({ orgId: chain.org_id, name: chain.name, verification: await this.audit.verify(chain.org_id, db) });
      const total = Number(chains[0]?.total ?? 0);
      return { verifiedAt: new Date().toISOString(), notChecked: Math.max(0, total - items.length), items };
    });
    await this.redis.set(this.chainsCacheKey, JSON.stringify(value), 'EX', OPS_DATABASE_LIMITS.chainsCacheSeconds);
    return value;
  }
}
