import { once } from 'node:events';
import type { RenderView } from '@muster/contracts';
import pg from 'pg';
import { extractText } from '../src/platform/documents/pdf-reading.js';
import { signUpElsewhere } from './support/accounts.js';
import { watchRenders } from './support/renders.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, type ChatSocket } from './support/chat.js';
import type { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { libraryTemplate, membersByRole, scheduleRun } from './support/drills.js';
import { expectJson as json } from './support/http.js';

const ENV = { AUTH_ATTEMPTS_PER_IP: '10000' };
/**
 * A lock short enough that a dead worker's job is taken over within seconds: only where a worker
 * is killed. Elsewhere the default lock stays, since rendering a PDF holds the event loop (on a
 * loaded machine, for more than a 1 s lock's renewal: the job would be taken as stalled and run twice).
 */
const TAKEOVER_ENV = { ...ENV, JOB_LOCK_MS: '1000' };

/** A drill run of the client's organisation, led by its admin. */
async function runOf(client: TestClient): Promise<{ id: string }> {
  const template = await libraryTemplate(client, 'fire');
  const admin = (await membersByRole(client)).ADMIN!;
  return scheduleRun(client, { templateId: template.id, leadUserId: admin.id, location: 'Quay 4' });
}

describe('Documents: renders with progress', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const processes: ServerProcess[] = [];
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all(processes.map((p) => p.stop()));
    await db?.drop();
  });

  it('renders a drill summary PDF in Arabic, tells the requester each stage, and keeps the file for them alone', async () => {
    const prefix = uniquePrefix();
    const api = await startServer({ databaseUrl: db.url, prefix, env: ENV });
    processes.push(api);
    const client = await signUpElsewhere(api.url!);
    const run = await runOf(client);
    const socket = await chatSocket(api.url!, client);
    sockets.push(socket);
    const events = watchRenders(socket);

    const started = await json<RenderView>(
      await client.post('/api/documents/renders', { kind: 'drill-summary-pdf', runId: run.id, language: 'ar' }),
      202,
    );
    expect(started).toMatchObject({ kind: 'drill-summary-pdf', status: 'queued', stage: 'queued', percent: 0, downloadUrl: null });
    const done = await events.until((r) => r.id === started.id && r.status === 'done');
    // Each stage in order, the percent only going up, ending at 100 with where to download.
    const mine = events.seen.filter((r) => r.id === started.id);
    expect(mine.map((r) => r.stage)).toEqual(['reading', 'rendering', 'storing', 'done']);
    expect(mine.map((r) => r.percent)).toEqual([...mine.map((r) => r.percent)].sort((a, b) => a - b));
    expect(done).toMatchObject({ percent: 100, downloadUrl: `/api/documents/renders/${started.id}/download` });
    expect(new Date(done.expiresAt!).getTime() - new Date(done.finishedAt!).getTime()).toBe(24 * 3_600_000);
    expect(await json<RenderView>(await client.get(`/api/documents/renders/${started.id}`), 200)).toEqual(done);

    const file = await client.get(done.downloadUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await file.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBe(done.sizeBytes);
    // The summary's fixed texts are in Arabic.
    expect(extractText(pdf)).toContain('الأهداف');

    // Another organisation sees neither the render nor its file.
    const outsider = await signUpElsewhere(api.url!);
    expect((await outsider.get(`/api/documents/renders/${started.id}`)).status).toBe(404);
    expect((await outsider.get(done.downloadUrl!)).status).toBe(404);
    // Nor may anyone render another organisation's run.
    const refused = await outsider.post('/api/documents/renders', { kind: 'drill-summary-pdf', runId: run.id });
    expect(await json(refused, 404)).toMatchObject({ code: 'NOT_FOUND', reason: 'notFound.drillRun' });
    await clearRedisPrefix(prefix);
  });

  it('renders the security timeline CSV, and refuses bad requests with field reasons', async () => {
    const prefix = uniquePrefix();
    const api = await startServer({ databaseUrl: db.url, prefix, env: ENV });
    processes.push(api);
    const client = await signUpElsewhere(api.url!);
    const socket = await chatSocket(api.url!, client);
    sockets.push(socket);
    const events = watchRenders(socket);

    const started = await json<RenderView>(
      await client.post('/api/documents/renders', { kind: 'security-timeline-csv', filters: { action: 'auth' } }),
      202,
    );
    const done = await events.until((r) => r.id === started.id && r.status === 'done');
    const csv = await (await client.get(done.downloadUrl!)).text();
    expect(csv.split('\n')[0]).toContain('action');
    expect(csv).toContain('auth.register');

    expect(await json(await client.post('/api/documents/renders', { kind: 'zip' }), 400)).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'validation.chooseOneOf',
    });
    expect(await json(await client.post('/api/documents/renders', { kind: 'drill-summary-pdf', runId: 'nope' }), 400)).toMatchObject({
      fieldReasons: { runId: { reason: 'validation.runNotFound' } },
    });
    expect(await json(await client.get('/api/documents/renders/not-an-id'), 404)).toMatchObject({ reason: 'notFound.render' });
    await clearRedisPrefix(prefix);
  });

  it('finishes a render whose worker was killed mid-render: another worker takes the job over', async () => {
    const prefix = uniquePrefix();
    const api = await startServer({ databaseUrl: db.url, prefix, role: 'api', env: TAKEOVER_ENV });
    processes.push(api);
    const first = await startServer({ databaseUrl: db.url, prefix, role: 'worker', env: TAKEOVER_ENV });
    const client = await signUpElsewhere(api.url!);
    const run = await runOf(client);
    const socket = await chatSocket(api.url!, client);
    sockets.push(socket);
    const events = watchRenders(socket);

    // The corrective actions locked (the summary reads them; the request's check does not): the
    // worker's render stops while it reads the summary.
    const lock = new pg.Client({ connectionString: db.url });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE drill_corrective_actions IN ACCESS EXCLUSIVE MODE');
    try {
      const started = await json<RenderView>(
        await client.post('/api/documents/renders', { kind: 'drill-summary-pdf', runId: run.id }),
        202,
      );
      await events.until((r) => r.id === started.id && r.stage === 'reading');
      // Wait for the worker's read to be queued behind the lock, then kill it there.
      for (;;) {
        const waiting = await sql<{ n: string }>(
          db.url,
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (Number(waiting[0]!.n) > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      await lock.query('ROLLBACK');

      const second = await startServer({ databaseUrl: db.url, prefix, role: 'worker', env: TAKEOVER_ENV });
      processes.push(second);
      const done = await events.until((r) => r.id === started.id && r.status === 'done');
      const file = await client.get(done.downloadUrl!);
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    } finally {
      await lock.end();
    }
    await clearRedisPrefix(prefix);
  }, 60_000);
});
