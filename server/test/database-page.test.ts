import type { AuditChains, DatabaseOverview } from '@muster/contracts';
import { signIn } from './support/accounts.js';
import { Redis } from 'ioredis';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';

const BOARD = '/api/admin/queues';

describe('Database page (ROOT_ADMIN, read-only) and the queue board', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  const prefix = uniquePrefix();
  let root: TestClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    root = await signIn(api.url!, 'root@muster.example');
  });

  afterAll(async () => {
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('shows the database size, the largest tables, connections, migrations, Redis memory and the queues', async () => {
    const page = await json<DatabaseOverview>(await root.get('/api/admin/database'), 200);
    const [facts] = await sql<{ size: string; max: string }>(
      db.url,
      `SELECT pg_database_size(current_database())::text AS size, current_setting('max_connections') AS max`,
    );
    // The size grows only by what was written between the two readings (nothing, here, but allow a page).
    expect(Math.abs(page.database.sizeBytes - Number(facts!.size))).toBeLessThanOrEqual(64 * 1024);
    expect(page.database.name).toBe(db.name);
    expect(page.connections.max).toBe(Number(facts!.max));
    expect(page.connections.total).toBe(page.connections.byState.reduce((sum, s) => sum + s.count, 0));
    expect(page.connections.total).toBeGreaterThan(0);

    // The largest tables, largest first, with pg_total_relation_size's figures.
    expect(page.tables.length).toBeGreaterThan(3);
    const sizes = page.tables.map((t) => t.totalBytes);
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    const [largest] = await sql<{ total: string }>(db.url, `SELECT pg_total_relation_size($1::regclass)::text AS total`, [
      page.tables[0]!.name,
    ]);
    expect(page.tables[0]!.totalBytes).toBe(Number(largest!.total));

    // Every migration ran: none pending, the last one (this feature's) applied.
    const ran = await sql<{ name: string }>(db.url, 'SELECT name FROM migrations ORDER BY timestamp');
    expect(page.migrations.pending).toEqual([]);
    expect(page.migrations.applied.map((m) => m.name)).toEqual(ran.map((r) => r.name));
    expect(page.migrations.applied.map((m) => m.name)).toContain('SimulationRuns1795825673234');

    expect(page.redis.usedMemoryBytes).toBeGreaterThan(0);
    expect(page.redis.version).toMatch(/^\d+\./);
    expect(page.queues.map((q) => q.name)).toEqual(expect.arrayContaining(['mail', 'drills', 'siem', 'render']));
  });

  it('reads in a READ ONLY transaction that never writes', async () => {
    const page = await json<DatabaseOverview>(await root.get('/api/admin/database'), 200);
    // The server checks, inside the transaction, that it is read-only and was never given a
    // transaction id (which PostgreSQL assigns at the first write).
    expect(page.readOnly).toBe(true);
    const before = await sql<{ n: string }>(db.url, 'SELECT count(*)::text AS n FROM audit_events');
    const chains = await json<AuditChains>(await root.get('/api/admin/database/audit-chains'), 200);
    await json(await root.get('/api/admin/database'), 200);
    const after = await sql<{ n: string }>(db.url, 'SELECT count(*)::text AS n FROM audit_events');
    // Verifying the chains writes no audit event (unlike the audit module's own verify endpoint).
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(chains.items.length).toBeGreaterThan(0);
    const demo = chains.items.find((c) => c.name === 'Harbor Point Port Authority');
    expect(demo?.verification).toMatchObject({ ok: true, firstBroken: null });
    expect(chains.items.every((c) => c.verification.ok)).toBe(true);
  });

  it('tells the root admin of a broken chain', async () => {
    const [org] = await sql<{ id: string }>(db.url, `SELECT id FROM organizations WHERE name = 'Harbor Point Port Authority'`);
    const [event] = await sql<{ id: string }>(db.url, `SELECT id FROM audit_events WHERE org_id = $1 ORDER BY seq LIMIT 1`, [org!.id]);
    const tamper = async (reason: string | null) => {
      await sql(db.url, 'ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete');
      try {
        await sql(db.url, `UPDATE audit_events SET reason = $2 WHERE id = $1`, [event!.id, reason]);
      } finally {
        await sql(db.url, 'ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete');
      }
    };
    const [{ reason: original } = { reason: null }] = await sql<{ reason: string | null }>(
      db.url,
      'SELECT reason FROM audit_events WHERE id = $1',
      [event!.id],
    );
    await tamper('tampered');
    try {
      // The reading is reused for a few minutes: drop the cached one.
      const redis = new Redis(REDIS_URL);
      await redis.del(`${prefix}:ops:audit-chains`);
      await redis.quit();
      const chains = await json<AuditChains>(await root.get('/api/admin/database/audit-chains'), 200);
      const demo = chains.items.find((c) => c.orgId === org!.id);
      expect(demo?.verification).toMatchObject({ ok: false, firstBroken: { eventId: event!.id } });
    } finally {
      await tamper(original);
    }
  });

  it('is for the root admin only: lower roles are refused, and the board is a 404 for anyone else', async () => {
    const anonymous = await new TestClient(api.url!).init();
    expect((await anonymous.get('/api/admin/database')).status).toBe(401);
    for (const email of ['deputy@muster.example', 'sysops@muster.example', 'admin@harborpoint.example']) {
      const c = await signIn(api.url!, email);
      expect((await c.get('/api/admin/database')).status).toBe(403);
      expect((await c.get('/api/admin/database/audit-chains')).status).toBe(403);
      const board = await c.get(BOARD);
      expect(board.status).toBe(404);
      expect(await board.text()).not.toMatch(/bull/i);
      expect((await c.get(`${BOARD}/api/queues`)).status).toBe(404);
    }
    expect((await anonymous.get(BOARD)).status).toBe(404);
    expect((await anonymous.get(`${BOARD}/api/queues`)).status).toBe(404);

    const page = await root.get(BOARD);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const queues = await json<{ queues: { name: string; readOnlyMode: boolean }[] }>(await root.get(`${BOARD}/api/queues`), 200);
    expect(queues.queues.map((q) => q.name)).toEqual(expect.arrayContaining(['drills', 'mail']));
    expect(queues.queues.every((q) => q.readOnlyMode)).toBe(true);
  });
});
