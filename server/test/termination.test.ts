import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobName, QueueName, type Approval, type RestoreRequestList, type Termination, type TerminationList } from '@muster/contracts';
import { Queue, type QueueEvents } from 'bullmq';
import { signIn } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket } from './support/chat.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { MailWatcher } from './support/outbox.js';
import { queueEventsFromNow } from './support/jobs.js';

const PASSWORD = 'Quayside-Tugs-Pass-2026';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake image body')]);

/** An approval request to terminate an organisation (a second platform admin approves it). */
function terminationRequest(orgId: string, confirmName: string) {
  return { payload: { kind: 'org_terminate', orgId, confirmName }, reason: 'Unpaid for a year' };
}

/** The organisation's termination as the platform's list shows it (undefined when there is none). */
async function terminationOf(client: TestClient, orgId: string): Promise<Termination | undefined> {
  return (await json<TerminationList>(await client.get('/api/terminations'), 200)).items.find((t) => t.organization.id === orgId);
}

function confirmToken(text: string): string {
  const match = /[?&]confirm=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`No confirmation link in: ${text}`);
  return match[1]!;
}

describe('Organisation termination, purge and restore', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  let queue: Queue;
  let events: QueueEvents;
  const prefix = uniquePrefix();
  const storageDir = mkdtempSync(join(tmpdir(), 'muster-termination-'));

  const anonymous = (): Promise<TestClient> => new TestClient(server.url!).init();

  /** How many rows of each table with an `org_id` belong to the organisation. */
  async function rowsOf(orgId: string): Promise<Record<string, number>> {
    const tables = await sql<{ table_name: string }>(
      db.url,
      `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'org_id' ORDER BY table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      const [row] = await sql<{ n: string }>(db.url, `SELECT count(*) AS n FROM "${table_name}" WHERE org_id = $1`, [orgId]);
      counts[table_name] = Number(row!.n);
    }
    return counts;
  }

  /** A new organisation with a member, a ticket with a comment and an attachment, a drill template, a guest auditor invite. */
  async function organisationWithData(name: string): Promise<{ orgId: string; admin: TestClient; email: string; member: string }> {
    const stamp = randomUUID().slice(0, 8);
    const email = `admin-${stamp}@quayside.example`;
    const member = `crew-${stamp}@quayside.example`;
    const c = await anonymous();
    await json(await c.post('/api/auth/register', { organizationName: name, email, password: PASSWORD, confirmPassword: PASSWORD }), 201);
    const admin = await signIn(server.url!, email, PASSWORD);
    const orgId = ((await (await admin.get('/api/auth/me')).json()) as { org: { id: string } }).org.id;
    const [user] = await sql<{ id: string }>(db.url, `INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`, [
      `crew-${stamp}`,
      member,
    ]);
    await sql(db.url, `INSERT INTO memberships (user_id, org_id, role) VALUES ($1, $2, 'USER')`, [user!.id, orgId]);
    const ticket = await json<{ id: string }>(
      await admin.post('/api/tickets', {
        subject: 'Gangway camera offline',
        description: 'Camera 4 shows nothing since Monday.',
        category: 'technical',
      }),
      201,
    );
    await json(await admin.post(`/api/tickets/${ticket.id}/comments`, { body: 'It is the one on berth 2.' }), 201);
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'camera.png');
    await json(await admin.postForm(`/api/tickets/${ticket.id}/attachments`, form), 201);
    await json(
      await admin.post('/api/drills/templates', {
        name: 'Berth fire drill',
        type: 'drill',
        scenario: 'fire',
        description: 'Fire at berth 2.',
        objectives: ['Everyone out in 8 minutes'],
        positions: [{ id: 'lead', name: 'Lead' }],
        steps: [{ id: 'alarm', title: 'Raise the alarm', positionId: 'lead', expectedMinutes: 2 }],
        injects: [],
        regulations: [],
        estimatedMinutes: 10,
        musterTargetMinutes: 8,
        status: 'published',
      }),
      201,
    );
    const profile = await json<{ id: string }>(
      await admin.post('/api/compliance/profiles', { name: 'Audit scope', scope: 'organization', ruleIds: ['isps_b18_5'] }),
      201,
    );
    await json(
      await admin.post('/api/auditor-invites', {
        email: `audit-${stamp}@seaward.example`,
        auditorName: 'Iris Vogel',
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        scope: { profileIds: [profile.id], from: '2026-01-01', to: '2026-12-31' },
      }),
      201,
    );
    // A billing record and a compliance record (kept 7 years).
    await sql(db.url, `INSERT INTO usage_records (org_id, resource_type, period, amount) VALUES ($1, 'drill', '2026-10', 3)`, [orgId]);
    await sql(
      db.url,
      `INSERT INTO drill_runs (org_id, template_id, title, type, scenario, snapshot, status, scheduled_at, location, lead_user_id, lead_name)
       SELECT $1, t.id, 'Berth fire drill', 'drill', 'fire', '{}'::jsonb, 'completed', now() - interval '3 days', 'Berth 2', m.user_id, 'Lead'
         FROM drill_templates t JOIN memberships m ON m.org_id = t.org_id WHERE t.org_id = $1 AND m.role = 'ADMIN'`,
      [orgId],
    );
    return { orgId, admin, email, member };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({
      databaseUrl: db.url,
      prefix,
      env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000', STORAGE_DIR: storageDir },
    });
    mail = await MailWatcher.start(prefix, server.url!);
    queue = new Queue(QueueName.Recovery, { connection: { url: REDIS_URL }, prefix });
    events = await queueEventsFromNow(QueueName.Recovery, prefix);
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await events?.close();
    await queue?.close();
    await mail?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('terminates an organisation: members are signed out at once and refused at sign-in; a restore within 90 days brings back complete data', async () => {
    const { orgId, admin, email } = await organisationWithData('Quayside Tugs');
    const before = await rowsOf(orgId);
    expect(before).toMatchObject({ tickets: 1, drill_templates: 1, auditor_invites: 1, drill_runs: 1 });
    expect(before.usage_records).toBeGreaterThan(0);
    const socket = await chatSocket(server.url!, admin);
    const disconnected = new Promise<string>((done) => socket.once('disconnect', (why) => done(why)));

    const root = await signIn(server.url!, 'root@muster.example');
    const deputy = await signIn(server.url!, 'deputy@muster.example');
    // Rank: ROOT_ADMIN and DEPUTY_ADMIN only.
    for (const who of ['sysops@muster.example', 'admin@harborpoint.example']) {
      const c = await signIn(server.url!, who);
      expect((await c.post(`/api/terminations/organizations/${orgId}`, { confirmName: 'Quayside Tugs' })).status).toBe(403);
      expect((await c.get('/api/terminations')).status).toBe(403);
      expect((await c.post('/api/approvals', terminationRequest(orgId, 'Quayside Tugs'))).status).toBe(403);
    }
    // Four eyes: the direct call is refused; the request is checked when asked (bad input 400, unknown ids 404).
    expect(await json(await root.post(`/api/terminations/organizations/${orgId}`, { confirmName: 'Quayside Tugs' }), 409)).toMatchObject({
      reason: 'approvals.required',
    });
    expect(await json(await root.post('/api/approvals', terminationRequest(orgId, 'Quayside Tug')), 400)).toMatchObject({
      fieldReasons: { confirmName: { reason: 'recovery.confirmNameMismatch' } },
    });
    expect((await root.post('/api/approvals', { payload: { kind: 'org_terminate', orgId }, reason: 'Unpaid for a year' })).status).toBe(
      400,
    );
    expect((await root.post('/api/approvals', terminationRequest(randomUUID(), 'Quayside Tugs'))).status).toBe(404);

    const search = await json<{ items: { id: string; members: number; termination: unknown }[] }>(
      await root.get('/api/terminations/organizations?q=Quayside'),
      200,
    );
    expect(search.items.find((o) => o.id === orgId)).toMatchObject({ members: 2, termination: null });

    // The deputy asks; the deputy cannot approve their own request; the root admin approves and the termination runs.
    const asked = await json<Approval>(await deputy.post('/api/approvals', terminationRequest(orgId, ' Quayside Tugs ')), 201);
    expect(await json(await deputy.post(`/api/approvals/${asked.id}/approve`, {}), 403)).toMatchObject({
      reason: 'approvals.selfApproval',
    });
    expect(await terminationOf(root, orgId)).toBeUndefined();
    await json(await root.post(`/api/approvals/${asked.id}/approve`, {}), 200);
    const terminated = (await terminationOf(root, orgId))!;
    const purgeIn = Date.parse(terminated.purgeAfter) - Date.parse(terminated.terminatedAt);
    expect(purgeIn).toBe(90 * 86_400_000);
    expect(terminated).toMatchObject({
      status: 'terminated',
      organization: { id: orgId, name: 'Quayside Tugs' },
      members: 2,
      reason: 'Unpaid for a year',
    });
    expect(await disconnected).toBe('io server disconnect');
    expect((await admin.get('/api/auth/me')).status).toBe(401);
    // Once terminated, a new request for it is refused when asked.
    expect(await json(await root.post('/api/approvals', terminationRequest(orgId, 'Quayside Tugs')), 409)).toMatchObject({
      reason: 'recovery.alreadyTerminated',
    });

    const refused = await json<{ reason: string; params: { purgeDate: string } }>(
      await (await anonymous()).post('/api/auth/login', { email, password: PASSWORD }),
      403,
    );
    expect(refused).toMatchObject({ reason: 'recovery.organisationTerminated', params: { purgeDate: terminated.purgeAfter.slice(0, 10) } });
    const list = await json<TerminationList>(await root.get('/api/terminations'), 200);
    expect(list.items.map((t) => t.organization.name)).toEqual(expect.arrayContaining(['Quayside Tugs', 'Saltmarsh Ferry Cooperative']));

    // Restore: email confirmation, then a support operator; the same answer for an email without an account.
    const anon = await anonymous();
    const since = Date.now();
    expect(await json(await anon.post('/api/restore/requests', { email: 'nobody@nowhere.example' }), 202)).toEqual({ ok: true });
    expect(await json(await anon.post('/api/restore/requests', { email }), 202)).toEqual({ ok: true });
    expect((await anon.post('/api/restore/requests', { email: 'not-an-email' })).status).toBe(400);
    const confirmMail = await mail.waitFor(email, /Confirm the restore/, since);
    expect((await anon.post('/api/restore/confirm', { token: 'z'.repeat(43) })).status).toBe(410);
    expect(await json(await anon.post('/api/restore/confirm', { token: confirmToken(confirmMail.text) }), 200)).toEqual({
      organizationName: 'Quayside Tugs',
      status: 'pending',
    });
    expect((await anon.post('/api/restore/confirm', { token: confirmToken(confirmMail.text) })).status).toBe(410);

    const sysops = await signIn(server.url!, 'sysops@muster.example');
    expect((await (await signIn(server.url!, 'admin@harborpoint.example')).get('/api/restore/requests')).status).toBe(403);
    const queued = await json<RestoreRequestList>(await sysops.get('/api/restore/requests'), 200);
    const mine = queued.items.find((r) => r.organization.id === orgId)!;
    expect(mine).toMatchObject({ status: 'pending', requester: { email } });
    expect(queued.items.some((r) => r.organization.name === 'Saltmarsh Ferry Cooperative')).toBe(true);
    expect((await sysops.post(`/api/restore/requests/${randomUUID()}/decision`, { decision: 'approve' })).status).toBe(404);
    expect((await sysops.post(`/api/restore/requests/${mine.id}/decision`, { decision: 'yes' })).status).toBe(400);
    const approved = await json<{ status: string }>(
      await sysops.post(`/api/restore/requests/${mine.id}/decision`, { decision: 'approve' }),
      200,
    );
    expect(approved.status).toBe('approved');
    expect((await sysops.post(`/api/restore/requests/${mine.id}/decision`, { decision: 'approve' })).status).toBe(409);
    await mail.waitFor(email, /was restored/, since);

    // Everyone signs in again.
    await signIn(server.url!, email, PASSWORD);
    // Every row is there (the audit trail only grew: termination, restore, sign-ins).
    const restored = await rowsOf(orgId);
    expect(restored.audit_events).toBeGreaterThan(before.audit_events!);
    expect(restored).toEqual({ ...before, audit_events: restored.audit_events, organization_terminations: 1, restore_requests: 1 });
    const [decided] = await sql<{ actor_user_id: string; target_id: string }>(
      db.url,
      `SELECT actor_user_id, target_id FROM audit_events WHERE action = 'organization.restore.decide' AND org_id = $1`,
      [orgId],
    );
    const [sysopsRow] = await sql<{ id: string }>(db.url, `SELECT id FROM users WHERE email = 'sysops@muster.example'`);
    expect(decided!.actor_user_id).toBe(sysopsRow!.id);
    const [term] = await sql<{ status: string }>(db.url, `SELECT status FROM organization_terminations WHERE org_id = $1`, [orgId]);
    expect(term!.status).toBe('restored');
    socket.close();
  });

  it('purges after 90 days: org-owned data, its members and stored files go; compliance, billing and audit records stay; restore is refused', async () => {
    const { orgId, email, member } = await organisationWithData('Breakwater Pilots');
    const root = await signIn(server.url!, 'root@muster.example');
    const [attachment] = await sql<{ storage_key: string }>(db.url, 'SELECT storage_key FROM ticket_attachments WHERE org_id = $1', [
      orgId,
    ]);
    expect(existsSync(join(storageDir, 'objects', attachment!.storage_key))).toBe(true);
    const [ticket] = await sql<{ id: string }>(db.url, 'SELECT id FROM tickets WHERE org_id = $1', [orgId]);

    const deputy = await signIn(server.url!, 'deputy@muster.example');
    const asked = await json<Approval>(await root.post('/api/approvals', terminationRequest(orgId, 'Breakwater Pilots')), 201);
    await json(await deputy.post(`/api/approvals/${asked.id}/approve`, {}), 200);
    expect((await terminationOf(root, orgId))?.status).toBe('terminated');
    // A restore request confirmed within the 90 days …
    const anon = await anonymous();
    const since = Date.now();
    await json(await anon.post('/api/restore/requests', { email }), 202);
    await json(
      await anon.post('/api/restore/confirm', { token: confirmToken((await mail.waitFor(email, /Confirm the restore/, since)).text) }),
      200,
    );

    // … and then the 90 days are over.
    await sql(
      db.url,
      `UPDATE organization_terminations SET terminated_at = now() - interval '91 days', purge_after = now() - interval '1 day' WHERE org_id = $1`,
      [orgId],
    );
    const sysops = await signIn(server.url!, 'sysops@muster.example');
    const pending = (await json<RestoreRequestList>(await sysops.get('/api/restore/requests'), 200)).items.find(
      (r) => r.organization.id === orgId,
    )!;
    expect(await json(await sysops.post(`/api/restore/requests/${pending.id}/decision`, { decision: 'approve' }), 409)).toMatchObject({
      reason: 'recovery.restoreTooLate',
    });
    const late = Date.now();
    await json(await anon.post('/api/restore/requests', { email: member }), 202);
    const auditBefore = await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM audit_events WHERE org_id = $1', [orgId]);
    const beforePurge = await rowsOf(orgId);
    expect(beforePurge).toMatchObject({ tickets: 1, drill_templates: 1, auditor_invites: 1, drill_runs: 1 });

    const job = await queue.add(JobName.TerminationPurge, {});
    await job.waitUntilFinished(events);

    const after = await rowsOf(orgId);
    for (const table of [
      'tickets',
      'ticket_attachments',
      'drill_templates',
      'auditor_invites',
      'memberships',
      'usage_thresholds',
      'notifications',
    ]) {
      expect({ table, rows: after[table] ?? 0 }).toEqual({ table, rows: 0 });
    }
    for (const table of ['usage_records', 'subscriptions', 'drill_runs', 'restore_requests', 'organization_terminations']) {
      expect({ table, rows: after[table] }).toEqual({ table, rows: beforePurge[table] });
    }
    expect(after.usage_records).toBeGreaterThan(0);
    expect(Number((await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM audit_events WHERE org_id = $1', [orgId]))[0]!.n)).toBe(
      Number(auditBefore[0]!.n) + 1,
    );
    expect(await sql(db.url, 'SELECT id FROM ticket_comments WHERE ticket_id = $1', [ticket!.id])).toEqual([]);
    expect(await sql(db.url, 'SELECT id FROM users WHERE email = ANY($1)', [[email, member]])).toEqual([]);
    expect(existsSync(join(storageDir, 'objects', attachment!.storage_key))).toBe(false);
    const [term] = await sql<{ status: string; purge_report: Record<string, number> }>(
      db.url,
      'SELECT status, purge_report FROM organization_terminations WHERE org_id = $1',
      [orgId],
    );
    expect(term!.status).toBe('purged');
    expect(term!.purge_report).toMatchObject({ tickets: 1, drill_templates: 1, users: 2, storageObjects: 1 });
    const [purged] = await sql<{ action: string }>(db.url, `SELECT action FROM audit_events WHERE org_id = $1 ORDER BY seq DESC LIMIT 1`, [
      orgId,
    ]);
    expect(purged!.action).toBe('organization.purge');
    // No restore after 90 days, and nothing was emailed for the late request.
    expect((await mail.list()).filter((m) => m.to === member && Date.parse(m.sentAt) >= late)).toEqual([]);
    // The seeded terminated organisation (20 days ago) is not due yet.
    const [saltmarsh] = await sql<{ status: string }>(
      db.url,
      `SELECT t.status FROM organization_terminations t JOIN organizations o ON o.id = t.org_id WHERE o.name = 'Saltmarsh Ferry Cooperative'`,
    );
    expect(saltmarsh!.status).toBe('terminated');
    // A second run finds nothing to do.
    await (await queue.add(JobName.TerminationPurge, {})).waitUntilFinished(events);
  });
});
