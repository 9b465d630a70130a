/**
 * `socket-memory`: V8 heap that each idle, authenticated Socket.IO connection costs a Muster
 * server, against an idle connection to a bare Socket.IO server (the same socket.io version, no
 * adapter, no authentication). Each server process runs with bench/tools/heap-probe.mjs
 * preloaded: the heap in use after full collections is read before N sockets connect and after,
 * and the difference divided by N. Muster's sockets carry signed-in sessions (authenticated in
 * the handshake, in their user, session and organisation rooms), spread over a few sessions of
 * one user, as the tabs of an organisation's members would be.
 */
import { connect, createDatabase, mapLimited, signIn } from './lib/clients.mjs';
import { heapProbe } from './lib/heap-probe.mjs';
import { startMuster } from './lib/muster.mjs';
import { startBareRelay } from './lib/bare-relay.mjs';

export const description = 'heap per idle authenticated Socket.IO connection to Muster vs per idle connection to a bare Socket.IO server';

/** Not a timed load: BENCH_DURATION does not apply. */
export const timed = false;

/** @type {import('./lib/report.mjs').MetricSpecs} */
export const metrics = {
  heap_kb_per_socket: { unit: 'KB', better: 'lower' },
};

/** Sockets connected on each side (BENCH_SOCKETS overrides). */
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
/** Signed-in sessions the Muster sockets are spread over. */
const SESSIONS = 10;
const MEMBER = 'user@harborpoint.example';
/** The goal: at most this many KB per Muster socket. */
const GOAL_KB = 15;

/**
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @returns {Promise<import('./lib/benchmark.mjs').BenchResult>}
 */
export default async function run(ctx) {
  const ours = await measureMuster(ctx);
  const baseline = await measureBare(ctx);
  ctx.log(
    `goal: ≤ ${GOAL_KB} KB per Muster socket (now ${ours.heap_kb_per_socket.toFixed(1)} KB, ` +
      `${(ours.heap_kb_per_socket / baseline.heap_kb_per_socket).toFixed(2)} × bare)`,
  );
  return { ours, baseline };
}

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
async function measureMuster(ctx) {
  const probe = await heapProbe();
  const database = await createDatabase();
  const server = await startMuster({
    env: { ...probe.env, DATABASE_URL: database.url, SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '1000000' },
  });
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  try {
    const sessions = [];
    for (let i = 0; i < SESSIONS; i += 1) sessions.push(await signIn(server.url, MEMBER));
    // One socket per session first: whatever a first connection sets up once (lazy modules,
    // caches of the session) is not counted per socket.
    for (const session of sessions) sockets.push(await connect(server.url, session.cookie));
    return await measure(ctx, 'Muster', probe, (i) => connect(server.url, sessions[i % SESSIONS].cookie), sockets);
  } finally {
    sockets.forEach((s) => s.close());
    await server.stop();
    await database.drop();
  }
}

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
async function measureBare(ctx) {
  const probe = await heapProbe();
  const server = await startBareRelay({ env: probe.env });
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  try {
    sockets.push(await connect(server.url, ''));
    return await measure(ctx, 'bare Socket.IO', probe, () => connect(server.url, ''), sockets);
  } finally {
    sockets.forEach((s) => s.close());
    await server.stop();
  }
}

/**
 * Heap before, SOCKETS connections, heap after (each reading after full collections, once the
 * sockets are idle).
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @param {string} label
 * @param {import('./lib/heap-probe.mjs').HeapProbe} probe
 * @param {(i: number) => Promise<import('socket.io-client').Socket>} open
 * @param {import('socket.io-client').Socket[]} sockets where the opened sockets go (closed by the caller)
 */
async function measure(ctx, label, probe, open, sockets) {
  await probe.snapshot(`${label.replace(/\W+/g, '-')}-before.heapsnapshot`);
  const before = await probe.heapUsed();
  const opened = await mapLimited(
    Array.from({ length: SOCKETS }, (_, i) => i),
    50,
    (i) => open(i),
  );
  sockets.push(...opened);
  const after = await probe.heapUsed();
  await probe.snapshot(`${label.replace(/\W+/g, '-')}-after.heapsnapshot`);
  const perSocket = (after - before) / SOCKETS / 1024;
  ctx.log(
    `${label}: heap ${(before / 1048576).toFixed(1)} MB → ${(after / 1048576).toFixed(1)} MB with ${SOCKETS} more sockets: ` +
      `${perSocket.toFixed(2)} KB per socket`,
  );
  return { heap_kb_per_socket: Math.round(perSocket * 100) / 100 };
}
