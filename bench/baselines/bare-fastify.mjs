/**
 * Baseline of the `http` benchmark: a bare Fastify server (no plugins, no logger) with one
 * GET /api/health route answering a constant JSON object of the shape and size of Muster's
 * health report (every queue of the contracts' registry, as Muster lists them). Listens on PORT
 * and HOST (default 127.0.0.1).
 */
import { hostname } from 'node:os';
import { ALL_QUEUES } from '@muster/contracts';
import Fastify from 'fastify';

const queueCounts = () => ({ waiting: 0, active: 0, delayed: 0, failed: 0 });
const report = {
  status: 'ok',
  failing: [],
  checks: {
    database: { status: 'up', latencyMs: 0.8, embedded: false },
    redis: { status: 'up', latencyMs: 0.4 },
    queues: { status: 'up', latencyMs: 0.6, queues: Object.fromEntries(ALL_QUEUES.map((name) => [name, queueCounts()])) },
  },
  version: '0.1.0',
  role: 'all',
  node: `${hostname()}:${process.pid}`,
  uptimeSeconds: 0,
};

const app = Fastify({ logger: false });
app.get('/api/health', () => report);
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
