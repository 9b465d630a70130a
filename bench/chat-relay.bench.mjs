/**
 * `chat-relay`: live-chat messages from customers to operators. N conversations run at once,
 * each a signed-in customer with a chat of its own assigned to one of the support operators;
 * every conversation sends a message, waits until its operator has received it (and the
 * sender's acknowledgement), and sends the next. Muster authenticates each socket, validates
 * and stores every message in PostgreSQL (ordered, exactly once) and fans it out through the
 * Redis streams adapter; the baseline is a bare Socket.IO relay (same socket.io version, no
 * authentication, no storage, no adapter) given the same load by the same code.
 */
import { performance } from 'node:perf_hooks';
import { acked, connect, createDatabase, mapLimited, signIn } from './lib/clients.mjs';
import { startMuster } from './lib/muster.mjs';
import { startBareRelay } from './lib/bare-relay.mjs';

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

// ---------------------------------------------------------------------------------------------
// Bare Socket.IO relay

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
async function measureBare(ctx) {
  const server = await startBareRelay();
  const url = server.url;
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
