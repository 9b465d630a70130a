import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * Connections per server process in the tests. `npm test` runs the integration suite twice: with
 * 4, and with 1 (TEST_DATABASE_POOL_SIZE=1), which proves that no request waits for a second
 * connection while its transaction holds one.
 */
export const TEST_POOL_SIZE = Number(process.env.TEST_DATABASE_POOL_SIZE ?? 4);
const DIST = resolve(import.meta.dirname, '../../dist');

/** A Redis key prefix of its own for one test file, so files can run in parallel. */
export function uniquePrefix(): string {
  return `muster-test-${randomBytes(5).toString('hex')}`;
}

export interface ServerProcess {
  /** Base URL of the HTTP listener; null for a worker. */
  url: string | null;
  /** The node id the process reports (host:pid). */
  node: string;
  child: ChildProcess;
  /** Every log line written so far (parsed JSON). */
  logs: Record<string, unknown>[];
  /** Resolves with the first log line (written so far or later) whose message matches. */
  untilLog(message: RegExp): Promise<Record<string, unknown>>;
  stop(): Promise<number | null>;
}

export interface ServerOptions {
  /** Omit for the embedded database (then give DATA_DIR in env). */
  databaseUrl?: string;
  prefix: string;
  role?: 'all' | 'api' | 'worker';
  env?: Record<string, string>;
}

/**
 * Starts the built product (server/dist) as a real process, exactly as in production, and
 * resolves when it logs that it is running. (The server's dependencies are ESM packages that
 * jest's module registry cannot load on Node 20, so the tests drive processes, not modules.)
 */
export function startServer(options: ServerOptions): Promise<ServerProcess> {
  const role = options.role ?? 'all';
  const entry = role === 'worker' ? 'worker.js' : 'main.js';
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    MUSTER_ROLE: role,
    HOST: '127.0.0.1',
    PORT: '0',
    REDIS_URL,
    REDIS_PREFIX: options.prefix,
    REDIS_AUTOSTART: 'false',
    LOG_LEVEL: 'info',
    APP_ORIGINS: 'http://localhost:5173',
    JOB_BACKOFF_MS: '50',
    // The demo evidence vault renders PDFs at seeding: only the files that test it ask for it.
    SEED_EVIDENCE: 'false',
    // A developer's .env is not the tests' configuration.
    ENV_FILE: '',
    // A query of an org-owned table that names no organisation fails the test (platform/tenancy).
    TENANT_CHECK: process.env.TEST_TENANT_CHECK ?? 'strict',
    TENANT_CHECK_FILE: process.env.TEST_TENANT_CHECK_FILE ?? '/tmp/muster-tenant-check.jsonl',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, DATABASE_POOL_SIZE: String(TEST_POOL_SIZE) } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, [resolve(DIST, entry)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: Record<string, unknown>[] = [];
  const logged = new EventEmitter();
  const untilLog = (message: RegExp): Promise<Record<string, unknown>> => {
    const matches = (entry: Record<string, unknown>) => typeof entry.msg === 'string' && message.test(entry.msg);
    const found = logs.find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((done) => {
      const check = (entry: Record<string, unknown>) => {
        if (!matches(entry)) return;
        logged.off('line', check);
        done(entry);
      };
      logged.on('line', check);
    });
  };
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  return new Promise((resolveStart, rejectStart) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      logs.push(entry);
      logged.emit('line', entry);
      const msg = typeof entry.msg === 'string' ? entry.msg : '';
      const running = /^Muster is running at (\S+)/.exec(msg);
      if (running || msg.startsWith('Muster worker running')) {
        resolveStart({
          url: running ? running[1]!.replace('localhost', '127.0.0.1') : null,
          node: String(entry.node),
          child,
          logs,
          untilLog,
          stop: () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      // The reason is usually in the last log lines (pino writes to stdout).
      const last = logs
        .slice(-5)
        .map((l) => JSON.stringify(l))
        .join('\n');
      rejectStart(new Error(`Server (${role}) exited with ${code} before it was ready:\n${stderr}${last}`));
    });
  });
}

/** Deletes every Redis key of a test prefix. */
export async function clearRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
