import { randomUUID } from 'node:crypto';
import {
  COOKIES,
  CSRF_HEADER,
  type ChatBan,
  type ChatDetail,
  type ChatMessage,
  type ChatSummary,
  type Insights,
  type OperatorState,
  type StartChatResult,
  type TicketDetail,
} from '@muster/contracts';
import { TestClient } from './support/client.js';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { expectJson as json } from './support/http.js';
import { chatSocket, collect, expectOk, nextEvent, send, subscribe, type ChatSocket } from './support/chat.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { MailWatcher } from './support/outbox.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Live chat with real Socket.IO clients against real api processes, PostgreSQL and Redis:
 * ordering and exactly-once storage, typing and read receipts, assignment by capacity,
 * transfer, offline → ticket, bans, two api instances, resynchronisation and bad input.
 */
describe('Live chat', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let apiA: ServerProcess;
  let apiB: ServerProcess;
  let mail: MailWatcher;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];

  const as = (email: string, server: ServerProcess = apiA): Promise<TestClient> => signIn(server.url!, email);
  async function socketOf(client?: TestClient, server: ServerProcess = apiA): Promise<ChatSocket> {
    const s = await chatSocket(server.url!, client);
    sockets.push(s);
    return s;
  }
  async function presence(client: TestClient, value: 'online' | 'away' | 'offline', capacity?: number): Promise<OperatorState> {
    return json<OperatorState>(
      await client.request('PATCH', '/api/chat/operators/me', { presence: value, ...(capacity ? { capacity } : {}) }),
      200,
    );
  }
  async function startAs(client: TestClient, message: string, extra: Record<string, unknown> = {}): Promise<StartChatResult> {
    return json<StartChatResult>(await client.post('/api/chats', { message, language: 'en', ...extra }), 201);
  }
  async function upload(client: TestClient, chatId: string, file: Buffer, name: string, token?: string): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'image/png' }), name);
    const headers: Record<string, string> = { origin: 'http://localhost:5173', [CSRF_HEADER]: client.cookies.get(COOKIES.csrf) ?? '' };
    headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (token) headers['x-chat-token'] = token;
    return fetch(`${apiA.url}/api/chats/${chatId}/attachments`, { method: 'POST', headers, body: form });
  }

  let sysops: TestClient;
  let deputy: TestClient;
  let root: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000', CHATS_PER_HOUR: '1000' };
    apiA = await startServer({ databaseUrl: db.url, prefix, env });
    apiB = await startServer({ databaseUrl: db.url, prefix, role: 'api', env });
    mail = await MailWatcher.start(prefix, apiA.url!);
    [sysops, deputy, root, user] = await Promise.all([
      as('sysops@muster.example'),
      as('deputy@muster.example'),
      as('root@muster.example'),
      as('user@harborpoint.example'),
    ]);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await mail?.close();
    await Promise.all([apiA?.stop(), apiB?.stop()]);
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  /** Every test starts with no open chat and every operator offline. */
  beforeEach(async () => {
    await sql(db.url, `UPDATE chats SET status = 'closed', closed_at = now(), closed_reason = 'operator' WHERE status <> 'closed'`);
    await sql(db.url, `UPDATE chat_operators SET presence = 'offline', capacity = 3`);
  });

  it('stores messages in order and exactly once when a send is retried, and relays them to the operator', async () => {
    await presence(sysops, 'online');
    const started = await startAs(user, 'Our drill report will not export to PDF');
    expect(started.outcome).toBe('chat');
    if (started.outcome !== 'chat') return;
    const chat = started.chat;
    expect(chat).toMatchObject({ status: 'active', operator: { name: expect.any(String) }, customer: { kind: 'member' } });
    expect(started.visitorToken).toBeNull();

    const customer = await socketOf(user);
    const operator = await socketOf(sysops);
    const joined = expectOk(await subscribe(customer, chat.id));
    expect(joined.messages.map((m) => m.kind)).toEqual(['customer', 'system']);
    expectOk(await subscribe(operator, chat.id));

    const atOperator = collect(operator, 'chat:message');
    const clientId = `c-${randomUUID()}`;
    // The same message sent three times at once (a client retrying after a lost ack): stored once.
    const answers = await Promise.all([1, 2, 3].map(() => send(customer, chat.id, clientId, 'Export fails with a blank page')));
    const ids = new Set(answers.map((a) => expectOk(a).message.id));
    expect(ids.size).toBe(1);
    // And again later: the same record.
    const again = expectOk(await send(customer, chat.id, clientId, 'Export fails with a blank page'));
    expect(again.message.id).toBe([...ids][0]);

    // Twenty messages sent without waiting: strictly increasing seq, received in that order.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(customer, chat.id, `burst-${String(i)}-${randomUUID()}`, `line ${String(i)}`)),
    );
    const seqs = burst.map((a) => expectOk(a).message.seq);
    expect(new Set(seqs).size).toBe(20);
    const lastSeq = Math.max(...seqs);
    await new Promise<void>((done) => {
      const check = () => (atOperator.some((m) => m.seq === lastSeq) ? done() : operator.once('chat:message', check));
      check();
    });
    const received = atOperator.map((m) => m.seq);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(atOperator.filter((m) => m.clientId === clientId)).toHaveLength(1);

    const stored = await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM chat_messages WHERE chat_id = $1 AND client_id = $2', [
      chat.id,
      clientId,
    ]);
    expect(stored[0]!.n).toBe('1');

    // The operator answers; the customer receives it.
    const reply = nextEvent(customer, 'chat:message', (m) => m.kind === 'operator');
    expectOk(await send(operator, chat.id, `op-${randomUUID()}`, 'Thanks — looking at it now'));
    expect((await reply).body).toBe('Thanks — looking at it now');
    const detail = await json<ChatDetail>(await user.get(`/api/chats/${chat.id}`), 200);
    expect(detail.chat.firstResponseAt).not.toBeNull();
  });

  it('delivers a stored message whose broadcast was lost when the customer resends it, once', async () => {
    await presence(sysops, 'online');
    const started = await startAs(user, 'The muster list shows yesterday');
    if (started.outcome !== 'chat') throw new Error('expected a chat');
    const chat = started.chat;
    const operator = await socketOf(sysops, apiA);
    expectOk(await subscribe(operator, chat.id));
    const atOperator = collect(operator, 'chat:message');

    // An api instance stored the customer's message and died before publishing it (and before
    // acknowledging it): the row is there, and nobody heard of it. The message is stored exactly as
    // the send statement stores it (the chat's seq bumped under its lock, then the row).
    const clientId = `lost-${randomUUID()}`;
    const [lost] = await sql<{ id: string; seq: number }>(
      db.url,
      `WITH bump AS (
         UPDATE chats SET last_seq = last_seq + 1, last_message_at = now(), customer_read_seq = last_seq + 1
          WHERE id = $1 RETURNING id, last_seq, customer_name, customer_user_id)
       INSERT INTO chat_messages (chat_id, seq, client_id, kind, sender_user_id, sender_name, body)
       SELECT id, last_seq, $2, 'customer', customer_user_id, customer_name, 'Roster import stuck at 40 %' FROM bump
       RETURNING id, seq`,
      [chat.id, clientId],
    );

    // The customer's client got no acknowledgement, reconnects (to the other instance) and resends.
    const customer = await socketOf(user, apiB);
    const joined = expectOk(await subscribe(customer, chat.id));
    expect(joined.messages.map((m) => m.id)).toContain(lost!.id);
    const arrived = nextEvent(operator, 'chat:message', (m) => m.id === lost!.id);
    const resent = expectOk(await send(customer, chat.id, clientId, 'Roster import stuck at 40 %'));
    expect(resent.message).toMatchObject({ id: lost!.id, seq: lost!.seq, clientId, body: 'Roster import stuck at 40 %' });
    expect(await arrived).toMatchObject({ id: lost!.id, seq: lost!.seq, kind: 'customer' });

    // A second resend (the first one's acknowledgement was lost too) is not delivered again; the
    // next message, published after it by the same instance, marks the end of what could arrive.
    expect(expectOk(await send(customer, chat.id, clientId, 'Roster import stuck at 40 %')).message.id).toBe(lost!.id);
    const next = nextEvent(operator, 'chat:message', (m) => m.body === 'It is at 41 % now');
    expectOk(await send(customer, chat.id, `next-${randomUUID()}`, 'It is at 41 % now'));
    await next;
    expect(atOperator.filter((m) => m.id === lost!.id)).toHaveLength(1);
    expect(atOperator.map((m) => m.body)).toEqual(['Roster import stuck at 40 %', 'It is at 41 % now']);

    const stored = await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM chat_messages WHERE chat_id = $1 AND client_id = $2', [
      chat.id,
      clientId,
    ]);
    expect(stored[0]!.n).toBe('1');
  });

  it('relays typing both ways (never back to the typist) and read receipts', async () => {
    await presence(sysops, 'online');
    const started = await startAs(user, 'Question about SCIM');
    if (started.outcome !== 'chat') throw new Error('expected a chat');
    const chatId = started.chat.id;
    const customer = await socketOf(user);
    const operator = await socketOf(sysops);
    expectOk(await subscribe(customer, chatId));
    expectOk(await subscribe(operator, chatId));
    const echoed = collect(customer, 'chat:typing');

    const seenByOperator = nextEvent(operator, 'chat:typing');
    customer.emit('chat:typing', { chatId, typing: true });
    expect(await seenByOperator).toMatchObject({ chatId, side: 'customer', typing: true, name: expect.stringMatching(/\S/) });

    const seenByCustomer = nextEvent(customer, 'chat:typing');
    operator.emit('chat:typing', { chatId, typing: true });
    expect(await seenByCustomer).toMatchObject({ chatId, side: 'operator', typing: true });
    expect(echoed.filter((e) => e.side === 'customer')).toHaveLength(0);

    // The sender gets its message in the acknowledgement; the customer's other tab from the room.
    const otherTab = await socketOf(user);
    expectOk(await subscribe(otherTab, chatId));
    const ownEcho = collect(customer, 'chat:message');
    const toOtherTab = nextEvent(otherTab, 'chat:message', (m) => m.body === 'Is SCIM in the Standard plan?');
    const sent = expectOk(await send(customer, chatId, `m-${randomUUID()}`, 'Is SCIM in the Standard plan?')).message;
    expect((await toOtherTab).id).toBe(sent.id);
    const receipt = nextEvent(customer, 'chat:read', (r) => r.side === 'operator');
    const answer = expectOk(await operator.emitWithAck('chat:read', { chatId, seq: sent.seq }));
    expect(answer.seq).toBe(sent.seq);
    expect(await receipt).toEqual({ chatId, side: 'operator', seq: sent.seq });
    // Events reach a socket in order: anything broadcast to the sender came before this receipt.
    expect(ownEcho.filter((m) => m.id === sent.id)).toHaveLength(0);
    // A read mark beyond the last message is clamped; it never goes back.
    expect(expectOk(await operator.emitWithAck('chat:read', { chatId, seq: 9999 })).seq).toBe(sent.seq);
    expect(expectOk(await operator.emitWithAck('chat:read', { chatId, seq: 1 })).seq).toBe(sent.seq);
    const detail = await json<ChatDetail>(await user.get(`/api/chats/${chatId}`), 200);
    expect(detail.chat.operatorReadSeq).toBe(sent.seq);
  });

  it('assigns new chats to the least-loaded online operator with capacity, queues the rest, and assigns when capacity frees', async () => {
    const a = await presence(sysops, 'online', 1);
    const b = await presence(deputy, 'online', 1);
    const watcher = await socketOf(root);
    const operatorEvents = collect(watcher, 'chat:operator');

    const visitors = await Promise.all([0, 1, 2].map(async () => await new TestClient(apiA.url!).init()));
    const first = await startAs(visitors[0]!, 'First', { name: 'Ana', email: 'ana@visitor.example' });
    const second = await startAs(visitors[1]!, 'Second', { name: 'Ben', email: 'ben@visitor.example' });
    if (first.outcome !== 'chat' || second.outcome !== 'chat') throw new Error('expected chats');
    expect(first.chat.status).toBe('active');
    expect(second.chat.status).toBe('active');
    expect(new Set([first.chat.operator!.id, second.chat.operator!.id])).toEqual(new Set([a.userId, b.userId]));

    const third = await startAs(visitors[2]!, 'Third', { name: 'Cai', email: 'cai@visitor.example' });
    if (third.outcome !== 'chat') throw new Error('expected a chat');
    expect(third.chat.status).toBe('queued');
    expect(third.chat.operator).toBeNull();
    const queue = await json<{ items: ChatSummary[] }>(await sysops.get('/api/chats?scope=queue'), 200);
    expect(queue.items.map((c) => c.id)).toEqual([third.chat.id]);

    // The third chat's customer waits on its socket; closing the first chat frees its operator.
    const visitorSocket = await socketOf();
    expectOk(await subscribe(visitorSocket, third.chat.id, third.visitorToken!));
    const assigned = nextEvent(visitorSocket, 'chat:updated', (c) => c.id === third.chat.id && c.status === 'active');
    const freedOperator = first.chat.operator!.id;
    const closer = freedOperator === a.userId ? sysops : deputy;
    await json<ChatSummary>(await closer.post(`/api/chats/${first.chat.id}/close`), 200);
    expect((await assigned).operator!.id).toBe(freedOperator);
    expect(operatorEvents.some((o) => o.userId === freedOperator)).toBe(true);

    const operators = await json<{ items: OperatorState[] }>(await sysops.get('/api/chat/operators'), 200);
    for (const o of operators.items.filter((x) => x.presence === 'online')) expect(o.activeChats).toBeLessThanOrEqual(o.capacity);
  });

  it('lets an operator accept from the queue, once', async () => {
    await presence(sysops, 'online', 1);
    await presence(deputy, 'away');
    const busy = await startAs(user, 'Fills the only seat');
    const visitor = await new TestClient(apiA.url!).init();
    const queued = await startAs(visitor, 'Waiting in the queue', { name: 'Dee', email: 'dee@visitor.example' });
    if (busy.outcome !== 'chat' || queued.outcome !== 'chat') throw new Error('expected chats');
    expect(queued.chat.status).toBe('queued');
    const [x, y] = await Promise.all([
      deputy.post(`/api/chats/${queued.chat.id}/accept`),
      root.post(`/api/chats/${queued.chat.id}/accept`),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
  });

  it('transfers a chat with a note that only operators read; the old operator can no longer write', async () => {
    const a = await presence(sysops, 'online', 1);
    const b = await presence(deputy, 'online', 1);
    await sql(db.url, `UPDATE chat_operators SET presence = 'away' WHERE user_id = $1`, [b.userId]);
    const started = await startAs(user, 'Needs a specialist');
    if (started.outcome !== 'chat') throw new Error('expected a chat');
    expect(started.chat.operator!.id).toBe(a.userId);
    const customer = await socketOf(user);
    const from = await socketOf(sysops);
    const to = await socketOf(deputy);
    expectOk(await subscribe(customer, started.chat.id));
    expectOk(await subscribe(from, started.chat.id));

    const customerSees = nextEvent(customer, 'chat:message', (m) => m.event?.type === 'transferred');
    const newOperatorSees = nextEvent(to, 'chat:message', (m) => m.event?.type === 'transferred');
    const moved = await json<ChatSummary>(
      await sysops.post(`/api/chats/${started.chat.id}/transfer`, { operatorId: b.userId, note: 'Customer on Enterprise, SSO question' }),
      200,
    );
    expect(moved.operator!.id).toBe(b.userId);
    const staffCopy = await newOperatorSees;
    expect(staffCopy.event).toMatchObject({ type: 'transferred', note: 'Customer on Enterprise, SSO question', to: { id: b.userId } });
    const customerCopy = await customerSees;
    expect(customerCopy.event).toMatchObject({ type: 'transferred', note: null });
    expect(customerCopy.body).not.toContain('Enterprise');

    const refused = await send(from, started.chat.id, `old-${randomUUID()}`, 'Still here?');
    expect(refused).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    // The new operator's sockets were joined to the chat: the customer's next message reaches them.
    const arrives = nextEvent(to, 'chat:message', (m) => m.body === 'Hello new operator');
    expectOk(await send(customer, started.chat.id, `hi-${randomUUID()}`, 'Hello new operator'));
    await arrives;
    // The customer's own view of the history hides the note too.
    const history = expectOk(await subscribe(customer, started.chat.id)).messages;
    expect(history.find((m) => m.event?.type === 'transferred')?.event).toMatchObject({ note: null });
    // Transfer to an offline operator is refused.
    const offline = await json<{ code: string }>(
      await deputy.post(`/api/chats/${started.chat.id}/transfer`, { operatorId: (await presence(root, 'offline')).userId }),
      400,
    );
    expect(offline.code).toBe('VALIDATION_FAILED');
  });

  it('turns a message into a ticket with an email follow-up when no operator is online', async () => {
    const availability = await json<{ operatorsOnline: boolean }>(await user.get('/api/chats/availability'), 200);
    expect(availability.operatorsOnline).toBe(false);
    const visitor = await new TestClient(apiA.url!).init();
    const since = Date.now();
    const result = await startAs(visitor, 'Do you support ISPS audits in Spanish?', { name: 'Eva', email: 'eva@visitor.example' });
    expect(result.outcome).toBe('ticket');
    if (result.outcome !== 'ticket') return;
    const ticket = await json<TicketDetail>(await sysops.get(`/api/tickets/${result.ticketId}`), 200);
    expect(ticket).toMatchObject({ description: 'Do you support ISPS audits in Spanish?', status: 'open' });
    const sent = await mail.waitFor('eva@visitor.example', /We received your message/, since);
    expect(sent.text).toContain('become a ticket');
    expect(sent.text).not.toContain('Eva');

    // A member's message lands in their organisation's tickets.
    const member = await startAs(user, 'Nobody is online, right?');
    if (member.outcome !== 'ticket') throw new Error('expected a ticket');
    const mine = await json<TicketDetail>(await user.get(`/api/tickets/${member.ticketId}`), 200);
    expect(mine.organization?.name).toBe('Harbor Point Port Authority');
  });

  it('bans by email and IP: banned people cannot open chats, open chats end, every ban is audited', async () => {
    await presence(sysops, 'online');
    const visitor = await new TestClient(apiA.url!).init();
    const started = await startAs(visitor, 'Spam spam spam', { name: 'Spammer', email: 'Spam@Visitor.example' });
    if (started.outcome !== 'chat') throw new Error('expected a chat');
    const socket = await socketOf();
    expectOk(await subscribe(socket, started.chat.id, started.visitorToken!));
    const ended = nextEvent(socket, 'chat:updated', (c) => c.status === 'closed');

    const ban = await json<ChatBan>(
      await sysops.post('/api/chat/bans', { kind: 'email', value: 'spam@visitor.example', reason: 'Abusive messages', hours: 24 }),
      201,
    );
    expect(ban).toMatchObject({ kind: 'email', value: 'spam@visitor.example', active: true });
    expect((await ended).closedReason).toBe('banned');
    expect(await send(socket, started.chat.id, `x-${randomUUID()}`, 'still here')).toMatchObject({ ok: false, code: 'CHAT_BANNED' });

    const again = await json<{ code: string; message: string }>(
      await visitor.post('/api/chats', { message: 'Let me in', name: 'Spammer', email: 'spam@visitor.example' }),
      403,
    );
    expect(again.code).toBe('CHAT_BANNED');
    const audit = await sql<{ action: string; actor_user_id: string }>(
      db.url,
      `SELECT action, actor_user_id FROM audit_events WHERE target_id = $1`,
      [ban.id],
    );
    expect(audit.map((r) => r.action)).toEqual(['chat.ban']);

    // An IP ban covers every address typed from there.
    const ipBan = await json<ChatBan>(
      await sysops.post('/api/chat/bans', { kind: 'ip', value: '127.0.0.1', reason: 'Flood', hours: 1 }),
      201,
    );
    expect((await visitor.post('/api/chats', { message: 'Hi', name: 'Other', email: 'other@visitor.example' })).status).toBe(403);
    const lifted = await json<ChatBan>(await sysops.request('DELETE', `/api/chat/bans/${ipBan.id}`), 200);
    expect(lifted.active).toBe(false);
    expect((await visitor.post('/api/chats', { message: 'Hi again', name: 'Other', email: 'other@visitor.example' })).status).toBe(201);
    const trail = await sql<{ action: string }>(db.url, `SELECT action FROM audit_events WHERE target_id = $1 ORDER BY created_at`, [
      ipBan.id,
    ]);
    expect(trail.map((r) => r.action)).toEqual(['chat.ban', 'chat.unban']);
    // Bad ban values are a 400; customers cannot ban.
    expect((await sysops.post('/api/chat/bans', { kind: 'ip', value: 'not-an-ip', reason: 'x' })).status).toBe(400);
    expect((await user.post('/api/chat/bans', { kind: 'ip', value: '10.0.0.1', reason: 'x' })).status).toBe(403);
    await sysops.request('DELETE', `/api/chat/bans/${ban.id}`);
  });

  it('carries a conversation between a customer on one api instance and an operator on another', async () => {
    const operatorOnB = await as('sysops@muster.example', apiB);
    await presence(operatorOnB, 'online');
    const customerOnA = await as('user@harborpoint.example', apiA);
    const started = await startAs(customerOnA, 'Hello from instance A');
    if (started.outcome !== 'chat') throw new Error('expected a chat');
    const customer = await socketOf(customerOnA, apiA);
    const operator = await socketOf(operatorOnB, apiB);
    expectOk(await subscribe(customer, started.chat.id));
    expectOk(await subscribe(operator, started.chat.id));

    const atB = nextEvent(operator, 'chat:message', (m) => m.body === 'ping from A');
    const typingAtB = nextEvent(operator, 'chat:typing');
    customer.emit('chat:typing', { chatId: started.chat.id, typing: true });
    await typingAtB;
    expectOk(await send(customer, started.chat.id, `a-${randomUUID()}`, 'ping from A'));
    await atB;
    const atA = nextEvent(customer, 'chat:message', (m) => m.body === 'pong from B');
    expectOk(await send(operator, started.chat.id, `b-${randomUUID()}`, 'pong from B'));
    await atA;
  });

  it('resynchronises a client that reconnects without recovery from the server', async () => {
    await presence(sysops, 'online');
    const started = await startAs(user, 'I will lose my connection');
    if (started.outcome !== 'chat') throw new Error('expected a chat');
    const first = await socketOf(user);
    const operator = await socketOf(sysops);
    expectOk(await subscribe(first, started.chat.id));
    expectOk(await subscribe(operator, started.chat.id));
    first.close();
    const missed: ChatMessage[] = [];
    for (const body of ['one', 'two', 'three'])
      missed.push(expectOk(await send(operator, started.chat.id, `r-${randomUUID()}`, body)).message);

    const second = await socketOf(user);
    expect(second.recovered).toBe(false);
    const state = expectOk(await subscribe(second, started.chat.id));
    expect(state.messages.slice(-3).map((m) => m.id)).toEqual(missed.map((m) => m.id));
    expect(state.chat.lastSeq).toBe(missed[2]!.seq);
  });

  it('serves visitors by token: rating, transcript, attachments, and a ticket made from the chat', async () => {
    await presence(sysops, 'online');
    const visitor = await new TestClient(apiA.url!).init();
    const started = await startAs(visitor, 'Can I send you a screenshot?', { name: 'Finn', email: 'finn@visitor.example' });
    if (started.outcome !== 'chat') throw new Error('expected a chat');
    const token = started.visitorToken!;
    expect(token.length).toBeGreaterThan(20);
    const chatId = started.chat.id;
    const socket = await socketOf();

    expect(await subscribe(socket, chatId, 'wrong-token')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect((await visitor.get(`/api/chats/${chatId}`)).status).toBe(404);
    expectOk(await subscribe(socket, chatId, token));

    const uploaded = await json<{ id: string; contentType: string }>(await upload(visitor, chatId, PNG, 'screen.png', token), 201);
    expect(uploaded.contentType).toBe('image/png');
    expect((await upload(visitor, chatId, Buffer.from('%!PS-Adobe not allowed'), 'x.png', token)).status).toBe(400);
    expect((await upload(visitor, chatId, PNG, 'screen.png')).status).toBe(404);
    const withFile = expectOk(await send(socket, chatId, `f-${randomUUID()}`, '', uploaded.id)).message;
    expect(withFile.attachment).toMatchObject({ id: uploaded.id, filename: 'screen.png' });
    const download = await fetch(`${apiA.url}/api/chats/${chatId}/attachments/${uploaded.id}`, { headers: { 'x-chat-token': token } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await sysops.get(`/api/chats/${chatId}/attachments/${uploaded.id}`)).status).toBe(200);
    expect((await user.get(`/api/chats/${chatId}/attachments/${uploaded.id}`)).status).toBe(404);

    // Rating waits for the end; the visitor ends it.
    const headers = { 'x-chat-token': token };
    expect((await visitor.post(`/api/chats/${chatId}/rating`, { score: 5 }, { headers })).status).toBe(409);
    await json<ChatSummary>(await visitor.post(`/api/chats/${chatId}/close`, undefined, { headers }), 200);
    expect((await visitor.post(`/api/chats/${chatId}/rating`, { score: 7 }, { headers })).status).toBe(400);
    const rated = await json<ChatSummary>(
      await visitor.post(`/api/chats/${chatId}/rating`, { score: 4, comment: 'Quick and clear' }, { headers }),
      200,
    );
    expect(rated).toMatchObject({ rating: 4, ratingComment: 'Quick and clear', closedReason: 'customer' });
    expect((await visitor.post(`/api/chats/${chatId}/rating`, { score: 5 }, { headers })).status).toBe(409);

    const since = Date.now();
    const sentTo = await json<{ sentTo: string }>(await visitor.post(`/api/chats/${chatId}/transcript`, {}, { headers }), 202);
    expect(sentTo.sentTo).toBe('finn@visitor.example');
    const transcript = await mail.waitFor('finn@visitor.example', /Your chat with/, since);
    expect(transcript.text).toContain('Can I send you a screenshot?');
    expect(transcript.text).toContain('[attachment: screen.png]');

    const made = await json<{ ticketId: string }>(await sysops.post(`/api/chats/${chatId}/ticket`), 201);
    const twice = await json<{ ticketId: string }>(await sysops.post(`/api/chats/${chatId}/ticket`), 201);
    expect(twice.ticketId).toBe(made.ticketId);
    const ticket = await json<TicketDetail>(await sysops.get(`/api/tickets/${made.ticketId}`), 200);
    expect(ticket.description).toContain('Can I send you a screenshot?');
    expect((await visitor.post(`/api/chats/${chatId}/ticket`, undefined, { headers })).status).toBe(401);
  });

  it('keeps canned responses personal or shared, with unique shortcuts', async () => {
    const mine = await json<{ id: string; shared: boolean }>(
      await sysops.post('/api/chat/canned-responses', { shortcut: 'Greet', title: 'Greeting', body: 'Hello! How can I help?' }),
      201,
    );
    expect(mine.shared).toBe(false);
    expect((await sysops.post('/api/chat/canned-responses', { shortcut: 'greet', title: 'Again', body: 'Hi' })).status).toBe(409);
    const shared = await json<{ id: string }>(
      await deputy.post('/api/chat/canned-responses', {
        shortcut: 'greet',
        title: 'Shared greeting',
        body: 'Welcome to Muster support',
        shared: true,
      }),
      201,
    );
    const seenByDeputy = await json<{ items: { id: string }[] }>(await deputy.get('/api/chat/canned-responses'), 200);
    expect(seenByDeputy.items.map((i) => i.id)).toContain(shared.id);
    expect(seenByDeputy.items.map((i) => i.id)).not.toContain(mine.id);
    expect((await deputy.request('DELETE', `/api/chat/canned-responses/${mine.id}`)).status).toBe(404);
    expect(
      (
        await sysops.request('PUT', `/api/chat/canned-responses/${shared.id}`, {
          shortcut: 'greet',
          title: 'Edited',
          body: 'Edited body',
          shared: true,
        })
      ).status,
    ).toBe(200);
    expect((await user.get('/api/chat/canned-responses')).status).toBe(403);
  });

  it('refuses bad input with a clear error and keeps serving', async () => {
    await presence(sysops, 'online');
    const started = await startAs(user, 'Testing limits');
    if (started.outcome !== 'chat') throw new Error('expected a chat');
    const chatId = started.chat.id;
    const socket = await socketOf(user);
    expectOk(await subscribe(socket, chatId));

    expect(await send(socket, chatId, `big-${randomUUID()}`, 'x'.repeat(4001))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await send(socket, chatId, 'short', 'hi')).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await socket.emitWithAck('chat:send', 'not an object' as never)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await socket.emitWithAck('chat:send', { chatId: 42, body: null } as never)).toMatchObject({ ok: false });
    expect(await send(socket, randomUUID(), `u-${randomUUID()}`, 'to nowhere')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await subscribe(socket, 'not-a-uuid')).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    // An event without an acknowledgement is answered with a chat:error event.
    const error = nextEvent(socket, 'chat:error');
    socket.emit('chat:typing', { chatId: randomUUID(), typing: true });
    expect(await error).toMatchObject({ ok: false, code: 'NOT_FOUND' });

    // Another organisation's member cannot see or write into the chat.
    const outsider = await signUpElsewhere(apiA.url!);
    const intruder = await socketOf(outsider);
    expect(await subscribe(intruder, chatId)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await send(intruder, chatId, `i-${randomUUID()}`, 'let me in')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect((await outsider.get(`/api/chats/${chatId}`)).status).toBe(404);
    // A visitor must say who they are before talking to a person.
    const anonymous = await new TestClient(apiA.url!).init();
    const missing = await json<{ fields: Record<string, string> }>(await anonymous.post('/api/chats', { message: 'hi' }), 400);
    expect(Object.keys(missing.fields).sort()).toEqual(['email', 'name']);

    // Still serving, and nothing was lost.
    const ok = expectOk(await send(socket, chatId, `fine-${randomUUID()}`, 'still works'));
    const detail = await json<ChatDetail>(await user.get(`/api/chats/${chatId}`), 200);
    expect(detail.messages.at(-1)!.id).toBe(ok.message.id);
    expect(detail.messages.filter((m) => m.kind === 'customer').map((m) => m.body)).toEqual(['Testing limits', 'still works']);
  });
  it('sums chats and tickets up as support insights', async () => {
    const insights = await json<Insights>(await sysops.get('/api/support/insights?days=7'), 200);
    expect(insights.days).toBe(7);
    expect(insights.perDay).toHaveLength(7);
    expect(insights.chats.started).toBeGreaterThan(5);
    expect(insights.chats.answered).toBeGreaterThan(0);
    expect(insights.chats.firstResponseMedianSeconds).not.toBeNull();
    expect(insights.busiestHours.reduce((a, b) => a + b, 0)).toBe(insights.chats.started);
    expect(insights.perDay.reduce((a, d) => a + d.chats, 0)).toBe(insights.chats.started);
    // The visitor's rating of 4 (the token test) is counted.
    expect(insights.satisfaction.distribution[3]).toBeGreaterThanOrEqual(1);
    expect(insights.satisfaction.ratings).toBe(insights.satisfaction.distribution.reduce((a, b) => a + b, 0));
    expect(insights.perOperator.length).toBeGreaterThan(0);
    expect(insights.tickets.opened).toBeGreaterThan(0);
    expect((await sysops.get('/api/support/insights?days=5')).status).toBe(400);
    expect((await user.get('/api/support/insights')).status).toBe(403);
  });
});
