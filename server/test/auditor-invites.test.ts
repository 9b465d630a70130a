import type { AuditorInvite } from '@muster/contracts';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, type ChatSocket } from './support/chat.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { codeIn, MailWatcher } from './support/outbox.js';

const ADMIN = 'admin@harborpoint.example';
const DAY = 86_400_000;
/** Resolves when the server disconnects the socket. */
const disconnected = (socket: ChatSocket): Promise<void> => new Promise((resolve) => socket.once('disconnect', () => resolve()));

interface Refusal {
  reason: string;
  params?: Record<string, string | number>;
  fieldReasons?: Record<string, { reason: string; params: Record<string, string | number> }>;
}

describe('Guest-auditor invites: scope, changes, revocation', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  let admin: TestClient;
  let isps: { id: string };
  let operations: { id: string };
  const prefix = uniquePrefix();
  let serial = 0;

  const scope = (overrides: Record<string, unknown> = {}) => ({
    profileIds: [isps.id],
    from: '2026-01-01',
    to: '2026-12-31',
    ...overrides,
  });
  const inviteBody = (overrides: Record<string, unknown> = {}) => ({
    email: `auditor-${Date.now()}-${++serial}@seaward-audit.example`,
    auditorName: 'Iris Vogel',
    firm: 'Seaward Audit LLP',
    expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
    scope: scope(),
    ...overrides,
  });

  async function auditorSession(address: string): Promise<TestClient> {
    const c = await new TestClient(server.url!).init();
    const since = Date.now();
    await json(await c.post('/api/auth/auditor/request-magic', { email: address }), 200);
    const code = codeIn((await mail.waitFor(address, /Auditor Portal sign-in code/, since)).text);
    await json(await c.post('/api/auth/auditor/verify-magic', { email: address, code }), 200);
    return c;
  }

  /** The 400 of an invalid invite, with the reason of `field`. */
  async function refused(body: unknown, field: string): Promise<{ reason: string; params: Record<string, string | number> }> {
    const answer = await json<Refusal>(await admin.post('/api/auditor-invites', body), 400);
    expect(answer.fieldReasons?.[field]).toBeDefined();
    return answer.fieldReasons![field]!;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    mail = await MailWatcher.start(prefix, server.url!);
    admin = await signIn(server.url!, ADMIN);
    const profiles = await json<{ items: { id: string; name: string }[] }>(await admin.get('/api/compliance/profiles'), 200);
    isps = profiles.items.find((p) => p.name === 'ISPS — Terminal 2')!;
    operations = profiles.items.find((p) => p.name === 'Terminal operations')!;
  });

  afterAll(async () => {
    await mail?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('creates an invite with its scope shown by profile name, and emails the period', async () => {
    const since = Date.now();
    const body = inviteBody({ scope: scope({ facilities: ['Terminal 2, Harbor Point'] }) });
    const invite = await json<AuditorInvite>(await admin.post('/api/auditor-invites', body), 201);
    expect(invite).toMatchObject({
      status: 'active',
      scope: {
        profiles: [{ id: isps.id, name: 'ISPS — Terminal 2', ruleIds: ['isps_b18_5', 'isps_b18_6'] }],
        facilities: ['Terminal 2, Harbor Point'],
        from: '2026-01-01',
        to: '2026-12-31',
      },
    });
    const sent = await mail.waitFor(body.email, /invited you to the Muster Auditor Portal/, since);
    expect(sent.text).toContain('The audit covers evidence of the period from 2026-01-01 to 2026-12-31.');
  });

  it('refuses a bad scope or expiry with a reason on the field', async () => {
    expect(await refused(inviteBody({ scope: scope({ profileIds: [] }) }), 'scope.profileIds')).toMatchObject({
      reason: 'auditor.emptyScope',
    });
    // A profile of another organisation is no profile of this one.
    const rival = await signUpElsewhere(server.url!);
    const foreign = await json<{ id: string }>(
      await rival.post('/api/compliance/profiles', { name: 'Rival scope', scope: 'organization', ruleIds: ['isps_b18_5'] }),
      201,
    );
    expect(await refused(inviteBody({ scope: scope({ profileIds: [foreign.id] }) }), 'scope.profileIds')).toMatchObject({
      reason: 'auditor.unknownProfiles',
    });
    expect(
      await refused(inviteBody({ scope: scope({ profileIds: [isps.id, '00000000-0000-4000-8000-000000000000'] }) }), 'scope.profileIds'),
    ).toMatchObject({ reason: 'auditor.unknownProfiles' });
    expect(await refused(inviteBody({ scope: scope({ facilities: ['Berth 99'] }) }), 'scope.facilities')).toEqual({
      reason: 'auditor.unknownFacilities',
      params: { names: 'Berth 99' },
    });
    expect(await refused(inviteBody({ scope: scope({ from: '2026-06-01', to: '2026-01-01' }) }), 'scope.to')).toMatchObject({
      reason: 'auditor.periodBackwards',
    });
    expect(await refused(inviteBody({ scope: scope({ from: '2010-01-01', to: '2026-01-01' }) }), 'scope.to')).toMatchObject({
      reason: 'auditor.periodTooLong',
    });
    expect(await refused(inviteBody({ expiresAt: new Date(Date.now() - DAY).toISOString() }), 'expiresAt')).toMatchObject({
      reason: 'validation.inFutureDate',
    });
    expect(await refused(inviteBody({ expiresAt: new Date(Date.now() + 366 * DAY).toISOString() }), 'expiresAt')).toMatchObject({
      reason: 'auditor.expiryTooFar',
    });
    expect(await refused(inviteBody({ scope: undefined }), 'scope')).toMatchObject({ reason: 'validation.required' });
    const [row] = await sql(
      db.url,
      `SELECT count(*)::int AS count FROM auditor_invites WHERE auditor_name = 'Iris Vogel' AND email LIKE 'auditor-%'`,
    );
    expect(row!.count).toBe(1);
  });

  it("answers 404 to another organisation's admin for an invite, on read, change and revoke", async () => {
    const invite = await json<AuditorInvite>(await admin.post('/api/auditor-invites', inviteBody()), 201);
    const rival = await signUpElsewhere(server.url!);
    expect((await rival.get(`/api/auditor-invites/${invite.id}`)).status).toBe(404);
    expect((await rival.patch(`/api/auditor-invites/${invite.id}`, { expiresAt: new Date(Date.now() + DAY).toISOString() })).status).toBe(
      404,
    );
    expect((await rival.request('DELETE', `/api/auditor-invites/${invite.id}`)).status).toBe(404);
    expect((await admin.patch('/api/auditor-invites/not-a-uuid', {})).status).toBe(404);
    expect(await json(await admin.get(`/api/auditor-invites/${invite.id}`), 200)).toMatchObject({ status: 'active' });
  });

  it("changes an active invite's scope and expiry (audited), with the creation's rules; a revoked one is 409", async () => {
    const invite = await json<AuditorInvite>(await admin.post('/api/auditor-invites', inviteBody()), 201);
    const expiresAt = new Date(Date.now() + 60 * DAY).toISOString();
    const changed = await json<AuditorInvite>(
      await admin.patch(`/api/auditor-invites/${invite.id}`, {
        scope: scope({ profileIds: [operations.id], from: '2025-07-01' }),
        expiresAt,
      }),
      200,
    );
    expect(changed).toMatchObject({
      expiresAt,
      scope: { profiles: [{ id: operations.id, name: 'Terminal operations' }], facilities: [], from: '2025-07-01', to: '2026-12-31' },
    });
    const only = await json<AuditorInvite>(await admin.patch(`/api/auditor-invites/${invite.id}`, { expiresAt: invite.expiresAt }), 200);
    expect(only).toMatchObject({ expiresAt: invite.expiresAt, scope: { profiles: [{ id: operations.id }] } });

    const bad = await json<Refusal>(
      await admin.patch(`/api/auditor-invites/${invite.id}`, { scope: scope({ facilities: ['Nowhere'] }) }),
      400,
    );
    expect(bad.fieldReasons?.['scope.facilities']).toMatchObject({ reason: 'auditor.unknownFacilities' });
    const far = await json<Refusal>(
      await admin.patch(`/api/auditor-invites/${invite.id}`, { expiresAt: new Date(Date.now() + 400 * DAY).toISOString() }),
      400,
    );
    expect(far.fieldReasons?.expiresAt).toMatchObject({ reason: 'auditor.expiryTooFar' });

    const audit = await sql(db.url, `SELECT action, metadata FROM audit_events WHERE target_id = $1 ORDER BY seq`, [invite.id]);
    expect(audit.map((r) => r.action)).toEqual(['auditor.invite.created', 'auditor.invite.updated', 'auditor.invite.updated']);
    expect(audit[1]!.metadata).toMatchObject({ expiresAt, scope: { profileIds: [operations.id] }, scopeBefore: { profileIds: [isps.id] } });

    await json(await admin.request('DELETE', `/api/auditor-invites/${invite.id}`), 200);
    expect(await json<Refusal>(await admin.patch(`/api/auditor-invites/${invite.id}`, { expiresAt }), 409)).toMatchObject({
      reason: 'auditor.inviteNotActive',
    });
  });

  it("revocation ends the auditor's session at once: the socket is disconnected and the API answers 401", async () => {
    const body = inviteBody();
    const invite = await json<AuditorInvite>(await admin.post('/api/auditor-invites', body), 201);
    const auditor = await auditorSession(body.email);
    const socket = await chatSocket(server.url!, auditor);
    const gone = disconnected(socket);
    expect((await auditor.get('/api/auditor/context')).status).toBe(200);
    expect(await json(await admin.request('DELETE', `/api/auditor-invites/${invite.id}`), 200)).toMatchObject({ status: 'revoked' });
    await gone;
    expect((await auditor.get('/api/auditor/context')).status).toBe(401);
    expect((await auditor.get('/api/auditor/requests')).status).toBe(401);
  });

  it('a moved expiry ends the session at the new time: the re-scheduled job disconnects the socket', async () => {
    const body = inviteBody();
    const invite = await json<AuditorInvite>(await admin.post('/api/auditor-invites', body), 201);
    const auditor = await auditorSession(body.email);
    const socket = await chatSocket(server.url!, auditor);
    const gone = disconnected(socket);
    await json(await admin.patch(`/api/auditor-invites/${invite.id}`, { expiresAt: new Date(Date.now() + 1500).toISOString() }), 200);
    await gone;
    expect((await auditor.get('/api/auditor/context')).status).toBe(401);
  });
});
