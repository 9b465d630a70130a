import { randomUUID } from 'node:crypto';
import { JobName, jobIds, QueueName, type RecoveryLinkView, type RecoveryPortal, type RecoverySettings } from '@muster/contracts';
import { Queue, type QueueEvents } from 'bullmq';
import { DEMO_PASSWORD, signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { MailWatcher } from './support/outbox.js';
import { queueEventsFromNow } from './support/jobs.js';

const ADMIN = 'admin@harborpoint.example';
const MANAGER = 'manager@harborpoint.example';
const AUDITOR = 'auditor@harborpoint.example';
const ACCOUNTANT = 'accountant@harborpoint.example';
const USER = 'user@harborpoint.example';
const NEW_PASSWORD = 'Tide-Table-Recovered-42';

/** The token of a link `?<name>=` in an email's text. */
function linkToken(text: string, name: 'accept' | 'decide' | 'cancel' | 'reset'): string {
  const match = new RegExp(`[?&]${name}=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`No ${name} link in: ${text}`);
  return match[1]!;
}

describe('Recovery delegates and account recovery', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  let queue: Queue;
  let events: QueueEvents;
  const prefix = uniquePrefix();

  const as = (email: string, password = DEMO_PASSWORD): Promise<TestClient> => signIn(server.url!, email, password);
  const anonymous = (): Promise<TestClient> => new TestClient(server.url!).init();
  const userId = async (email: string): Promise<string> =>
    (await sql<{ id: string }>(db.url, 'SELECT id FROM users WHERE email = $1', [email]))[0]!.id;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
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
  });

  it('lets an admin name at most 5 delegates who accept in the app or from the emailed link; bad input 400, foreign ids 404', async () => {
    const admin = await as(ADMIN);
    const seeded = await json<RecoverySettings>(await admin.get('/api/recovery/settings'), 200);
    expect(seeded.policy).toEqual({ approvalsRequired: 2, coolingOffHours: 24 });
    expect(seeded.delegates.map((d) => [d.member.email, d.status]).sort()).toEqual([
      [ACCOUNTANT, 'pending'],
      [AUDITOR, 'accepted'],
      [MANAGER, 'accepted'],
    ]);
    expect(seeded.maxDelegates).toBe(5);

    // Only administrators; platform staff have no organisation.
    expect((await (await as(USER)).get('/api/recovery/settings')).status).toBe(403);
    expect(await json(await (await as('root@muster.example')).get('/api/recovery/settings'), 403)).toMatchObject({
      reason: 'recovery.noOrganization',
    });

    // Bad input and ids that are not one of the organisation's members.
    expect(await json(await admin.post('/api/recovery/delegates', { userId: 'not-a-uuid' }), 400)).toMatchObject({
      fieldReasons: { userId: { reason: 'recovery.invalidId' } },
    });
    expect((await admin.post('/api/recovery/delegates', {})).status).toBe(400);
    expect(await json(await admin.post('/api/recovery/delegates', { userId: randomUUID() }), 404)).toMatchObject({
      reason: 'recovery.delegateNotFound',
    });
    const outsider = await signUpElsewhere(server.url!);
    const outsiderId = ((await (await outsider.get('/api/auth/me')).json()) as { user: { id: string } }).user.id;
    expect((await admin.post('/api/recovery/delegates', { userId: outsiderId })).status).toBe(404);
    expect((await admin.request('DELETE', `/api/recovery/delegates/${randomUUID()}`)).status).toBe(404);
    expect((await admin.request('DELETE', '/api/recovery/delegates/nope')).status).toBe(404);

    // The member is emailed a link and accepts from it (no session needed: the link proves who they are).
    const since = Date.now();
    await json(await admin.post('/api/recovery/delegates', { userId: await userId(USER) }), 201);
    expect((await admin.post('/api/recovery/delegates', { userId: await userId(USER) })).status).toBe(409);
    const invite = await mail.waitFor(USER, /recovery delegate/, since);
    const anon = await anonymous();
    expect(await json(await anon.post('/api/recovery/delegations/accept-link', { token: linkToken(invite.text, 'accept') }), 200)).toEqual({
      organizationName: 'Harbor Point Port Authority',
    });
    expect((await anon.post('/api/recovery/delegations/accept-link', { token: 'x'.repeat(43) })).status).toBe(410);

    // A fifth delegate (the admin), then a sixth member is refused.
    const five = await json<RecoverySettings>(await admin.post('/api/recovery/delegates', { userId: await userId(ADMIN) }), 201);
    expect(five.delegates).toHaveLength(5);
    const [extra] = await sql<{ id: string }>(
      db.url,
      `INSERT INTO users (username, email, first_name, last_name) VALUES ('extra', 'extra@harborpoint.example', 'Ezra', 'Stone') RETURNING id`,
    );
    const [org] = await sql<{ org_id: string }>(db.url, 'SELECT org_id FROM memberships WHERE user_id = $1', [await userId(ADMIN)]);
    await sql(db.url, `INSERT INTO memberships (user_id, org_id, role) VALUES ($1, $2, 'USER')`, [extra!.id, org!.org_id]);
    expect(await json(await admin.post('/api/recovery/delegates', { userId: extra!.id }), 409)).toMatchObject({
      reason: 'recovery.tooManyDelegates',
      params: { max: 5 },
    });

    // The accountant accepts in the app (the delegate portal); nobody accepts for someone else.
    const accountant = await as(ACCOUNTANT);
    const portal = await json<RecoveryPortal>(await accountant.get('/api/recovery/portal'), 200);
    expect(portal.isDelegate).toBe(false);
    expect(portal.invitations).toHaveLength(1);
    const adminRow = five.delegates.find((d) => d.member.email === ADMIN)!;
    expect(await json(await accountant.post(`/api/recovery/delegations/${adminRow.id}/accept`), 403)).toMatchObject({
      reason: 'recovery.notYourDelegation',
    });
    const accepted = await json<RecoveryPortal>(
      await accountant.post(`/api/recovery/delegations/${portal.invitations[0]!.id}/accept`),
      200,
    );
    expect(accepted).toMatchObject({ isDelegate: true, invitations: [] });

    // The policy: approvals at most the accepted delegates (4 now: the admin has not accepted), cooling-off 0–168 h.
    expect(await json(await admin.request('PUT', '/api/recovery/policy', { approvalsRequired: 5, coolingOffHours: 0 }), 400)).toMatchObject(
      {
        fieldReasons: { approvalsRequired: { reason: 'recovery.approvalsAboveDelegates', params: { accepted: 4 } } },
      },
    );
    expect(
      await json(await admin.request('PUT', '/api/recovery/policy', { approvalsRequired: 0, coolingOffHours: 200 }), 400),
    ).toMatchObject({
      fieldReasons: { approvalsRequired: { reason: 'recovery.approvalsMin' }, coolingOffHours: { reason: 'recovery.coolingOffRange' } },
    });
    expect((await admin.request('PUT', '/api/recovery/policy', { approvalsRequired: '2', coolingOffHours: 1.5 })).status).toBe(400);
    const set = await json<RecoverySettings>(
      await admin.request('PUT', '/api/recovery/policy', { approvalsRequired: 2, coolingOffHours: 0 }),
      200,
    );
    expect(set.policy).toEqual({ approvalsRequired: 2, coolingOffHours: 0 });
    const audit = await sql<{ action: string; target_id: string }>(
      db.url,
      `SELECT action, target_id FROM audit_events WHERE action LIKE 'recovery.%' ORDER BY seq`,
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'recovery.delegate.add', target_id: await userId(USER) },
        { action: 'recovery.delegate.accept', target_id: await userId(USER) },
        { action: 'recovery.delegate.accept', target_id: await userId(ACCOUNTANT) },
        { action: 'recovery.policy.change', target_id: org!.org_id },
      ]),
    );
  });

  it('answers a recovery request the same whether or not the email has an account, and limits it', async () => {
    const anon = await anonymous();
    const unknown = await anon.post('/api/recovery/requests', { email: 'nobody-at-all@nowhere.example' });
    expect({ status: unknown.status, body: await unknown.json() }).toEqual({ status: 202, body: { ok: true } });
    expect(await json(await anon.post('/api/recovery/requests', { email: 'not an email' }), 400)).toMatchObject({
      fieldReasons: { email: { reason: 'validation.email' } },
    });
    for (let i = 0; i < 2; i++)
      expect((await anon.post('/api/recovery/requests', { email: 'nobody-at-all@nowhere.example' })).status).toBe(202);
    expect(await json(await anon.post('/api/recovery/requests', { email: 'nobody-at-all@nowhere.example' }), 429)).toMatchObject({
      reason: 'recovery.tooMany',
    });
    expect((await mail.list()).filter((m) => m.to === 'nobody-at-all@nowhere.example')).toEqual([]);
    const [failure] = await sql<{ reason: string }>(
      db.url,
      `SELECT reason FROM audit_events WHERE action = 'recovery.request' AND actor_email = 'nobody-at-all@nowhere.example' LIMIT 1`,
    );
    expect(failure?.reason).toBe('unknown_account');
  });

  it('recovers an account through two delegates: never the requester, then a single-use reset link that ends old sessions and signs in', async () => {
    const uma = await userId(USER);
    const old = await as(USER);
    const since = Date.now();
    const anon = await anonymous();
    expect(await json(await anon.post('/api/recovery/requests', { email: USER }), 202)).toEqual({ ok: true });

    // Every accepted delegate but the requester is asked (Uma is a delegate herself).
    const toManager = await mail.waitFor(MANAGER, /confirm their account recovery/, since);
    const toAuditor = await mail.waitFor(AUDITOR, /confirm their account recovery/, since);
    await mail.waitFor(ACCOUNTANT, /confirm their account recovery/, since);
    expect(toManager.text).toContain(USER);
    expect((await mail.list()).some((m) => m.to === USER && /confirm their account recovery/.test(m.subject))).toBe(false);

    const manager = await as(MANAGER);
    const portal = await json<RecoveryPortal>(await manager.get('/api/recovery/portal'), 200);
    const request = portal.requests.find((r) => r.requester.email === USER)!;
    expect(request).toMatchObject({ status: 'requested', approvals: 0, approvalsRequired: 2, myDecision: null });

    // The requester never decides on their own request.
    expect(await json(await old.post(`/api/recovery/requests/${request.id}/decision`, { decision: 'approve' }), 403)).toMatchObject({
      reason: 'recovery.ownRequest',
    });
    expect((await json<RecoveryPortal>(await old.get('/api/recovery/portal'), 200)).requests.map((r) => r.id)).not.toContain(request.id);
    // Bad input, foreign ids.
    expect((await manager.post(`/api/recovery/requests/${request.id}/decision`, { decision: 'maybe' })).status).toBe(400);
    expect((await manager.post(`/api/recovery/requests/${randomUUID()}/decision`, { decision: 'approve' })).status).toBe(404);
    expect((await manager.post('/api/recovery/requests/123/decision', { decision: 'approve' })).status).toBe(404);
    const outsider = await signUpElsewhere(server.url!);
    expect((await outsider.post(`/api/recovery/requests/${request.id}/decision`, { decision: 'approve' })).status).toBe(404);

    // One approval in the app: not enough yet.
    const afterOne = await json<RecoveryPortal>(
      await manager.post(`/api/recovery/requests/${request.id}/decision`, { decision: 'approve' }),
      200,
    );
    expect(afterOne.requests.find((r) => r.id === request.id)).toMatchObject({ status: 'requested', approvals: 1, myDecision: 'approve' });
    expect((await manager.post(`/api/recovery/requests/${request.id}/decision`, { decision: 'approve' })).status).toBe(409);

    // The second from the emailed link reaches the threshold; the cooling-off (0 h here) starts and ends.
    const token = linkToken(toAuditor.text, 'decide');
    const view = await json<RecoveryLinkView>(await anon.get(`/api/recovery/decision-link?token=${token}`), 200);
    expect(view).toMatchObject({ requester: { email: USER }, status: 'requested', approvals: 1, approvalsRequired: 2, myDecision: null });
    const decided = await json<RecoveryLinkView>(await anon.post('/api/recovery/decision-link', { token, decision: 'approve' }), 200);
    expect(decided.myDecision).toBe('approve');
    expect(['approved', 'ready']).toContain(decided.status);
    const coolingOff = await mail.waitFor(USER, /recovery was approved/, since);
    expect(coolingOff.text).toMatch(/\/recovery\?cancel=/);
    const resetMail = await mail.waitFor(USER, /Set a new password/, since);

    // Too late for the third delegate; the old password still works until the reset.
    const toAccountant = (await mail.list()).find((m) => m.to === ACCOUNTANT && Date.parse(m.sentAt) >= since)!;
    expect(
      await json(
        await anon.post('/api/recovery/decision-link', { token: linkToken(toAccountant.text, 'decide'), decision: 'approve' }),
        409,
      ),
    ).toMatchObject({ reason: 'recovery.notOpen' });
    expect((await old.get('/api/auth/me')).status).toBe(200);

    // The existing password rules apply.
    const resetToken = linkToken(resetMail.text, 'reset');
    const browser = await anonymous();
    expect(
      await json(await browser.post('/api/recovery/reset', { token: resetToken, password: 'short', confirmPassword: 'short' }), 400),
    ).toMatchObject({
      fieldReasons: { password: { reason: 'validation.passwordMin' } },
    });
    const me = await json<{ user: { email: string } }>(
      await browser.post('/api/recovery/reset', { token: resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      200,
    );
    expect(me.user.email).toBe(USER);
    expect(await json(await browser.get('/api/auth/me'), 200)).toMatchObject({ user: { email: USER } });
    expect((await old.get('/api/auth/me')).status).toBe(401);
    expect(
      (await browser.post('/api/recovery/reset', { token: resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status,
    ).toBe(410);
    expect((await (await anonymous()).post('/api/auth/login', { email: USER, password: DEMO_PASSWORD })).status).toBe(401);
    await as(USER, NEW_PASSWORD);

    const trail = await sql<{ action: string; actor_user_id: string | null }>(
      db.url,
      `SELECT action, actor_user_id FROM audit_events WHERE target_id = $1 AND action LIKE 'recovery.%' AND outcome = 'success' ORDER BY seq`,
      [uma],
    );
    expect(trail.map((e) => e.action)).toEqual(
      expect.arrayContaining(['recovery.request', 'recovery.decision', 'recovery.approved', 'recovery.ready', 'recovery.complete']),
    );
    expect(trail.filter((e) => e.action === 'recovery.decision').map((e) => e.actor_user_id)).toEqual([
      await userId(MANAGER),
      await userId(AUDITOR),
    ]);
    const siem = await sql<{ n: string }>(db.url, `SELECT count(*) AS n FROM audit_events WHERE target_id = $1 AND hash IS NOT NULL`, [
      uma,
    ]);
    expect(Number(siem[0]!.n)).toBeGreaterThanOrEqual(trail.length);
  });

  it('keeps a 24 h cooling-off as a delayed job; a cancelled recovery changes nothing, before or after the link is sent', async () => {
    const admin = await as(ADMIN);
    await json(await admin.request('PUT', '/api/recovery/policy', { approvalsRequired: 2, coolingOffHours: 24 }), 200);
    const anon = await anonymous();

    const approveAll = async (since: number): Promise<string> => {
      const asked = await Promise.all([
        mail.waitFor(AUDITOR, /confirm their account recovery/, since),
        mail.waitFor(USER, /confirm their account recovery/, since),
      ]);
      for (const m of asked)
        await json(await anon.post('/api/recovery/decision-link', { token: linkToken(m.text, 'decide'), decision: 'approve' }), 200);
      const [row] = await sql<{ id: string; status: string; ready_at: Date }>(
        db.url,
        `SELECT id, status, ready_at FROM recovery_requests WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [await userId(MANAGER)],
      );
      expect(row!.status).toBe('approved');
      expect(new Date(row!.ready_at).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
      return row!.id;
    };

    // Cancelled during the cooling-off: the delayed job is gone, the password unchanged.
    let since = Date.now();
    await json(await anon.post('/api/recovery/requests', { email: MANAGER }), 202);
    const first = await approveAll(since);
    const job = await queue.getJob(jobIds.recoveryReady(first));
    expect(await job!.isDelayed()).toBe(true);
    const cancelLink = linkToken((await mail.waitFor(MANAGER, /recovery was approved/, since)).text, 'cancel');
    expect(await json(await anon.post('/api/recovery/cancel', { token: cancelLink }), 200)).toEqual({ ok: true });
    expect(await json(await anon.post('/api/recovery/cancel', { token: cancelLink }), 200)).toEqual({ ok: true });
    expect(await queue.getJob(jobIds.recoveryReady(first))).toBeUndefined();
    expect((await sql<{ status: string }>(db.url, 'SELECT status FROM recovery_requests WHERE id = $1', [first]))[0]!.status).toBe(
      'cancelled',
    );
    await as(MANAGER);
    expect((await anon.post('/api/recovery/cancel', { token: 'y'.repeat(43) })).status).toBe(410);

    // Again; the cooling-off's end is fast-forwarded by promoting its delayed job; then cancelled with the link already sent.
    since = Date.now();
    await json(await anon.post('/api/recovery/requests', { email: MANAGER }), 202);
    const second = await approveAll(since);
    const delayed = await queue.getJob(jobIds.recoveryReady(second));
    expect(delayed!.name).toBe(JobName.RecoveryReady);
    await delayed!.promote();
    await delayed!.waitUntilFinished(events);
    const resetMail = await mail.waitFor(MANAGER, /Set a new password/, since);
    const cancel = linkToken((await mail.waitFor(MANAGER, /recovery was approved/, since)).text, 'cancel');
    await json(await anon.post('/api/recovery/cancel', { token: cancel }), 200);
    expect(
      await json(
        await anon.post('/api/recovery/reset', {
          token: linkToken(resetMail.text, 'reset'),
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
        410,
      ),
    ).toMatchObject({ reason: 'recovery.invalidLink' });
    const manager = await as(MANAGER);
    expect(await json(await manager.get('/api/auth/me'), 200)).toMatchObject({ user: { email: MANAGER } });
    expect((await (await anonymous()).post('/api/auth/login', { email: MANAGER, password: NEW_PASSWORD })).status).toBe(401);
    const cancels = await sql<{ n: string }>(
      db.url,
      `SELECT count(*) AS n FROM audit_events WHERE action = 'recovery.cancel' AND target_id = $1`,
      [await userId(MANAGER)],
    );
    expect(Number(cancels[0]!.n)).toBe(2);
  });

  it('declines a request once too many delegates decline to reach the approvals', async () => {
    const since = Date.now();
    const anon = await anonymous();
    await json(await anon.post('/api/recovery/requests', { email: AUDITOR }), 202);
    // Asked: manager, accountant, user (3), 2 needed: two declines make it impossible.
    const asked = await Promise.all([MANAGER, ACCOUNTANT].map((to) => mail.waitFor(to, /confirm their account recovery/, since)));
    await json(await anon.post('/api/recovery/decision-link', { token: linkToken(asked[0]!.text, 'decide'), decision: 'decline' }), 200);
    const last = await json<RecoveryLinkView>(
      await anon.post('/api/recovery/decision-link', { token: linkToken(asked[1]!.text, 'decide'), decision: 'decline' }),
      200,
    );
    expect(last.status).toBe('declined');
    await as(AUDITOR);
  });
  it("takes a removed delegate's say away, link included", async () => {
    const since = Date.now();
    const anon = await anonymous();
    await json(await anon.post('/api/recovery/requests', { email: ACCOUNTANT }), 202);
    const toUser = await mail.waitFor(USER, /confirm their account recovery/, since);
    const admin = await as(ADMIN);
    const settings = await json<RecoverySettings>(await admin.get('/api/recovery/settings'), 200);
    const row = settings.delegates.find((d) => d.member.email === USER)!;
    await json(await admin.request('DELETE', `/api/recovery/delegates/${row.id}`), 200);
    expect(
      await json(await anon.post('/api/recovery/decision-link', { token: linkToken(toUser.text, 'decide'), decision: 'approve' }), 403),
    ).toMatchObject({ reason: 'recovery.notDelegate' });
    const [removed] = await sql<{ action: string }>(
      db.url,
      `SELECT action FROM audit_events WHERE action = 'recovery.delegate.remove' AND target_id = $1`,
      [await userId(USER)],
    );
    expect(removed).toBeDefined();
  });
});
