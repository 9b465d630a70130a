import type { Ack, ChatMessage, ChatSummary, ConsoleState, DrillLogEntry, StartChatResult } from '@muster/contracts';
import { io } from 'socket.io-client';
import { signIn } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import type { ChatSocket } from './support/chat.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { libraryTemplate, membersByRole, scheduleRun } from './support/drills.js';
import { expectJson as json } from './support/http.js';
import { PREFER_UPSTREAM_HEADER, startBalancer, type TestBalancer } from './support/balancer.js';

/** Conversations carried on at once. */
const CONVERSATIONS = 8;
/** Messages each customer has acknowledged before instance B is killed, and after it. */
const BEFORE_KILL = 12;
const AFTER_KILL = 8;
/** How long a send waits for its acknowledgement before it is sent again (same clientId), as the web's retry does. */
const ACK_WAIT_MS = 2_000;
/** The bound: every client is live again within this long of the kill. */
const LIVE_AGAIN_MS = 5_000;

/**
 * A client as the web app is: a Socket.IO connection through the proxy (WebSocket only,
 * reconnecting with the library's defaults) that subscribes again on every connection, and tells
 * who waits on it whenever something arrives.
 */
abstract class LiveClient {
  readonly socket: ChatSocket;
  /** When the client was subscribed again after a reconnection (epoch ms). */
  readonly resubscribed: number[] = [];
  disconnects = 0;
  private ready: Promise<void>;
  private markReady: () => void = () => undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly name: string,
    proxyUrl: string,
    prefer: 'a' | 'b',
    client?: TestClient,
  ) {
    this.ready = new Promise((done) => (this.markReady = done));
    const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    this.socket = io(proxyUrl, {
      transports: ['websocket'],
      extraHeaders: { origin: 'http://localhost:5173', [PREFER_UPSTREAM_HEADER]: prefer, ...(cookie ? { cookie } : {}) },
      forceNew: true,
    });
    this.socket.on('connect', () => {
      void this.subscribe().then(() => {
        if (this.disconnects > 0) this.resubscribed.push(Date.now());
        this.markReady();
        this.changed();
      });
    });
    this.socket.on('disconnect', () => {
      this.disconnects++;
      this.ready = new Promise((done) => (this.markReady = done));
    });
  }

  /** Subscribes to what the client follows, keeping what the answer holds (on every connection). */
  protected abstract subscribe(): Promise<void>;

  /** Resolves once connected and subscribed. */
  live(): Promise<void> {
    return this.ready;
  }

  protected changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Resolves once `check` holds, tested now and after everything that arrives; false after `ms`. */
  until(check: () => boolean, ms: number): Promise<boolean> {
    return new Promise((done) => {
      const test = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.listeners.delete(test);
        done(true);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(test);
        done(false);
      }, ms);
      this.listeners.add(test);
      test();
    });
  }

  /**
   * Emits until acknowledged: an emit not answered within ACK_WAIT_MS (its instance died with it)
   * or refused (sent before the resubscription) is sent again, the same clientId with it.
   */
  protected async untilAcknowledged<T>(emit: () => Promise<Ack<T>>): Promise<T> {
    for (;;) {
      await this.live();
      try {
        const answer = await emit();
        if (answer.ok) return answer;
      } catch {
        // No answer in time: sent again.
      }
    }
  }

  close(): void {
    this.socket.close();
  }
}

/** One side of live chat: every message it was given, by event, acknowledgement or a subscription's history. */
class ChatPeer extends LiveClient {
  /** Per chat, every message seen (by id). */
  readonly seen = new Map<string, Map<string, ChatMessage>>();
  /** Per chat, the ids of messages that arrived as `chat:message` events. */
  readonly events = new Map<string, Set<string>>();
  /** The seq each chat stood at when this peer first subscribed. */
  readonly subscribedAt = new Map<string, number>();

  constructor(
    name: string,
    proxyUrl: string,
    prefer: 'a' | 'b',
    readonly chats: { id: string; token?: string }[],
    client?: TestClient,
  ) {
    super(name, proxyUrl, prefer, client);
    this.socket.on('chat:message', (message) => {
      this.keep(message);
      if (!this.events.has(message.chatId)) this.events.set(message.chatId, new Set());
      this.events.get(message.chatId)!.add(message.id);
      this.changed();
    });
  }

  protected async subscribe(): Promise<void> {
    for (const chat of this.chats) {
      const answer: Ack<{ chat: ChatSummary; messages: ChatMessage[] }> = await this.socket.emitWithAck('chat:subscribe', {
        chatId: chat.id,
        ...(chat.token ? { visitorToken: chat.token } : {}),
      });
      if (!answer.ok) throw new Error(`${this.name} could not subscribe: ${answer.code}`);
      if (!this.subscribedAt.has(chat.id)) this.subscribedAt.set(chat.id, answer.chat.lastSeq);
      for (const message of answer.messages) this.keep(message);
    }
  }

  private keep(message: ChatMessage): void {
    if (!this.seen.has(message.chatId)) this.seen.set(message.chatId, new Map());
    this.seen.get(message.chatId)!.set(message.id, message);
  }

  /** Sends until acknowledged; the sender's own message comes back in the acknowledgement, not as an event. */
  async send(chatId: string, clientId: string, body: string): Promise<ChatMessage> {
    const { message } = await this.untilAcknowledged<{ message: ChatMessage }>(() =>
      this.socket.timeout(ACK_WAIT_MS).emitWithAck('chat:send', { chatId, clientId, body }),
    );
    this.keep(message);
    return message;
  }
}

/** A drill console: every decision-log entry it was given, by event, acknowledgement or the state it resynchronised from. */
class ConsoleWatcher extends LiveClient {
  /** Every log entry seen, by seq. */
  readonly seen = new Map<number, DrillLogEntry>();
  /** The seqs that arrived in console events. */
  readonly events = new Set<number>();
  /** The log's last seq when the console first subscribed. */
  subscribedAt: number | null = null;

  constructor(
    name: string,
    proxyUrl: string,
    prefer: 'a' | 'b',
    readonly runId: string,
    client: TestClient,
  ) {
    super(name, proxyUrl, prefer, client);
    const pushed = (payload: { log?: DrillLogEntry | null }) => {
      if (!payload.log) return;
      this.seen.set(payload.log.seq, payload.log);
      this.events.add(payload.log.seq);
      this.changed();
    };
    for (const event of [
      'console:state-changed',
      'console:step-updated',
      'console:inject-published',
      'console:observation-added',
      'console:attendance-updated',
    ] as const)
      this.socket.on(event, pushed);
  }

  protected async subscribe(): Promise<void> {
    const answer: Ack<{ state: ConsoleState }> = await this.socket.emitWithAck('console:subscribe', { runId: this.runId });
    if (!answer.ok) throw new Error(`${this.name} could not join the console: ${answer.code}`);
    for (const entry of answer.state.log) this.seen.set(entry.seq, entry);
    this.subscribedAt ??= Math.max(0, ...answer.state.log.map((e) => e.seq));
  }

  /** Records an observation until acknowledged (a retry with the same clientId is stored once). */
  async observe(clientId: string, note: string): Promise<void> {
    const { log } = await this.untilAcknowledged<{ log: DrillLogEntry | null }>(() =>
      this.socket.timeout(ACK_WAIT_MS).emitWithAck('console:observe', { runId: this.runId, clientId, kind: 'strength', note }),
    );
    if (log) this.seen.set(log.seq, log);
  }

  /** Starts the run (the lead). */
  async start(): Promise<void> {
    const { log } = await this.untilAcknowledged<{ log: DrillLogEntry }>(() =>
      this.socket.timeout(ACK_WAIT_MS).emitWithAck('console:control', { runId: this.runId, action: 'start' }),
    );
    this.seen.set(log.seq, log);
  }
}

/**
 * Two api instances and a worker behind a proxy without sticky sessions; customers (on instance
 * B) and operators (one socket on each instance) chatting in eight conversations; B killed with
 * SIGKILL mid-conversation. The clients on B reconnect through the proxy to A and resubscribe;
 * every message is stored once, reaches every subscriber (the operator console that never
 * disconnected included, also for a message whose acknowledgement came from the stored row), and
 * every client is live again within 5 s.
 */
describe('Resilience: an api instance killed mid-conversation', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const prefix = uniquePrefix();
  const processes: ServerProcess[] = [];
  let proxy: TestBalancer;
  const peers: LiveClient[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000', CHATS_PER_HOUR: '1000' };
    const apiA = await startServer({ databaseUrl: db.url, prefix, role: 'api', env });
    processes.push(apiA);
    const [apiB, worker] = await Promise.all([
      startServer({ databaseUrl: db.url, prefix, role: 'api', env }),
      startServer({ databaseUrl: db.url, prefix, role: 'worker', env }),
    ]);
    processes.push(apiB, worker);
    proxy = await startBalancer({ a: apiA.url!, b: apiB.url! });
  }, 180_000);

  afterAll(async () => {
    peers.forEach((p) => p.close());
    await proxy?.close();
    await Promise.all(processes.map((p) => p.stop()));
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('loses and duplicates no message or console event, delivers each to every subscriber, and has every client live again within 5 s', async () => {
    const [, apiB] = processes;
    const operator = await signIn(proxy.url, 'sysops@muster.example');
    await json(await operator.request('PATCH', '/api/chat/operators/me', { presence: 'online', capacity: 20 }), 200);

    const chats: { id: string; token: string }[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const visitor = await new TestClient(proxy.url).init();
      const started = await json<StartChatResult>(
        await visitor.post('/api/chats', {
          message: `Conversation ${String(i)} begins`,
          language: 'en',
          name: `Visitor ${String(i)}`,
          email: `visitor${String(i)}@failover.example`,
        }),
        201,
      );
      if (started.outcome !== 'chat') throw new Error('expected a chat with an operator');
      chats.push({ id: started.chat.id, token: started.visitorToken! });
    }

    // A drill run led from B and watched from both instances.
    const admin = await signIn(proxy.url, 'admin@harborpoint.example');
    const manager = await signIn(proxy.url, 'manager@harborpoint.example');
    const template = await libraryTemplate(admin, 'fire');
    const run = await scheduleRun(admin, { templateId: template.id, leadUserId: (await membersByRole(admin)).ADMIN!.id });

    // The operator's console on A (it never disconnects), another of their consoles on B, the customers on B.
    const operatorA = new ChatPeer('operator on A', proxy.url, 'a', chats, operator);
    const operatorB = new ChatPeer('operator on B', proxy.url, 'b', chats, operator);
    const customers = chats.map((chat, i) => new ChatPeer(`customer ${String(i)}`, proxy.url, 'b', [chat]));
    const lead = new ConsoleWatcher('drill lead on B', proxy.url, 'b', run.id, admin);
    const watcherA = new ConsoleWatcher('drill watcher on A', proxy.url, 'a', run.id, manager);
    const watcherB = new ConsoleWatcher('drill watcher on B', proxy.url, 'b', run.id, manager);
    const chatPeers = [operatorA, operatorB, ...customers];
    const watchers = [lead, watcherA, watcherB];
    peers.push(...chatPeers, ...watchers);
    await Promise.all(peers.map((p) => p.live()));
    await lead.start();

    const acked = new Map<string, ChatMessage>();
    let killedAt = 0;
    let acknowledgedBeforeKill = 0;
    const killB = () => {
      if (killedAt) return;
      killedAt = Date.now();
      acknowledgedBeforeKill = acked.size;
      apiB!.child.kill('SIGKILL');
    };

    // Each customer talks on without a pause (so messages are in flight when B dies); once every
    // customer has BEFORE_KILL acknowledged, B is killed; each goes on for AFTER_KILL more.
    let readyToKill = 0;
    const talk = async (customer: ChatPeer, index: number) => {
      const chatId = chats[index]!.id;
      let afterKill = 0;
      for (let n = 0; afterKill < AFTER_KILL; n++) {
        const message = await customer.send(
          chatId,
          `customer-${String(index)}-${String(n)}`,
          `Customer ${String(index)} line ${String(n)}`,
        );
        acked.set(message.id, message);
        if (n + 1 === BEFORE_KILL && ++readyToKill === CONVERSATIONS) killB();
        if (killedAt) afterKill++;
      }
    };
    // Meanwhile the operator on B answers each conversation in turn, and the lead records observations.
    let customersDone = false;
    const answer = async () => {
      for (let n = 0; !customersDone; n++) {
        const message = await operatorB.send(chats[n % CONVERSATIONS]!.id, `operator-${String(n)}`, `Operator answer ${String(n)}`);
        acked.set(message.id, message);
      }
    };
    const observe = async () => {
      for (let n = 0; !customersDone; n++) await lead.observe(`observation-${String(n)}`, `Observation ${String(n)}`);
    };
    const others = Promise.all([answer(), observe()]);
    await Promise.all(customers.map((c, i) => talk(c, i)));
    customersDone = true;
    await others;
    expect(killedAt).toBeGreaterThan(0);
    expect(acknowledgedBeforeKill).toBeGreaterThanOrEqual(CONVERSATIONS * BEFORE_KILL);

    // The database: every acknowledged message once, no clientId twice.
    const stored = await sql<{ id: string; chat_id: string; client_id: string | null; seq: number }>(
      db.url,
      `SELECT id, chat_id, client_id, seq FROM chat_messages WHERE chat_id = ANY($1::uuid[]) ORDER BY chat_id, seq`,
      [chats.map((c) => c.id)],
    );
    const clientIds = stored.filter((m) => m.client_id).map((m) => `${m.chat_id}/${m.client_id!}`);
    expect(new Set(clientIds).size).toBe(clientIds.length);
    const storedIds = new Set(stored.map((m) => m.id));
    expect([...acked.keys()].filter((id) => !storedIds.has(id))).toEqual([]);
    const byChat = new Map(chats.map((c) => [c.id, stored.filter((m) => m.chat_id === c.id)]));
    // The run's decision log as it stands, and its observations once each.
    const log = await sql<{ seq: number }>(db.url, `SELECT seq FROM drill_run_log WHERE run_id = $1 ORDER BY seq`, [run.id]);
    const observations = await sql<{ client_id: string }>(db.url, `SELECT client_id FROM drill_run_observations WHERE run_id = $1`, [
      run.id,
    ]);
    expect(new Set(observations.map((o) => o.client_id)).size).toBe(observations.length);
    expect(observations.length).toBeGreaterThan(0);

    // Every subscriber has everything stored (by event, acknowledgement, or what it resynchronised from).
    const missingChat = (peer: ChatPeer) =>
      peer.chats.flatMap((chat) =>
        byChat
          .get(chat.id)!
          .filter((m) => !peer.seen.get(chat.id)?.has(m.id))
          .map((m) => m.id),
      );
    const missingLog = (watcher: ConsoleWatcher) => log.filter((e) => !watcher.seen.has(e.seq)).map((e) => e.seq);
    await Promise.all([
      ...chatPeers.map((p) => p.until(() => missingChat(p).length === 0, 10_000)),
      ...watchers.map((w) => w.until(() => missingLog(w).length === 0, 10_000)),
    ]);
    const missing = Object.fromEntries([
      ...chatPeers.map((p) => [p.name, missingChat(p)] as const),
      ...watchers.map((w) => [w.name, missingLog(w)] as const),
    ]);
    expect(missing).toEqual(Object.fromEntries(peers.map((p) => [p.name, []])));

    // The consoles on A never disconnected: they were pushed everything stored after they subscribed,
    // also what was acknowledged from the stored row when a sender on B retried after the kill.
    expect(operatorA.disconnects).toBe(0);
    expect(watcherA.disconnects).toBe(0);
    const notPushed = chats.flatMap((chat) =>
      byChat
        .get(chat.id)!
        .filter((m) => m.seq > operatorA.subscribedAt.get(chat.id)! && !operatorA.events.get(chat.id)?.has(m.id))
        .map((m) => `${chat.id}#${String(m.seq)}`),
    );
    expect(notPushed).toEqual([]);
    expect(log.filter((e) => e.seq > watcherA.subscribedAt! && !watcherA.events.has(e.seq)).map((e) => e.seq)).toEqual([]);

    // No client holds a message twice under two ids.
    for (const peer of chatPeers) {
      const held = [...peer.seen.values()].flatMap((messages) => [...messages.values()]).filter((m) => m.clientId);
      expect(new Set(held.map((m) => `${m.chatId}/${m.clientId!}`)).size).toBe(held.length);
    }

    // Everyone who was on B is live again (reconnected through the proxy to A, and resubscribed) within 5 s.
    const onB = [operatorB, ...customers, lead, watcherB];
    for (const peer of onB) {
      expect(peer.disconnects).toBeGreaterThanOrEqual(1);
      expect(peer.resubscribed.length).toBeGreaterThanOrEqual(1);
    }
    const liveAgainMs = Math.max(...onB.map((p) => p.resubscribed[0]! - killedAt));
    expect(liveAgainMs).toBeLessThanOrEqual(LIVE_AGAIN_MS);
    // For the closing note: what was carried, and how long the slowest client took.
    console.info(
      `failover: ${String(stored.length)} chat messages in ${String(CONVERSATIONS)} conversations and ${String(log.length)} console entries; slowest client live again ${String(liveAgainMs)} ms after the kill`,
    );
  }, 180_000);
});
