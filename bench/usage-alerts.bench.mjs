/**
 * `usage-alerts`: 100 organisations (BENCH_USAGE_ORGS) each increment their usage at the same
 * time, and each increment that crosses a threshold must reach the organisation's member as a
 * `usage:alert`. Through Muster an increment is a drill run started from the console: the start is
 * authorised and stored, the `drill` unit is added in the same transaction (one atomic upsert,
 * refused past a Basic limit), and after commit the thresholds reached become alerts (once, by a
 * unique key) pushed to the organisation's room. Each organisation has thresholds 50, 60, 70, 80,
 * 90 and 100 % of Basic's 10 runs, so runs 5 to 10 each cross one; the time measured is from
 * sending the start to the alert arriving at the client. The baseline is a bare Socket.IO server
 * relaying an alert of the same shape to the same rooms, driven by the same code.
 *
 * The workload is fixed (100 × 6 crossings), not time-based: `BENCH_DURATION` does not apply.
 */
import { performance } from 'node:perf_hooks';
import { acked, connect, createDatabase, mapLimited, signUp } from './lib/clients.mjs';
import { startBareRelay } from './lib/bare-relay.mjs';
import { startMuster } from './lib/muster.mjs';

export const description = 'time from a usage increment to the usage:alert at the client, 100 organisations at once, vs a bare room emit';

/** @type {import('./lib/report.mjs').MetricSpecs} */
export const metrics = {
  alerts: { unit: 'alerts', better: 'higher' },
  p50_ms: { unit: 'ms', better: 'lower' },
  p99_ms: { unit: 'ms', better: 'lower' },
};

const ORGS = Number(process.env.BENCH_USAGE_ORGS ?? 100);
/** Basic's monthly drill runs and the thresholds each organisation sets (90 and 100 always stay). */
const LIMIT = 10;
const THRESHOLDS = [50, 60, 70, 80, 90, 100];
/** Runs started before the measured ones: below the first threshold. */
const QUIET = Math.ceil((THRESHOLDS[0] * LIMIT) / 100) - 1;

/**
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @returns {Promise<import('./lib/benchmark.mjs').BenchResult>}
 */
export default async function run(ctx) {
  const ours = await measureMuster(ctx);
  const baseline = await measureBare(ctx);
  ctx.log(`goal: p99 < 1000 ms from increment to alert with ${ORGS} organisations at once (now ${ours.p99_ms} ms)`);
  return { ours, baseline };
}

/** @param {number[]} latencies */
function figures(latencies) {
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
  return { alerts: latencies.length, p50_ms: at(0.5), p99_ms: at(0.99) };
}

/**
 * Waits for the next event `name` on `socket` that `match` accepts; answers when it arrived.
 * @param {import('socket.io-client').Socket} socket
 * @param {string} name
 * @param {(payload: any) => boolean} match
 * @returns {Promise<number>}
 */
function arrival(socket, name, match) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(name, listener);
      reject(new Error(`No ${name} within 30 s`));
    }, 30_000);
    const listener = (payload) => {
      if (!match(payload)) return;
      const at = performance.now();
      clearTimeout(timer);
      socket.off(name, listener);
      resolve(at);
    };
    socket.on(name, listener);
  });
}

// ---------------------------------------------------------------------------------------------
// Muster

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
async function measureMuster(ctx) {
  const database = await createDatabase();
  const server = await startMuster({ env: { DATABASE_URL: database.url, AUTH_ATTEMPTS_PER_IP: '1000000' } });
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  try {
    ctx.log(`Muster: signing up ${ORGS} organisations and scheduling ${LIMIT} drill runs for each`);
    const orgs = await mapLimited(
      Array.from({ length: ORGS }, (_, i) => i),
      8,
      async (i) => {
        const admin = await signUp(server.url, `Bench Harbour ${i + 1}`);
        const { items: members } = await admin.call('GET', '/api/drills/members');
        const { items: templates } = await admin.call('GET', '/api/drills/templates?source=library&scenario=evacuation');
        await admin.call('PUT', '/api/usage/thresholds', { resourceType: 'drill', thresholds: THRESHOLDS });
        const runs = [];
        for (let r = 0; r < LIMIT; r += 1) {
          const scheduled = await admin.call('POST', '/api/drills/runs', {
            templateId: templates[0].id,
            scheduledAt: new Date(Date.now() + 86_400_000 * (r + 1)).toISOString(),
            location: `Benchmark quay ${r + 1}`,
            leadUserId: members[0].id,
            autoInjects: false,
          });
          runs.push(scheduled.id);
        }
        const socket = await connect(server.url, admin.cookie);
        sockets.push(socket);
        for (const runId of runs.slice(0, QUIET)) await acked(socket, 'console:control', { runId, action: 'start' });
        return { socket, runs: runs.slice(QUIET) };
      },
    );

    ctx.log(`Muster: ${ORGS} organisations starting runs ${QUIET + 1} to ${LIMIT} at once`);
    /** @type {number[]} */
    const latencies = [];
    await Promise.all(
      orgs.map(async ({ socket, runs }) => {
        for (const [i, runId] of runs.entries()) {
          const threshold = THRESHOLDS[i];
          const alerted = arrival(socket, 'usage:alert', (a) => a.resourceType === 'drill' && a.threshold === threshold);
          const sentAt = performance.now();
          await acked(socket, 'console:control', { runId, action: 'start' });
          latencies.push((await alerted) - sentAt);
        }
      }),
    );
    const result = figures(latencies);
    ctx.log(`Muster: ${result.alerts} alerts, p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms from increment to alert`);
    return result;
  } finally {
    sockets.forEach((s) => s.close());
    await server.stop();
    await database.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// Bare Socket.IO room emit

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
async function measureBare(ctx) {
  const server = await startBareRelay();
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  try {
    const orgs = await mapLimited(
      Array.from({ length: ORGS }, (_, i) => i),
      25,
      async (i) => {
        const room = `org-${i}`;
        const [sender, member] = await Promise.all([connect(server.url, ''), connect(server.url, '')]);
        sockets.push(sender, member);
        await acked(member, 'join', room);
        return { room, sender, member };
      },
    );
    ctx.log(`bare relay: ${ORGS} organisations relaying ${THRESHOLDS.length} alerts each at once`);
    /** @type {number[]} */
    const latencies = [];
    await Promise.all(
      orgs.map(async ({ room, sender, member }) => {
        for (const threshold of THRESHOLDS) {
          const alerted = arrival(member, 'update', (a) => a.threshold === threshold);
          const sentAt = performance.now();
          await acked(sender, 'update', { room, id: '2b1d7a4e-9c51-4f0e-8f57-3c4d1e2a9b60', threshold, resourceType: 'drill' });
          latencies.push((await alerted) - sentAt);
        }
      }),
    );
    const result = figures(latencies);
    ctx.log(`bare relay: ${result.alerts} alerts, p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms`);
    return result;
  } finally {
    sockets.forEach((s) => s.close());
    await server.stop();
  }
}
