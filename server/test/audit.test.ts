import type { ChainVerification, CustomerTimeline, SessionInfo, ThreatsOverview, TimelinePage } from '@muster/contracts';
import { DEMO_PASSWORD, signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';

async function meOf(client: TestClient): Promise<SessionInfo> {
  return json<SessionInfo>(await client.get('/api/auth/me'), 200);
}

/** A failed sign-in with a wrong password, from the address `ip` (the server trusts X-Forwarded-For here). */
async function failSignIn(baseUrl: string, email: string, ip: string): Promise<void> {
  const c = await new TestClient(baseUrl).init();
  const res = await c.post('/api/auth/login', { email, password: 'Not-The-Password-1!' }, { headers: { 'x-forwarded-for': ip } });
  expect(res.status).toBe(401);
}

async function signInFrom(baseUrl: string, email: string, ip: string, password = DEMO_PASSWORD): Promise<TestClient> {
  const c = await new TestClient(baseUrl).init();
  expect((await c.post('/api/auth/login', { email, password }, { headers: { 'x-forwarded-for': ip } })).status).toBe(200);
  return c;
}

/**
 * The audit trail against real PostgreSQL: every event hash-chained per organisation, no fork under
 * concurrent writers, a changed or removed row found by the verifier; the timelines (own,
 * organisation, a customer's for support) with filters, paging and CSV; the threats view.
 */
describe('Audit trail', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  const prefix = uniquePrefix();

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({
      databaseUrl: db.url,
      prefix,
      env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000', TRUST_PROXY: 'true' },
    });
  });

  afterAll(async () => {
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('chains every event of an organisation, without a fork under concurrent writers, and finds a changed row', async () => {
    const owner = await signUpElsewhere(api.url!);
    const me = await meOf(owner);
    const orgId = me.org!.id;
    // Failed sign-ins, then 30 audited exports at once: 30 writers appending to one chain from a pool of connections.
    await Promise.all(Array.from({ length: 5 }, (_, i) => failSignIn(api.url!, me.user.email, `198.51.100.${String(i)}`)));
    const exports = await Promise.all(Array.from({ length: 30 }, () => owner.get('/api/admin/security/timeline.csv')));
    expect(exports.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 200));

    const chain = await sql<{ seq: string; prev_hash: string; hash: string }>(
      db.url,
      'SELECT seq, prev_hash, hash FROM audit_events WHERE chain_key = $1 ORDER BY seq',
      [orgId],
    );
    expect(chain.length).toBeGreaterThanOrEqual(32);
    chain.forEach((link, i) => {
      expect(Number(link.seq)).toBe(i + 1);
      if (i > 0) expect(link.prev_hash).toBe(chain[i - 1]!.hash);
    });

    const intact = await json<ChainVerification>(await owner.get('/api/audit/verify'), 200);
    expect(intact).toMatchObject({ orgId, ok: true, firstBroken: null, head: { seq: chain.length, hash: chain.at(-1)!.hash } });
    expect(intact.checked).toBe(chain.length);

    // The table refuses changes; someone with the database's keys turns that off and edits one row.
    await expect(sql(db.url, `UPDATE audit_events SET reason = 'nothing' WHERE chain_key = $1 AND seq = 5`, [orgId])).rejects.toThrow(
      /append-only/,
    );
    await sql(db.url, 'ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete');
    try {
      await sql(db.url, `UPDATE audit_events SET ip = '203.0.113.9' WHERE chain_key = $1 AND seq = 5`, [orgId]);
    } finally {
      await sql(db.url, 'ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete');
    }
    const tampered = await json<ChainVerification>(await owner.get('/api/audit/verify'), 200);
    expect(tampered).toMatchObject({ ok: false, checked: 4, firstBroken: { seq: 5, reason: 'hash_mismatch' } });
    expect(tampered.firstBroken!.expected).not.toBe(tampered.firstBroken!.found);

    // The failed verification is itself on the record (appended after the break).
    const page = await json<TimelinePage>(await owner.get('/api/admin/security/timeline?action=audit.verify'), 200);
    expect(page.items.map((e) => [e.outcome, e.reason])).toEqual([
      ['failure', 'hash_mismatch'],
      ['success', null],
    ]);
  });

  it('finds a removed event (a gap) and a cut-off tail', async () => {
    const owner = await signUpElsewhere(api.url!);
    const { org } = await meOf(owner);
    for (let i = 0; i < 3; i++) await failSignIn(api.url!, (await meOf(owner)).user.email, '192.0.2.1');
    await sql(db.url, 'ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete');
    try {
      await sql(db.url, `DELETE FROM audit_events WHERE chain_key = $1 AND seq = 2`, [org!.id]);
    } finally {
      await sql(db.url, 'ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete');
    }
    const gap = await json<ChainVerification>(await owner.get('/api/audit/verify'), 200);
    expect(gap).toMatchObject({ ok: false, checked: 1, firstBroken: { seq: 2, reason: 'sequence_gap', expected: '2', found: '3' } });

    const other = await signUpElsewhere(api.url!);
    const otherOrg = (await meOf(other)).org!.id;
    const [last] = await sql<{ seq: string }>(db.url, 'SELECT max(seq) AS seq FROM audit_events WHERE chain_key = $1', [otherOrg]);
    await sql(db.url, 'ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete');
    try {
      await sql(db.url, `DELETE FROM audit_events WHERE chain_key = $1 AND seq = $2`, [otherOrg, last!.seq]);
    } finally {
      await sql(db.url, 'ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete');
    }
    const cut = await json<ChainVerification>(await other.get('/api/audit/verify'), 200);
    expect(cut).toMatchObject({ ok: false, firstBroken: { reason: 'sequence_gap', eventId: null, expected: last!.seq } });
  });

  it('shows each reader the right timeline, with filters, paging and an audited CSV export', async () => {
    const user = await signInFrom(api.url!, 'user@harborpoint.example', '203.0.113.10');
    await failSignIn(api.url!, 'user@harborpoint.example', '203.0.113.66');
    const own = await json<TimelinePage>(await user.get('/api/security/timeline'), 200);
    expect(own.items.slice(0, 2).map((e) => [e.action, e.outcome, e.actor.ip])).toEqual([
      ['auth.login', 'failure', '203.0.113.66'],
      ['auth.login', 'success', '203.0.113.10'],
    ]);
    expect(own.items[0]).toMatchObject({ reason: 'bad_password', className: 'Authentication', activityName: 'Logon', severityId: 3 });
    expect(own.items[1]).toMatchObject({
      classUid: 3002,
      activityId: 1,
      severityId: 1,
      actor: { email: 'user@harborpoint.example', role: 'USER' },
    });

    // A user reads only their own events: not the organisation's, not a customer's.
    expect((await user.get('/api/admin/security/timeline')).status).toBe(403);
    expect((await user.get('/api/admin/security/threats')).status).toBe(403);
    expect((await user.get('/api/audit/verify')).status).toBe(403);

    const admin = await signIn(api.url!, 'admin@harborpoint.example');
    const failures = await json<TimelinePage>(await admin.get('/api/admin/security/timeline?outcome=failure&action=auth&pageSize=1'), 200);
    expect(failures).toMatchObject({
      page: 1,
      pageSize: 1,
      items: [{ action: 'auth.login', outcome: 'failure', actor: { ip: '203.0.113.66' } }],
    });
    const byIp = await json<TimelinePage>(await admin.get('/api/admin/security/timeline?ip=203.0.113.10'), 200);
    expect(byIp.items.map((e) => e.actor.email)).toEqual(['user@harborpoint.example']);
    const first = await json<TimelinePage>(await admin.get('/api/admin/security/timeline?pageSize=2'), 200);
    const second = await json<TimelinePage>(await admin.get('/api/admin/security/timeline?pageSize=1&page=2'), 200);
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: first.total, items: [{ id: first.items[1]!.id }] });

    const bad = await json<{ code: string; fields: Record<string, string> }>(
      await admin.get('/api/admin/security/timeline?pageSize=500&outcome=maybe&from=yesterday'),
      400,
    );
    expect(bad.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.fields).sort()).toEqual(['from', 'outcome', 'pageSize']);

    const csv = await admin.get('/api/admin/security/timeline.csv?outcome=failure');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="muster-security-timeline-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe(
      'time,seq,action,outcome,reason,class,activity,severity_id,actor_email,actor_role,actor_user_id,ip,user_agent,target_type,target_id,details,hash',
    );
    expect(lines.slice(1).every((line) => line.includes(',failure,'))).toBe(true);
    const exported = await json<TimelinePage>(await admin.get('/api/admin/security/timeline?action=audit.export'), 200);
    expect(exported.items[0]).toMatchObject({
      actor: { email: 'admin@harborpoint.example' },
      metadata: { scope: 'org', filters: { outcome: 'failure' } },
    });

    // Support reads one customer's events; the look is recorded in the customer's organisation.
    const sysops = await signIn(api.url!, 'sysops@muster.example');
    const userId = (await meOf(user)).user.id;
    const customer = await json<CustomerTimeline>(await sysops.get(`/api/sysops/customers/${userId}/timeline?outcome=failure`), 200);
    expect(customer.customer).toMatchObject({
      id: userId,
      email: 'user@harborpoint.example',
      role: 'USER',
      orgName: 'Harbor Point Port Authority',
    });
    expect(customer.items[0]).toMatchObject({ action: 'auth.login', outcome: 'failure' });
    expect((await admin.get(`/api/sysops/customers/${userId}/timeline`)).status).toBe(403);
    expect((await sysops.get('/api/sysops/customers/00000000-0000-4000-8000-000000000000/timeline')).status).toBe(404);
    const looked = await json<TimelinePage>(await admin.get('/api/admin/security/timeline?action=audit.customer_timeline'), 200);
    expect(looked.items[0]).toMatchObject({ actor: { email: 'sysops@muster.example' }, target: { type: 'user', id: userId } });

    // Another organisation's admin never sees these events.
    const outsider = await signUpElsewhere(api.url!);
    const theirs = await json<TimelinePage>(await outsider.get('/api/admin/security/timeline?ip=203.0.113.66'), 200);
    expect(theirs.total).toBe(0);
  });

  it('flags repeated failures by account and address, lockouts, unusual hours and new addresses', async () => {
    const owner = await signUpElsewhere(api.url!);
    const me = await meOf(owner);
    const email = me.user.email;
    for (let i = 0; i < 6; i++) await failSignIn(api.url!, email, '198.51.100.77');
    // A sprayer: one address, three accounts of the organisation (unknown ones are not the organisation's).
    await failSignIn(api.url!, email, '198.51.100.200');

    // Five earlier sign-ins, all twelve hours from now on the clock, from one address.
    const usualHour = (new Date().getUTCHours() + 12) % 24;
    for (let day = 2; day <= 6; day++) {
      const at = new Date(Date.now() - day * 86_400_000);
      at.setUTCHours(usualHour, 10, 0, 0);
      await sql(
        db.url,
        `INSERT INTO audit_events (id, org_id, chain_key, seq, prev_hash, hash, actor_user_id, actor_email, ip, action, outcome,
           class_uid, activity_id, severity_id, created_at)
         VALUES (gen_random_uuid(), $1, $2, $3, repeat('0', 64), repeat('0', 64), $4, $5, '192.0.2.44', 'auth.login', 'success', 3002, 1, 1, $6)`,
        [me.org!.id, `history-${String(day)}`, day, me.user.id, email, at],
      );
    }
    await signInFrom(api.url!, email, '192.0.2.99', 'An0ther-Harbour-Pass!');

    const threats = await json<ThreatsOverview>(await owner.get('/api/admin/security/threats'), 200);
    // The sign-up's own sign-in came first: at an unusual hour and from a new address. The last one is
    // from a new address but no longer at an unusual hour (the sign-up's was at the same hour).
    expect(threats.summary).toMatchObject({ failedSignIns: 7, lockouts: 0, unusualHours: 1, newAddresses: 2, flaggedAccounts: 1 });
    expect(threats.accounts[0]).toMatchObject({ email, failures: 7, addresses: 2, flagged: true });
    expect(threats.addresses[0]).toMatchObject({ ip: '198.51.100.77', failures: 6, accounts: 1, flagged: false });
    expect(threats.findings.items[0]).toMatchObject({ kind: 'new_address', event: { actor: { ip: '192.0.2.99' } } });
    expect(
      threats.findings.items
        .slice(-2)
        .map((f) => [f.kind, f.event.actor.ip])
        .sort(),
    ).toEqual([
      ['new_address', '127.0.0.1'],
      ['unusual_hour', '127.0.0.1'],
    ]);

    const onlyNew = await json<ThreatsOverview>(await owner.get('/api/admin/security/threats?kind=new_address'), 200);
    expect(onlyNew.findings).toMatchObject({ total: 2, items: [{ kind: 'new_address' }, { kind: 'new_address' }] });
    const csv = await owner.get('/api/admin/security/threats.csv?kind=failed_sign_in');
    const rows = (await csv.text()).trim().split('\n');
    expect(rows).toHaveLength(8);
    expect(rows[0]!.startsWith('kind,time,seq,action')).toBe(true);
    expect(
      (await json<{ fields: Record<string, string> }>(await owner.get('/api/admin/security/threats?kind=everything'), 400)).fields,
    ).toHaveProperty('kind');
  });
});
