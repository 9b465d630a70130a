import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  QueueName,
  type SessionInfo,
  type SiemDelivery,
  type SiemDeliveryDetail,
  type SiemDeliveryPage,
  type SiemDestination,
  type SiemSecretReveal,
} from '@muster/contracts';
import { signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, nextEvent, type ChatSocket } from './support/chat.js';
import type { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { MailWatcher } from './support/outbox.js';
import { Receiver, type Received } from './support/receiver.js';
import { queueEventsFromNow } from './support/jobs.js';

/** Loopback receivers are allowed here; the retry schedule is Standard Webhooks' shape, in milliseconds. */
const SIEM_ENV = {
  AUTH_ATTEMPTS_PER_IP: '10000',
  SIEM_ALLOWED_NETWORKS: '127.0.0.1/32,::1/128',
  SIEM_RETRY_SCHEDULE_MS: '0,150,300,450,600,750,900,1050',
  JOB_LOCK_MS: '1000',
};

const idOf = (r: Received): string => r.id;

/** Re-reads a destination's delivery log at each `siem:delivery` push until `done` holds. */
async function deliveriesUntil(
  client: TestClient,
  socket: ChatSocket,
  destinationId: string,
  done: (items: SiemDelivery[]) => boolean,
): Promise<SiemDelivery[]> {
  for (;;) {
    const pushed = nextEvent(socket, 'siem:delivery', (change) => change.destinationId === destinationId);
    const page = await json<SiemDeliveryPage>(await client.get(`/api/siem/destinations/${destinationId}/deliveries?pageSize=100`), 200);
    if (done(page.items)) return page.items;
    await pushed;
  }
}

async function createDestination(client: TestClient, body: Record<string, unknown>): Promise<SiemSecretReveal> {
  return json<SiemSecretReveal>(await client.post('/api/siem/destinations', { name: 'Splunk production', ...body }), 201);
}

/** One audited action of the organisation's admin (a CSV export): one audit event, streamed. */
async function auditedAction(client: TestClient): Promise<void> {
  expect((await client.get('/api/admin/security/timeline.csv')).status).toBe(200);
}

describe('SIEM webhook stream', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  let mail: MailWatcher;
  const prefix = uniquePrefix();
  const receivers: Receiver[] = [];
  const sockets: ChatSocket[] = [];

  async function receiver(): Promise<Receiver> {
    const r = await Receiver.start();
    receivers.push(r);
    return r;
  }

  async function admin(): Promise<{ client: TestClient; socket: ChatSocket; me: SessionInfo }> {
    const client = await signUpElsewhere(api.url!);
    const socket = await chatSocket(api.url!, client);
    sockets.push(socket);
    return { client, socket, me: await json<SessionInfo>(await client.get('/api/auth/me'), 200) };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, env: SIEM_ENV });
    mail = await MailWatcher.start(prefix, api.url!);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all(receivers.map((r) => r.close()));
    await mail?.close();
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('retries a receiver answering 500 three times, with the same webhook-id and valid signatures, and meters the events', async () => {
    const { client, socket, me } = await admin();
    const hooks = (await receiver()).answer(500, 500, 500);
    const { destination, secret } = await createDestination(client, { url: hooks.url });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(destination).toMatchObject({
      format: 'standard_webhooks',
      enabled: true,
      secrets: [{ hint: `${secret.slice(0, 10)}…`, expiresAt: null }],
    });

    // The destination's own creation is an audit event: its delivery meets three 500s, then a 200.
    const [created] = await deliveriesUntil(client, socket, destination.id, (items) => items[0]?.status === 'delivered');
    expect(created).toMatchObject({ action: 'siem.destination.create', attempts: 4, lastStatusCode: 200, test: false });
    const attempts = hooks.received;
    expect(attempts.map((r) => r.status)).toEqual([500, 500, 500, 200]);
    expect(new Set(attempts.map(idOf))).toEqual(new Set([created!.webhookId]));
    expect(attempts.every((r) => Receiver.verifies(r, secret))).toBe(true);
    const body = JSON.parse(attempts[3]!.body) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(body).toMatchObject({
      type: 'audit.siem.destination.create',
      data: {
        class_uid: 6003,
        class_name: 'API Activity',
        activity_id: 1,
        type_uid: 600301,
        severity_id: 3,
        status_id: 1,
        metadata: { product: { name: 'Muster' }, uid: created!.eventId, tenant_uid: me.org!.id },
        actor: { user: { uid: me.user.id, type: 'ADMIN' } },
        unmapped: { muster: { action: 'siem.destination.create', target: { type: 'siem_destination', id: destination.id } } },
      },
    });

    const detail = await json<SiemDeliveryDetail>(
      await client.get(`/api/siem/destinations/${destination.id}/deliveries/${created!.id}`),
      200,
    );
    expect(detail.attemptLog.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 200],
    ]);
    expect(detail.attemptLog[0]).toMatchObject({ error: 'HTTP 500', responseSnippet: '{"error":"scripted"}' });

    // Every delivered event counts one siem_events unit (test events do not).
    const events = await queueEventsFromNow(QueueName.Siem, prefix);
    await events.waitUntilReady();
    try {
      await auditedAction(client);
      await deliveriesUntil(client, socket, destination.id, (items) => items.filter((d) => d.status === 'delivered').length === 2);
      for (;;) {
        const completed = once(events, 'completed');
        const [usage] = await sql<{ amount: string }>(
          db.url,
          `SELECT amount FROM usage_records WHERE org_id = $1 AND resource_type = 'siem_events'`,
          [me.org!.id],
        );
        if (Number(usage?.amount ?? 0) === 2) break;
        await completed;
      }
    } finally {
      await events.close();
    }
  });

  it('delivers once a receiver that was down comes back', async () => {
    const { client, socket } = await admin();
    const hooks = await receiver();
    await hooks.close();
    const { destination, secret } = await createDestination(client, { url: hooks.url, format: 'elastic_json' });
    const failing = await deliveriesUntil(client, socket, destination.id, (items) => (items[0]?.attempts ?? 0) >= 2);
    expect(failing[0]).toMatchObject({ status: 'pending', lastStatusCode: null });
    expect(failing[0]!.lastError).toMatch(/ECONNREFUSED/);
    const listed = await json<{ items: SiemDestination[] }>(await client.get('/api/siem/destinations'), 200);
    expect(listed.items[0]!.failingSince).not.toBeNull();

    await hooks.listen();
    const [done] = await deliveriesUntil(client, socket, destination.id, (items) => items[0]?.status === 'delivered');
    expect(hooks.received.map(idOf)).toEqual([done!.webhookId]);
    expect(Receiver.verifies(hooks.received[0]!, secret)).toBe(true);
    const events = JSON.parse(hooks.received[0]!.body) as { class_uid: number }[];
    expect(events).toHaveLength(1);
    expect(events[0]!.class_uid).toBe(6003);
    const healthy = await json<{ items: SiemDestination[] }>(await client.get('/api/siem/destinations'), 200);
    expect(healthy.items[0]).toMatchObject({ failingSince: null, counts: { delivered: 1, pending: 0, failed: 0 } });
  });

  it('disables a destination that answers 410, tells the admins, and replays its failed deliveries once enabled again', async () => {
    const { client, socket, me } = await admin();
    const since = Date.now();
    const hooks = (await receiver()).answer(410);
    const { destination } = await createDestination(client, { url: hooks.url });
    const [gone] = await deliveriesUntil(client, socket, destination.id, (items) => items[0]?.status === 'failed');
    expect(gone).toMatchObject({ attempts: 1, lastStatusCode: 410 });
    const listed = await json<{ items: SiemDestination[] }>(await client.get('/api/siem/destinations'), 200);
    expect(listed.items[0]).toMatchObject({ enabled: false, disabledReason: 'gone' });
    const message = await mail.waitFor(me.user.email, /SIEM destination "Splunk production" was disabled/, since);
    expect(message.text).toContain('410 Gone');

    // While disabled nothing is queued for it, and nothing can be replayed.
    await auditedAction(client);
    expect((await json<SiemDeliveryPage>(await client.get(`/api/siem/destinations/${destination.id}/deliveries`), 200)).total).toBe(1);
    expect((await client.post(`/api/siem/destinations/${destination.id}/replay-failed`)).status).toBe(409);

    await json<SiemDestination>(await client.patch(`/api/siem/destinations/${destination.id}`, { enabled: true }), 200);
    expect(await json(await client.post(`/api/siem/destinations/${destination.id}/replay-failed`), 202)).toEqual({ replayed: 1 });
    // The replay (same webhook-id); enabling and replaying are audit events, streamed too.
    const log = await deliveriesUntil(
      client,
      socket,
      destination.id,
      (items) => items.length === 3 && items.every((d) => d.status === 'delivered'),
    );
    expect(log.find((d) => d.id === gone!.id)).toMatchObject({ webhookId: gone!.webhookId, attempts: 1, lastStatusCode: 200 });
    expect(log.map((d) => d.action)).toEqual(expect.arrayContaining(['siem.destination.enable', 'siem.deliveries.replay']));
    expect(hooks.received.filter((r) => r.id === gone!.webhookId).map((r) => r.status)).toEqual([410, 200]);
    expect((await client.post(`/api/siem/destinations/${destination.id}/deliveries/${gone!.id}/replay`)).status).toBe(409);
  });

  it('keeps a delivery that exhausts its schedule as failed, throttles on 429 with Retry-After, and disables after 5 days of failures', async () => {
    const { client, socket, me } = await admin();
    const since = Date.now();
    // Eight attempts, all 500: failed, kept in the log with every attempt.
    const failing = (await receiver()).answer(...Array.from({ length: 8 }, () => 500));
    const first = await createDestination(client, { url: failing.url });
    const [exhausted] = await deliveriesUntil(client, socket, first.destination.id, (items) => items[0]?.status === 'failed');
    expect(exhausted).toMatchObject({ attempts: 8, lastStatusCode: 500, nextAttemptAt: null });
    expect(failing.received.map(idOf)).toEqual(Array.from({ length: 8 }, () => exhausted!.webhookId));
    const listed = await json<{ items: SiemDestination[] }>(await client.get('/api/siem/destinations'), 200);
    expect(listed.items.find((d) => d.id === first.destination.id)).toMatchObject({ enabled: true, counts: { failed: 1 } });

    // 429 with Retry-After: 2 s: the destination waits that long, its other deliveries too.
    const busy = (await receiver()).answer({ status: 429, headers: { 'retry-after': '2' } });
    const second = await createDestination(client, { url: busy.url });
    await deliveriesUntil(client, socket, second.destination.id, (items) => items[0]?.attempts === 1);
    const throttled = await json<{ items: SiemDestination[] }>(await client.get('/api/siem/destinations'), 200);
    const until = Date.parse(throttled.items.find((d) => d.id === second.destination.id)!.throttledUntil!);
    expect(until - Number(busy.received[0]!.timestamp) * 1000).toBeGreaterThanOrEqual(1_000);
    await busy.until((r) => r.length === 2);
    expect(Date.now()).toBeGreaterThanOrEqual(until);
    await deliveriesUntil(client, socket, second.destination.id, (items) => items[0]?.status === 'delivered');

    // Failing for more than 5 days (the streak is moved back in the database): the next failure disables it.
    const old = (await receiver()).answer(...Array.from({ length: 8 }, () => 503));
    const third = await createDestination(client, { url: old.url, name: 'Old Splunk' });
    await sql(db.url, `UPDATE siem_destinations SET failing_since = now() - interval '5 days 1 minute' WHERE id = $1`, [
      third.destination.id,
    ]);
    const message = await mail.waitFor(me.user.email, /SIEM destination "Old Splunk" was disabled/, since);
    expect(message.text).toContain('failed for 5 days');
    const disabled = await json<{ items: SiemDestination[] }>(await client.get('/api/siem/destinations'), 200);
    expect(disabled.items.find((d) => d.id === third.destination.id)).toMatchObject({ enabled: false, disabledReason: 'failing' });
  });

  it('signs with both secrets during a rotation, in each format, with the Authorization header', async () => {
    const { client, socket } = await admin();
    const hooks = await receiver();
    const first = await createDestination(client, { url: hooks.url, format: 'splunk_hec', authorization: 'Splunk 0d1e-hec-token' });
    const id = first.destination.id;
    await deliveriesUntil(client, socket, id, (items) => items[0]?.status === 'delivered');

    const rotated = await json<SiemSecretReveal>(await client.post(`/api/siem/destinations/${id}/rotate`, { overlapHours: 1 }), 200);
    expect(rotated.secret).not.toBe(first.secret);
    expect(rotated.destination.secrets.map((s) => s.expiresAt === null)).toEqual([true, false]);
    const test = await json<SiemDelivery>(await client.post(`/api/siem/destinations/${id}/test`), 202);
    expect(test).toMatchObject({ test: true, action: 'siem.test', status: 'pending' });
    await hooks.until((r) => r.some((x) => x.id === test.webhookId));
    const testRequest = hooks.received.find((r) => r.id === test.webhookId)!;
    expect(testRequest.signature.split(' ')).toHaveLength(2);
    expect(Receiver.verifies(testRequest, first.secret)).toBe(true);
    expect(Receiver.verifies(testRequest, rotated.secret)).toBe(true);
    expect(testRequest.authorization).toBe('Splunk 0d1e-hec-token');
    expect(JSON.parse(testRequest.body)).toMatchObject({
      host: 'muster',
      source: 'muster:audit',
      sourcetype: 'ocsf:json',
      event: { class_uid: 6003, message: 'Muster SIEM test event' },
    });

    // With no overlap, the old secret stops at once.
    const again = await json<SiemSecretReveal>(await client.post(`/api/siem/destinations/${id}/rotate`, { overlapHours: 0 }), 200);
    expect(again.destination.secrets).toHaveLength(1);
    const test2 = await json<SiemDelivery>(await client.post(`/api/siem/destinations/${id}/test`), 202);
    await hooks.until((r) => r.some((x) => x.id === test2.webhookId));
    const second = hooks.received.find((r) => r.id === test2.webhookId)!;
    expect(second.signature.split(' ')).toHaveLength(1);
    expect(Receiver.verifies(second, again.secret)).toBe(true);
    expect(Receiver.verifies(second, rotated.secret)).toBe(false);
    await deliveriesUntil(client, socket, id, (items) => items.every((d) => d.status === 'delivered'));
  });

  it('refuses private, loopback-like and link-local targets, bad URLs, unknown formats and oversized filters', async () => {
    const { client } = await admin();
    const refused = async (body: Record<string, unknown>, field: string, message: RegExp): Promise<void> => {
      const answer = await json<{ code: string; fields: Record<string, string> }>(
        await client.post('/api/siem/destinations', { name: 'x', url: 'https://siem.example.com/hook', ...body }),
        400,
      );
      expect(answer.code).toBe('VALIDATION_FAILED');
      expect(answer.fields[field]).toMatch(message);
    };
    await refused({ url: 'http://169.254.169.254/latest/meta-data/' }, 'url', /private, loopback or link-local/);
    await refused({ url: 'https://169.254.169.254/' }, 'url', /private, loopback or link-local/);
    await refused({ url: 'https://10.0.0.1/hook' }, 'url', /private, loopback or link-local/);
    await refused({ url: 'https://[::ffff:10.0.0.1]/hook' }, 'url', /private, loopback or link-local/);
    await refused({ url: 'https://[fe80::1]/hook' }, 'url', /private, loopback or link-local/);
    await refused({ url: 'https://user:secret@127.0.0.1/hook' }, 'url', /credentials/i);
    await refused({ url: 'ftp://siem.example.com/' }, 'url', /http:\/\/ or https:\/\//);
    await refused({ url: 'not a url' }, 'url', /http:\/\/ or https:\/\//);
    await refused({ url: 'https://no-such-host.invalid/' }, 'url', /could not be resolved/);
    await refused({ format: 'syslog' }, 'format', /Choose one of/);
    await refused({ classUids: [3002, 9999] }, 'classUids.1', /Unknown event class/);
    await refused({ classUids: Array.from({ length: 50 }, () => 3002) }, 'classUids', /At most 4 event classes/);
    await refused({ minSeverityId: 9 }, 'minSeverityId', /From 1 to 5/);
    await refused({ name: '' }, 'name', /Enter a name/);
    const other = await admin();
    const { destination } = await createDestination(other.client, { url: (await receiver()).url });
    // Another organisation's destination does not exist for this one.
    expect((await client.get(`/api/siem/destinations/${destination.id}/deliveries`)).status).toBe(404);
    expect((await client.patch(`/api/siem/destinations/${destination.id}`, { enabled: false })).status).toBe(404);
    expect(
      (await json<{ fields: Record<string, string> }>(await client.patch(`/api/siem/destinations/${destination.id}`, {}), 400)).fields,
    ).toEqual({
      _: 'Nothing to change',
    });
  });

  it('keeps delivering to healthy receivers while another hangs and another answers garbage', async () => {
    const { client, socket } = await admin();
    const hanging = (await receiver()).answer(...Array.from({ length: 100 }, () => 'hang' as const));
    const garbage: TcpServer = createTcpServer((s) => s.end('NOT HTTP AT ALL\r\n\r\n'));
    garbage.listen(0, '127.0.0.1');
    await once(garbage, 'listening');
    const healthy = await receiver();
    try {
      await createDestination(client, { name: 'Hangs', url: hanging.url });
      const junk = await createDestination(client, {
        name: 'Garbage',
        url: `http://127.0.0.1:${String((garbage.address() as AddressInfo).port)}/`,
      });
      const good = await createDestination(client, { name: 'Healthy', url: healthy.url });
      await Promise.all(Array.from({ length: 12 }, () => auditedAction(client)));
      await healthy.until(() => healthy.ofAction('audit.export').length === 12);
      const junkLog = await deliveriesUntil(client, socket, junk.destination.id, (items) => items.some((d) => d.attempts >= 2));
      expect(junkLog.find((d) => d.attempts >= 2)!.lastError).toMatch(/Parse Error|HPE_|socket hang up/i);
      const goodLog = await deliveriesUntil(
        client,
        socket,
        good.destination.id,
        (items) => items.filter((d) => d.action === 'audit.export' && d.status === 'delivered').length === 12,
      );
      expect(goodLog.length).toBeGreaterThanOrEqual(12);
      // At most SIEM_MAX_IN_FLIGHT (8) requests wait on the hanging receiver at once.
      expect(hanging.received.length).toBeLessThanOrEqual(8);
    } finally {
      garbage.close();
      await hanging.close();
    }
  });
});

/** Starts a redis-server of our own (AOF on, fsync always) so the test may kill it. */
async function startRedis(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
      '--maxmemory-policy',
      'noeviction',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${String(code)}: ${out}`)));
  });
  return child;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createTcpServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('SIEM delivery across failures of its own machinery', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const processes: ServerProcess[] = [];
  const receivers: Receiver[] = [];
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all(receivers.map((r) => r.close()));
    await Promise.all(processes.map((p) => p.stop()));
    await db?.drop();
  });

  it('delivers after the worker is killed mid-request (stalled job taken over), with the same webhook-id', async () => {
    const prefix = uniquePrefix();
    const apiProcess = await startServer({ databaseUrl: db.url, prefix, role: 'api', env: SIEM_ENV });
    processes.push(apiProcess);
    const first = await startServer({ databaseUrl: db.url, prefix, role: 'worker', env: SIEM_ENV });
    const client = await signUpElsewhere(apiProcess.url!);
    const socket = await chatSocket(apiProcess.url!, client);
    sockets.push(socket);
    const hooks = (await Receiver.start()).answer('hang');
    receivers.push(hooks);
    const { destination, secret } = await createDestination(client, { url: hooks.url });
    await hooks.until((r) => r.length === 1);
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');

    const second = await startServer({ databaseUrl: db.url, prefix, role: 'worker', env: SIEM_ENV });
    processes.push(second);
    const [delivered] = await deliveriesUntil(client, socket, destination.id, (items) => items[0]?.status === 'delivered');
    expect(hooks.received.map(idOf)).toEqual([delivered!.webhookId, delivered!.webhookId]);
    expect(hooks.received.every((r) => Receiver.verifies(r, secret))).toBe(true);
    await clearRedisPrefix(prefix);
  });

  it('drains on SIGTERM: deliveries in flight finish, none fails because the worker stops, and each arrives once', async () => {
    const prefix = uniquePrefix();
    // A lock long enough that nothing is taken over as stalled: every attempt here is a real one.
    const env = { ...SIEM_ENV, JOB_LOCK_MS: '20000' };
    const apiProcess = await startServer({ databaseUrl: db.url, prefix, role: 'api', env });
    processes.push(apiProcess);
    const worker = await startServer({ databaseUrl: db.url, prefix, role: 'worker', env });
    const client = await signUpElsewhere(apiProcess.url!);
    const socket = await chatSocket(apiProcess.url!, client);
    sockets.push(socket);
    const hooks = (await Receiver.start()).hold();
    receivers.push(hooks);
    const { destination } = await createDestination(client, { url: hooks.url });
    for (let i = 0; i < 10; i++) await auditedAction(client);

    // Deliveries are in flight (the receiver holds them) when the worker is told to stop.
    await hooks.until((r) => r.length >= 1);
    const exited = worker.stop();
    await worker.untilLog(/^Draining jobs/);
    hooks.release();
    expect(await exited).toBe(0);
    expect(worker.logs.filter((l) => l.msg === 'Job failed')).toEqual([]);
    expect(worker.logs.some((l) => l.msg === 'Jobs drained')).toBe(true);

    // A second worker delivers the rest; every event arrives once, at its first attempt.
    const second = await startServer({ databaseUrl: db.url, prefix, role: 'worker', env });
    processes.push(second);
    const items = await deliveriesUntil(
      client,
      socket,
      destination.id,
      (all) => all.length === 11 && all.every((d) => d.status === 'delivered'),
    );
    expect(items.map((d) => d.attempts)).toEqual(Array(11).fill(1));
    expect(hooks.received.map(idOf).sort()).toEqual(items.map((d) => d.webhookId).sort());
    await second.stop();
    await apiProcess.stop();
    await clearRedisPrefix(prefix);
  });

  it('loses nothing when Redis is killed and restarted during a backlog (AOF on)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-redis-'));
    const port = await freePort();
    let redis = await startRedis(dir, port);
    let app: ServerProcess | undefined;
    const redisUrl = `redis://127.0.0.1:${String(port)}`;
    try {
      const prefix = uniquePrefix();
      app = await startServer({ databaseUrl: db.url, prefix, env: { ...SIEM_ENV, REDIS_URL: redisUrl } });
      const client = await signUpElsewhere(app.url!);
      const hooks = await Receiver.start();
      receivers.push(hooks);
      const port2 = hooks.port;
      await hooks.close();
      const { destination } = await createDestination(client, { url: `http://127.0.0.1:${String(port2)}/hooks/muster` });
      for (let i = 0; i < 20; i++) await auditedAction(client);
      const [{ n }] = (await sql<{ n: string }>(db.url, `SELECT count(*) AS n FROM siem_deliveries WHERE destination_id = $1`, [
        destination.id,
      ])) as [{ n: string }];
      expect(Number(n)).toBe(21);

      // Redis dies without warning while 21 deliveries wait for their next attempt, and comes back.
      redis.kill('SIGKILL');
      await once(redis, 'exit');
      redis = await startRedis(dir, port);
      await hooks.listen(port2);
      await hooks.until(() => new Set(hooks.received.map(idOf)).size === 21);
      const ids = await sql<{ webhook_id: string }>(db.url, 'SELECT webhook_id FROM siem_deliveries WHERE destination_id = $1', [
        destination.id,
      ]);
      expect(new Set(hooks.received.map(idOf))).toEqual(new Set(ids.map((r) => r.webhook_id)));
    } finally {
      // The app shuts down while its Redis is still there (BullMQ closes through it).
      await app?.stop();
      redis.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
