import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { onCleanup } from './cleanup.mjs';
import { HarnessError } from './errors.mjs';
import { getFreePort, spawnServer } from './processes.mjs';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN_SCRIPT = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
const WORKER_SCRIPT = fileURLToPath(new URL('../../server/dist/worker.js', import.meta.url));
const HOST = '127.0.0.1';
const REDIS_URL = 'redis://127.0.0.1:6379';
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * @typedef {object} MusterServer
 * @property {string} url Base URL, e.g. http://127.0.0.1:41234
 * @property {() => Promise<void>} stop Stops the process, then deletes the Redis keys under its prefix. Idempotent.
 * @property {number | undefined} pid The api process's id.
 */

/**
 * Starts the built Muster server (server/dist/main.js, MUSTER_ROLE=all) on a free port of
 * 127.0.0.1 with a Redis prefix of its own, and waits until GET /api/health answers 200.
 * DATABASE_URL is taken from the environment when set, else the local PostgreSQL; `options.env`
 * adds or overrides variables (a benchmark's own database, higher limits). With `workers`, the
 * server runs MUSTER_ROLE=api and that many worker processes (MUSTER_ROLE=worker) run the jobs,
 * as in production.
 * @param {{ env?: Record<string, string>, workers?: number }} [options]
 * @returns {Promise<MusterServer>}
 */
export async function startMuster(options = {}) {
  if (!existsSync(MAIN_SCRIPT)) {
    throw new HarnessError(`The Muster server is not built (${MAIN_SCRIPT} is missing). Run "npm run build" first.`);
  }
  const port = await getFreePort(HOST);
  const url = `http://${HOST}:${port}`;
  const redisPrefix = `bench-${randomBytes(4).toString('hex')}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST,
    MUSTER_ROLE: options.workers ? 'api' : 'all',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // A developer's .env is not the benchmark's configuration.
    ENV_FILE: '',
    REDIS_PREFIX: redisPrefix,
    REDIS_URL,
    DATABASE_URL: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
    ...options.env,
  };
  const server = spawnServer({ name: 'muster', script: MAIN_SCRIPT, cwd: REPO_ROOT, env, readyUrl: `${url}/api/health` });
  const workers = Array.from({ length: options.workers ?? 0 }, (_, i) =>
    spawnServer({
      name: `muster-worker-${i + 1}`,
      script: WORKER_SCRIPT,
      cwd: REPO_ROOT,
      env: { ...env, MUSTER_ROLE: 'worker' },
      // A worker has no listener: it is ready once the api is (jobs wait in Redis meanwhile).
      readyUrl: `${url}/api/health`,
    }),
  );

  /** @type {Promise<void> | undefined} */
  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      release();
      await Promise.all([server.stop(), ...workers.map((w) => w.stop())]);
      await deleteRedisKeys(REDIS_URL, redisPrefix);
    })();
    return stopped;
  };
  const release = onCleanup(stop);

  try {
    await server.ready;
    await Promise.all(workers.map((w) => w.ready));
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop, pid: server.pid };
}

/**
 * Deletes every key under `prefix:` (SCAN + DEL).
 * @param {string} redisUrl
 * @param {string} prefix
 */
async function deleteRedisKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5_000 });
  redis.on('error', () => undefined); // a failed command rejects with the same error
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
