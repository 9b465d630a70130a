import { jobIds, QueueName } from '@muster/contracts';
import { QueueEvents } from 'bullmq';
import { chatSocket, nextEvent, type ChatSocket } from './support/chat.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { json } from './support/http.js';
import { codeIn, MailWatcher, resetTokenIn } from './support/outbox.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { queueEventsFromNow } from './support/jobs.js';

const DEMO_PASSWORD = 'Muster!Demo2026';
const PASSWORD = 'Harbour-Lights-2026!';
/** Resolves when the server disconnects the socket. */
const disconnected = (socket: ChatSocket): Promise<void> => new Promise((resolve) => socket.once('disconnect', () => resolve()));

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Paths a frozen account may still send (docs/architecture.md, "Support's account controls"). */
const EXEMPT = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/register',
  'POST /api/auth/request-magic',
  'POST /api/auth/verify-magic',
  'POST /api/auth/verify-password',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/auditor/request-magic',
  'POST /api/auth/auditor/verify-magic',
]);

describe("Support's account controls", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  let system: QueueEvents;
  const prefix = uniquePrefix();
  let sysops: TestClient;
  let root: TestClient;

  const client = () => new TestClient(server.url!).init();

  async function signIn(email: string, password = DEMO_PASSWORD): Promise<TestClient> {
    const c = await client();
    const res = await c.post('/api/auth/login', { email, password });
    expect(res.status).toBe(200);
    return c;
  }

  /** A new organisation whose ADMIN is signed in; its user id and organisation id. */
  async function newOrganisation(name: string): Promise<{ c: TestClient; email: string; userId: string; orgId: string }> {
    const email = `${name.toLowerCase()}-${String(Date.now())}-${String(Math.random()).slice(2, 8)}@controls.example`;
    const c = await client();
    const res = await c.post('/api/auth/register', {
      organizationName: `${name} Harbour`,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(res.status).toBe(201);
    const signedIn = await signIn(email, PASSWORD);
    const me = await json(await signedIn.get('/api/auth/me'));
    return { c: signedIn, email, userId: me.user.id, orgId: me.org.id };
  }

  async function userIdOf(email: string): Promise<string> {
    const rows = await sql<{ id: string }>(db.url, 'SELECT id FROM users WHERE email = $1', [email]);
    return rows[0]!.id;
  }

  async function auditRows(action: string, targetId: string) {
    return sql<{ actor_user_id: string; actor_role: string; org_id: string | null; target_type: string; reason: string | null }>(
      db.url,
      `SELECT actor_user_id, actor_role, org_id, target_type, reason FROM audit_events WHERE action = $1 AND target_id = $2 ORDER BY seq`,
      [action, targetId],
    );
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    mail = await MailWatcher.start(prefix, server.url!);
    system = await queueEventsFromNow(QueueName.System, prefix);
    await system.waitUntilReady();
    sysops = await signIn('sysops@muster.example');
    root = await signIn('root@muster.example');
  });

  afterAll(async () => {
    await system?.close();
    await mail?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  describe('access and input', () => {
    it('is for SYSOPS and above only', async () => {
      const admin = await signIn('admin@harborpoint.example');
      expect((await admin.get('/api/sysops/users')).status).toBe(403);
      expect((await admin.post('/api/sysops/restrictions', {})).status).toBe(403);
      expect((await admin.get('/api/sysops/lockouts')).status).toBe(403);
      expect((await (await client()).get('/api/sysops/users')).status).toBe(401);
    });

    it('never lets an operator act on an account above their rank, or on their own', async () => {
      const deputyId = await userIdOf('deputy@muster.example');
      const rootId = await userIdOf('root@muster.example');
      const sysopsId = await userIdOf('sysops@muster.example');
      for (const target of [deputyId, rootId]) {
        const res = await sysops.post('/api/sysops/restrictions', {
          kind: 'suspension',
          subjectType: 'user',
          subjectId: target,
          reason: 'x',
        });
        expect(res.status).toBe(403);
        expect((await json(res)).reason).toBe('accountControls.aboveRank');
        for (const action of ['sign-out-everywhere', 'force-password-reset', 'revoke-codes']) {
          const refused = await sysops.post(`/api/sysops/users/${target}/${action}`);
          expect(refused.status).toBe(403);
          expect((await json(refused)).reason).toBe('accountControls.aboveRank');
        }
      }
      const unlock = await sysops.post('/api/sysops/lockouts/unlock', { email: 'root@muster.example' });
      expect(unlock.status).toBe(403);
      const own = await sysops.post('/api/sysops/restrictions', { kind: 'freeze', subjectType: 'user', subjectId: sysopsId, reason: 'x' });
      expect(own.status).toBe(403);
      expect((await json(own)).reason).toBe('accountControls.ownAccount');
      // The detail says so, for the screens.
      expect((await json(await sysops.get(`/api/sysops/users/${rootId}`))).canAct).toBe(false);
      // Above: the deputy may act on SYSOPS (then lifts it again).
      const deputy = await signIn('deputy@muster.example');
      const ok = await deputy.post('/api/sysops/restrictions', {
        kind: 'freeze',
        subjectType: 'user',
        subjectId: sysopsId,
        reason: 'rank test',
      });
      expect(ok.status).toBe(201);
      expect((await deputy.post(`/api/sysops/restrictions/${(await json(ok)).id}/lift`)).status).toBe(200);
    });

    it('answers 404 for unknown or malformed ids and 400 with reasons for bad input', async () => {
      expect((await sysops.get(`/api/sysops/users/${UNKNOWN}`)).status).toBe(404);
      expect((await sysops.get('/api/sysops/users/not-a-uuid')).status).toBe(404);
      expect((await sysops.post(`/api/sysops/users/${UNKNOWN}/sign-out-everywhere`)).status).toBe(404);
      expect((await sysops.post(`/api/sysops/restrictions/${UNKNOWN}/lift`)).status).toBe(404);
      expect((await sysops.post('/api/sysops/restrictions/nope/lift')).status).toBe(404);
      const org = await sysops.post('/api/sysops/restrictions', {
        kind: 'suspension',
        subjectType: 'organization',
        subjectId: UNKNOWN,
        reason: 'x',
      });
      expect(org.status).toBe(404);
      const user = await sysops.post('/api/sysops/restrictions', {
        kind: 'suspension',
        subjectType: 'user',
        subjectId: UNKNOWN,
        reason: 'x',
      });
      expect(user.status).toBe(404);

      const bad = await sysops.post('/api/sysops/restrictions', {
        kind: 'ban',
        subjectType: 'team',
        subjectId: 'x',
        reason: '',
        message: 'm'.repeat(1001),
        endsAt: '2001-01-01T00:00:00Z',
      });
      expect(bad.status).toBe(400);
      const body = await json(bad);
      expect(
        Object.fromEntries(Object.entries(body.fieldReasons as Record<string, { reason: string }>).map(([k, v]) => [k, v.reason])),
      ).toEqual({
        kind: 'accountControls.chooseKind',
        subjectType: 'accountControls.chooseSubject',
        subjectId: 'accountControls.chooseTarget',
        reason: 'validation.required',
        message: 'validation.maxLength',
        endsAt: 'validation.inFuture',
      });
      expect((await sysops.post('/api/sysops/restrictions', undefined, { raw: '{"kind":' })).status).toBe(400);
      expect((await sysops.post('/api/sysops/lockouts/unlock', { email: 'not an email' })).status).toBe(400);
      expect((await sysops.get('/api/sysops/restrictions?kind=nope')).status).toBe(400);
      expect((await sysops.get('/api/sysops/users?pageSize=1000')).status).toBe(400);
    });
  });

  describe('user management', () => {
    it('finds users across organisations by email, name or organisation, with paging, and shows one', async () => {
      const other = await newOrganisation('Searchable');
      const byOrg = await json(await sysops.get(`/api/sysops/users?q=${encodeURIComponent('Searchable Harbour')}`));
      expect(byOrg.items.map((u: { email: string }) => u.email)).toContain(other.email);
      const byName = await json(await sysops.get('/api/sysops/users?q=Patel'));
      expect(byName.items.map((u: { email: string }) => u.email)).toEqual(['user@harborpoint.example']);
      const wildcard = await json(await sysops.get('/api/sysops/users?q=%25'));
      expect(wildcard.total).toBe(0);
      const paged = await json(await sysops.get('/api/sysops/users?pageSize=2&page=2'));
      expect(paged).toMatchObject({ page: 2, pageSize: 2 });
      expect(paged.items).toHaveLength(2);
      expect(paged.total).toBeGreaterThan(4);

      const detail = await json(await sysops.get(`/api/sysops/users/${other.userId}`));
      expect(detail.user).toMatchObject({ email: other.email, role: 'ADMIN', status: 'active' });
      expect(detail.memberships).toEqual([
        expect.objectContaining({ role: 'ADMIN', organization: { id: other.orgId, name: 'Searchable Harbour' } }),
      ]);
      expect(detail.signInMethods).toEqual({ password: true, emailedCode: true, ssoRequired: false });
      expect(detail.sessions.count).toBe(1);
      expect(detail.sessions.items[0]).toEqual({
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        expiresAt: expect.any(String),
      });
      expect(detail.lockout).toMatchObject({ email: other.email, failures: 0, locked: false });
      expect(detail.canAct).toBe(true);
      const orgs = await json(await sysops.get('/api/sysops/organizations?q=Searchable'));
      expect(orgs.items).toEqual([expect.objectContaining({ id: other.orgId, name: 'Searchable Harbour', members: 1 })]);
    });

    it('signs a user out everywhere: sessions end and sockets disconnect within a second; audited', async () => {
      const target = await newOrganisation('Everywhere');
      const second = await signIn(target.email, PASSWORD);
      const socket = await chatSocket(server.url!, target.c);
      const gone = disconnected(socket);
      const started = Date.now();
      const res = await sysops.post(`/api/sysops/users/${target.userId}/sign-out-everywhere`);
      expect(await json(res)).toEqual({ sessionsEnded: 2 });
      await gone;
      expect(Date.now() - started).toBeLessThan(1000);
      expect((await target.c.get('/api/auth/me')).status).toBe(401);
      expect((await second.get('/api/auth/me')).status).toBe(401);
      const rows = await auditRows('account.sessions.revoke', target.userId);
      expect(rows).toEqual([expect.objectContaining({ actor_role: 'SYSOPS', org_id: target.orgId, target_type: 'user' })]);
    });
  });

  describe('suspensions', () => {
    it('suspends a user: sessions and sockets end at once, sign-in (password or code) answers the message and end date; lifting restores', async () => {
      const target = await newOrganisation('Suspended');
      const socket = await chatSocket(server.url!, target.c);
      const gone = disconnected(socket);
      const endsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const started = Date.now();
      const res = await sysops.post('/api/sysops/restrictions', {
        kind: 'suspension',
        subjectType: 'user',
        subjectId: target.userId,
        reason: 'Fraud report',
        message: 'Call support on +1 555 0100.',
        endsAt,
      });
      expect(res.status).toBe(201);
      const suspension = await json(res);
      expect(suspension).toMatchObject({
        kind: 'suspension',
        subjectType: 'user',
        subjectId: target.userId,
        subjectEmail: target.email,
        organization: { id: target.orgId, name: 'Suspended Harbour' },
        reason: 'Fraud report',
        active: true,
        endsAt: new Date(endsAt).toISOString(),
        createdBy: expect.objectContaining({ email: 'sysops@muster.example' }),
      });
      await gone;
      expect(Date.now() - started).toBeLessThan(1000);
      expect((await target.c.get('/api/auth/me')).status).toBe(401);
      expect((await sql(db.url, 'SELECT status FROM users WHERE id = $1', [target.userId]))[0]).toEqual({ status: 'suspended' });

      const refused = await (await client()).post('/api/auth/login', { email: target.email, password: PASSWORD });
      expect(refused.status).toBe(403);
      expect(await json(refused)).toMatchObject({
        code: 'ACCOUNT_SUSPENDED',
        reason: 'accountControls.suspendedUntil',
        params: { message: 'Call support on +1 555 0100.', until: new Date(endsAt).toISOString() },
      });
      // A wrong password still says nothing about the account.
      const wrong = await (await client()).post('/api/auth/login', { email: target.email, password: 'Wrong-Password-1' });
      expect((await json(wrong)).reason).toBe('auth.invalidCredentials');
      // The emailed code: the code is sent, signing in with it answers the same.
      const c = await client();
      const since = Date.now();
      expect((await c.post('/api/auth/request-magic', { email: target.email })).status).toBe(200);
      const code = codeIn((await mail.waitFor(target.email, /sign-in code/, since)).text);
      const byCode = await c.post('/api/auth/verify-magic', { email: target.email, code });
      expect(byCode.status).toBe(403);
      expect((await json(byCode)).reason).toBe('accountControls.suspendedUntil');

      const again = await sysops.post('/api/sysops/restrictions', {
        kind: 'suspension',
        subjectType: 'user',
        subjectId: target.userId,
        reason: 'twice',
      });
      expect(again.status).toBe(409);

      const current = await json(await sysops.get('/api/sysops/restrictions?kind=suspension&state=current'));
      expect(current.items.map((r: { id: string }) => r.id)).toContain(suspension.id);
      const lifted = await sysops.post(`/api/sysops/restrictions/${suspension.id}/lift`);
      expect(lifted.status).toBe(200);
      expect(await json(lifted)).toMatchObject({ active: false, liftedBy: expect.objectContaining({ email: 'sysops@muster.example' }) });
      expect((await sysops.post(`/api/sysops/restrictions/${suspension.id}/lift`)).status).toBe(409);
      const past = await json(await sysops.get('/api/sysops/restrictions?kind=suspension&state=past'));
      expect(past.items.map((r: { id: string }) => r.id)).toContain(suspension.id);
      expect((await sql(db.url, 'SELECT status FROM users WHERE id = $1', [target.userId]))[0]).toEqual({ status: 'active' });
      await signIn(target.email, PASSWORD);

      expect(await auditRows('account.suspend', target.userId)).toEqual([
        expect.objectContaining({ actor_role: 'SYSOPS', org_id: target.orgId, target_type: 'user', reason: 'Fraud report' }),
      ]);
      expect(await auditRows('account.unsuspend', target.userId)).toEqual([
        expect.objectContaining({ actor_role: 'SYSOPS', reason: 'lifted' }),
      ]);
      const refusals = await sql(
        db.url,
        `SELECT reason FROM audit_events WHERE action = 'auth.login' AND actor_user_id = $1 AND outcome = 'failure'`,
        [target.userId],
      );
      expect(refusals).toContainEqual({ reason: 'account_suspended' });
    });

    it('suspends a whole organisation: every member is signed out and refused with its message; lifting restores', async () => {
      const target = await newOrganisation('Whole');
      const socket = await chatSocket(server.url!, target.c);
      const gone = disconnected(socket);
      const res = await root.post('/api/sysops/restrictions', {
        kind: 'suspension',
        subjectType: 'organization',
        subjectId: target.orgId,
        reason: 'Unpaid',
        message: 'Pay your invoices.',
      });
      expect(res.status).toBe(201);
      await gone;
      const refused = await (await client()).post('/api/auth/login', { email: target.email, password: PASSWORD });
      expect(await json(refused)).toMatchObject({
        code: 'ACCOUNT_SUSPENDED',
        reason: 'accountControls.organizationSuspended',
        params: { message: 'Pay your invoices.' },
      });
      expect((await sysops.post(`/api/sysops/restrictions/${(await json(res)).id}/lift`)).status).toBe(200);
      await signIn(target.email, PASSWORD);
      expect(await auditRows('account.suspend', target.orgId)).toEqual([
        expect.objectContaining({ actor_role: 'ROOT_ADMIN', target_type: 'organization', org_id: target.orgId }),
      ]);
    });

    it('lifts a suspension at its end date with a delayed job (audited as ended)', async () => {
      const target = await newOrganisation('Timed');
      const endsAt = new Date(Date.now() + 1500).toISOString();
      const res = await sysops.post('/api/sysops/restrictions', {
        kind: 'suspension',
        subjectType: 'user',
        subjectId: target.userId,
        reason: 'brief',
        endsAt,
      });
      expect(res.status).toBe(201);
      const { id } = await json(res);
      const jobId = jobIds.restrictionEnds(id);
      await new Promise<void>((resolve) => {
        const done = ({ jobId: finished }: { jobId: string }) => {
          if (finished !== jobId) return;
          system.off('completed', done);
          resolve();
        };
        system.on('completed', done);
      });
      expect(
        (
          await sql(db.url, 'SELECT status, lifted_by FROM users u JOIN account_restrictions r ON r.user_id = u.id WHERE r.id = $1', [id])
        )[0],
      ).toEqual({
        status: 'active',
        lifted_by: null,
      });
      expect(await auditRows('account.unsuspend', target.userId)).toEqual([
        expect.objectContaining({ actor_user_id: null, reason: 'ended' }),
      ]);
      await signIn(target.email, PASSWORD);
    });
  });

  describe('freezes', () => {
    it('refuses every mutating route of the OpenAPI document with 423 for a frozen account; reads keep working', async () => {
      // A second ROOT_ADMIN passes every rank check, so each route reaches the freeze check.
      await sql(
        db.url,
        `WITH u AS (INSERT INTO users (username, email, password_hash, password_changed_at)
                      SELECT 'root2', 'root2@muster.example', password_hash, now() FROM users WHERE email = 'root@muster.example' RETURNING id)
         INSERT INTO memberships (user_id, org_id, role) SELECT id, NULL, 'ROOT_ADMIN' FROM u`,
      );
      const frozen = await signIn('root2@muster.example');
      const frozenId = await userIdOf('root2@muster.example');
      const res = await root.post('/api/sysops/restrictions', {
        kind: 'freeze',
        subjectType: 'user',
        subjectId: frozenId,
        reason: 'Review',
        message: 'Read-only during the review.',
      });
      expect(res.status).toBe(201);
      const doc = await json(await frozen.get('/api/docs/openapi.json'));
      const checked: string[] = [];
      for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
        for (const method of Object.keys(operations).filter((m) => m !== 'get' && m !== 'head')) {
          const route = `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;
          if (EXEMPT.has(route)) continue;
          const url = path.replace(/\{[^}]+\}/g, UNKNOWN);
          const answer = await frozen.request(method.toUpperCase(), url, {});
          const body = await json(answer);
          expect({ route, status: answer.status, reason: body.reason, message: body.params?.message }).toEqual({
            route,
            status: 423,
            reason: 'accountControls.frozen',
            message: 'Read-only during the review.',
          });
          checked.push(route);
        }
      }
      expect(checked.length).toBeGreaterThan(60);
      expect(checked).toContain('POST /api/sysops/restrictions');
      // Reads keep working, and the account knows it is frozen.
      expect((await frozen.get('/api/sysops/users')).status).toBe(200);
      expect(await json(await frozen.get('/api/account-controls/mine'))).toEqual({
        frozen: { scope: 'user', message: 'Read-only during the review.', endsAt: null },
      });
      // The exemptions: the session lock's check and signing out still work.
      expect((await frozen.post('/api/auth/verify-password', { password: DEMO_PASSWORD })).status).toBe(200);
      expect((await frozen.post('/api/auth/logout')).status).toBeLessThan(300);
      expect((await sql(db.url, 'SELECT status FROM users WHERE id = $1', [frozenId]))[0]).toEqual({ status: 'frozen' });
      // A frozen account may still sign in (read-only).
      await signIn('root2@muster.example');
      expect(await auditRows('account.freeze', frozenId)).toEqual([
        expect.objectContaining({ actor_role: 'ROOT_ADMIN', target_type: 'user' }),
      ]);
    });

    it("freezes an organisation: its members' changes answer 423 with the message, reads work, the socket hears it; unfreezing restores", async () => {
      const target = await newOrganisation('Frozen');
      const socket = await chatSocket(server.url!, target.c);
      const heard = nextEvent(socket, 'account:restriction-changed');
      const res = await sysops.post('/api/sysops/restrictions', {
        kind: 'freeze',
        subjectType: 'organization',
        subjectId: target.orgId,
        reason: 'Legal hold',
        message: 'Legal hold: read-only.',
      });
      expect(res.status).toBe(201);
      expect(await heard).toEqual({ kind: 'freeze' });
      const write = await target.c.patch('/api/organization/settings', { timeZone: 'Europe/Paris' });
      expect(write.status).toBe(423);
      expect(await json(write)).toMatchObject({
        code: 'ACCOUNT_FROZEN',
        reason: 'accountControls.organizationFrozen',
        params: { message: 'Legal hold: read-only.' },
      });
      const ticket = await target.c.post('/api/tickets', { subject: 'Help', description: 'Frozen?', category: 'general', priority: 'low' });
      expect(ticket.status).toBe(423);
      expect((await target.c.get('/api/organization/settings')).status).toBe(200);
      expect((await json(await target.c.get('/api/account-controls/mine'))).frozen).toMatchObject({ scope: 'organization' });
      const current = await json(await sysops.get('/api/sysops/restrictions?kind=freeze&state=current'));
      expect(current.items.map((r: { subjectId: string }) => r.subjectId)).toContain(target.orgId);
      const lifted = nextEvent(socket, 'account:restriction-changed');
      expect((await sysops.post(`/api/sysops/restrictions/${(await json(res)).id}/lift`)).status).toBe(200);
      await lifted;
      expect((await target.c.patch('/api/organization/settings', { timeZone: 'Europe/Paris' })).status).toBe(200);
      expect(await auditRows('account.unfreeze', target.orgId)).toEqual([expect.objectContaining({ actor_role: 'SYSOPS' })]);
      socket.close();
    });
  });

  describe('lockouts', () => {
    it('lists accounts locked by failed sign-ins with attempts and addresses, and unlocks them (audited)', async () => {
      const target = await newOrganisation('Locked');
      for (let i = 0; i < 10; i++) {
        expect(
          (await (await client()).post('/api/auth/login', { email: target.email, password: `Wrong-${String(i)}-password` })).status,
        ).toBe(401);
      }
      expect((await (await client()).post('/api/auth/login', { email: target.email, password: PASSWORD })).status).toBe(429);
      const list = await json(await sysops.get('/api/sysops/lockouts'));
      const entry = list.items.find((i: { email: string }) => i.email === target.email);
      expect(entry).toMatchObject({
        locked: true,
        failures: 10,
        threshold: 10,
        user: { id: target.userId, organization: 'Locked Harbour' },
      });
      // The ten failures and the refused attempt while locked, each with its address.
      expect(entry.attempts).toHaveLength(11);
      expect(entry.attempts[0]).toEqual({ at: expect.any(String), ip: '127.0.0.1' });
      expect(list.items[0].locked).toBe(true);
      expect((await json(await sysops.get(`/api/sysops/users/${target.userId}`))).lockout).toMatchObject({ locked: true });

      expect(await json(await sysops.post('/api/sysops/lockouts/unlock', { email: target.email.toUpperCase() }))).toEqual({
        unlocked: true,
      });
      await signIn(target.email, PASSWORD);
      const after = await json(await sysops.get('/api/sysops/lockouts'));
      expect(after.items.map((i: { email: string }) => i.email)).not.toContain(target.email);
      expect(await auditRows('account.unlock', target.userId)).toEqual([
        expect.objectContaining({ actor_role: 'SYSOPS', target_type: 'user' }),
      ]);
    });
  });

  describe('account controls', () => {
    it('forces a password reset: sessions end, sign-in is refused until the emailed link sets a new password', async () => {
      const target = await newOrganisation('Reset');
      const since = Date.now();
      const res = await sysops.post(`/api/sysops/users/${target.userId}/force-password-reset`);
      expect(await json(res)).toEqual({ sessionsEnded: 1 });
      expect((await target.c.get('/api/auth/me')).status).toBe(401);
      const refused = await (await client()).post('/api/auth/login', { email: target.email, password: PASSWORD });
      expect(refused.status).toBe(403);
      expect((await json(refused)).reason).toBe('accountControls.passwordResetRequired');
      const token = resetTokenIn((await mail.waitFor(target.email, /Reset your Muster password/, since)).text);
      const next = 'Brand-New-Harbour-9!';
      expect((await (await client()).post('/api/auth/reset-password', { token, password: next, confirmPassword: next })).status).toBe(200);
      await signIn(target.email, next);
      expect(await auditRows('account.password_reset.force', target.userId)).toEqual([expect.objectContaining({ actor_role: 'SYSOPS' })]);
    });

    it('revokes pending sign-in codes and reset links', async () => {
      const target = await newOrganisation('Codes');
      const c = await client();
      const since = Date.now();
      expect((await c.post('/api/auth/request-magic', { email: target.email })).status).toBe(200);
      const code = codeIn((await mail.waitFor(target.email, /sign-in code/, since)).text);
      expect((await (await client()).post('/api/auth/forgot-password', { email: target.email })).status).toBe(200);
      const token = resetTokenIn((await mail.waitFor(target.email, /Reset your Muster password/, since)).text);
      expect(await json(await sysops.post(`/api/sysops/users/${target.userId}/revoke-codes`))).toEqual({ codes: 1, resetLinks: 1 });
      expect((await c.post('/api/auth/verify-magic', { email: target.email, code })).status).toBe(401);
      expect(
        (
          await (
            await client()
          ).post('/api/auth/reset-password', { token, password: 'Another-Pass-77!', confirmPassword: 'Another-Pass-77!' })
        ).status,
      ).toBe(410);
      expect(await auditRows('account.codes.revoke', target.userId)).toEqual([expect.objectContaining({ actor_role: 'SYSOPS' })]);
    });
  });
});
