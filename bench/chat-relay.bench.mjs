/**
 * `chat-relay`: live-chat messages from customers to operators. N conversations run at once,
 * each a signed-in customer with a chat of its own assigned to one of the support operators;
 * every conversation sends a message, waits until its operator has received it (and the
 * sender's acknowledgement), and sends the next. Muster authenticates each socket, validates
 * and stores every message in PostgreSQL (ordered, exactly once) and fans it out through the
 * Redis streams adapter; the baseline is a bare Socket.IO relay (same socket.io version, no
 * authentication, no storage, no adapter) given the same load by the same code.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { COOKIES, CSRF_HEADER } from '@muster/contracts';
import pg from 'pg';
import { io } from 'socket.io-client';
import { onCleanup } from './lib/cleanup.mjs';
import { startMuster } from './lib/muster.mjs';
import { getFreePort, startServer } from './lib/processes.mjs';

export const description = 'customer → operator chat messages through Muster (authenticated, stored) vs a bare Socket.IO relay';

/** @type {import('./lib/report.mjs').MetricSpecs} */
export const metrics = {
  msgs_per_s: { unit: 'msg/s', better: 'higher' },
  p50_ms: { unit: 'ms', better: 'lower' },
  p99_ms: { unit: 'ms', better: 'lower' },
};

/** Conversations at once (BENCH_CHAT_CONVERSATIONS overrides). */
const CONVERSATIONS = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? 200);
const OPERATORS = ['sysops@muster.example', 'deputy@muster.example', 'root@muster.example'];
const CUSTOMER = 'user@harborpoint.example';
const PASSWORD = 'Muster!Demo2026';
const ADMIN_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const BARE_RELAY_SCRIPT = fileURLToPath(new URL('./baselines/bare-socketio-relay.mjs', import.meta.url));
const BODY = 'The muster list for Berth 4 is missing two names';

/**
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @returns {Promise<import('./lib/benchmark.mjs').BenchResult>}
 */
export default async function run(ctx) {
  const ours = await measureMuster(ctx);
  const baseline = await measureBare(ctx);
  const ratio = (a, b) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
  ctx.log(
    `goals at ${CONVERSATIONS} conversations: throughput ≥ 0.5 × bare (now ${ratio(ours.msgs_per_s, baseline.msgs_per_s)}), ` +
      `p99 ≤ 2 × bare (now ${ratio(ours.p99_ms, baseline.p99_ms)})`,
  );
  return { ours, baseline };
}

// ---------------------------------------------------------------------------------------------
// Muster

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
async function measureMuster(ctx) {
  const database = await createDatabase();
  const server = await startMuster({
    env: {
      DATABASE_URL: database.url,
      SEED_ON_EMPTY: 'true',
      AUTH_ATTEMPTS_PER_IP: '1000000',
      CHATS_PER_HOUR: '1000000',
    },
  });
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  try {
    ctx.log(`Muster: signing in ${OPERATORS.length} operators and ${CONVERSATIONS} customers, opening a chat each`);
    const operators = await Promise.all(OPERATORS.map((email) => signIn(server.url, email)));
    for (const op of operators) await op.call('PATCH', '/api/chat/operators/me', { presence: 'online', capacity: 20 });
    const chats = await mapLimited(
      Array.from({ length: CONVERSATIONS }, (_, i) => i),
      4,
      async (i) => {
        const customer = await signIn(server.url, CUSTOMER);
        const started = await customer.call('POST', '/api/chats', { message: `Conversation ${i} opened`, language: 'en' });
        if (started.outcome !== 'chat') throw new Error('No operator took the chat');
        return { customer, chat: started.chat };
      },
    );
    // Chats beyond the operators' capacity wait in the queue: the operators take them in turn.
    let turn = 0;
    for (const entry of chats.filter((c) => c.chat.status === 'queued')) {
      entry.chat = await operators[turn++ % operators.length].call('POST', `/api/chats/${entry.chat.id}/accept`);
    }

    /** @type {Map<string, (at: number) => void>} */
    const pending = new Map();
    const operatorSockets = await Promise.all(operators.map((op) => connect(server.url, op.cookie)));
    sockets.push(...operatorSockets);
    for (const socket of operatorSockets) {
      socket.on('chat:message', (message) => pending.get(message.clientId)?.(performance.now()));
    }
    const byOperator = new Map(operators.map((op, i) => [op.userId, operatorSockets[i]]));
    const conversations = await mapLimited(chats, 20, async ({ customer, chat }) => {
      const operatorSocket = byOperator.get(chat.operator.id);
      await acked(operatorSocket, 'chat:subscribe', { chatId: chat.id });
      const socket = await connect(server.url, customer.cookie);
      sockets.push(socket);
      await acked(socket, 'chat:subscribe', { chatId: chat.id });
      return {
        send: (clientId) => acked(socket, 'chat:send', { chatId: chat.id, clientId, body: BODY }),
      };
    });
    ctx.log(`Muster: ${conversations.length} conversations ready`);
    return await load(ctx, 'Muster', conversations, pending);
  } finally {
    sockets.forEach((s) => s.close());
    await server.stop();
    await database.drop();
  }
}

/** A database of the benchmark's own, dropped afterwards. */
async function createDatabase() {
  const name = `muster_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  let dropped;
  const drop = () => (dropped ??= (release(), adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  const release = onCleanup(drop);
  return { url: url.toString(), drop };
}

/** @param {string} text */
async function adminQuery(text) {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Signs in like the web app: the first answer sets the CSRF cookie, mutating calls send it back.
 * @param {string} baseUrl
 * @param {string} email
 */
async function signIn(baseUrl, email) {
  /** @type {Map<string, string>} */
  const jar = new Map();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   */
  const call = async (method, path, body) => {
    const headers = { origin: baseUrl, cookie: cookie(), [CSRF_HEADER]: jar.get(COOKIES.csrf) ?? '' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
  await call('GET', '/api/auth/me').catch(() => undefined);
  await call('POST', '/api/auth/login', { email, password: PASSWORD });
  const me = await call('GET', '/api/auth/me');
  return {
    call,
    userId: me.user?.id ?? me.id,
    get cookie() {
      return cookie();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Bare Socket.IO relay

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
async function measureBare(ctx) {
  const host = '127.0.0.1';
  const port = await getFreePort(host);
  const url = `http://${host}:${port}`;
  const server = await startServer({
    name: 'bare-socketio-relay',
    script: BARE_RELAY_SCRIPT,
    env: { ...process.env, PORT: String(port), HOST: host },
    readyUrl: `${url}/health`,
  });
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  try {
    /** @type {Map<string, (at: number) => void>} */
    const pending = new Map();
    const operatorSockets = await Promise.all(OPERATORS.map(() => connect(url, '')));
    sockets.push(...operatorSockets);
    for (const socket of operatorSockets) socket.on('msg', (message) => pending.get(message.clientId)?.(performance.now()));
    const conversations = await mapLimited(
      Array.from({ length: CONVERSATIONS }, (_, i) => i),
      20,
      async (i) => {
        const chatId = `conversation-${i}`;
        await acked(operatorSockets[i % operatorSockets.length], 'join', chatId);
        const socket = await connect(url, '');
        sockets.push(socket);
        await acked(socket, 'join', chatId);
        return { send: (clientId) => acked(socket, 'msg', { chatId, clientId, body: BODY }) };
      },
    );
    ctx.log(`bare relay: ${conversations.length} conversations ready`);
    return await load(ctx, 'bare relay', conversations, pending);
  } finally {
    sockets.forEach((s) => s.close());
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// The load, the same for both sides

/**
 * Every conversation sends, waits for its operator to receive the message and for the
 * acknowledgement, and sends again, for the warm-up and then the measured time.
 * @param {import('./lib/benchmark.mjs').BenchContext} ctx
 * @param {string} label
 * @param {{ send: (clientId: string) => Promise<unknown> }[]} conversations
 * @param {Map<string, (at: number) => void>} pending
 */
async function load(ctx, label, conversations, pending) {
  const start = performance.now();
  const measureFrom = start + ctx.warmupSeconds * 1000;
  const end = measureFrom + ctx.durationSeconds * 1000;
  /** @type {number[]} */
  const latencies = [];
  let counter = 0;
  await Promise.all(
    conversations.map(async (conversation, index) => {
      while (performance.now() < end) {
        const clientId = `bench-${index}-${++counter}`;
        const sentAt = performance.now();
        const received = new Promise((resolve) => pending.set(clientId, resolve));
        const [, receivedAt] = await Promise.all([conversation.send(clientId), received]);
        pending.delete(clientId);
        if (sentAt >= measureFrom && receivedAt <= end) latencies.push(receivedAt - sentAt);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
  const figures = { msgs_per_s: Math.round(latencies.length / ctx.durationSeconds), p50_ms: at(0.5), p99_ms: at(0.99) };
  ctx.log(
    `${label}: ${figures.msgs_per_s} msg/s, p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms (${latencies.length} messages measured)`,
  );
  return figures;
}

/**
 * @param {string} url
 * @param {string} cookie
 * @returns {Promise<import('socket.io-client').Socket>}
 */
function connect(url, cookie) {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: cookie ? { cookie } : {} });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/**
 * Emits with an acknowledgement; a refusal fails the benchmark.
 * @param {import('socket.io-client').Socket} socket
 * @param {string} event
 * @param {unknown} payload
 */
async function acked(socket, event, payload) {
  const answer = await socket.timeout(30_000).emitWithAck(event, payload);
  if (!answer?.ok) throw new Error(`${event} refused: ${answer?.code} ${answer?.message}`);
  return answer;
}

/**
 * Maps with at most `limit` calls running at once.
 * @template T, R
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<R>} fn
 * @returns {Promise<R[]>}
 */
async function mapLimited(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}
