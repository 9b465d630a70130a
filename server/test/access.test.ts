import { ROLE_RANKS, ROLES, type Role } from '@muster/contracts';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { json } from './support/http.js';
import { codeIn, MailWatcher } from './support/outbox.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';

const DEMO_PASSWORD = 'Muster!Demo2026';
const DEMO_EMAILS: Record<Exclude<Role, 'GUEST_AUDITOR'>, string> = {
  ROOT_ADMIN: 'root@muster.example',
  DEPUTY_ADMIN: 'deputy@muster.example',
  SYSOPS: 'sysops@muster.example',
  ADMIN: 'admin@harborpoint.example',
  MANAGER: 'manager@harborpoint.example',
  INTERNAL_AUDITOR: 'auditor@harborpoint.example',
  ACCOUNTANT: 'accountant@harborpoint.example',
  USER: 'user@harborpoint.example',
};
const SEEDED_AUDITOR = 'guest.auditor@seaward-audit.example';

describe('Access control: ranks, tenancy, guest auditors', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  const prefix = uniquePrefix();
  const sessions = new Map<Role, TestClient>();

  const client = () => new TestClient(server.url!).init();

  async function signIn(address: string, password = DEMO_PASSWORD): Promise<TestClient> {
    const c = await client();
    const res = await c.post('/api/auth/login', { email: address, password });
    expect(res.status).toBe(200);
    return c;
  }

  async function auditorSession(address: string): Promise<TestClient> {
    const c = await client();
    const since = Date.now();
    expect((await c.post('/api/auth/auditor/request-magic', { email: address })).status).toBe(200);
    const code = codeIn((await mail.waitFor(address, /Auditor Portal sign-in code/, since)).text);
    const res = await c.post('/api/auth/auditor/verify-magic', { email: address, code });
    expect(res.status).toBe(200);
    return c;
  }

  /** A scope on the demo organisation's seeded ISPS profile (invites require one). */
  async function demoScope(admin: TestClient) {
    const profiles = await json(await admin.get('/api/compliance/profiles'));
    const isps = profiles.items.find((p: { name: string }) => p.name === 'ISPS — Terminal 2');
    return { profileIds: [isps.id], facilities: [], from: '2026-01-01', to: '2026-12-31' };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    mail = await MailWatcher.start(prefix, server.url!);
    for (const [role, address] of Object.entries(DEMO_EMAILS)) sessions.set(role as Role, await signIn(address));
    sessions.set('GUEST_AUDITOR', await auditorSession(SEEDED_AUDITOR));
  });

  afterAll(async () => {
    await mail?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('lets every role reach exactly the endpoints at or below its rank', async () => {
    const matrix: string[] = [];
    const expected: string[] = [];
    for (const role of ROLES) {
      const c = sessions.get(role)!;
      for (const minRole of ROLES) {
        const res = await c.get(`/api/test/rank/${minRole}`);
        // Guest-auditor sessions are confined to the auditor API whatever the rank.
        const allowed = role !== 'GUEST_AUDITOR' && ROLE_RANKS[role] >= ROLE_RANKS[minRole];
        matrix.push(`${role}→${minRole}: ${res.status}`);
        expected.push(`${role}→${minRole}: ${allowed ? 200 : 403}`);
      }
    }
    expect(matrix).toEqual(expected);
  });

  it('answers 401 to a signed-out visitor on a guarded endpoint', async () => {
    const res = await (await client()).get('/api/test/rank/USER');
    expect(res.status).toBe(401);
  });

  it('shows each signed-in role in /me, with "no organisation" for platform roles', async () => {
    const root = await json(await sessions.get('ROOT_ADMIN')!.get('/api/auth/me'));
    expect(root).toMatchObject({ role: 'ROOT_ADMIN', org: null });
    const user = await json(await sessions.get('USER')!.get('/api/auth/me'));
    expect(user).toMatchObject({ role: 'USER', org: { name: 'Harbor Point Port Authority' } });
  });

  describe('guest auditors', () => {
    it('signs in with an emailed code into a GUEST_AUDITOR session with its invite context', async () => {
      const c = sessions.get('GUEST_AUDITOR')!;
      expect(await json(await c.get('/api/auth/me'))).toMatchObject({
        role: 'GUEST_AUDITOR',
        user: { email: SEEDED_AUDITOR, firstName: 'Grace Okoye' },
        org: { name: 'Harbor Point Port Authority' },
      });
      expect(await json(await c.get('/api/auditor/context'))).toEqual({
        invite: { auditorName: 'Grace Okoye', firm: 'Seaward Audit LLP', expiresAt: expect.any(String) },
        preview: false,
      });
    });

    it('refuses an auditor session on any non-auditor endpoint', async () => {
      const c = sessions.get('GUEST_AUDITOR')!;
      for (const path of ['/api/auditor-invites', '/api/test/rank/USER']) {
        const res = await c.get(path);
        expect(res.status).toBe(403);
        expect(await json(res)).toMatchObject({ code: 'AUDITOR_SCOPE' });
      }
    });

    it('lets an ADMIN invite an auditor, whose session ends when the invite is revoked', async () => {
      const admin = sessions.get('ADMIN')!;
      const address = `inspector-${Date.now()}@classification.example`;
      const since = Date.now();
      const created = await admin.post('/api/auditor-invites', {
        email: address,
        auditorName: 'Ivo Inspector',
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        scope: await demoScope(admin),
      });
      expect(created.status).toBe(201);
      const invite = await json(created);
      expect(invite).toMatchObject({ email: address, auditorName: 'Ivo Inspector', firm: null, status: 'active' });
      const invitation = await mail.waitFor(address, /invited you to the Muster Auditor Portal/, since);
      expect(invitation.text).toContain('The audit covers evidence of the period from 2026-01-01 to 2026-12-31.');

      const auditor = await auditorSession(address);
      expect(await json(await auditor.get('/api/auditor/context'))).toMatchObject({ invite: { auditorName: 'Ivo Inspector', firm: null } });

      const revoked = await admin.request('DELETE', `/api/auditor-invites/${invite.id}`);
      expect(await json(revoked)).toMatchObject({ status: 'revoked' });
      expect((await auditor.get('/api/auditor/context')).status).toBe(401);
      const audit = await sql(db.url, `SELECT action FROM audit_events WHERE target_id = $1 ORDER BY created_at`, [invite.id]);
      expect(audit.map((r) => r.action)).toEqual(['auditor.invite.created', 'auditor.invite.revoked']);
    });

    it('ends the auditor session with the invite expiry', async () => {
      const admin = sessions.get('ADMIN')!;
      const address = `short-${Date.now()}@classification.example`;
      const invite = await json(
        await admin.post('/api/auditor-invites', {
          email: address,
          auditorName: 'Short Visit',
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          scope: await demoScope(admin),
        }),
      );
      const auditor = await auditorSession(address);
      expect((await auditor.get('/api/auditor/context')).status).toBe(200);
      await sql(db.url, `UPDATE auditor_invites SET expires_at = now() - interval '1 second' WHERE id = $1`, [invite.id]);
      expect((await auditor.get('/api/auditor/context')).status).toBe(401);
    });

    it('sends no code to an email without an active invite, and refuses other roles on the invite endpoints', async () => {
      const res = await (await client()).post('/api/auth/auditor/request-magic', { email: 'nobody@classification.example' });
      expect(res.status).toBe(200);
      expect((await mail.list()).some((m) => m.to === 'nobody@classification.example')).toBe(false);
      expect((await sessions.get('MANAGER')!.get('/api/auditor-invites')).status).toBe(403);
    });

    it('validates invites with field messages', async () => {
      const res = await sessions
        .get('ADMIN')!
        .post('/api/auditor-invites', { email: 'nope', auditorName: '', expiresAt: '2001-01-01T00:00:00Z' });
      expect(res.status).toBe(400);
      expect((await json(res)).fields).toEqual({
        email: 'Enter a valid email address',
        auditorName: 'Required',
        expiresAt: 'Must be in the future',
        scope: 'Required',
      });
    });
  });

  describe('bad input', () => {
    it('never answers 500 to malformed bodies on any mutating endpoint', async () => {
      const doc = await json(await (await client()).get('/api/docs/openapi.json'));
      const admin = await signIn(DEMO_EMAILS.ADMIN);
      const statuses: string[] = [];
      for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
        for (const method of Object.keys(operations).filter((m) => m !== 'get')) {
          if (path === '/api/auth/logout') continue;
          const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
          for (const raw of [
            'null',
            '[]',
            '"text"',
            '42',
            '{}',
            '{"email":{"$ne":null},"password":[1,2]}',
            `{"email":"${'a'.repeat(5000)}"}`,
          ]) {
            const res = await admin.request(method.toUpperCase(), url, undefined, { raw });
            statuses.push(`${method.toUpperCase()} ${path} ${raw.slice(0, 20)} → ${res.status}`);
            expect(res.status).toBeLessThan(500);
          }
        }
      }
      expect(statuses.length).toBeGreaterThan(40);
    });
  });

  describe('tenancy', () => {
    it("answers 404 for another organisation's objects, and lists only one's own", async () => {
      const address = `rival-${Date.now()}@rival-port.example`;
      const c = await client();
      expect(
        (
          await c.post('/api/auth/register', {
            organizationName: 'Rival Port',
            email: address,
            password: 'Rival-Password-1',
            confirmPassword: 'Rival-Password-1',
          })
        ).status,
      ).toBe(201);
      const rival = await signIn(address, 'Rival-Password-1');

      const harborInvites = await json(await sessions.get('ADMIN')!.get('/api/auditor-invites'));
      expect(harborInvites.length).toBeGreaterThan(0);
      const foreignId = harborInvites.find((i: { email: string }) => i.email === SEEDED_AUDITOR).id;

      const read = await rival.get(`/api/auditor-invites/${foreignId}`);
      expect(read.status).toBe(404);
      expect(await json(read)).toMatchObject({ code: 'NOT_FOUND' });
      expect((await rival.request('DELETE', `/api/auditor-invites/${foreignId}`)).status).toBe(404);
      expect(await json(await rival.get('/api/auditor-invites'))).toEqual([]);
      expect((await rival.get('/api/auditor-invites/not-a-uuid')).status).toBe(404);
      // The invite is untouched.
      expect(await json(await sessions.get('ADMIN')!.get(`/api/auditor-invites/${foreignId}`))).toMatchObject({ status: 'active' });
    });
  });
});
