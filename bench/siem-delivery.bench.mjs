/**
 * `siem-delivery`: audit events streamed to SIEM receivers. Ten organisations (BENCH_SIEM_ORGS)
 * each have one Standard Webhooks destination pointing at a local receiver; their admins make
 * audited requests (a CSV export of an empty window: one index probe and one audit event) at a
 * fixed total rate (BENCH_SIEM_RATE, default 500 events/s, the goal) for BENCH_DURATION
 * seconds. The api and one worker process (BENCH_SIEM_WORKERS) run as in production; PostgreSQL
 * is reached through its Unix socket when it has one here (BENCH_PG_TCP=1: loopback TCP). Each event
 * is appended to its organisation's hash chain with its delivery row in the same transaction, then
 * a `siem.deliver` job signs it and POSTs it. The receiver verifies every signature (with the
 * `standardwebhooks` library) and measures the time from the event's own timestamp (written when
 * the audit row is) to the arrival of the signed POST. `events_per_s` is the delivered events over
 * the time from the first write to the last arrival.
 *
 * The baseline is raw BullMQ on the same Redis: no-op jobs added at the same rate to a worker of the
 * same concurrency, timed from `add` to the handler; `jobs_per_s` is that run's throughput.
 */
import { existsSync } from 'node:fs';
import { createServer, Agent, request } from 'node:http';
import { once } from 'node:events';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createDatabase, mapLimited, signUp } from './lib/clients.mjs';
import { startMuster } from './lib/muster.mjs';

export const description = 'audit write to a signed SIEM webhook POST at a local receiver (events/s, p50/p99), vs raw BullMQ no-op jobs';

/** @type {import('./lib/report.mjs').MetricSpecs} */
export const metrics = {
  events_per_s: { unit: 'events/s', better: 'higher' },
  jobs_per_s: { unit: 'jobs/s', better: 'higher' },
  p50_ms: { unit: 'ms', better: 'lower' },
  p99_ms: { unit: 'ms', better: 'lower' },
};

const ORGS = Number(process.env.BENCH_SIEM_ORGS ?? 10);
/** Offered load: the goal's 500 events/s. */
const RATE = Number(process.env.BENCH_SIEM_RATE ?? 500);
/** PostgreSQL's own Unix socket, when it has one here (as a co-located database is usually reached). */
const PG_SOCKET_DIR = '/var/run/postgresql';
const CONCURRENCY = 32;
/** Worker processes beside the api process (BENCH_SIEM_WORKERS; 0: one process does both). */
const WORKERS = Number(process.env.BENCH_SIEM_WORKERS ?? 1);
const FAR_FUTURE = '2999-01-01T00:00:00.000Z';

/**
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @returns {Promise<import('./lib/benchmark.mjs').BenchResult>}
 */
export default async function run(ctx) {
  const ours = await measureMuster(ctx);
  const baseline = await measureBullmq(ctx);
  ctx.log(`goal: p99 < 1000 ms at >= 500 events/s (now ${ours.p99_ms} ms at ${ours.events_per_s} events/s)`);
  return { ours, baseline };
}

/** @param {number[]} latencies */
function quantiles(latencies) {
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
  return { p50_ms: at(0.5), p99_ms: at(0.99) };
}

/**
 * Calls `fn` `total` times at `rate` per second (open loop: a slow answer does not slow the rate).
 * @param {number} total
 * @param {number} rate
 * @param {(i: number) => Promise<void>} fn
 */
async function atRate(total, rate, fn) {
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(fn(i));
  }
  await Promise.all(pending);
}

// ---------------------------------------------------------------------------------------------
// Muster

/**
 * Checks a Standard Webhooks signature (HMAC-SHA256 of `id.timestamp.body` under the secret's
 * key): what the `standardwebhooks` library does (the integration tests use the library itself),
 * with Node's crypto, so that the receiver does not compete with the server for the CPU.
 */
function verifies(secret, headers, body) {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((sig) => {
      const given = Buffer.from(sig.slice(3), 'base64');
      return sig.startsWith('v1,') && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** A receiver that checks each signature and records the latency from the event's time. */
async function startReceiver(secrets) {
  /** @type {number[]} */
  const latencies = [];
  let bad = 0;
  let lastAt = 0;
  const waiters = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const arrived = Date.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const secret = secrets.get(req.url.slice(1));
      if (!verifies(secret, req.headers, body)) bad += 1;
      const { type, data } = JSON.parse(body);
      res.writeHead(204).end();
      if (type !== 'audit.audit.export') return;
      latencies.push(arrived - data.time);
      lastAt = arrived;
      for (const waiter of [...waiters]) waiter();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    latencies,
    get bad() {
      return bad;
    },
    get lastAt() {
      return lastAt;
    },
    /** Resolves once `count` exports have arrived (event-driven). */
    until(count) {
      if (latencies.length >= count) return Promise.resolve();
      return new Promise((resolve) => {
        const check = () => {
          if (latencies.length < count) return;
          waiters.splice(waiters.indexOf(check), 1);
          resolve();
        };
        waiters.push(check);
      });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The database URL through PostgreSQL's Unix socket when the server is local and has one (a
 * loopback TCP round trip costs more system time than the socket's on this kind of machine).
 * @param {string} url
 */
function viaSocket(url) {
  const parsed = new URL(url);
  if (process.env.BENCH_PG_TCP || !['127.0.0.1', 'localhost'].includes(parsed.hostname)) return url;
  if (!existsSync(`${PG_SOCKET_DIR}/.s.PGSQL.${parsed.port || 5432}`)) return url;
  parsed.hostname = 'localhost';
  parsed.searchParams.set('host', PG_SOCKET_DIR);
  return parsed.toString();
}

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
async function measureMuster(ctx) {
  const database = await createDatabase();
  const secrets = new Map();
  const receiver = await startReceiver(secrets);
  const server = await startMuster({
    workers: WORKERS,
    env: {
      DATABASE_URL: viaSocket(database.url),
      AUTH_ATTEMPTS_PER_IP: '1000000',
      SIEM_ALLOWED_NETWORKS: '127.0.0.1/32',
      SIEM_CONCURRENCY: String(CONCURRENCY),
      SIEM_MAX_IN_FLIGHT: '16',
    },
  });
  try {
    ctx.log(`Muster: signing up ${ORGS} organisations, each with a SIEM destination`);
    const orgs = await mapLimited(
      Array.from({ length: ORGS }, (_, i) => i),
      4,
      async (i) => {
        const admin = await signUp(server.url, `Bench Harbour ${i + 1}`);
        const path = randomBytes(6).toString('hex');
        const { secret } = await admin.call('POST', '/api/siem/destinations', {
          name: `Bench SIEM ${i + 1}`,
          url: `${receiver.url}/${path}`,
          format: 'standard_webhooks',
        });
        secrets.set(path, secret);
        return admin;
      },
    );
    const total = Math.round(RATE * ctx.durationSeconds);
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    const audited = (i) =>
      new Promise((resolve, reject) => {
        const admin = orgs[i % orgs.length];
        const req = request(
          `${server.url}/api/admin/security/timeline.csv?from=${FAR_FUTURE}`,
          { agent, headers: { cookie: admin.cookie } },
          (res) => {
            res.resume();
            res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`export answered ${res.statusCode}`))));
          },
        );
        req.on('error', reject);
        req.end();
      });
    ctx.log('Muster: warming up (200 events)');
    await atRate(200, RATE, audited);
    await receiver.until(200);
    receiver.latencies.length = 0;

    ctx.log(`Muster: ${total} audited requests at ${RATE}/s over ${ORGS} organisations`);
    const started = Date.now();
    await atRate(total, RATE, audited);
    await receiver.until(total);
    const seconds = (receiver.lastAt - started) / 1000;
    if (receiver.bad) throw new Error(`${receiver.bad} deliveries did not verify`);
    const figures = quantiles(receiver.latencies);
    const events_per_s = Math.round(total / seconds);
    const result = { events_per_s, jobs_per_s: events_per_s, ...figures };
    ctx.log(`Muster: ${total} events delivered and verified, ${events_per_s} events/s, p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms`);
    return result;
  } finally {
    await server.stop();
    await receiver.stop();
    await database.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// Raw BullMQ

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
async function measureBullmq(ctx) {
  const prefix = `bench-bullmq-${randomBytes(4).toString('hex')}`;
  const connection = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const workerConnection = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const queue = new Queue('noop', { connection, prefix });
  /** @type {number[]} */
  const latencies = [];
  const total = Math.round(RATE * ctx.durationSeconds);
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  let lastAt = 0;
  const worker = new Worker(
    'noop',
    async (job) => {
      lastAt = Date.now();
      latencies.push(lastAt - job.data.at);
      if (latencies.length === total) done();
    },
    { connection: workerConnection, prefix, concurrency: CONCURRENCY },
  );
  try {
    await worker.waitUntilReady();
    ctx.log(`bare BullMQ: ${total} no-op jobs at ${RATE}/s, worker concurrency ${CONCURRENCY}`);
    const started = Date.now();
    await atRate(total, RATE, async () => {
      await queue.add('noop', { at: Date.now() }, { removeOnComplete: true });
    });
    await finished;
    const seconds = (lastAt - started) / 1000;
    const jobs_per_s = Math.round(total / seconds);
    const figures = quantiles(latencies);
    ctx.log(`bare BullMQ: ${jobs_per_s} jobs/s, p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms`);
    return { events_per_s: jobs_per_s, jobs_per_s, ...figures };
  } finally {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
    workerConnection.disconnect();
  }
}
