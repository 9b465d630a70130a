#!/usr/bin/env node
/**
 * CPU time per request of a signed-in `GET /api/auth/me` (or another path) on the built Muster
 * and on the bare Fastify baseline, read from /proc/<pid>/stat around a fixed number of requests.
 * Unlike req/s, CPU time per request barely moves when other work shares the machine, so one
 * change can be judged while builds or tests run beside it.
 *
 *   node bench/tools/cpu-per-request.mjs [--path /api/auth/me] [--requests 60000] [--anonymous]
 *
 * --anonymous sends no cookie (as the `http` benchmark's health probe: every answer then sets the CSRF cookie).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createDatabase, signIn } from '../lib/clients.mjs';
import { startMuster } from '../lib/muster.mjs';
import { getFreePort, startServer } from '../lib/processes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const path = option('--path', '/api/auth/me');
const requests = Number(option('--requests', '60000'));
const anonymous = args.includes('--anonymous');
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of a process, in microseconds. */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

async function load(url, headers, amount) {
  const result = await autocannon({ url, connections: 50, amount, pipelining: 1, headers });
  if (result.errors + result.non2xx > 0) throw new Error(`${url}: ${result.errors + result.non2xx} failed requests`);
}

async function measure(label, pid, url, headers) {
  await load(url, headers, Math.round(requests / 4)); // warm-up
  const before = cpuMicros(pid);
  await load(url, headers, requests);
  const perRequest = (cpuMicros(pid) - before) / requests;
  console.log(`${label}: ${perRequest.toFixed(1)} µs CPU per request`);
  return perRequest;
}

const database = await createDatabase();
const muster = await startMuster({ env: { DATABASE_URL: database.url, SEED_ON_EMPTY: 'true' } });
let ours;
let body;
let headers;
try {
  const member = await signIn(muster.url, 'manager@harborpoint.example');
  headers = anonymous ? {} : { cookie: member.cookie };
  body = await (await fetch(`${muster.url}${path}`, { headers })).text();
  ours = await measure('Muster', muster.pid, `${muster.url}${path}`, headers);
} finally {
  await muster.stop();
  await database.drop();
}
const port = await getFreePort();
const bare = await startServer({
  name: 'bare-fastify-json',
  script: fileURLToPath(new URL('../baselines/bare-fastify-json.mjs', import.meta.url)),
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BARE_PATH: path, BARE_BODY: body },
  readyUrl: `http://127.0.0.1:${port}${path}`,
});
try {
  const baseline = await measure('bare Fastify', bare.pid, `http://127.0.0.1:${port}${path}`, headers);
  console.log(`bare / Muster = ${(baseline / ours).toFixed(2)} (CPU per request; the req/s ratio on a quiet machine is close to it)`);
} finally {
  await bare.stop();
}
