import type { MyPin, PinMembers, SecurityPolicyAnswer, SecurityUser, SessionInfo, TimelinePage } from '@muster/contracts';
import { DEMO_PASSWORD, signIn, signUpElsewhere } from './support/accounts.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { expectJson as json } from './support/http.js';
import { codeIn, MailWatcher, resetTokenIn } from './support/outbox.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';

/**
 * Organisation security: the policy applied at sign-in and when a password is set, the default
 * auto-lock in the sessions' profile, and support PINs (set, listed, checked with a rate limit,
 * reset; on the member's timeline; never in any answer).
 */
describe('Organisation security policy and support PINs', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  const prefix = uniquePrefix();
  /** Every answer body read through `read`, to prove none carries a PIN or a hash. */
  const bodies: string[] = [];

  const as = (email: string, password = DEMO_PASSWORD): Promise<TestClient> => signIn(server.url!, email, password);
  const fresh = (): Promise<TestClient> => new TestClient(server.url!).init();
  async function read<T>(res: Response, status: number): Promise<T> {
    const text = await res.clone().text();
    bodies.push(text);
    return json<T>(res, status);
  }
  async function refusal(
    res: Response,
    status: number,
  ): Promise<{
    reason: string;
    params: Record<string, unknown>;
    fieldReasons?: Record<string, { reason: string; params: Record<string, unknown> }>;
  }> {
    return read(res, status);
  }
  const put = (c: TestClient, path: string, body: unknown) => c.request('PUT', path, body);

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    mail = await MailWatcher.start(prefix, server.url!);
  });

  afterAll(async () => {
    await mail?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('reads and validates the policy (ADMIN only); a new organisation has the defaults', async () => {
    const admin = await signUpElsewhere(server.url!);
    const policy = await read<SecurityPolicyAnswer>(await admin.get('/api/admin/security/policy'), 200);
    expect(policy).toEqual({
      passwordMinLength: 10,
      rejectCommonPasswords: false,
      defaultAutoLockMinutes: null,
      signInMethods: ['password', 'magic_code'],
      adminsMayUseCodes: true,
      pinsRequired: false,
      verificationRoles: [],
      verificationDueBy: null,
      updatedAt: null,
    });
    const short = await refusal(await admin.patch('/api/admin/security/policy', { passwordMinLength: 6 }), 400);
    expect(short.fieldReasons?.passwordMinLength).toEqual({ reason: 'security.lengthMin', params: { min: 10 } });
    const none = await refusal(await admin.patch('/api/admin/security/policy', { signInMethods: [] }), 400);
    expect(none.fieldReasons?.signInMethods?.reason).toBe('security.oneMethod');
    expect((await refusal(await admin.patch('/api/admin/security/policy', {}), 400)).reason).toBe('validation.changeSomething');
    const badDate = await refusal(await admin.patch('/api/admin/security/policy', { verificationDueBy: '31/12/2026' }), 400);
    expect(badDate.fieldReasons?.verificationDueBy?.reason).toBe('security.dueDate');
    // Administrators always keep a way in.
    const locked = await refusal(
      await admin.patch('/api/admin/security/policy', { signInMethods: ['magic_code'], adminsMayUseCodes: false }),
      400,
    );
    expect(locked.fieldReasons?.adminsMayUseCodes?.reason).toBe('security.adminsNeedMethod');
    expect((await (await as('user@harborpoint.example')).get('/api/admin/security/policy')).status).toBe(403);
    expect((await (await as('manager@harborpoint.example')).patch('/api/admin/security/policy', { pinsRequired: true })).status).toBe(403);
  });

  it('refuses a sign-in method the organisation does not allow, with a reason saying which to use', async () => {
    const admin = await signUpElsewhere(server.url!);
    const me = await read<SessionInfo>(await admin.get('/api/auth/me'), 200);
    const email = me.user.email;
    const password = 'An0ther-Harbour-Pass!';
    async function codeSignIn(): Promise<Response> {
      const c = await fresh();
      const since = Date.now();
      expect((await c.post('/api/auth/request-magic', { email })).status).toBe(200);
      const code = codeIn((await mail.waitFor(email, /sign-in code/, since)).text);
      return c.post('/api/auth/verify-magic', { email, code });
    }

    await read(await admin.patch('/api/admin/security/policy', { signInMethods: ['password'] }), 200);
    const byCode = await codeSignIn();
    expect((await refusal(byCode, 403)).reason).toBe('security.codeNotAllowed');
    expect((await fresh()).sessionId).toBeUndefined();

    await read(await admin.patch('/api/admin/security/policy', { signInMethods: ['magic_code'], adminsMayUseCodes: true }), 200);
    const c = await fresh();
    const byPassword = await c.post('/api/auth/login', { email, password });
    expect((await refusal(byPassword, 403)).reason).toBe('security.passwordNotAllowed');
    expect(c.sessionId).toBeUndefined();
    expect((await codeSignIn()).status).toBe(200);

    await read(
      await admin.patch('/api/admin/security/policy', { signInMethods: ['password', 'magic_code'], adminsMayUseCodes: false }),
      200,
    );
    expect((await refusal(await codeSignIn(), 403)).reason).toBe('security.codeNotAllowedForAdmins');
    expect((await fresh().then((f) => f.post('/api/auth/login', { email, password }))).status).toBe(200);

    // Each refusal is on the organisation's timeline.
    const timeline = await read<TimelinePage>(await admin.get('/api/admin/security/timeline?outcome=failure'), 200);
    expect(timeline.items.filter((e) => e.reason === 'method_not_allowed').map((e) => e.action)).toEqual([
      'auth.magic.failed',
      'auth.login',
      'auth.magic.failed',
    ]);
  });

  it('applies the password policy when a password is changed or reset, leaving the reset link usable', async () => {
    // The demo organisation wants 12 characters and refuses common passwords.
    const user = await as('accountant@harborpoint.example');
    const change = (password: string) =>
      user.post('/api/auth/change-password', { currentPassword: DEMO_PASSWORD, password, confirmPassword: password });
    const short = await refusal(await change('Short-Pass1'), 400);
    expect(short.fieldReasons?.password).toEqual({ reason: 'security.passwordTooShort', params: { min: 12 } });
    const common = await refusal(await change('QWERTY123456'), 400);
    expect(common.fieldReasons?.password).toEqual({ reason: 'security.commonPassword', params: {} });
    expect((await change('Ledger-Lantern-42')).status).toBe(200);

    const since = Date.now();
    expect((await (await fresh()).post('/api/auth/forgot-password', { email: 'accountant@harborpoint.example' })).status).toBe(200);
    const token = resetTokenIn((await mail.waitFor('accountant@harborpoint.example', /Reset your Muster password/, since)).text);
    const reset = async (password: string) =>
      (await fresh()).post('/api/auth/reset-password', { token, password, confirmPassword: password });
    expect((await refusal(await reset('leavemealone'), 400)).fieldReasons?.password?.reason).toBe('security.commonPassword');
    expect((await refusal(await reset('Eleven-char'), 400)).fieldReasons?.password?.params).toEqual({ min: 12 });
    expect((await reset('Quay-Side-Reset-7')).status).toBe(200);
    await as('accountant@harborpoint.example', 'Quay-Side-Reset-7');
  });

  it("gives members without their own auto-lock the organisation's default, in every session at once", async () => {
    const admin = await as('admin@harborpoint.example');
    const user = await as('manager@harborpoint.example');
    await read(await user.patch('/api/auth/profile', { autoLogoutMinutes: null }), 200);
    expect((await read<SessionInfo>(await user.get('/api/auth/me'), 200)).user.autoLogoutMinutes).toBe(30);
    await read(await admin.patch('/api/admin/security/policy', { defaultAutoLockMinutes: 12 }), 200);
    // The manager's open session shows the new default without signing in again.
    expect((await read<SessionInfo>(await user.get('/api/auth/me'), 200)).user.autoLogoutMinutes).toBe(12);
    // A member's own choice wins.
    await read(await user.patch('/api/auth/profile', { autoLogoutMinutes: 45 }), 200);
    expect((await read<SessionInfo>(await user.get('/api/auth/me'), 200)).user.autoLogoutMinutes).toBe(45);
    const outOfRange = await refusal(await admin.patch('/api/admin/security/policy', { defaultAutoLockMinutes: 0 }), 400);
    expect(outOfRange.fieldReasons?.defaultAutoLockMinutes).toEqual({ reason: 'validation.minutesMin', params: { min: 1 } });
  });

  it('lets a member set a PIN, the admin see who has one, and an operator check it (rate limited, on the timeline) and reset it', async () => {
    const PIN = '583920';
    const user = await as('user@harborpoint.example');
    const userId = (await read<SessionInfo>(await user.get('/api/auth/me'), 200)).user.id;
    expect(await read<MyPin>(await user.get('/api/security/pin'), 200)).toEqual({ hasPin: false, setAt: null, required: false });
    expect((await refusal(await put(user, '/api/security/pin', { pin: '12', confirmPin: '12' }), 400)).fieldReasons?.pin?.reason).toBe(
      'security.pinFormat',
    );
    expect((await refusal(await put(user, '/api/security/pin', { pin: '12a456', confirmPin: '12a456' }), 400)).reason).toBe(
      'security.pinFormat',
    );
    const mismatch = await refusal(await put(user, '/api/security/pin', { pin: PIN, confirmPin: '583921' }), 400);
    expect(mismatch.fieldReasons?.confirmPin?.reason).toBe('security.pinsMismatch');
    const set = await read<MyPin>(await put(user, '/api/security/pin', { pin: PIN, confirmPin: PIN }), 200);
    expect(set).toMatchObject({ hasPin: true, required: false });

    const admin = await as('admin@harborpoint.example');
    await read(await admin.patch('/api/admin/security/policy', { pinsRequired: true }), 200);
    const pins = await read<PinMembers>(await admin.get('/api/admin/security/pins'), 200);
    expect(pins.required).toBe(true);
    const byEmail = Object.fromEntries(pins.items.map((p) => [p.email, p]));
    expect(byEmail['user@harborpoint.example']).toMatchObject({ hasPin: true, role: 'USER' });
    expect(byEmail['admin@harborpoint.example']).toMatchObject({ hasPin: true });
    expect(byEmail['accountant@harborpoint.example']).toMatchObject({ hasPin: false, setAt: null });
    expect(Object.keys(byEmail['user@harborpoint.example']!).sort()).toEqual(['email', 'hasPin', 'name', 'role', 'setAt', 'userId']);
    // A member without one is told to set one.
    const accountant = await as('accountant@harborpoint.example', 'Quay-Side-Reset-7');
    expect((await read<{ pinRequired: boolean }>(await accountant.get('/api/security/notices'), 200)).pinRequired).toBe(true);
    expect((await read<{ pinRequired: boolean }>(await user.get('/api/security/notices'), 200)).pinRequired).toBe(false);
    expect((await user.get('/api/admin/security/pins')).status).toBe(403);

    const sysops = await as('sysops@muster.example');
    const found = await read<SecurityUser>(await sysops.get('/api/sysops/security/user?email=USER@harborpoint.example'), 200);
    expect(found).toMatchObject({ id: userId, role: 'USER', hasPin: true, orgName: 'Harbor Point Port Authority' });
    const check = (pin: string, who = sysops) => who.post('/api/sysops/security/pin-check', { userId, pin });
    expect(await read(await check('000000'), 200)).toEqual({ match: false });
    expect(await read(await check(PIN), 200)).toEqual({ match: true });
    expect(await read(await check('583921'), 200)).toEqual({ match: false });
    expect(await read(await check(PIN), 200)).toEqual({ match: true });
    expect(await read(await check('1234'), 200)).toEqual({ match: false });
    const limited = await check(PIN);
    expect((await refusal(limited, 429)).reason).toBe('security.pinTooMany');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit is per member, not per operator.
    expect((await refusal(await check(PIN, await as('deputy@muster.example')), 429)).reason).toBe('security.pinTooMany');

    // Every check is on the member's timeline, with the operator as actor.
    const timeline = await read<TimelinePage>(await sysops.get(`/api/sysops/customers/${userId}/timeline?action=security.pin.check`), 200);
    const checks = timeline.items.filter((e) => e.action === 'security.pin.check');
    expect(checks).toHaveLength(7);
    expect(checks.every((e) => e.target?.id === userId && e.actor.role !== 'USER')).toBe(true);
    expect(checks.filter((e) => e.outcome === 'success')).toHaveLength(2);
    expect(checks.filter((e) => e.reason === 'rate_limited')).toHaveLength(2);
    const own = await read<TimelinePage>(await user.get('/api/security/timeline?action=security.pin'), 200);
    expect(own.items.some((e) => e.action === 'security.pin.check' && e.actor.email === 'sysops@muster.example')).toBe(true);

    const reset = await read<SecurityUser>(await sysops.post('/api/sysops/security/pin-reset', { userId }), 200);
    expect(reset.hasPin).toBe(false);
    expect(await read<MyPin>(await user.get('/api/security/pin'), 200)).toMatchObject({ hasPin: false, required: true });
    expect((await refusal(await sysops.post('/api/sysops/security/pin-reset', { userId }), 409)).reason).toBe('security.noPin');
    const resetEvents = await read<TimelinePage>(await admin.get('/api/admin/security/timeline?action=security.pin.reset'), 200);
    expect(resetEvents.items[0]).toMatchObject({ action: 'security.pin.reset', target: { type: 'user', id: userId } });

    // No answer of this test carried the PIN or any hash.
    const all = bodies.join('\n');
    expect(all).not.toContain(PIN);
    expect(all).not.toMatch(/\$argon2/);
    expect(all).not.toMatch(/pinHash|pin_hash/i);
  });

  it('keeps operators to their rank, and answers unknown users 404 and bad input 400', async () => {
    const sysops = await as('sysops@muster.example');
    expect((await refusal(await sysops.get('/api/sysops/security/user?email=root@muster.example'), 403)).reason).toBe('security.aboveRank');
    const root = await read<SessionInfo>(await (await as('root@muster.example')).get('/api/auth/me'), 200);
    expect((await refusal(await sysops.post('/api/sysops/security/pin-check', { userId: root.user.id, pin: '1234' }), 403)).reason).toBe(
      'security.aboveRank',
    );
    expect((await refusal(await sysops.post('/api/sysops/security/pin-reset', { userId: root.user.id }), 403)).reason).toBe(
      'security.aboveRank',
    );
    expect((await refusal(await sysops.get('/api/sysops/security/user?email=ghost@nowhere.example'), 404)).reason).toBe(
      'security.userNotFound',
    );
    const ghost = '3f1d2c4b-5a69-4f7e-8d90-123456789abc';
    expect((await refusal(await sysops.post('/api/sysops/security/pin-check', { userId: ghost, pin: '1234' }), 404)).reason).toBe(
      'security.userNotFound',
    );
    expect((await refusal(await sysops.post('/api/sysops/security/pin-check', { userId: 'nope', pin: '1234' }), 400)).reason).toBe(
      'security.chooseUser',
    );
    expect((await sysops.get('/api/sysops/security/user?email=not-an-email')).status).toBe(400);
    // The admin's PIN (seeded) can be checked by SYSOPS; members cannot check anyone's.
    const admin = await read<SecurityUser>(await sysops.get('/api/sysops/security/user?email=admin@harborpoint.example'), 200);
    expect(await read(await sysops.post('/api/sysops/security/pin-check', { userId: admin.id, pin: '4821' }), 200)).toEqual({
      match: true,
    });
    const member = await as('admin@harborpoint.example');
    expect((await member.post('/api/sysops/security/pin-check', { userId: admin.id, pin: '4821' })).status).toBe(403);
    // Platform staff have no organisation: no PIN of their own.
    expect((await refusal(await sysops.get('/api/security/pin'), 403)).reason).toBe('security.membersOnly');
  });
});
