/**
 * `http`: the cost of a request through Muster's HTTP stack. GET /api/health on the real
 * server (NestJS on Fastify with its plugins; the handler checks PostgreSQL, Redis and the
 * queues) against a bare Fastify route answering a constant JSON object of the same size.
 * Each side runs alone in its own process on 127.0.0.1 and gets the same autocannon load.
 */
import { fileURLToPath } from 'node:url';
import { measureHttp } from './lib/autocannon.mjs';
import { startMuster } from './lib/muster.mjs';
import { getFreePort, startServer } from './lib/processes.mjs';

export const description = 'GET /api/health on Muster vs a bare Fastify route';

/** @type {import('./lib/report.mjs').MetricSpecs} */
export const metrics = {
  req_per_s: { unit: 'req/s', better: 'higher' },
  p50_ms: { unit: 'ms', better: 'lower' },
  p99_ms: { unit: 'ms', better: 'lower' },
};

const CONNECTIONS = 50;
const PATH = '/api/health';
const BARE_FASTIFY_SCRIPT = fileURLToPath(new URL('./baselines/bare-fastify.mjs', import.meta.url));

/** @typedef {{ url: string, stop: () => Promise<void> }} RunningServer */

/**
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @returns {Promise<import('./lib/benchmark.mjs').BenchResult>}
 */
export default async function run(ctx) {
  const ours = await measureServer(ctx, 'Muster', startMuster);
  const baseline = await measureServer(ctx, 'bare Fastify', startBareFastify);
  return { ours, baseline };
}

/**
 * Starts a server, loads it, and stops it again.
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @param {string} label
 * @param {() => Promise<RunningServer>} start
 */
async function measureServer(ctx, label, start) {
  ctx.log(`${label}: starting`);
  const server = await start();
  try {
    const url = `${server.url}${PATH}`;
    const answer = await fetch(url).then((response) => response.text());
    ctx.log(`${label}: loading ${url} (answer of ${Buffer.byteLength(answer)} bytes) with ${CONNECTIONS} connections`);
    const figures = await measureHttp({
      url,
      connections: CONNECTIONS,
      durationSeconds: ctx.durationSeconds,
      warmupSeconds: ctx.warmupSeconds,
    });
    ctx.log(`${label}: ${figures.req_per_s} req/s, p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms`);
    return figures;
  } finally {
    await server.stop();
  }
}

/** @returns {Promise<RunningServer>} */
async function startBareFastify() {
  const host = '127.0.0.1';
  const port = await getFreePort(host);
  const url = `http://${host}:${port}`;
  const server = await startServer({
    name: 'bare-fastify',
    script: BARE_FASTIFY_SCRIPT,
    env: { ...process.env, PORT: String(port), HOST: host },
    readyUrl: `${url}${PATH}`,
  });
  return { url, stop: server.stop };
}
