/**
 * `auth-me`: what every page load of the web app asks first. `GET /api/auth/me` with a signed-in
 * session on the real server (NestJS on Fastify with its plugins, the session resolved from
 * Redis by the access guard, the answer built from the session) against a bare Fastify route
 * answering the same body. Each side runs alone in its own process on 127.0.0.1 and gets the
 * same autocannon load, the session cookie included on both sides.
 */
import { fileURLToPath } from 'node:url';
import { measureHttp } from './lib/autocannon.mjs';
import { createDatabase, signIn } from './lib/clients.mjs';
import { startMuster } from './lib/muster.mjs';
import { getFreePort, startServer } from './lib/processes.mjs';

export const description = 'GET /api/auth/me of a signed-in session on Muster vs a bare Fastify route answering the same body';

/** @type {import('./lib/report.mjs').MetricSpecs} */
export const metrics = {
  req_per_s: { unit: 'req/s', better: 'higher' },
  p50_ms: { unit: 'ms', better: 'lower' },
  p99_ms: { unit: 'ms', better: 'lower' },
};

const CONNECTIONS = 50;
const PATH = '/api/auth/me';
const MEMBER = 'manager@harborpoint.example';
const BARE_FASTIFY_SCRIPT = fileURLToPath(new URL('./baselines/bare-fastify-json.mjs', import.meta.url));

/**
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @returns {Promise<import('./lib/benchmark.mjs').BenchResult>}
 */
export default async function run(ctx) {
  const { figures: ours, body, headers } = await measureMuster(ctx);
  const baseline = await measureBare(ctx, body, headers);
  ctx.log(`goal: req/s ≥ 0.40 × bare (now ${(ours.req_per_s / baseline.req_per_s).toFixed(2)})`);
  return { ours, baseline };
}

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
async function measureMuster(ctx) {
  const database = await createDatabase();
  ctx.log('Muster: starting (a database of its own, seeded)');
  const server = await startMuster({ env: { DATABASE_URL: database.url, SEED_ON_EMPTY: 'true' } });
  try {
    const member = await signIn(server.url, MEMBER);
    const url = `${server.url}${PATH}`;
    const headers = { cookie: member.cookie };
    const answer = await fetch(url, { headers });
    const body = await answer.text();
    if (!answer.ok || !JSON.parse(body).authenticated)
      throw new Error(`${PATH} did not answer a signed-in session: ${answer.status} ${body}`);
    ctx.log(`Muster: loading ${url} (answer of ${Buffer.byteLength(body)} bytes) with ${CONNECTIONS} connections`);
    const figures = await measureHttp({
      url,
      connections: CONNECTIONS,
      durationSeconds: ctx.durationSeconds,
      warmupSeconds: ctx.warmupSeconds,
      headers,
    });
    ctx.log(`Muster: ${figures.req_per_s} req/s, p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms`);
    return { figures, body, headers };
  } finally {
    await server.stop();
    await database.drop();
  }
}

/**
 * The bare server gets the same requests as Muster, Cookie header included (it ignores it).
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @param {string} body
 * @param {Record<string, string>} headers
 */
async function measureBare(ctx, body, headers) {
  const host = '127.0.0.1';
  const port = await getFreePort(host);
  const url = `http://${host}:${port}`;
  ctx.log('bare Fastify: starting');
  const server = await startServer({
    name: 'bare-fastify-json',
    script: BARE_FASTIFY_SCRIPT,
    env: { ...process.env, PORT: String(port), HOST: host, BARE_PATH: PATH, BARE_BODY: body },
    readyUrl: `${url}${PATH}`,
  });
  try {
    const figures = await measureHttp({
      url: `${url}${PATH}`,
      connections: CONNECTIONS,
      durationSeconds: ctx.durationSeconds,
      warmupSeconds: ctx.warmupSeconds,
      headers,
    });
    ctx.log(`bare Fastify: ${figures.req_per_s} req/s, p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms`);
    return figures;
  } finally {
    await server.stop();
  }
}
