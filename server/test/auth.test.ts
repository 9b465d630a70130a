import { AUTH_LIMITS, COOKIES, CSRF_HEADER } from '@muster/contracts';
import { Redis } from 'ioredis';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { json } from './support/http.js';
import { codeIn, MailWatcher, resetTokenIn } from './support/outbox.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';

const DEMO_PASSWORD = 'Muster!Demo2026';
const NEW_PASSWORD = 'Harbour-Lights-42';

describe('Identity: sign-up, sign-in, sessions, CSRF, codes, passwords', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  const prefix = uniquePrefix();
  let unique = 0;
  const email = (tag: string) => `${tag}-${Date.now()}-${++unique}@example.org`;

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

  const client = () => new TestClient(server.url!).init();

  async function signUp(address: string, organizationName = 'Pier 9 Logistics'): Promise<void> {
    const c = await client();
    const res = await c.post('/api/auth/register', {
      organizationName,
      email: address,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(201);
  }

  async function signedIn(address: string, password = NEW_PASSWORD): Promise<TestClient> {
    const c = await client();
    const res = await c.post('/api/auth/login', { email: address, password });
    expect(res.status).toBe(200);
    return c;
  }

  describe('session and CSRF', () => {
    it('answers /me with 401 when signed out, and sets the readable CSRF cookie on the first answer', async () => {
      const c = new TestClient(server.url!);
      const res = await c.get('/api/auth/me');
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({ code: 'UNAUTHENTICATED' });
      const setCookie = res.headers.getSetCookie().find((l) => l.startsWith(`${COOKIES.csrf}=`))!;
      expect(setCookie).toBeDefined();
      expect(setCookie).not.toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
    });

    it('answers /me alike from the Nest route and from the kept session (fast path): body, status and headers', async () => {
      const c = await client();
      expect((await c.post('/api/auth/login', { email: 'manager@harborpoint.example', password: DEMO_PASSWORD })).status).toBe(200);
      // The sign-in wrote the session, so the first read goes to Redis through the Nest route and
      // keeps the session; the reads after it are answered from the kept session.
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await c.get('/api/auth/me'));
      const shapes = await Promise.all(
        answers.map(async (res) => ({
          status: res.status,
          body: await json(res),
          headers: [...res.headers.keys()].filter((name) => !['date', 'x-request-id'].includes(name)).sort(),
          contentType: res.headers.get('content-type'),
          requestId: res.headers.get('x-request-id'),
        })),
      );
      expect(shapes[0]).toMatchObject({ status: 200, body: { authenticated: true, role: 'MANAGER' } });
      for (const shape of shapes.slice(1)) {
        expect(shape.status).toBe(shapes[0]!.status);
        expect(shape.body).toEqual(shapes[0]!.body);
        expect(shape.headers).toEqual(shapes[0]!.headers);
        expect(shape.contentType).toBe(shapes[0]!.contentType);
        expect(shape.requestId).toMatch(/\S/);
      }
      expect(new Set(shapes.map((s) => s.requestId)).size).toBe(3);
    });

    it('refuses a mutating request without the CSRF header, with a wrong one, or from a foreign Origin', async () => {
      const c = await client();
      const body = { email: 'admin@harborpoint.example', password: DEMO_PASSWORD };
      for (const res of [
        await c.post('/api/auth/login', body, { csrf: false }),
        await c.post('/api/auth/login', body, { csrf: false, headers: { [CSRF_HEADER]: 'x'.repeat(43) } }),
        await c.post('/api/auth/login', body, { headers: { origin: 'https://evil.example' } }),
      ]) {
        expect(res.status).toBe(403);
        expect(await json(res)).toMatchObject({ code: 'CSRF_FAILED' });
      }
      expect(c.sessionId).toBeUndefined();
    });

    it('signs in with normalised email, rotates the session id at each sign-in, and the old cookie answers 401 after logout', async () => {
      const c = await client();
      const first = await c.post('/api/auth/login', { email: '  Admin@HarborPoint.EXAMPLE ', password: DEMO_PASSWORD });
      expect(first.status).toBe(200);
      expect(await json(first)).toMatchObject({
        authenticated: true,
        role: 'ADMIN',
        org: { name: 'Harbor Point Port Authority' },
        user: { email: 'admin@harborpoint.example', firstName: 'Amelia' },
      });
      const cookie = first.headers.getSetCookie().find((l) => l.startsWith(`${COOKIES.session}=`))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const firstId = c.sessionId!;
      expect(firstId).toMatch(/^[A-Za-z0-9_-]{43}$/);

      expect((await c.post('/api/auth/login', { email: 'admin@harborpoint.example', password: DEMO_PASSWORD })).status).toBe(200);
      const secondId = c.sessionId!;
      expect(secondId).not.toBe(firstId);
      // The previous id was destroyed on the server, not just replaced in the browser.
      const stale = new TestClient(server.url!);
      stale.cookies.set(COOKIES.session, firstId);
      expect((await stale.get('/api/auth/me')).status).toBe(401);

      expect((await c.get('/api/auth/me')).status).toBe(200);
      const logout = await c.post('/api/auth/logout');
      expect(logout.status).toBe(200);
      const replay = new TestClient(server.url!);
      replay.cookies.set(COOKIES.session, secondId);
      expect((await replay.get('/api/auth/me')).status).toBe(401);
      expect((await c.get('/api/auth/me')).status).toBe(401);
    });

    it('answers every sign-in failure with the same message, and validates the body with field messages', async () => {
      const c = await client();
      for (const body of [
        { email: 'admin@harborpoint.example', password: 'wrong-password' },
        { email: 'nobody@nowhere.example', password: 'whatever-it-is' },
      ]) {
        const res = await c.post('/api/auth/login', body);
        expect(res.status).toBe(401);
        expect(await json(res)).toMatchObject({ code: 'INVALID_CREDENTIALS', reason: 'auth.invalidCredentials' });
      }
      const bad = await c.post('/api/auth/login', { email: 'not-an-email', password: '' });
      expect(bad.status).toBe(400);
      expect((await json(bad)).fields).toEqual({ email: 'Enter a valid email address', password: 'Required' });
      const long = await c.post('/api/auth/login', { email: `${'a'.repeat(260)}@x.example`, password: 'x' });
      expect(long.status).toBe(400);
      expect((await json(long)).fields.email).toBe('Must be at most 254 characters');
    });

    it('refuses suspended and frozen accounts with the same message and audits the reason', async () => {
      const address = email('suspended');
      await signUp(address);
      await sql(db.url, `UPDATE users SET status = 'suspended' WHERE email = $1`, [address]);
      const res = await (await client()).post('/api/auth/login', { email: address, password: NEW_PASSWORD });
      expect(res.status).toBe(401);
      expect((await json(res)).reason).toBe('auth.invalidCredentials');
      const rows = await sql(
        db.url,
        `SELECT reason FROM audit_events WHERE action = 'auth.login' AND actor_email = $1 ORDER BY created_at DESC LIMIT 1`,
        [address],
      );
      expect(rows[0]).toEqual({ reason: 'account_suspended' });
    });
  });

  describe('registration', () => {
    it('creates the organisation with the user as ADMIN but no session: the user signs in next', async () => {
      const address = email('founder');
      const c = await client();
      const res = await c.post('/api/auth/register', {
        organizationName: '  Northgate Terminal ',
        email: address.toUpperCase(),
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(201);
      expect(await json(res)).toEqual({ ok: true });
      expect(c.sessionId).toBeUndefined();
      expect((await c.get('/api/auth/me')).status).toBe(401);
      const me = await (await signedIn(address)).get('/api/auth/me');
      expect(await json(me)).toMatchObject({ role: 'ADMIN', org: { name: 'Northgate Terminal' }, user: { email: address } });
    });

    it('validates with field messages', async () => {
      const res = await (
        await client()
      ).post('/api/auth/register', { organizationName: '', email: 'x', password: 'short', confirmPassword: 'other' });
      expect(res.status).toBe(400);
      expect((await json(res)).fields).toEqual({
        organizationName: 'Required',
        email: 'Enter a valid email address',
        password: `Password must be at least ${AUTH_LIMITS.passwordMinLength} characters`,
        confirmPassword: 'Passwords do not match',
      });
      const mismatch = await (
        await client()
      ).post('/api/auth/register', {
        organizationName: 'Dock 4',
        email: email('m'),
        password: NEW_PASSWORD,
        confirmPassword: `${NEW_PASSWORD}!`,
      });
      expect((await json(mismatch)).fields).toEqual({ confirmPassword: 'Passwords do not match' });
    });

    it('answers the same for an email in use, creates nothing, and tells the owner by email', async () => {
      const address = email('taken');
      await signUp(address, 'First Org');
      const since = Date.now();
      const res = await (
        await client()
      ).post('/api/auth/register', {
        organizationName: 'Second Org',
        email: address,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(201);
      expect(await sql(db.url, `SELECT 1 FROM organizations WHERE name = 'Second Org'`)).toHaveLength(0);
      const message = await mail.waitFor(address, /tried to create a Muster account/, since);
      expect(message.text).toContain('Second Org');
    });
  });

  describe('lockout and rate limits', () => {
    it(`locks an account after ${AUTH_LIMITS.lockoutFailures} failures for ${AUTH_LIMITS.lockoutSeconds / 60} minutes with 429 and Retry-After, and audits it`, async () => {
      const address = email('locked');
      await signUp(address);
      const c = await client();
      for (let i = 0; i < AUTH_LIMITS.lockoutFailures; i++) {
        expect((await c.post('/api/auth/login', { email: address, password: 'wrong-password' })).status).toBe(401);
      }
      const locked = await c.post('/api/auth/login', { email: address, password: NEW_PASSWORD });
      expect(locked.status).toBe(429);
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(AUTH_LIMITS.lockoutSeconds - 60);
      expect(retryAfter).toBeLessThanOrEqual(AUTH_LIMITS.lockoutSeconds);
      expect(await json(locked)).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      const audit = await sql(db.url, `SELECT action, outcome FROM audit_events WHERE actor_email = $1 AND action = 'auth.lockout'`, [
        address,
      ]);
      expect(audit).toEqual([{ action: 'auth.lockout', outcome: 'success' }]);
    });
  });

  describe('magic code', () => {
    async function requestCode(c: TestClient, address: string): Promise<string> {
      const since = Date.now();
      const res = await c.post('/api/auth/request-magic', { email: address });
      expect(res.status).toBe(200);
      return codeIn((await mail.waitFor(address, /sign-in code/, since)).text);
    }

    it('signs in with the emailed code, once', async () => {
      const c = await client();
      const code = await requestCode(c, 'manager@harborpoint.example');
      const res = await c.post('/api/auth/verify-magic', { email: 'manager@harborpoint.example', code });
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({ role: 'MANAGER' });
      expect((await c.get('/api/auth/me')).status).toBe(200);
      const again = await (await client()).post('/api/auth/verify-magic', { email: 'manager@harborpoint.example', code });
      expect(again.status).toBe(401);
      const reuse = await c.post('/api/auth/verify-magic', { email: 'manager@harborpoint.example', code });
      expect(reuse.status).toBe(401);
      expect(await json(reuse)).toMatchObject({ code: 'INVALID_MAGIC_CODE', reason: 'auth.invalidMagic' });
    });

    it('answers 200 for an unknown email and sends nothing', async () => {
      const res = await (await client()).post('/api/auth/request-magic', { email: 'ghost@nowhere.example' });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ ok: true });
      expect((await mail.list()).some((m) => m.to === 'ghost@nowhere.example')).toBe(false);
    });

    it('refuses the code from another browser', async () => {
      const asker = await client();
      const code = await requestCode(asker, 'accountant@harborpoint.example');
      const other = await client();
      const res = await other.post('/api/auth/verify-magic', { email: 'accountant@harborpoint.example', code });
      expect(res.status).toBe(401);
      expect((await json(res)).reason).toBe('auth.invalidMagic');
      expect(other.sessionId).toBeUndefined();
    });

    it(`spends the code after ${AUTH_LIMITS.magicCodeMaxTries} wrong tries`, async () => {
      const c = await client();
      const code = await requestCode(c, 'user@harborpoint.example');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < AUTH_LIMITS.magicCodeMaxTries; i++) {
        expect((await c.post('/api/auth/verify-magic', { email: 'user@harborpoint.example', code: wrong })).status).toBe(401);
      }
      expect((await c.post('/api/auth/verify-magic', { email: 'user@harborpoint.example', code })).status).toBe(401);
    });

    it('refuses an expired code', async () => {
      const c = await client();
      const code = await requestCode(c, 'auditor@harborpoint.example');
      // Let the 10 minutes pass: the code's key reaches its expiry (a moment already past, so it is
      // gone at once rather than a millisecond later, which the next request could beat).
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:magic:login:*`);
      await Promise.all(keys.map((k) => redis.pexpireat(k, Date.now() - 1_000)));
      redis.disconnect();
      const res = await c.post('/api/auth/verify-magic', { email: 'auditor@harborpoint.example', code });
      expect(res.status).toBe(401);
      expect((await json(res)).reason).toBe('auth.invalidMagic');
    });

    it('validates the code format', async () => {
      const res = await (await client()).post('/api/auth/verify-magic', { email: 'user@harborpoint.example', code: '12ab' });
      expect(res.status).toBe(400);
      expect((await json(res)).fields).toEqual({ code: 'Enter the 6-digit code' });
    });
  });

  describe('verify-password (session unlock)', () => {
    it('answers success true or false for the signed-in user, and 401 when signed out', async () => {
      const c = await signedIn('sysops@muster.example', DEMO_PASSWORD);
      expect(await json(await c.post('/api/auth/verify-password', { password: DEMO_PASSWORD }))).toEqual({ success: true });
      expect(await json(await c.post('/api/auth/verify-password', { password: 'not-it' }))).toEqual({ success: false });
      const empty = await c.post('/api/auth/verify-password', { password: '' });
      expect(empty.status).toBe(400);
      expect((await json(empty)).fields).toEqual({ password: 'Password is required' });
      expect((await (await client()).post('/api/auth/verify-password', { password: 'x' })).status).toBe(401);
      const audit = await sql(db.url, `SELECT reason FROM audit_events WHERE action = 'auth.verify_password' AND outcome = 'failure'`);
      expect(audit).toContainEqual({ reason: 'bad_password' });
    });

    it('answers an error naming password authentication when the organisation requires SSO', async () => {
      const address = email('sso');
      await signUp(address, 'SSO Shipping');
      const c = await signedIn(address);
      await sql(db.url, `UPDATE organizations SET sso_required = true WHERE name = 'SSO Shipping'`);
      const res = await c.post('/api/auth/verify-password', { password: NEW_PASSWORD });
      expect(res.status).toBe(403);
      const body = await json(res);
      expect(body.code).toBe('SSO_REQUIRED');
      expect(body.message).toContain('password authentication');
    });
  });

  describe('password reset and change', () => {
    it('resets with a single-use link, ends every session of the user, and the new password works', async () => {
      const address = email('reset');
      await signUp(address);
      const elsewhere = await signedIn(address);
      const since = Date.now();
      expect((await (await client()).post('/api/auth/forgot-password', { email: address })).status).toBe(200);
      const token = resetTokenIn((await mail.waitFor(address, /Reset your Muster password/, since)).text);

      const c = await client();
      const res = await c.post('/api/auth/reset-password', {
        token,
        password: 'Brand-New-Password-1',
        confirmPassword: 'Brand-New-Password-1',
      });
      expect(res.status).toBe(200);
      expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
      const reused = await c.post('/api/auth/reset-password', {
        token,
        password: 'Another-Password-2',
        confirmPassword: 'Another-Password-2',
      });
      expect(reused.status).toBe(410);
      expect((await json(reused)).reason).toBe('auth.invalidResetLink');
      expect((await (await client()).post('/api/auth/login', { email: address, password: NEW_PASSWORD })).status).toBe(401);
      await signedIn(address, 'Brand-New-Password-1');
    });

    it('answers forgot-password with 200 for an unknown email', async () => {
      expect((await (await client()).post('/api/auth/forgot-password', { email: 'ghost@nowhere.example' })).status).toBe(200);
    });

    it('changes the password after checking the current one, ending the other sessions only', async () => {
      const address = email('change');
      await signUp(address);
      const other = await signedIn(address);
      const c = await signedIn(address);
      const wrong = await c.post('/api/auth/change-password', {
        currentPassword: 'nope',
        password: 'Changed-Password-9',
        confirmPassword: 'Changed-Password-9',
      });
      expect(wrong.status).toBe(400);
      expect((await json(wrong)).fields).toEqual({ currentPassword: 'Your current password is incorrect' });
      const ok = await c.post('/api/auth/change-password', {
        currentPassword: NEW_PASSWORD,
        password: 'Changed-Password-9',
        confirmPassword: 'Changed-Password-9',
      });
      expect(ok.status).toBe(200);
      expect((await c.get('/api/auth/me')).status).toBe(200);
      expect((await other.get('/api/auth/me')).status).toBe(401);
    });

    it('updates the profile and validates it', async () => {
      const address = email('profile');
      await signUp(address);
      const c = await signedIn(address);
      const res = await c.request('PATCH', '/api/auth/profile', { firstName: ' Ada ', lastName: 'Quay', autoLogoutMinutes: null });
      expect(res.status).toBe(200);
      expect((await json(res)).user).toMatchObject({ firstName: 'Ada', lastName: 'Quay', autoLogoutMinutes: null });
      const bad = await c.request('PATCH', '/api/auth/profile', { autoLogoutMinutes: 0, username: 'a b' });
      expect(bad.status).toBe(400);
      expect((await json(bad)).fields).toEqual({
        autoLogoutMinutes: 'Must be at least 1 minute',
        username: 'Use letters, digits, ".", "_" and "-" only',
      });
      const taken = await c.request('PATCH', '/api/auth/profile', { username: 'admin' });
      expect(taken.status).toBe(409);
    });

    it('answers /me from the session, and a profile change reaches every session of the user', async () => {
      const address = email('me-session');
      await signUp(address);
      const laptop = await signedIn(address);
      const phone = await signedIn(address);
      expect((await json(await phone.get('/api/auth/me'))).user).toMatchObject({ email: address, firstName: null });

      // A change written behind the server's back is not read: /me does not ask the database.
      await sql(db.url, 'UPDATE users SET first_name = $1 WHERE email = $2', ['Behind', address]);
      expect((await json(await laptop.get('/api/auth/me'))).user.firstName).toBeNull();

      // A change through the product is in every session at once, the other device's included.
      const res = await laptop.request('PATCH', '/api/auth/profile', { firstName: 'Ada', lastName: 'Quay' });
      expect(res.status).toBe(200);
      for (const c of [laptop, phone]) {
        expect((await json(await c.get('/api/auth/me'))).user).toMatchObject({ firstName: 'Ada', lastName: 'Quay', email: address });
      }
    });
  });
});

describe('Identity: per-address rate limit', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  const prefix = uniquePrefix();

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '3' } });
  });

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('answers 429 with Retry-After once an address used up its sign-in attempts', async () => {
    const c = await new TestClient(server.url!).init();
    for (let i = 0; i < 3; i++)
      expect((await c.post('/api/auth/login', { email: `x${i}@example.org`, password: 'whatever-1' })).status).toBe(401);
    const limited = await c.post('/api/auth/login', { email: 'admin@harborpoint.example', password: DEMO_PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
