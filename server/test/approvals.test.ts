import { randomUUID } from 'node:crypto';
import {
  APPROVAL_RULES,
  JobName,
  jobIds,
  QueueName,
  type Approval,
  type ApprovalList,
  type CreditsOverview,
  type EvidenceDetail,
  type HeldEvidence,
  type PacketKeys,
} from '@muster/contracts';
import { Queue, type QueueEvents } from 'bullmq';
import { signIn } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, collect, nextEvent, type ChatSocket } from './support/chat.js';
import { fileForm, type TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { queueEventsFromNow } from './support/jobs.js';

const ABOVE = APPROVAL_RULES.creditThresholdCents + 500_00;

describe('Four-eyes approvals', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let root: TestClient;
  let deputy: TestClient;
  let deputySocket: ChatSocket;
  let rootSocket: ChatSocket;
  let orgId: string;
  let queue: Queue;
  let events: QueueEvents;
  const prefix = uniquePrefix();

  async function creditsOf(org: string): Promise<number[]> {
    const overview = await json<CreditsOverview>(await root.get('/api/billing/credits'), 200);
    return overview.credits.filter((c) => c.orgId === org).map((c) => c.amountCents);
  }

  async function keyCount(): Promise<number> {
    return (await json<PacketKeys>(await root.get('/.well-known/muster-packet-keys.json'), 200)).keys.length;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    root = await signIn(server.url!, 'root@muster.example');
    deputy = await signIn(server.url!, 'deputy@muster.example');
    deputySocket = await chatSocket(server.url!, deputy);
    rootSocket = await chatSocket(server.url!, root);
    const [org] = await sql<{ id: string }>(db.url, `SELECT id FROM organizations WHERE name = 'Harbor Point Port Authority'`);
    orgId = org!.id;
    queue = new Queue(QueueName.System, { connection: { url: REDIS_URL }, prefix });
    events = await queueEventsFromNow(QueueName.System, prefix);
    await events.waitUntilReady();
  });

  afterAll(async () => {
    deputySocket?.disconnect();
    rootSocket?.disconnect();
    await events?.close();
    await queue?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('refuses the gated actions directly: a large credit grant and the signing key rotation need a second admin', async () => {
    expect(await json(await root.post('/api/billing/credits', { orgId, amountCents: ABOVE, reason: 'Big grant' }), 409)).toMatchObject({
      reason: 'approvals.required',
    });
    expect(await json(await root.post('/api/sysops/packet-keys/rotate'), 409)).toMatchObject({ reason: 'approvals.required' });
    // Up to the threshold a grant needs no approval (and asking for one is refused as needless).
    await json(await root.post('/api/billing/credits', { orgId, amountCents: APPROVAL_RULES.creditThresholdCents, reason: 'Small' }), 201);
    expect(
      await json(
        await root.post('/api/approvals', { payload: { kind: 'credit_grant', orgId, amountCents: 500_00 }, reason: 'Small one' }),
        409,
      ),
    ).toMatchObject({ reason: 'approvals.belowThreshold' });
  });

  it('only platform approvers reach approvals; a request needs a reason', async () => {
    const sysops = await signIn(server.url!, 'sysops@muster.example');
    const admin = await signIn(server.url!, 'admin@harborpoint.example');
    expect((await sysops.get('/api/approvals')).status).toBe(403);
    expect((await admin.get('/api/approvals')).status).toBe(403);
    expect((await admin.post('/api/approvals', { payload: { kind: 'signing_key_rotate' }, reason: 'Mine' })).status).toBe(403);
    expect(await json(await root.post('/api/approvals', { payload: { kind: 'signing_key_rotate' }, reason: '' }), 400)).toMatchObject({
      fieldReasons: { reason: { reason: 'approvals.reasonRequired' } },
    });
  });

  it('a request notifies the other approvers live; the requester cannot approve it; another admin approves and the action runs exactly once', async () => {
    const notified = nextEvent(deputySocket, 'notification:new', (n) => n.kind === 'approval_requested');
    const changed = nextEvent(deputySocket, 'approval:changed', (c) => c.approval.status === 'pending');
    const rootNotified = collect(rootSocket, 'notification:new');
    const before = await creditsOf(orgId);
    const asked = await json<Approval>(
      await root.post('/api/approvals', { payload: { kind: 'credit_grant', orgId, amountCents: ABOVE }, reason: 'Port expansion pilot' }),
      201,
    );
    expect(asked).toMatchObject({
      status: 'pending',
      kind: 'credit_grant',
      requestedBy: { email: 'root@muster.example' },
      decidedBy: null,
    });
    expect(asked.subject).toContain('Harbor Point Port Authority');
    expect(Date.parse(asked.expiresAt) - Date.parse(asked.createdAt)).toBeGreaterThanOrEqual(
      APPROVAL_RULES.expiresAfterHours * 3_600_000 - 5000,
    );
    expect((await notified).data).toMatchObject({ approvalId: asked.id, kind: 'credit_grant' });
    expect((await changed).approval.id).toBe(asked.id);

    // Nothing ran yet; the requester is refused, with its reason.
    expect(await creditsOf(orgId)).toEqual(before);
    expect(await json(await root.post(`/api/approvals/${asked.id}/approve`, {}), 403)).toMatchObject({ reason: 'approvals.selfApproval' });
    expect(await json(await root.post(`/api/approvals/${asked.id}/reject`, {}), 403)).toMatchObject({ reason: 'approvals.selfApproval' });
    const pending = await json<ApprovalList>(await deputy.get('/api/approvals?view=pending'), 200);
    expect(pending.items.map((a) => a.id)).toContain(asked.id);

    const decided = nextEvent(rootSocket, 'notification:new', (n) => n.kind === 'approval_decided');
    const approved = await json<Approval>(await deputy.post(`/api/approvals/${asked.id}/approve`, { note: 'Checked with finance' }), 200);
    expect(approved).toMatchObject({
      status: 'approved',
      decidedBy: { email: 'deputy@muster.example' },
      decisionNote: 'Checked with finance',
    });
    expect((await decided).data).toMatchObject({ approvalId: asked.id, status: 'approved' });
    // Exactly once, even when approved again.
    expect(await json(await deputy.post(`/api/approvals/${asked.id}/approve`, {}), 409)).toMatchObject({ reason: 'approvals.notPending' });
    expect(await creditsOf(orgId)).toEqual([ABOVE, ...before]);
    expect(rootNotified.filter((n) => n.kind === 'approval_requested')).toEqual([]);

    // Audited with both admins.
    const [audit] = await sql<{ actor_email: string; metadata: { requestedBy: string; approvedBy: string; ran: boolean } }>(
      db.url,
      `SELECT actor_email, metadata FROM audit_events WHERE action = 'approval.approved' AND target_id = $1`,
      [asked.id],
    );
    expect(audit!.actor_email).toBe('deputy@muster.example');
    expect(audit!.metadata).toMatchObject({ requestedBy: asked.requestedBy.id, approvedBy: approved.decidedBy!.id, ran: true });
  });

  it('a rejected request does not run its action', async () => {
    const keys = await keyCount();
    const asked = await json<Approval>(
      await root.post('/api/approvals', { payload: { kind: 'signing_key_rotate' }, reason: 'Yearly rotation' }),
      201,
    );
    const rejected = await json<Approval>(await deputy.post(`/api/approvals/${asked.id}/reject`, { note: 'Not this week' }), 200);
    expect(rejected).toMatchObject({ status: 'rejected', decidedBy: { email: 'deputy@muster.example' } });
    expect(await keyCount()).toBe(keys);
    expect(await json(await deputy.post(`/api/approvals/${asked.id}/approve`, {}), 409)).toMatchObject({ reason: 'approvals.notPending' });
    const history = await json<ApprovalList>(await root.get('/api/approvals?view=history&status=rejected'), 200);
    expect(history.items.map((a) => a.id)).toContain(asked.id);
    expect(history.items.every((a) => a.status === 'rejected')).toBe(true);
  });

  it('a request expires: its delayed job marks it expired, and it can no longer be approved', async () => {
    const keys = await keyCount();
    const asked = await json<Approval>(
      await root.post('/api/approvals', { payload: { kind: 'signing_key_rotate' }, reason: 'Before the audit' }),
      201,
    );
    await sql(db.url, `UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = $1`, [asked.id]);
    const jobId = jobIds.approvalExpires(asked.id);
    const job = await queue.getJob(jobId);
    expect(job?.name).toBe(JobName.ApprovalExpires);
    const done = new Promise<void>((resolve) => {
      const listener = ({ jobId: id }: { jobId: string }) => {
        if (id !== jobId) return;
        events.off('completed', listener);
        resolve();
      };
      events.on('completed', listener);
    });
    const expired = nextEvent(deputySocket, 'approval:changed', (c) => c.approval.id === asked.id && c.approval.status === 'expired');
    await job!.promote();
    await done;
    await expired;
    expect(await json(await deputy.post(`/api/approvals/${asked.id}/approve`, {}), 409)).toMatchObject({ reason: 'approvals.notPending' });
    expect(await keyCount()).toBe(keys);

    // A request past its expiry whose job has not run yet is refused as expired when decided.
    const late = await json<Approval>(
      await root.post('/api/approvals', { payload: { kind: 'signing_key_rotate' }, reason: 'Late one' }),
      201,
    );
    await sql(db.url, `UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = $1`, [late.id]);
    expect(await json(await deputy.post(`/api/approvals/${late.id}/approve`, {}), 409)).toMatchObject({ reason: 'approvals.expired' });
    const history = await json<ApprovalList>(await root.get('/api/approvals?view=history&status=expired'), 200);
    expect(history.items.map((a) => a.id)).toEqual(expect.arrayContaining([asked.id, late.id]));
    expect(history.items.every((a) => a.status === 'expired')).toBe(true);
    expect(await keyCount()).toBe(keys);
  });

  it('break-glass runs the action at once, alerts every other approver and waits for their review', async () => {
    const keys = await keyCount();
    expect(
      await json(await root.post('/api/approvals/break-glass', { payload: { kind: 'signing_key_rotate' }, justification: '' }), 400),
    ).toMatchObject({
      fieldReasons: { justification: { reason: 'approvals.reasonRequired' } },
    });
    const alerted = nextEvent(deputySocket, 'notification:new', (n) => n.kind === 'approval_break_glass');
    const glass = await json<Approval>(
      await root.post('/api/approvals/break-glass', {
        payload: { kind: 'signing_key_rotate' },
        justification: 'Key material leaked in a log',
      }),
      201,
    );
    expect(glass).toMatchObject({ status: 'break_glass', breakGlass: true, reviewedBy: null, reason: 'Key material leaked in a log' });
    expect(await keyCount()).toBe(keys + 1);
    expect((await alerted).data).toMatchObject({ approvalId: glass.id });
    const listed = await json<ApprovalList>(await deputy.get('/api/approvals?view=break_glass&unreviewed=true'), 200);
    expect(listed.items.map((a) => a.id)).toContain(glass.id);
    expect(listed.items.every((a) => a.breakGlass && a.reviewedAt === null)).toBe(true);
    expect(await json(await root.post(`/api/approvals/${glass.id}/review`), 403)).toMatchObject({ reason: 'approvals.ownBreakGlass' });
    const reviewed = await json<Approval>(await deputy.post(`/api/approvals/${glass.id}/review`), 200);
    expect(reviewed.reviewedBy?.email).toBe('deputy@muster.example');
    expect(await json(await deputy.post(`/api/approvals/${glass.id}/review`), 409)).toMatchObject({ reason: 'approvals.alreadyReviewed' });
    expect(
      (await json<ApprovalList>(await deputy.get('/api/approvals?view=break_glass&unreviewed=true'), 200)).items.map((a) => a.id),
    ).not.toContain(glass.id);
    const [event] = await sql<{ n: string }>(
      db.url,
      `SELECT count(*) AS n FROM audit_events WHERE action = 'approval.break_glass' AND target_id = $1`,
      [glass.id],
    );
    expect(Number(event!.n)).toBe(1);
  });

  it('releases a legal hold chosen from the organisation’s held records, once another admin approves it', async () => {
    const admin = await signIn(server.url!, 'admin@harborpoint.example');
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Title (Hold) >> endobj\n%%EOF\n');
    const upload = async (title: string) =>
      json<EvidenceDetail>(
        await admin.postForm(
          `/api/evidence?title=${title}&ruleIds=isps_b18_5&from=2026-01-01&to=2026-03-31`,
          fileForm(pdf, 'hold.pdf', 'application/pdf'),
        ),
        201,
      );
    const held = await upload('Berth%204%20incident%20log');
    const free = await upload('Free%20record');
    await json(await admin.post(`/api/evidence/${held.id}/hold`, { reason: 'Claim by a tug operator' }), 200);

    // The picker's list: that organisation's records under an active hold, for approvers only.
    expect((await admin.get(`/api/approvals/held-evidence?orgId=${orgId}`)).status).toBe(403);
    expect((await root.get('/api/approvals/held-evidence?orgId=nope')).status).toBe(400);
    expect((await root.get(`/api/approvals/held-evidence?orgId=${randomUUID()}`)).status).toBe(404);
    const list = await json<HeldEvidence>(await root.get(`/api/approvals/held-evidence?orgId=${orgId}`), 200);
    expect(list.items.find((r) => r.id === held.id)).toMatchObject({
      title: 'Berth 4 incident log',
      holdReason: 'Claim by a tug operator',
      heldBy: expect.any(String),
    });
    expect(list.items.map((r) => r.id)).not.toContain(free.id);

    // A record without a hold (or of no such organisation) cannot be named.
    const release = (evidenceId: string) => ({ payload: { kind: 'legal_hold_release', orgId, evidenceId }, reason: 'Claim settled' });
    expect(await json(await root.post('/api/approvals', release(free.id)), 400)).toMatchObject({
      fieldReasons: { evidenceId: { reason: 'evidence.notHeld' } },
    });
    const asked = await json<Approval>(await root.post('/api/approvals', release(held.id)), 201);
    expect(asked.subject).toBe('Harbor Point Port Authority: Berth 4 incident log');
    // Still held until approved.
    expect((await json<EvidenceDetail>(await admin.get(`/api/evidence/${held.id}`), 200)).hold).not.toBeNull();
    await json(await deputy.post(`/api/approvals/${asked.id}/approve`, {}), 200);
    expect((await json<EvidenceDetail>(await admin.get(`/api/evidence/${held.id}`), 200)).hold).toBeNull();
    const after = await json<HeldEvidence>(await root.get(`/api/approvals/held-evidence?orgId=${orgId}`), 200);
    expect(after.items.map((r) => r.id)).not.toContain(held.id);
  });

  it('raises a platform account to DEPUTY_ADMIN once approved; its sessions end', async () => {
    const sysops = await signIn(server.url!, 'sysops@muster.example');
    const [user] = await sql<{ id: string }>(db.url, `SELECT id FROM users WHERE email = 'sysops@muster.example'`);
    const asked = await json<Approval>(
      await deputy.post('/api/approvals', {
        payload: { kind: 'role_raise', userId: user!.id, role: 'DEPUTY_ADMIN' },
        reason: 'Night cover',
      }),
      201,
    );
    expect((await sysops.get('/api/auth/me')).status).toBe(200);
    await json(await root.post(`/api/approvals/${asked.id}/approve`, {}), 200);
    const [membership] = await sql<{ role: string }>(db.url, `SELECT role FROM memberships WHERE user_id = $1 AND org_id IS NULL`, [
      user!.id,
    ]);
    expect(membership!.role).toBe('DEPUTY_ADMIN');
    expect((await sysops.get('/api/auth/me')).status).toBe(401);
    // A member of an organisation is no platform account.
    const [member] = await sql<{ id: string }>(db.url, `SELECT id FROM users WHERE email = 'user@harborpoint.example'`);
    expect(
      await json(
        await root.post('/api/approvals', { payload: { kind: 'role_raise', userId: member!.id, role: 'ROOT_ADMIN' }, reason: 'Nope' }),
        409,
      ),
    ).toMatchObject({ reason: 'approvals.userNotPlatform' });
  });
});
