import { PLANS, type InviteResult, type MemberList, type MemberRow, type PlanId, type SessionInfo } from '@muster/contracts';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, type ChatSocket } from './support/chat.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json, type Loose } from './support/http.js';
import { MailWatcher } from './support/outbox.js';

const NEW_PASSWORD = 'Harbour-Lights-42';
const INVITE_SUBJECT = /invited you to join/;

function tokenIn(text: string): string {
  const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`No invitation link in: ${text}`);
  return match[1]!;
}

/** Resolves when the server disconnects the socket (a role change, a removal). */
function serverDisconnect(socket: ChatSocket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/**
 * Members, invitations, roles and seats against real PostgreSQL, Redis and Socket.IO clients:
 * the list and its filters, invitations (one, a list, CSV text) with their single-use links,
 * accepting as a new or an existing person, seats at the boundary of every plan (with concurrent
 * requests), the rank and last-administrator rules (with concurrent demotions), deactivation and
 * removal taking effect at once, foreign ids, malformed input and the audit trail.
 */
describe('Members', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  let mail: MailWatcher;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];
  let admin: TestClient;
  let orgId: string;
  let unique = 0;
  const email = (tag: string) => `${tag}-${Date.now().toString(36)}-${++unique}@harborpoint.example`;

  async function socketOf(client: TestClient): Promise<ChatSocket> {
    const socket = await chatSocket(api.url!, client);
    sockets.push(socket);
    return socket;
  }

  /** Invites `address` and answers the link's token from the email. */
  async function inviteAndRead(address: string, role = 'USER', by: TestClient = admin): Promise<{ token: string; row: MemberRow }> {
    const since = Date.now();
    const body = await json<InviteResult>(await by.post('/api/members/invites', { email: address, role }), 201);
    const message = await mail.waitFor(address, INVITE_SUBJECT, since);
    return { token: tokenIn(message.text), row: body.invites[0]! };
  }

  /** Accepts as a new person and answers the signed-in client. */
  async function acceptNew(token: string, firstName = 'Nia', lastName = 'Okoro'): Promise<TestClient> {
    const c = await new TestClient(api.url!).init();
    const res = await c.post(`/api/invites/${token}/accept`, {
      mode: 'new',
      firstName,
      lastName,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    await json(res, 200);
    return c;
  }

  async function newMember(role = 'USER'): Promise<{ client: TestClient; id: string; email: string }> {
    const address = email('member');
    const { token } = await inviteAndRead(address, role);
    const client = await acceptNew(token);
    const me = await json<SessionInfo>(await client.get('/api/auth/me'), 200);
    return { client, id: me.user.id, email: address };
  }

  async function list(query = '', by: TestClient = admin): Promise<MemberList> {
    return json<MemberList>(await by.get(`/api/members${query}`), 200);
  }

  async function auditActions(targetId: string): Promise<string[]> {
    const rows = await sql<{ action: string }>(db.url, `SELECT action FROM audit_events WHERE target_id = $1 ORDER BY seq`, [targetId]);
    return rows.map((r) => r.action);
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    mail = await MailWatcher.start(prefix, api.url!);
    admin = await signIn(api.url!, 'admin@harborpoint.example');
    orgId = (await json<SessionInfo>(await admin.get('/api/auth/me'), 200)).org!.id;
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await mail?.close();
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  describe('the list', () => {
    it('shows members with role, status, last activity and sign-in methods, and pending invitations; filters and pages on the server', async () => {
      const all = await list('?limit=100');
      const byEmail = new Map(all.items.map((m) => [m.email, m]));
      expect(byEmail.get('admin@harborpoint.example')).toMatchObject({
        kind: 'member',
        name: 'Amelia Hart',
        role: 'ADMIN',
        status: 'active',
        signInMethods: ['password', 'magic_code'],
      });
      expect(byEmail.get('owen.brooks@harborpoint.example')).toMatchObject({ status: 'deactivated', role: 'MANAGER' });
      expect(byEmail.get('lena.fischer@harborpoint.example')).toMatchObject({ status: 'suspended' });
      expect(byEmail.get('kofi.mensah@harborpoint.example')).toMatchObject({ status: 'frozen' });
      expect(byEmail.get('jonas.berg@harborpoint.example')).toMatchObject({
        kind: 'invite',
        status: 'invited',
        invitedBy: { name: 'Amelia Hart' },
      });
      // An invitation that expired unanswered is not pending: neither listed nor counted.
      expect(byEmail.has('samir.costa@harborpoint.example')).toBe(false);
      expect(byEmail.get('tomas.reyes@harborpoint.example')!.lastActiveAt).not.toBeNull();
      // No platform account is a member.
      expect(byEmail.has('root@muster.example')).toBe(false);
      expect(all.seats).toMatchObject({ plan: 'standard', limit: 50 });
      expect(all.seats.used).toBe(all.items.filter((m) => m.status !== 'deactivated').length);
      expect(all.assignableRoles).toEqual(['ADMIN', 'MANAGER', 'INTERNAL_AUDITOR', 'ACCOUNTANT', 'USER']);

      expect((await list('?q=fisch')).items.map((m) => m.email)).toEqual(['lena.fischer@harborpoint.example']);
      expect((await list('?status=invited')).items.every((m) => m.kind === 'invite')).toBe(true);
      expect((await list('?role=MANAGER&status=deactivated')).items.map((m) => m.email)).toEqual(['owen.brooks@harborpoint.example']);
      const page1 = await list('?limit=3&offset=0');
      const page2 = await list('?limit=3&offset=3');
      expect(page1.total).toBe(all.total);
      expect(page1.items).toHaveLength(3);
      expect(page2.items[0]!.id).not.toBe(page1.items[0]!.id);
      expect((await list(`?offset=${all.total + 10}`)).total).toBe(all.total);
    });

    it('is for administrators only, and refuses bad filters with reasons', async () => {
      const manager = await signIn(api.url!, 'manager@harborpoint.example');
      expect((await manager.get('/api/members')).status).toBe(403);
      expect((await manager.post('/api/members/invites', { email: email('x'), role: 'USER' })).status).toBe(403);
      const sysops = await signIn(api.url!, 'sysops@muster.example');
      expect(await json<Loose>(await sysops.get('/api/members'), 403)).toMatchObject({ reason: 'members.noOrganization' });
      expect(await json<Loose>(await admin.get('/api/members?status=sleeping'), 400)).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await json<Loose>(await admin.get('/api/members?limit=1000'), 400)).toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  describe('invitations', () => {
    it('refuses malformed emails and roles that are not the organisation’s with reasons (400), creating nothing', async () => {
      const before = (await list()).seats.used;
      for (const [body, field, reason] of [
        [{ email: 'not-an-email', role: 'USER' }, 'email', 'validation.email'],
        [{ email: 'a@b', role: 'USER' }, 'email', 'validation.email'],
        [{ email: email('p'), role: 'ROOT_ADMIN' }, 'role', 'members.roleNotAssignable'],
        [{ email: email('p'), role: 'SYSOPS' }, 'role', 'members.roleNotAssignable'],
        [{ email: email('p'), role: 'GUEST_AUDITOR' }, 'role', 'members.roleNotAssignable'],
        [{ email: email('p'), role: 'USER', language: 'fr' }, 'language', 'validation.language'],
      ] as const) {
        const body400 = await json<Loose>(await admin.post('/api/members/invites', body), 400);
        expect(body400.fieldReasons[field]).toMatchObject({ reason });
      }
      expect(
        await json<Loose>(await admin.post('/api/members/invites', { email: 'admin@harborpoint.example', role: 'USER' }), 400),
      ).toMatchObject({
        fieldReasons: { email: { reason: 'members.alreadyMember' } },
      });
      expect(
        await json<Loose>(await admin.post('/api/members/invites', { email: 'jonas.berg@harborpoint.example', role: 'USER' }), 400),
      ).toMatchObject({
        fieldReasons: { email: { reason: 'members.alreadyInvited' } },
      });
      expect((await list()).seats.used).toBe(before);
    });

    it('emails a single-use link valid 7 days; accepting signs a new person in with their role; the link cannot be used again', async () => {
      const address = email('nia');
      const { token, row } = await inviteAndRead(address, 'INTERNAL_AUDITOR');
      expect(row).toMatchObject({ kind: 'invite', status: 'invited', role: 'INTERNAL_AUDITOR' });
      expect(Date.parse(row.expiresAt!) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      // Only the hash of the token is stored.
      const [stored] = await sql<{ token_hash: string }>(db.url, 'SELECT token_hash FROM member_invites WHERE id = $1', [row.id]);
      expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored!.token_hash).not.toContain(token);

      const preview = await json<Loose>(await new TestClient(api.url!).get(`/api/invites/${token}`), 200);
      expect(preview).toMatchObject({
        organization: 'Harbor Point Port Authority',
        inviter: 'Amelia Hart',
        role: 'INTERNAL_AUDITOR',
        email: address,
        account: 'new',
      });
      const c = await new TestClient(api.url!).init();
      expect(await json<Loose>(await c.post(`/api/invites/${token}/accept`, { mode: 'existing', password: 'x' }), 409)).toMatchObject({
        reason: 'members.noAccount',
      });
      const weak = await json<Loose>(
        await c.post(`/api/invites/${token}/accept`, {
          mode: 'new',
          firstName: 'Nia',
          lastName: '',
          password: 'short',
          confirmPassword: 'short',
        }),
        400,
      );
      expect(weak.fieldReasons).toMatchObject({
        lastName: { reason: 'validation.enterName' },
        password: { reason: 'validation.passwordMin' },
      });
      const me = await json<SessionInfo>(
        await c.post(`/api/invites/${token}/accept`, {
          mode: 'new',
          firstName: 'Nia',
          lastName: 'Okoro',
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
        200,
      );
      expect(me).toMatchObject({
        role: 'INTERNAL_AUDITOR',
        org: { id: orgId },
        user: { firstName: 'Nia', lastName: 'Okoro', email: address },
      });
      expect(await json<SessionInfo>(await c.get('/api/auth/me'), 200)).toMatchObject({ role: 'INTERNAL_AUDITOR' });

      // Reused: the same link answers its reason, on the preview and on accepting.
      const other = await new TestClient(api.url!).init();
      expect(await json<Loose>(await other.get(`/api/invites/${token}`), 409)).toMatchObject({ reason: 'members.inviteUsed' });
      expect(
        await json<Loose>(
          await other.post(`/api/invites/${token}/accept`, {
            mode: 'new',
            firstName: 'A',
            lastName: 'B',
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          }),
          409,
        ),
      ).toMatchObject({ reason: 'members.inviteUsed' });
      expect(await json<Loose>(await other.get('/api/invites/not-a-real-token-at-all-xxxxxxxx'), 404)).toMatchObject({
        reason: 'members.inviteInvalid',
      });
      const accepted = (await list(`?q=${encodeURIComponent(address)}`)).items;
      expect(accepted).toEqual([
        expect.objectContaining({ kind: 'member', role: 'INTERNAL_AUDITOR', status: 'active', name: 'Nia Okoro' }),
      ]);
      expect(await auditActions(me.user.id)).toContain('member.invite.accept');
      expect(await auditActions(address)).toEqual(['member.invite.create']);
    });

    it('resends with a new link (the old one dead) and revokes; expired links answer their reason', async () => {
      const address = email('resend');
      const first = await inviteAndRead(address);
      const since = Date.now();
      const resent = await json<MemberRow>(await admin.post(`/api/members/invites/${first.row.id}/resend`), 200);
      expect(resent.id).toBe(first.row.id);
      const second = tokenIn((await mail.waitFor(address, INVITE_SUBJECT, since)).text);
      expect(second).not.toBe(first.token);
      const visitor = await new TestClient(api.url!).init();
      expect(await json<Loose>(await visitor.get(`/api/invites/${first.token}`), 404)).toMatchObject({ reason: 'members.inviteInvalid' });
      expect(await json<Loose>(await visitor.get(`/api/invites/${second}`), 200)).toMatchObject({ email: address });

      expect(await json<Loose>(await admin.post(`/api/members/invites/${first.row.id}/revoke`), 200)).toEqual({ ok: true });
      expect(await json<Loose>(await visitor.get(`/api/invites/${second}`), 409)).toMatchObject({ reason: 'members.inviteRevoked' });
      expect(await json<Loose>(await admin.post(`/api/members/invites/${first.row.id}/revoke`), 404)).toMatchObject({
        reason: 'members.inviteNotFound',
      });
      expect(await auditActions(address)).toEqual(['member.invite.create', 'member.invite.resend', 'member.invite.revoke']);

      const late = await inviteAndRead(email('late'));
      await sql(db.url, `UPDATE member_invites SET expires_at = now() - interval '1 minute' WHERE id = $1`, [late.row.id]);
      expect(await json<Loose>(await visitor.get(`/api/invites/${late.token}`), 409)).toMatchObject({ reason: 'members.inviteExpired' });
      expect(
        await json<Loose>(
          await visitor.post(`/api/invites/${late.token}/accept`, {
            mode: 'new',
            firstName: 'L',
            lastName: 'T',
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          }),
          409,
        ),
      ).toMatchObject({ reason: 'members.inviteExpired' });
    });

    it('lets an existing account without organisation join with its password, and tells one of another organisation why not', async () => {
      // A removed member keeps an account without organisation.
      const former = await newMember();
      expect(await json<Loose>(await admin.delete(`/api/members/${former.id}`), 200)).toEqual({ ok: true });
      const { token } = await inviteAndRead(former.email, 'ACCOUNTANT');
      const c = await new TestClient(api.url!).init();
      expect(await json<Loose>(await c.get(`/api/invites/${token}`), 200)).toMatchObject({ account: 'existing' });
      expect(
        await json<Loose>(
          await c.post(`/api/invites/${token}/accept`, {
            mode: 'new',
            firstName: 'A',
            lastName: 'B',
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          }),
          409,
        ),
      ).toMatchObject({ reason: 'members.accountExists' });
      expect(
        await json<Loose>(await c.post(`/api/invites/${token}/accept`, { mode: 'existing', password: 'wrong-password' }), 400),
      ).toMatchObject({
        fieldReasons: { password: { reason: 'members.wrongPassword' } },
      });
      expect(
        await json<SessionInfo>(await c.post(`/api/invites/${token}/accept`, { mode: 'existing', password: NEW_PASSWORD }), 200),
      ).toMatchObject({
        role: 'ACCOUNTANT',
        org: { id: orgId },
      });

      const outsider = await signUpElsewhere(api.url!);
      const outsiderEmail = (await json<SessionInfo>(await outsider.get('/api/auth/me'), 200)).user.email;
      const invited = await inviteAndRead(outsiderEmail);
      expect(await json<Loose>(await new TestClient(api.url!).get(`/api/invites/${invited.token}`), 409)).toMatchObject({
        reason: 'members.otherOrganization',
      });
      expect(
        await json<Loose>(
          await (
            await new TestClient(api.url!).init()
          ).post(`/api/invites/${invited.token}/accept`, { mode: 'existing', password: 'An0ther-Harbour-Pass!' }),
          409,
        ),
      ).toMatchObject({ reason: 'members.otherOrganization' });
    });
  });

  describe('lists and CSV files', () => {
    it('invites every line of a list (roles and languages per line, a header allowed) and emails each', async () => {
      const [a, b, c] = [email('csv-a'), email('csv-b'), email('csv-c')];
      const since = Date.now();
      const result = await json<InviteResult>(
        await admin.post('/api/members/invites/bulk', {
          text: `email,role,language\r\n${a},manager,es\n\n"${b}",ACCOUNTANT\n${c}\n`,
          role: 'USER',
        }),
        201,
      );
      expect(result.invites.map((i) => [i.email, i.role, i.language])).toEqual([
        [a, 'MANAGER', 'es'],
        [b, 'ACCOUNTANT', null],
        [c, 'USER', null],
      ]);
      // The Spanish invitee gets the Spanish email.
      expect((await mail.waitFor(a, /le ha invitado a unirse/, since)).text).toContain('/invite/');
      await mail.waitFor(b, INVITE_SUBJECT, since);
    });

    it('refuses broken lines with a reason per line and a list of 10,000 rows as too large, applying nothing', async () => {
      const before = await list('?limit=100');
      const broken = [
        email('ok-1'),
        'not-an-email,USER',
        `${email('ok-2')},SYSOPS`,
        `${email('ok-3')},USER,fr`,
        `${email('ok-4')},USER,en,extra`,
        '"unterminated@example.com,USER',
        'admin@harborpoint.example',
      ].join('\n');
      const refusal = await json<Loose>(await admin.post('/api/members/invites/bulk', { text: broken }), 400);
      expect(refusal.fieldReasons).toMatchObject({
        'lines.2': { reason: 'validation.email' },
        'lines.3': { reason: 'members.lineRole' },
        'lines.4': { reason: 'members.lineLanguage' },
        'lines.5': { reason: 'members.lineColumns' },
        'lines.6': { reason: 'members.lineColumns' },
      });
      expect(refusal.fieldReasons['lines.1']).toBeUndefined();
      // Well-formed, but one address is a member already: still nothing is applied.
      const member = await json<Loose>(
        await admin.post('/api/members/invites/bulk', { text: `${email('fine')}\nadmin@harborpoint.example` }),
        400,
      );
      expect(member.fieldReasons).toEqual({
        'lines.2': { reason: 'members.alreadyMember', params: { email: 'admin@harborpoint.example' } },
      });
      const dup = email('dup');
      expect(await json<Loose>(await admin.post('/api/members/invites/bulk', { text: `${dup}\n${dup.toUpperCase()}` }), 400)).toMatchObject(
        {
          fieldReasons: { 'lines.2': { reason: 'members.duplicateLine', params: { first: 1 } } },
        },
      );

      const huge = Array.from({ length: 10_000 }, (_, i) => `bulk-${i}@example.com,USER`).join('\n');
      const tooLarge = await admin.post('/api/members/invites/bulk', { text: huge });
      expect(tooLarge.status).toBe(413);
      const big = Array.from({ length: 600 }, (_, i) => `b${i}@example.com`).join('\n');
      expect(await json<Loose>(await admin.post('/api/members/invites/bulk', { text: big }), 413)).toMatchObject({
        reason: 'members.tooManyRows',
        params: { max: 500, rows: 600 },
      });
      expect(await json<Loose>(await admin.post('/api/members/invites/bulk', { text: '\n \n' }), 400)).toMatchObject({
        reason: 'members.emptyList',
      });
      const after = await list('?limit=100');
      expect(after.total).toBe(before.total);
      expect(after.seats).toEqual(before.seats);
    });
  });

  describe('seats', () => {
    /** Leaves the organisation on `plan` with exactly `free` seats left (pending invitations fill the rest). */
    async function fillTo(plan: PlanId, free: number): Promise<number> {
      await sql(db.url, `UPDATE subscriptions SET plan = $2 WHERE org_id = $1`, [orgId, plan]);
      await sql(db.url, `UPDATE member_invites SET revoked_at = now() WHERE org_id = $1 AND revoked_at IS NULL AND accepted_at IS NULL`, [
        orgId,
      ]);
      const { seats } = await list();
      const fill = PLANS[plan].limits.users - seats.activeMembers - free;
      await sql(
        db.url,
        `INSERT INTO member_invites (org_id, email, role, token_hash, expires_at)
         SELECT $1, 'seat-' || g || '-' || $3 || '@filler.example', 'USER', md5(random()::text) || md5(random()::text), now() + interval '7 days'
           FROM generate_series(1, $2) g`,
        [orgId, fill, plan],
      );
      return PLANS[plan].limits.users;
    }

    afterAll(async () => {
      await sql(db.url, `UPDATE subscriptions SET plan = 'standard' WHERE org_id = $1`, [orgId]);
      await sql(db.url, `UPDATE member_invites SET revoked_at = now() WHERE org_id = $1 AND email LIKE '%@filler.example'`, [orgId]);
    });

    it.each([
      ['basic', 15],
      ['standard', 50],
      ['enterprise', 1_000],
    ] as const)(
      'on %s, counts active members and pending invitations against %i seats; at the boundary exactly one of two concurrent invitations passes (402 with the numbers)',
      async (plan, limit) => {
        expect(await fillTo(plan, 1)).toBe(limit);
        expect((await list()).seats).toMatchObject({ plan, limit, used: limit - 1 });
        // A list of two does not fit in one seat: nothing is applied.
        const two = await json<Loose>(await admin.post('/api/members/invites/bulk', { text: `${email('s1')}\n${email('s2')}` }), 402);
        expect(two).toMatchObject({
          code: 'USAGE_LIMIT_REACHED',
          reason: 'members.seatLimit',
          params: { limit, used: limit - 1, requested: 2 },
        });
        const answers = await Promise.all([
          admin.post('/api/members/invites', { email: email('race-a'), role: 'USER' }),
          admin.post('/api/members/invites', { email: email('race-b'), role: 'USER' }),
        ]);
        expect(answers.map((r) => r.status).sort()).toEqual([201, 402]);
        const refused = answers.find((r) => r.status === 402)!;
        expect(refused.headers.get('link')).toBe('</app/subscription>; rel="payment"');
        expect(await refused.json()).toMatchObject({ params: { limit, used: limit, requested: 1, upgrade: '/app/subscription' } });
        expect((await list()).seats).toMatchObject({ used: limit });
      },
    );

    it('frees a seat when an invitation is revoked or a member deactivated, and needs one to reactivate', async () => {
      const limit = await fillTo('basic', 2);
      const member = await newMember();
      // Accepted: the invitation's seat is now the member's.
      expect((await list()).seats.used).toBe(limit - 1);
      const { items } = await list('?status=invited&limit=1');
      await json(await admin.post(`/api/members/invites/${items[0]!.id}/revoke`), 200);
      expect((await list()).seats.used).toBe(limit - 2);
      await json(await admin.post(`/api/members/${member.id}/deactivate`), 200);
      expect((await list()).seats.used).toBe(limit - 3);
      await json(await admin.post('/api/members/invites/bulk', { text: `${email('f1')}\n${email('f2')}\n${email('f3')}` }), 201);
      expect(await json<Loose>(await admin.post(`/api/members/${member.id}/reactivate`), 402)).toMatchObject({
        reason: 'members.seatLimit',
      });
    });
  });

  describe('roles, deactivation and removal', () => {
    beforeAll(async () => {
      await sql(db.url, `UPDATE subscriptions SET plan = 'enterprise' WHERE org_id = $1`, [orgId]);
    });

    it('never gives a platform role or a guest auditor’s, and is for administrators', async () => {
      const member = await newMember();
      for (const role of ['ROOT_ADMIN', 'DEPUTY_ADMIN', 'SYSOPS', 'GUEST_AUDITOR', 'KING']) {
        expect(await json<Loose>(await admin.patch(`/api/members/${member.id}/role`, { role }), 400)).toMatchObject({
          fieldReasons: { role: { reason: 'members.roleNotAssignable' } },
        });
      }
      const manager = await signIn(api.url!, 'manager@harborpoint.example');
      expect((await manager.patch(`/api/members/${member.id}/role`, { role: 'MANAGER' })).status).toBe(403);
      expect((await member.client.patch(`/api/members/${member.id}/role`, { role: 'ADMIN' })).status).toBe(403);
    });

    it('changes a role at once on every session: the sockets are disconnected and /me answers the new role', async () => {
      const member = await newMember();
      const socket = await socketOf(member.client);
      const disconnected = serverDisconnect(socket);
      const row = await json<MemberRow>(await admin.patch(`/api/members/${member.id}/role`, { role: 'MANAGER' }), 200);
      expect(row).toMatchObject({ id: member.id, role: 'MANAGER' });
      expect(await disconnected).toBe('io server disconnect');
      expect(await json<SessionInfo>(await member.client.get('/api/auth/me'), 200)).toMatchObject({ role: 'MANAGER' });
      expect(await auditActions(member.id)).toContain('member.role.change');
      const [event] = await sql<{ metadata: Loose }>(
        db.url,
        `SELECT metadata FROM audit_events WHERE action = 'member.role.change' AND target_id = $1`,
        [member.id],
      );
      expect(event!.metadata).toEqual({ role: { from: 'USER', to: 'MANAGER' } });
    });

    it('keeps the last administrator: never demoted, deactivated or removed, even by two administrators at once', async () => {
      const me = await json<SessionInfo>(await admin.get('/api/auth/me'), 200);
      expect(await json<Loose>(await admin.patch(`/api/members/${me.user.id}/role`, { role: 'MANAGER' }), 409)).toMatchObject({
        reason: 'members.lastAdmin',
      });
      expect(await json<Loose>(await admin.delete(`/api/members/${me.user.id}`), 409)).toMatchObject({ reason: 'members.notYourself' });

      const second = await newMember('ADMIN');
      // Two administrators demote each other at once: one of them must stay.
      const both = await Promise.all([
        admin.patch(`/api/members/${second.id}/role`, { role: 'USER' }),
        second.client.patch(`/api/members/${me.user.id}/role`, { role: 'USER' }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const [admins] = await sql<{ count: string }>(
        db.url,
        `SELECT count(*) FROM memberships WHERE org_id = $1 AND role = 'ADMIN' AND status = 'active'`,
        [orgId],
      );
      expect(Number(admins!.count)).toBe(1);
      // When the second administrator won, the first was demoted: the second makes them administrator again and leaves.
      if (both[0].status === 409) {
        await json(await second.client.patch(`/api/members/${me.user.id}/role`, { role: 'ADMIN' }), 200);
        await json(await admin.delete(`/api/members/${second.id}`), 200);
      }
      const lastAdmin = await newMember('ADMIN');
      await json(await admin.patch(`/api/members/${lastAdmin.id}/role`, { role: 'USER' }), 200);
      expect(await json<Loose>(await lastAdmin.client.get('/api/members'), 403)).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('deactivates (sessions end, sign-in refused with its reason) and reactivates', async () => {
      const member = await newMember();
      const socket = await socketOf(member.client);
      const disconnected = serverDisconnect(socket);
      expect(await json<MemberRow>(await admin.post(`/api/members/${member.id}/deactivate`), 200)).toMatchObject({ status: 'deactivated' });
      expect(await disconnected).toBe('io server disconnect');
      expect((await member.client.get('/api/auth/me')).status).toBe(401);
      const again = await new TestClient(api.url!).init();
      expect(await json<Loose>(await again.post('/api/auth/login', { email: member.email, password: NEW_PASSWORD }), 403)).toMatchObject({
        reason: 'members.deactivated',
        params: { organization: 'Harbor Point Port Authority' },
      });
      // A wrong password says nothing about the membership.
      expect(
        await json<Loose>(await again.post('/api/auth/login', { email: member.email, password: 'wrong-password-1' }), 401),
      ).toMatchObject({
        reason: 'auth.invalidCredentials',
      });
      expect(await json<Loose>(await admin.post(`/api/members/${member.id}/deactivate`), 409)).toMatchObject({
        reason: 'members.alreadyDeactivated',
      });
      expect(await json<MemberRow>(await admin.post(`/api/members/${member.id}/reactivate`), 200)).toMatchObject({ status: 'active' });
      expect((await again.post('/api/auth/login', { email: member.email, password: NEW_PASSWORD })).status).toBe(200);
      expect(await auditActions(member.id)).toEqual(expect.arrayContaining(['member.deactivate', 'member.reactivate']));
      const refusals = await sql<{ reason: string }>(
        db.url,
        `SELECT reason FROM audit_events WHERE action = 'auth.login' AND outcome = 'failure' AND actor_user_id = $1`,
        [member.id],
      );
      expect(refusals.map((r) => r.reason)).toContain('membership_deactivated');
    });

    it('removes a member at once (session and socket end); the account stays without organisation', async () => {
      const member = await newMember();
      const socket = await socketOf(member.client);
      const disconnected = serverDisconnect(socket);
      const started = Date.now();
      expect(await json<Loose>(await admin.delete(`/api/members/${member.id}`), 200)).toEqual({ ok: true });
      expect(await disconnected).toBe('io server disconnect');
      expect(Date.now() - started).toBeLessThan(1_000);
      expect((await member.client.get('/api/auth/me')).status).toBe(401);
      const [user] = await sql<{ id: string }>(db.url, 'SELECT id FROM users WHERE id = $1', [member.id]);
      expect(user).toBeDefined();
      expect(await sql(db.url, 'SELECT id FROM memberships WHERE user_id = $1', [member.id])).toEqual([]);
      expect(await auditActions(member.id)).toContain('member.remove');
      expect(await json<Loose>(await admin.delete(`/api/members/${member.id}`), 404)).toMatchObject({ reason: 'members.memberNotFound' });
    });

    it('answers 404 for another organisation’s members and invitations, and for ids that are not ids', async () => {
      const outsider = await signUpElsewhere(api.url!);
      const outsiderId = (await json<SessionInfo>(await outsider.get('/api/auth/me'), 200)).user.id;
      const theirInvite = await json<InviteResult>(
        await outsider.post('/api/members/invites', { email: email('theirs'), role: 'USER' }),
        201,
      );
      const inviteId = theirInvite.invites[0]!.id;
      for (const [method, path, body] of [
        ['PATCH', `/api/members/${outsiderId}/role`, { role: 'USER' }],
        ['POST', `/api/members/${outsiderId}/deactivate`, undefined],
        ['POST', `/api/members/${outsiderId}/reactivate`, undefined],
        ['DELETE', `/api/members/${outsiderId}`, undefined],
        ['POST', `/api/members/invites/${inviteId}/resend`, undefined],
        ['POST', `/api/members/invites/${inviteId}/revoke`, undefined],
        ['DELETE', '/api/members/not-a-uuid', undefined],
        ['POST', '/api/members/invites/12345/revoke', undefined],
      ] as const) {
        const res = await admin.request(method, path, body);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
      // And theirs stays as it was.
      expect((await outsider.get('/api/members')).status).toBe(200);
      expect((await list(`?q=${encodeURIComponent(theirInvite.invites[0]!.email)}`)).total).toBe(0);
    });
  });

  describe('names at the first sign-in', () => {
    it('asks a member without names, may be skipped once (remembered on the server), then asks again without the skip', async () => {
      const outsider = await signUpElsewhere(api.url!);
      const me = await json<SessionInfo>(await outsider.get('/api/auth/me'), 200);
      expect(await json<Loose>(await outsider.get('/api/members/name-prompt'), 200)).toEqual({ ask: true, skippable: true });
      expect(await json<Loose>(await outsider.post('/api/members/name-prompt/skip'), 200)).toEqual({ ok: true });
      expect(await json<Loose>(await outsider.get('/api/members/name-prompt'), 200)).toEqual({ ask: false, skippable: false });
      const again = await signIn(api.url!, me.user.email, 'An0ther-Harbour-Pass!');
      expect(await json<Loose>(await again.get('/api/members/name-prompt'), 200)).toEqual({ ask: true, skippable: false });
      expect(await json<Loose>(await again.post('/api/members/name-prompt/skip'), 409)).toMatchObject({ reason: 'members.namesRequired' });
      expect(await json<Loose>(await again.post('/api/members/name-prompt', { firstName: ' ', lastName: 'Doe' }), 400)).toMatchObject({
        fieldReasons: { firstName: { reason: 'validation.enterName' } },
      });
      const saved = await json<SessionInfo>(await again.post('/api/members/name-prompt', { firstName: 'Jo', lastName: 'Doe' }), 200);
      expect(saved.user).toMatchObject({ firstName: 'Jo', lastName: 'Doe' });
      expect(await json<Loose>(await again.get('/api/members/name-prompt'), 200)).toEqual({ ask: false, skippable: false });
      // The other session of the same person sees the names too.
      expect(await json<SessionInfo>(await outsider.get('/api/auth/me'), 200)).toMatchObject({
        user: { firstName: 'Jo', lastName: 'Doe' },
      });
    });
  });
});
