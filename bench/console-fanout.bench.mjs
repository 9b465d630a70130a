/**
 * `console-fanout`: one drill lead and N watchers (1,000 by default) in one run's console room.
 * The lead changes a step (a checklist item checked and unchecked), each change waiting for its
 * acknowledgement and for the last watcher to receive it before the next one, as a lead clicking
 * through a drill does (BENCH_CONSOLE_CHAINS changes several steps at once). Through Muster each change is validated, authorised, checked
 * against the step's version under the run's lock, stored with its decision-log entry in
 * PostgreSQL and fanned out to the room (and the Redis streams adapter); the baseline is a bare
 * Socket.IO server relaying the same payload to the same room, given the same load by the same code.
 */
import { performance } from 'node:perf_hooks';
import { acked, connect, createDatabase, mapLimited, signIn } from './lib/clients.mjs';
import { startMuster } from './lib/muster.mjs';
import { startBareRelay } from './lib/bare-relay.mjs';

export const description = 'drill console step updates from one lead to N watchers through Muster (stored, logged) vs a bare room emit';

/** @type {import('./lib/report.mjs').MetricSpecs} */
export const metrics = {
  deliveries_per_s: { unit: 'deliveries/s', better: 'higher' },
  p50_ms: { unit: 'ms', better: 'lower' },
  p99_ms: { unit: 'ms', better: 'lower' },
};

/** Watchers in the room (BENCH_CONSOLE_WATCHERS overrides). */
const WATCHERS = Number(process.env.BENCH_CONSOLE_WATCHERS ?? 1000);
/** Steps changed at once, each waiting for its previous change to reach every watcher (one: a lead clicking through). */
const CHAINS = Number(process.env.BENCH_CONSOLE_CHAINS ?? 1);
/** Watchers sign in as these members of the demo organisation (many sockets share a session, as tabs do). */
const WATCHER_ACCOUNTS = [
  'user@harborpoint.example',
  'auditor@harborpoint.example',
  'accountant@harborpoint.example',
  'admin@harborpoint.example',
];
const LEAD = 'manager@harborpoint.example';

/**
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @returns {Promise<import('./lib/benchmark.mjs').BenchResult>}
 */
export default async function run(ctx) {
  const ours = await measureMuster(ctx);
  const baseline = await measureBare(ctx);
  const ratio = (a, b) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
  ctx.log(
    `goals at ${WATCHERS} watchers: deliveries ≥ 0.70 × bare (now ${ratio(ours.deliveries_per_s, baseline.deliveries_per_s)}), ` +
      `p99 ≤ 100 ms (now ${ours.p99_ms} ms)`,
  );
  return { ours, baseline };
}

// ---------------------------------------------------------------------------------------------
// Muster

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
async function measureMuster(ctx) {
  const database = await createDatabase();
  const server = await startMuster({ env: { DATABASE_URL: database.url, SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '1000000' } });
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  try {
    const lead = await signIn(server.url, LEAD);
    const watchers = await Promise.all(WATCHER_ACCOUNTS.map((email) => signIn(server.url, email)));
    const { items: members } = await lead.call('GET', '/api/drills/members');
    const { items: templates } = await lead.call('GET', '/api/drills/templates?source=library&scenario=evacuation');
    const run = await lead.call('POST', '/api/drills/runs', {
      templateId: templates[0].id,
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      location: 'Benchmark quay',
      leadUserId: members.find((m) => m.role === 'MANAGER').id,
      autoInjects: false,
    });
    const steps = run.template.steps.filter((s) => s.checklist.length > 0).slice(0, CHAINS);
    if (steps.length < CHAINS) throw new Error(`The template has fewer than ${CHAINS} steps with a checklist`);

    const leadSocket = await connect(server.url, lead.cookie);
    sockets.push(leadSocket);
    await acked(leadSocket, 'console:subscribe', { runId: run.id });
    await acked(leadSocket, 'console:control', { runId: run.id, action: 'start' });

    const arrivals = new Arrivals(WATCHERS);
    ctx.log(`Muster: connecting ${WATCHERS} watchers to the run's console`);
    await mapLimited(
      Array.from({ length: WATCHERS }, (_, i) => i),
      25,
      async (i) => {
        const socket = await connect(server.url, watchers[i % watchers.length].cookie);
        sockets.push(socket);
        socket.on('console:step-updated', (event) => arrivals.arrived(`${event.step.stepId}:${event.step.version}`));
        await acked(socket, 'console:subscribe', { runId: run.id });
      },
    );

    const chains = steps.map((step) => {
      let version = 1;
      let checked = false;
      return async () => {
        checked = !checked;
        const key = `${step.id}:${version + 1}`;
        const delivered = arrivals.expect(key);
        const answer = await acked(leadSocket, 'console:step', {
          runId: run.id,
          stepId: step.id,
          version,
          item: { itemId: step.checklist[0].id, checked },
        });
        version = answer.step.version;
        return delivered;
      };
    });
    ctx.log(`Muster: ${WATCHERS} watchers ready, ${chains.length} steps changing at once`);
    return await load(ctx, 'Muster', chains);
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
  const url = server.url;
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  try {
    const room = 'run-benchmark';
    const leadSocket = await connect(url, '');
    sockets.push(leadSocket);
    await acked(leadSocket, 'join', room);
    const arrivals = new Arrivals(WATCHERS);
    await mapLimited(
      Array.from({ length: WATCHERS }, (_, i) => i),
      25,
      async () => {
        const socket = await connect(url, '');
        sockets.push(socket);
        socket.on('update', (payload) => arrivals.arrived(`${payload.step.stepId}:${payload.step.version}`));
        await acked(socket, 'join', room);
      },
    );
    const chains = Array.from({ length: CHAINS }, (_, i) => {
      const stepId = `step-${i}`;
      let version = 1;
      let checked = false;
      return async () => {
        checked = !checked;
        version += 1;
        const delivered = arrivals.expect(`${stepId}:${version}`);
        await acked(leadSocket, 'update', { room, ...stepUpdate(stepId, version, checked) });
        return delivered;
      };
    });
    ctx.log(`bare relay: ${WATCHERS} watchers ready, ${chains.length} steps changing at once`);
    return await load(ctx, 'bare relay', chains);
  } finally {
    sockets.forEach((s) => s.close());
    await server.stop();
  }
}

/** A payload of the shape and size of Muster's `console:step-updated`. */
function stepUpdate(stepId, version, checked) {
  const at = new Date().toISOString();
  return {
    runId: '7d254791-2c85-5070-8362-de33918ad5e3',
    step: {
      stepId,
      status: 'pending',
      checkedItems: checked ? [`${stepId}-1`] : [],
      startedElapsedMs: null,
      completedElapsedMs: null,
      version,
      updatedBy: { id: '6e6bdbc0-03f5-45b6-8d2f-d52ac519aa9e', name: 'Marcus Lee' },
      updatedAt: at,
    },
    log: {
      seq: version,
      type: checked ? 'item_checked' : 'item_unchecked',
      at,
      elapsedMs: 1234,
      actor: { id: '6e6bdbc0-03f5-45b6-8d2f-d52ac519aa9e', name: 'Marcus Lee' },
      data: { stepId, step: 'Wardens sweep their zones', itemId: `${stepId}-1`, item: 'Every zone swept' },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The load, the same for both sides

/** Counts each change's arrivals at the watchers and tells when the last one has it. */
class Arrivals {
  /** @param {number} watchers */
  constructor(watchers) {
    this.watchers = watchers;
    /** @type {Map<string, { count: number, done: (at: number) => void }>} */
    this.pending = new Map();
  }

  /** @param {string} key @returns {Promise<number>} when the last watcher received it */
  expect(key) {
    return new Promise((done) => this.pending.set(key, { count: 0, done }));
  }

  /** @param {string} key */
  arrived(key) {
    const entry = this.pending.get(key);
    if (!entry) return;
    entry.count += 1;
    if (entry.count === this.watchers) {
      this.pending.delete(key);
      entry.done(performance.now());
    }
  }
}

/**
 * Each chain sends a change, waits for its acknowledgement and for the last watcher to have it,
 * and sends the next, for the warm-up and then the measured time.
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @param {string} label
 * @param {(() => Promise<Promise<number>>)[]} chains each call sends one change and answers when the last watcher has it
 */
async function load(ctx, label, chains) {
  const start = performance.now();
  const measureFrom = start + ctx.warmupSeconds * 1000;
  const end = measureFrom + ctx.durationSeconds * 1000;
  /** @type {number[]} */
  const latencies = [];
  await Promise.all(
    chains.map(async (send) => {
      while (performance.now() < end) {
        const sentAt = performance.now();
        const lastAt = await await send();
        if (sentAt >= measureFrom && lastAt <= end) latencies.push(lastAt - sentAt);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
  const figures = { deliveries_per_s: Math.round((latencies.length * WATCHERS) / ctx.durationSeconds), p50_ms: at(0.5), p99_ms: at(0.99) };
  ctx.log(
    `${label}: ${figures.deliveries_per_s} deliveries/s (${latencies.length} changes to ${WATCHERS} watchers), ` +
      `p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms to the last watcher`,
  );
  return figures;
}
