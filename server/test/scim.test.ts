import type { ScimOverview, ScimRequestList, ScimTokenReveal, SessionInfo } from '@muster/contracts';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, type ChatSocket } from './support/chat.js';
import type { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json, type Loose } from './support/http.js';

const RATE = 80;
const SCIM_ENV = { AUTH_ATTEMPTS_PER_IP: '10000', SCIM_REQUESTS_PER_MINUTE: String(RATE) };
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** A SCIM client as an identity provider is: a bearer token, `application/scim+json`. */
class Scim {
  constructor(
    private readonly base: string,
    readonly token: string,
  ) {}

  async call(method: string, path: string, body?: unknown, raw?: string): Promise<{ status: number; body: Loose; headers: Headers }> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, accept: 'application/scim+json' };
    const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined) headers['content-type'] = 'application/scim+json';
    const res = await fetch(`${this.base}/api/scim/v2${path}`, { method, headers, body: payload });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  }

  get(path: string) {
    return this.call('GET', path);
  }
  post(path: string, body: unknown) {
    return this.call('POST', path, body);
  }
  put(path: string, body: unknown) {
    return this.call('PUT', path, body);
  }
  patch(path: string, operations: unknown[]) {
    return this.call('PATCH', path, { schemas: [PATCH_SCHEMA], Operations: operations });
  }
  delete(path: string) {
    return this.call('DELETE', path);
  }
}

function oktaUser(userName: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const [given = 'Test', family = 'User'] = userName.split('@')[0]!.split('.');
  return {
    schemas: [USER_SCHEMA],
    userName,
    name: { givenName: given, familyName: family },
    emails: [{ primary: true, value: userName, type: 'work' }],
    displayName: `${given} ${family}`,
    locale: 'en-US',
    externalId: `00u${userName.length}okta`,
    groups: [],
    password: 'never-kept-1!',
    active: true,
    ...extra,
  };
}

function expectScimError(res: { status: number; body: Loose; headers: Headers }, status: number, scimType?: string): void {
  expect({ status: res.status, schemas: res.body?.schemas, errStatus: res.body?.status, scimType: res.body?.scimType }).toEqual({
    status,
    schemas: [ERROR_SCHEMA],
    errStatus: String(status),
    scimType,
  });
  expect(typeof res.body.detail).toBe('string');
  expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
}

describe('SCIM 2.0 provisioning', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, env: SCIM_ENV });
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  /** A new organisation's admin and a SCIM token of theirs. */
  async function organisation(): Promise<{ admin: TestClient; me: SessionInfo; scim: Scim; reveal: ScimTokenReveal }> {
    const admin = await signUpElsewhere(api.url!);
    const me = await json<SessionInfo>(await admin.get('/api/auth/me'), 200);
    const reveal = await json<ScimTokenReveal>(await admin.post('/api/admin/scim/tokens', { name: 'Okta production' }), 201);
    return { admin, me, scim: new Scim(api.url!, reveal.secret), reveal };
  }

  it('describes itself, answers SCIM JSON, and refuses a missing, wrong or revoked token with a SCIM 401', async () => {
    const { admin, scim, reveal } = await organisation();
    expect(reveal.secret).toMatch(/^mscim_[A-Za-z0-9_-]{43}$/);
    expect(reveal.token).toMatchObject({ name: 'Okta production', prefix: reveal.secret.slice(0, 12), lastUsedAt: null, revokedAt: null });

    const config = await scim.get('/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
    const types = await scim.get('/ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    expect(types.body.Resources[0].schemaExtensions).toEqual([{ schema: ENTERPRISE, required: false }]);
    const schemas = await scim.get('/Schemas');
    expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toEqual([USER_SCHEMA, ENTERPRISE, GROUP_SCHEMA]);
    expect((await scim.get(`/Schemas/${ENTERPRISE}`)).body.attributes.map((a: { name: string }) => a.name)).toContain('department');

    expectScimError(await new Scim(api.url!, 'mscim_wrong').get('/Users'), 401);
    const none = await fetch(`${api.url!}/api/scim/v2/Users`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="SCIM"');
    expect(await none.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '401' });
    expectScimError(await scim.get('/Nowhere'), 404);
    expectScimError(await scim.call('POST', '/Nowhere/at/all', {}), 404);

    // The token's last use is shown; revoked, it stops at once.
    const overview = await json<ScimOverview>(await admin.get('/api/admin/scim'), 200);
    expect(overview.endpoint).toMatch(/\/api\/scim\/v2$/);
    expect(overview.tokens[0]!.lastUsedAt).not.toBeNull();
    expect((await admin.delete(`/api/admin/scim/tokens/${reveal.token.id}`)).status).toBe(204);
    expectScimError(await scim.get('/Users'), 401);
    expect((await admin.delete(`/api/admin/scim/tokens/${reveal.token.id}`)).status).toBe(404);
  });

  it("runs Okta's and Entra's user tests: create, get, filter, 404, 409, patch in both dialects, deactivate, reactivate, replace, delete", async () => {
    const { admin, me, scim, reveal } = await organisation();
    const userName = `Ada.Lovelace-${Date.now()}@harbor.example`;

    const created = await scim.post('/Users', {
      ...oktaUser(userName),
      [ENTERPRISE]: { employeeNumber: '701', department: 'Pilotage', manager: { value: 'boss' } },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.headers.get('location')).toBe(`${created.body.meta.location}`);
    expect(created.headers.get('etag')).toBe('W/"1"');
    expect(created.body).toMatchObject({
      schemas: [USER_SCHEMA, ENTERPRISE],
      userName,
      active: true,
      name: { givenName: 'Ada', familyName: expect.stringMatching(/^Lovelace/) },
      emails: [{ value: userName, type: 'work', primary: true }],
      [ENTERPRISE]: { department: 'Pilotage', employeeNumber: '701' },
      meta: { resourceType: 'User', version: 'W/"1"' },
    });
    expect(created.body.password).toBeUndefined();
    const [member] = await sql<{ role: string; status: string; email: string; password_hash: string | null }>(
      db.url,
      `SELECT m.role, m.status, u.email, u.password_hash FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.org_id = $1 AND u.email = $2`,
      [me.org!.id, userName.toLowerCase()],
    );
    expect(member).toEqual({ role: 'USER', status: 'active', email: userName.toLowerCase(), password_hash: null });

    expect((await scim.get(`/Users/${id}`)).body).toMatchObject({ id, userName });
    // userName matches without regard to case; an unknown value is 200 with nothing.
    const found = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, startIndex: 1 });
    expect(found.body.Resources[0].id).toBe(id);
    const none = await scim.get(`/Users?filter=${encodeURIComponent('userName eq "nobody-at-all@harbor.example"')}`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
    expect((await scim.get(`/Users?filter=${encodeURIComponent('emails[type eq "work"].value co "lovelace"')}`)).body.totalResults).toBe(1);
    expect((await scim.get(`/Users?filter=${encodeURIComponent(`${ENTERPRISE}:department eq "Pilotage"`)}`)).body.totalResults).toBe(1);
    expect(
      (await scim.get(`/Users?filter=${encodeURIComponent(`(userName sw "ada" and active eq true) or displayName pr`)}`)).body.totalResults,
    ).toBe(1);
    expectScimError(await scim.get('/Users/00000000-0000-4000-8000-000000000000'), 404);
    expectScimError(await scim.get('/Users/not-a-uuid'), 404);
    expectScimError(await scim.post('/Users', oktaUser(userName.toLowerCase())), 409, 'uniqueness');

    // Okta: replace with a path; Entra: "Replace", no path, dotted names, emails[type eq "work"].value.
    const okta = await scim.patch(`/Users/${id}`, [{ op: 'replace', path: 'name.givenName', value: 'Augusta' }]);
    expect(okta.status).toBe(200);
    expect(okta.body.name.givenName).toBe('Augusta');
    const entra = await scim.call('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: userName },
        { op: 'Replace', value: { 'name.familyName': 'King', title: 'Harbour pilot' } },
        { op: 'Add', path: `${ENTERPRISE}:costCenter`, value: 'CC-12' },
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: 'okta-manager-7' },
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+1 555 0100' },
        { op: 'Remove', path: 'displayName' },
      ],
    });
    expect(entra.status).toBe(200);
    expect(entra.body).toMatchObject({
      name: { givenName: 'Augusta', familyName: 'King' },
      title: 'Harbour pilot',
      phoneNumbers: [{ type: 'mobile', value: '+1 555 0100' }],
      [ENTERPRISE]: { costCenter: 'CC-12', manager: { value: 'okta-manager-7' } },
    });
    expect(entra.body.displayName).toBeUndefined();
    expect(entra.body.meta.version).toBe('W/"3"');
    const [names] = await sql(db.url, 'SELECT first_name, last_name FROM users WHERE email = $1', [userName.toLowerCase()]);
    expect(names).toEqual({ first_name: 'Augusta', last_name: 'King' });

    // Entra deactivates with the string "False": the membership is deactivated, the user still answers.
    const off = await scim.call('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await scim.get(`/Users/${id}`)).body.active).toBe(false);
    expect((await scim.get(`/Users?filter=${encodeURIComponent('active eq False')}`)).body.totalResults).toBe(1);
    const [status] = await sql(db.url, 'SELECT m.status FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1', [
      userName.toLowerCase(),
    ]);
    expect(status).toEqual({ status: 'deactivated' });
    const on = await scim.call('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', value: { active: 'True' } }],
    });
    expect(on.body.active).toBe(true);

    // Okta's PUT: the whole resource.
    const put = await scim.put(`/Users/${id}`, { ...oktaUser(userName), name: { givenName: 'Ada', familyName: 'Byron' }, active: true });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: { givenName: 'Ada', familyName: 'Byron' }, active: true });
    expect(put.body[ENTERPRISE]).toBeUndefined();

    expect((await scim.delete(`/Users/${id}`)).status).toBe(204);
    expectScimError(await scim.get(`/Users/${id}`), 404);
    expectScimError(await scim.delete(`/Users/${id}`), 404);
    expect(
      await sql(db.url, 'SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1', [userName.toLowerCase()]),
    ).toEqual([]);

    // Every change is on the audit chain with the token as actor (and so on the SIEM stream).
    const events = await sql<{ action: string; actor_email: string; actor_user_id: string | null; metadata: Record<string, unknown> }>(
      db.url,
      `SELECT action, actor_email, actor_user_id, metadata FROM audit_events WHERE org_id = $1 AND action LIKE 'scim.%' ORDER BY seq`,
      [me.org!.id],
    );
    expect(events.map((e) => e.action)).toEqual([
      'scim.token.create',
      'scim.user.create',
      'scim.user.patch',
      'scim.user.patch',
      'scim.user.deactivate',
      'scim.user.patch',
      'scim.user.reactivate',
      'scim.user.patch',
      'scim.user.replace',
      'scim.user.delete',
    ]);
    for (const e of events.slice(1)) {
      expect(e).toMatchObject({ actor_email: 'scim-token:Okta production', actor_user_id: null, metadata: { tokenId: reveal.token.id } });
    }

    // The request log and the usage meter.
    const log = await json<ScimRequestList>(await admin.get('/api/admin/scim/requests'), 200);
    expect(log.items.length).toBeGreaterThan(10);
    expect(log.items.some((r) => r.method === 'DELETE' && r.status === 204 && r.outcome === 'success' && r.path === `/Users/${id}`)).toBe(
      true,
    );
    expect(log.items.some((r) => r.status === 409 && r.outcome === 'failure')).toBe(true);
    const [usage] = await sql<{ amount: string }>(
      db.url,
      `SELECT amount FROM usage_records WHERE org_id = $1 AND resource_type = 'scim_calls'`,
      [me.org!.id],
    );
    expect(Number(usage!.amount)).toBeGreaterThanOrEqual(20);
  });

  it('pages with startIndex and count, and links a member invited by hand instead of duplicating them', async () => {
    const { admin, me, scim } = await organisation();
    const stamp = Date.now();
    for (let i = 1; i <= 7; i++) expect((await scim.post('/Users', oktaUser(`crew.member${i}-${stamp}@harbor.example`))).status).toBe(201);
    const first = await scim.get('/Users?startIndex=1&count=5');
    expect(first.body).toMatchObject({ totalResults: 7, startIndex: 1, itemsPerPage: 5 });
    const second = await scim.get('/Users?startIndex=6&count=5');
    expect(second.body).toMatchObject({ totalResults: 7, startIndex: 6, itemsPerPage: 2 });
    expect(new Set([...first.body.Resources, ...second.body.Resources].map((r: { id: string }) => r.id)).size).toBe(7);
    expect((await scim.get('/Users?count=0')).body).toMatchObject({ totalResults: 7, itemsPerPage: 0, Resources: [] });
    expect((await scim.get('/Users?startIndex=-4&count=2')).body).toMatchObject({ startIndex: 1, itemsPerPage: 2 });

    // A member of this organisation (the admin) is linked, not created again: a second create is 409.
    const linked = await scim.post('/Users', oktaUser(me.user.email.toUpperCase()));
    expect(linked.status).toBe(201);
    const [users] = await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM users WHERE email = $1', [me.user.email]);
    expect(users!.n).toBe('1');
    expectScimError(await scim.post('/Users', oktaUser(me.user.email)), 409, 'uniqueness');
    // …and, as the organisation's last admin, cannot be deactivated or deleted.
    expectScimError(await scim.patch(`/Users/${linked.body.id}`, [{ op: 'replace', path: 'active', value: false }]), 400);
    expectScimError(await scim.delete(`/Users/${linked.body.id}`), 400);
    expect((await admin.get('/api/auth/me')).status).toBe(200);

    // A member of ANOTHER organisation is not taken over.
    const other = await organisation();
    expectScimError(await scim.post('/Users', oktaUser(other.me.user.email)), 409, 'uniqueness');
    // A user without any address is refused with a reason.
    expectScimError(await scim.post('/Users', { schemas: [USER_SCHEMA], userName: 'no-address' }), 400, 'invalidValue');
  });

  it('provisions groups, adds and removes members in one patch (Entra and Okta forms), and maps a group to a role', async () => {
    const { admin, scim } = await organisation();
    const stamp = Date.now();
    const ids: string[] = [];
    for (const n of ['ann', 'ben', 'cy'])
      ids.push((await scim.post('/Users', oktaUser(`${n}.crew-${stamp}@harbor.example`))).body.id as string);
    const [ann, ben, cy] = ids as [string, string, string];

    const group = await scim.post('/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Harbour Masters',
      members: [{ value: ann }, { value: ben }],
    });
    expect(group.status).toBe(201);
    expect(group.body.members.map((m: { value: string }) => m.value).sort()).toEqual([ann, ben].sort());
    expectScimError(await scim.post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'harbour masters' }), 409, 'uniqueness');
    const gid = group.body.id as string;
    expect((await scim.get(`/Groups?filter=${encodeURIComponent('displayName eq "HARBOUR MASTERS"')}`)).body.totalResults).toBe(1);
    expect((await scim.get(`/Groups?filter=${encodeURIComponent('displayName eq "Nobody"')}`)).body.totalResults).toBe(0);
    expect((await scim.get(`/Users/${ann}`)).body.groups).toEqual([expect.objectContaining({ value: gid, display: 'Harbour Masters' })]);

    // The admin maps the group to MANAGER: its members become managers.
    const mapped = await admin.request('PUT', `/api/admin/scim/groups/${gid}/role`, { role: 'MANAGER' });
    expect(mapped.status).toBe(200);
    const roleOf = async (scimId: string): Promise<string> =>
      (
        await sql<{ role: string }>(db.url, 'SELECT m.role FROM scim_users s JOIN memberships m ON m.user_id = s.user_id WHERE s.id = $1', [
          scimId,
        ])
      )[0]!.role;
    expect(await roleOf(ann)).toBe('MANAGER');
    expect(await roleOf(cy)).toBe('USER');

    // Entra: remove by a value array and add, in one patch.
    const entra = await scim.call('PATCH', `/Groups/${gid}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        { op: 'Remove', path: 'members', value: [{ value: ann }] },
        { op: 'Add', path: 'members', value: [{ value: cy }] },
      ],
    });
    expect(entra.status).toBe(200);
    expect(entra.body.members.map((m: { value: string }) => m.value).sort()).toEqual([ben, cy].sort());
    expect(await roleOf(cy)).toBe('MANAGER');
    // Okta: remove with a filter path, rename.
    const okta = await scim.patch(`/Groups/${gid}`, [
      { op: 'remove', path: `members[value eq "${ben}"]` },
      { op: 'replace', value: { id: gid, displayName: 'Harbour Masters (Day)' } },
    ]);
    expect(okta.status).toBe(200);
    expect(okta.body).toMatchObject({ displayName: 'Harbour Masters (Day)', members: [expect.objectContaining({ value: cy })] });
    expectScimError(
      await scim.patch(`/Groups/${gid}`, [{ op: 'add', path: 'members', value: [{ value: '00000000-0000-4000-8000-000000000000' }] }]),
      400,
      'invalidValue',
    );
    const list = await scim.get('/Groups?excludedAttributes=members');
    expect(list.body.Resources[0].members).toBeUndefined();
    const single = await scim.get(`/Groups/${gid}?excludedAttributes=members`);
    expect(single.body).toMatchObject({ id: gid, displayName: 'Harbour Masters (Day)' });
    expect(single.body.members).toBeUndefined();

    // Okta's PUT of a group replaces its members.
    const put = await scim.put(`/Groups/${gid}`, { schemas: [GROUP_SCHEMA], displayName: 'Harbour Masters', members: [{ value: ann }] });
    expect(put.body.members.map((m: { value: string }) => m.value)).toEqual([ann]);

    const overview = await json<ScimOverview>(await admin.get('/api/admin/scim'), 200);
    expect(overview.groups).toEqual([expect.objectContaining({ id: gid, displayName: 'Harbour Masters', members: 1, role: 'MANAGER' })]);
    expect(overview.users).toHaveLength(3);

    expect((await scim.delete(`/Groups/${gid}`)).status).toBe(204);
    expectScimError(await scim.get(`/Groups/${gid}`), 404);
    expect((await scim.get(`/Users/${ann}`)).body.groups).toEqual([]);
  });

  it('deprovisioning ends the sessions and closes a live socket within 1 s; sign-in is refused after', async () => {
    const { admin, me, scim } = await organisation();
    const email = `deck.hand-${Date.now()}@harbor.example`;
    const created = await scim.post('/Users', oktaUser(email));
    expect(created.status).toBe(201);
    // The provisioned user signs in (with the admin's password hash copied: SCIM users have none).
    await sql(db.url, 'UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1) WHERE email = $2', [
      me.user.email,
      email,
    ]);
    const password = 'An0ther-Harbour-Pass!';
    const user = await signIn(api.url!, email, password);
    const socket = await chatSocket(api.url!, user);
    sockets.push(socket);

    const closed = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(Date.now())));
    const started = Date.now();
    const off = await scim.patch(`/Users/${created.body.id}`, [{ op: 'replace', path: 'active', value: false }]);
    expect(off.status).toBe(200);
    expect((await closed) - started).toBeLessThan(1_000);
    expect((await user.get('/api/auth/me')).status).toBe(401);
    const again = await signIn(api.url!, email, password).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Error);

    // Reactivated, the user signs in; deleted, the live socket closes again.
    expect((await scim.patch(`/Users/${created.body.id}`, [{ op: 'replace', path: 'active', value: true }])).body.active).toBe(true);
    const back = await signIn(api.url!, email, password);
    const second = await chatSocket(api.url!, back);
    sockets.push(second);
    const closedAgain = new Promise<number>((resolve) => second.once('disconnect', () => resolve(Date.now())));
    const t0 = Date.now();
    expect((await scim.delete(`/Users/${created.body.id}`)).status).toBe(204);
    expect((await closedAgain) - t0).toBeLessThan(1_000);
    expect((await back.get('/api/auth/me')).status).toBe(401);
    expect((await admin.get('/api/auth/me')).status).toBe(200);
  });

  it('answers bad input with SCIM 400s (never 500): filters, patches, JSON, values, huge bodies', async () => {
    const { scim } = await organisation();
    const id = (await scim.post('/Users', oktaUser(`bosun-${Date.now()}@harbor.example`))).body.id as string;
    for (const filter of [
      'userName eq',
      'userName xx "a"',
      '((userName eq "a")',
      'userName eq "a" and',
      'userName',
      'emails[type eq "work"',
      'and',
    ]) {
      const res = await scim.get(`/Users?filter=${encodeURIComponent(filter)}`);
      expect({ filter, status: res.status, scimType: res.body.scimType }).toEqual({ filter, status: 400, scimType: 'invalidFilter' });
    }
    expectScimError(await scim.get('/Users?filter=a&filter=b'), 400, 'invalidFilter');
    expectScimError(await scim.get('/Users?count=many'), 400, 'invalidValue');
    expectScimError(await scim.call('PATCH', `/Users/${id}`, { schemas: [PATCH_SCHEMA] }), 400, 'invalidSyntax');
    expectScimError(
      await scim.call('PATCH', `/Users/${id}`, { schemas: ['urn:wrong'], Operations: [{ op: 'add', value: {} }] }),
      400,
      'invalidSyntax',
    );
    expectScimError(await scim.patch(`/Users/${id}`, [{ op: 'jump', path: 'title', value: 'x' }]), 400, 'invalidSyntax');
    expectScimError(await scim.patch(`/Users/${id}`, [{ op: 'replace', path: 'title[[[', value: 'x' }]), 400, 'invalidPath');
    expectScimError(await scim.patch(`/Users/${id}`, [{ op: 'remove' }]), 400, 'noTarget');
    expectScimError(await scim.patch(`/Users/${id}`, [{ op: 'replace', path: 'active', value: 'maybe' }]), 400, 'invalidValue');
    expectScimError(await scim.patch(`/Users/${id}`, ['not an operation']), 400, 'invalidSyntax');
    expectScimError(await scim.call('POST', '/Users', undefined, '{"userName": "x",'), 400, 'invalidSyntax');
    expectScimError(await scim.call('POST', '/Users', undefined, '[1,2]'), 400, 'invalidSyntax');
    expectScimError(await scim.post('/Users', { schemas: [USER_SCHEMA], userName: 42 }), 400, 'invalidValue');
    expectScimError(await scim.post('/Users', { schemas: [USER_SCHEMA], emails: 'x@y.z' }), 400, 'invalidValue');
    expectScimError(await scim.post('/Users', oktaUser('nul\u0000byte@harbor.example')), 400);
    expectScimError(await scim.post('/Groups', { schemas: [GROUP_SCHEMA], displayName: '' }), 400, 'invalidValue');
    expectScimError(
      await scim.post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'g', members: [{ value: 'nope' }] }),
      400,
      'invalidValue',
    );
    const huge = await scim.call(
      'POST',
      '/Users',
      undefined,
      JSON.stringify({ ...oktaUser('big@harbor.example'), title: 'x'.repeat(3_000_000) }),
    );
    expectScimError(huge, 413);
  });

  it('keeps organisations apart, and limits each token with a SCIM 429 and Retry-After', async () => {
    const a = await organisation();
    const b = await organisation();
    const id = (await a.scim.post('/Users', oktaUser(`pilot-${Date.now()}@harbor.example`))).body.id as string;
    expect((await b.scim.get('/Users')).body.totalResults).toBe(0);
    expectScimError(await b.scim.get(`/Users/${id}`), 404);
    expectScimError(await b.scim.patch(`/Users/${id}`, [{ op: 'replace', path: 'active', value: false }]), 404);
    expectScimError(await b.scim.delete(`/Users/${id}`), 404);
    expect((await a.scim.get(`/Users/${id}`)).body.active).toBe(true);
    expect((await b.admin.get('/api/admin/scim')).status).toBe(200);
    expect((await json<ScimOverview>(await b.admin.get('/api/admin/scim'), 200)).users).toEqual([]);

    const fresh = await json<ScimTokenReveal>(await b.admin.post('/api/admin/scim/tokens', { name: 'Busy' }), 201);
    const busy = new Scim(api.url!, fresh.secret);
    const statuses: number[] = [];
    for (let i = 0; i < RATE; i++) statuses.push((await busy.get('/ServiceProviderConfig')).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const limited = await busy.get('/Users');
    expectScimError(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token of the same organisation has its own budget.
    const other = await json<ScimTokenReveal>(await b.admin.post('/api/admin/scim/tokens', { name: 'Entra' }), 201);
    expect((await new Scim(api.url!, other.secret).get('/Users')).status).toBe(200);
    // The admin API validates like every other: a token needs a name.
    expect((await a.admin.post('/api/admin/scim/tokens', { name: ' ' })).status).toBe(400);
    // A signed-in member who is not an admin cannot reach the SCIM page's API.
    const email = `plain.member-${Date.now()}@harbor.example`;
    expect((await a.scim.post('/Users', oktaUser(email))).status).toBe(201);
    await sql(db.url, 'UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1) WHERE email = $2', [
      a.me.user.email,
      email,
    ]);
    const plain = await signIn(api.url!, email, 'An0ther-Harbour-Pass!');
    expect((await plain.get('/api/admin/scim')).status).toBe(403);
    expect((await plain.post('/api/admin/scim/tokens', { name: 'Mine' })).status).toBe(403);
  });

  it("stays within the plan's seats: a create or a reactivation beyond them is a SCIM 403 that says so", async () => {
    const { me, scim } = await organisation();
    const [seats] = await sql<{ used: string }>(
      db.url,
      `SELECT count(*) AS used FROM memberships WHERE org_id = $1 AND status = 'active'`,
      [me.org!.id],
    );
    const limit = 15; // Basic
    const stamp = Date.now();
    for (let i = Number(seats!.used); i < limit; i++) {
      expect((await scim.post('/Users', oktaUser(`seat${i}-${stamp}@harbor.example`))).status).toBe(201);
    }
    const full = await scim.post('/Users', oktaUser(`one.too.many-${stamp}@harbor.example`));
    expectScimError(full, 403);
    expect(full.body.detail).toContain('15 seats');
    // A deactivated user takes no seat; reactivating one needs a seat.
    const parked = await scim.post('/Users', oktaUser(`parked-${stamp}@harbor.example`, { active: false }));
    expect(parked.status).toBe(201);
    expect(parked.body.active).toBe(false);
    expectScimError(await scim.patch(`/Users/${parked.body.id}`, [{ op: 'replace', path: 'active', value: true }]), 403);
  });

  it('logged no server error and no lost request-log line during the whole file', () => {
    const bad = api.logs.filter((l) => Number(l.level) >= 40).map((l) => l.msg);
    expect(bad).toEqual([]);
  });
});
