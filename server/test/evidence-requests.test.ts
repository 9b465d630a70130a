import { randomUUID } from 'node:crypto';
import type { AuditorInvite, EvidenceRequestView, SampleView } from '@muster/contracts';
import { signIn } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { codeIn, MailWatcher } from './support/outbox.js';

const ADMIN = 'admin@harborpoint.example';
const DAY = 86_400_000;

interface Refusal {
  reason: string;
  params?: Record<string, string | number>;
  fieldReasons?: Record<string, { reason: string; params: Record<string, string | number> }>;
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

describe('Evidence requests and samples of the auditor portal', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  let admin: TestClient;
  let auditor: TestClient;
  let invite: AuditorInvite;
  let orgId: string;
  const prefix = uniquePrefix();
  const auditorEmail = `iris-${Date.now()}@seaward-audit.example`;
  /** Records of the scope (ISPS rules, 2026) and one outside it. */
  const inScope: string[] = [];
  let outside: string;

  async function addRecord(title: string, kind: string, ruleIds: string[], from = '2026-03-01', to = '2026-03-31'): Promise<string> {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO evidence_records (id, org_id, kind, title, description, rule_ids, period_from, period_to, facility, file_name,
         content_type, size, sha256, storage_key, added_by_user_id, added_by_name, retain_until)
       VALUES ($1, $2, $3, $4, '', $5::jsonb, $6, $7, NULL, 'evidence.pdf', 'application/pdf', 10, repeat('a', 64), $8, NULL,
         'Dana Reyes', now() + interval '7 years 1 day')`,
      [id, orgId, kind, title, JSON.stringify(ruleIds), from, to, `evidence/${orgId}/${id}`],
    );
    return id;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    mail = await MailWatcher.start(prefix, server.url!);
    admin = await signIn(server.url!, ADMIN);
    const profiles = await json<{ items: { id: string; name: string }[] }>(await admin.get('/api/compliance/profiles'), 200);
    const isps = profiles.items.find((p) => p.name === 'ISPS — Terminal 2')!;
    orgId = ((await sql(db.url, `SELECT org_id FROM compliance_profiles WHERE id = $1`, [isps.id]))[0] as { org_id: string }).org_id;
    invite = await json<AuditorInvite>(
      await admin.post('/api/auditor-invites', {
        email: auditorEmail,
        auditorName: 'Iris Vogel',
        firm: 'Seaward Audit LLP',
        expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
        scope: { profileIds: [isps.id], from: '2026-01-01', to: '2026-12-31' },
      }),
      201,
    );
    for (let n = 0; n < 12; n++)
      inScope.push(await addRecord(`Muster list ${n}`, n < 9 ? 'file' : 'drill_run', [n % 2 ? 'isps_b18_5' : 'isps_b18_6']));
    outside = await addRecord('Lifeboat drill', 'file', ['solas_iii_19_3']);

    auditor = await new TestClient(server.url!).init();
    const since = Date.now();
    await json(await auditor.post('/api/auth/auditor/request-magic', { email: auditorEmail }), 200);
    const code = codeIn((await mail.waitFor(auditorEmail, /Auditor Portal sign-in code/, since)).text);
    await json(await auditor.post('/api/auth/auditor/verify-magic', { email: auditorEmail, code }), 200);
  });

  afterAll(async () => {
    await mail?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  describe('requests', () => {
    it('refuses a rule outside the scope and due dates before today or beyond a year', async () => {
      const base = { text: 'The signed muster lists', dueDate: isoDay(10) };
      const rule = await json<Refusal>(await auditor.post('/api/auditor/requests', { ...base, ruleId: 'solas_iii_19_3' }), 400);
      expect(rule.fieldReasons?.ruleId).toMatchObject({ reason: 'auditor.requestRuleOutOfScope' });
      const past = await json<Refusal>(await auditor.post('/api/auditor/requests', { ...base, dueDate: isoDay(-2) }), 400);
      expect(past.fieldReasons?.dueDate).toMatchObject({ reason: 'auditor.requestDueInPast' });
      const far = await json<Refusal>(await auditor.post('/api/auditor/requests', { ...base, dueDate: isoDay(400) }), 400);
      expect(far.fieldReasons?.dueDate).toMatchObject({ reason: 'auditor.requestDueTooFar' });
      const short = await json<Refusal>(await auditor.post('/api/auditor/requests', { ...base, text: 'x' }), 400);
      expect(short.fieldReasons?.text).toMatchObject({ reason: 'auditor.requestText' });
    });

    it('goes open → submitted → flagged → submitted → accepted, notifying both sides', async () => {
      // Open: the organisation's admins are told in-app and by email.
      let since = Date.now();
      const created = await json<EvidenceRequestView>(
        await auditor.post('/api/auditor/requests', {
          text: 'The signed muster list of the March drill',
          ruleId: 'isps_b18_5',
          dueDate: isoDay(14),
        }),
        201,
      );
      expect(created).toMatchObject({
        state: 'open',
        ruleId: 'isps_b18_5',
        inviteId: invite.id,
        auditor: { name: 'Iris Vogel', firm: 'Seaward Audit LLP' },
        evidence: [],
        overdue: false,
      });
      const notes = await sql(
        db.url,
        `SELECT n.link, n.data FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = $1 AND n.kind = 'evidence_request'
           AND n.data->>'requestId' = $2`,
        [ADMIN, created.id],
      );
      expect(notes).toEqual([
        expect.objectContaining({
          link: `/app/admin/evidence-vault?tab=requests&request=${created.id}`,
          data: expect.objectContaining({ event: 'created', auditor: 'Iris Vogel (Seaward Audit LLP)' }),
        }),
      ]);
      const told = await mail.waitFor(ADMIN, /Evidence requested by Iris Vogel/, since);
      expect(told.text).toContain('The signed muster list of the March drill');
      expect(told.text).toContain(`/app/admin/evidence-vault?tab=requests&request=${created.id}`);

      // Not yet answered: nothing to accept.
      expect(
        await json<Refusal>(await auditor.post(`/api/auditor/requests/${created.id}/review`, { state: 'accepted' }), 409),
      ).toMatchObject({
        reason: 'auditor.requestNotSubmitted',
      });

      // The organisation sees it and answers; a record outside the scope or unknown is refused.
      const org = await json<{ items: EvidenceRequestView[] }>(await admin.get('/api/evidence-requests?state=open'), 200);
      expect(org.items.map((r) => r.id)).toContain(created.id);
      for (const bad of [outside, randomUUID()]) {
        const refused = await json<Refusal>(
          await admin.post(`/api/evidence-requests/${created.id}/submit`, { evidenceIds: [inScope[1], bad] }),
          400,
        );
        expect(refused.fieldReasons?.evidenceIds).toMatchObject({ reason: 'auditor.evidenceNotFound' });
      }
      since = Date.now();
      const submitted = await json<EvidenceRequestView>(
        await admin.post(`/api/evidence-requests/${created.id}/submit`, { evidenceIds: [inScope[1]], note: 'The list signed by the PFSO' }),
        200,
      );
      expect(submitted).toMatchObject({ state: 'submitted', note: 'The list signed by the PFSO', submittedBy: expect.any(String) });
      expect(submitted.evidence.map((e) => e.id)).toEqual([inScope[1]]);
      const answered = await mail.waitFor(auditorEmail, /answered your evidence request/, since);
      expect(answered.text).toContain('The list signed by the PFSO');
      const shared = await sql(db.url, `SELECT action, metadata FROM audit_events WHERE target_id = $1 AND action = 'evidence.shared'`, [
        inScope[1],
      ]);
      expect(shared).toEqual([
        expect.objectContaining({ metadata: expect.objectContaining({ detail: 'Iris Vogel (Seaward Audit LLP)' }) }),
      ]);

      // Flagged (a comment is required); the admins are told; it can be answered again.
      expect(
        (await json<Refusal>(await auditor.post(`/api/auditor/requests/${created.id}/review`, { state: 'flagged' }), 400)).fieldReasons
          ?.comment,
      ).toMatchObject({ reason: 'auditor.flagNeedsComment' });
      since = Date.now();
      const flagged = await json<EvidenceRequestView>(
        await auditor.post(`/api/auditor/requests/${created.id}/review`, { state: 'flagged', comment: 'The list is not signed' }),
        200,
      );
      expect(flagged).toMatchObject({ state: 'flagged', reviewComment: 'The list is not signed' });
      expect((await mail.waitFor(ADMIN, /flagged the evidence you submitted/, since)).text).toContain('The list is not signed');
      const flaggedNotes = await sql(
        db.url,
        `SELECT count(*)::int AS count FROM notifications WHERE kind = 'evidence_request' AND data->>'requestId' = $1 AND data->>'event' = 'flagged'`,
        [created.id],
      );
      expect(flaggedNotes[0]!.count).toBeGreaterThan(0);

      await json(await admin.post(`/api/evidence-requests/${created.id}/submit`, { evidenceIds: [inScope[1], inScope[3]] }), 200);
      since = Date.now();
      const accepted = await json<EvidenceRequestView>(
        await auditor.post(`/api/auditor/requests/${created.id}/review`, { state: 'accepted' }),
        200,
      );
      expect(accepted).toMatchObject({ state: 'accepted', overdue: false });
      expect(accepted.evidence.map((e) => e.id)).toEqual([inScope[1], inScope[3]]);
      await mail.waitFor(ADMIN, /accepted the evidence you submitted/, since);

      // Accepted is final.
      expect(
        await json<Refusal>(await admin.post(`/api/evidence-requests/${created.id}/submit`, { evidenceIds: [inScope[5]] }), 409),
      ).toMatchObject({
        reason: 'auditor.requestNotOpen',
      });
      expect(
        await json<Refusal>(await auditor.post(`/api/auditor/requests/${created.id}/review`, { state: 'flagged', comment: 'Again' }), 409),
      ).toMatchObject({ reason: 'auditor.requestNotOpen' });
      const actions = await sql(db.url, `SELECT action FROM audit_events WHERE target_id = $1 ORDER BY seq`, [created.id]);
      expect(actions.map((r) => r.action)).toEqual([
        'evidence.request.created',
        'evidence.request.submitted',
        'evidence.request.reviewed',
        'evidence.request.submitted',
        'evidence.request.reviewed',
      ]);
    });

    it('marks a request overdue once its due date has passed and it is not accepted', async () => {
      const created = await json<EvidenceRequestView>(
        await auditor.post('/api/auditor/requests', { text: 'Drill reports of Q1', dueDate: isoDay(1) }),
        201,
      );
      expect(created.overdue).toBe(false);
      await sql(db.url, `UPDATE evidence_requests SET due_date = $2 WHERE id = $1`, [created.id, isoDay(-3)]);
      const mine = await json<{ items: EvidenceRequestView[] }>(await auditor.get('/api/auditor/requests?state=open'), 200);
      expect(mine.items.find((r) => r.id === created.id)).toMatchObject({ overdue: true });
    });

    it("lets an admin preview the auditor's requests read-only, and answers 404 for another invite's request", async () => {
      const preview = await json<{ items: EvidenceRequestView[] }>(await admin.get(`/api/auditor/requests?preview=${invite.id}`), 200);
      const mine = await json<{ items: EvidenceRequestView[] }>(await auditor.get('/api/auditor/requests'), 200);
      expect(preview.items.map((r) => r.id)).toEqual(mine.items.map((r) => r.id));
      expect(
        await json<Refusal>(
          await admin.post(`/api/auditor/requests?preview=${invite.id}`, { text: 'From the admin', dueDate: isoDay(3) }),
          403,
        ),
      ).toMatchObject({ reason: 'auditor.previewReadOnly' });
      expect(
        await json<Refusal>(
          await admin.post(`/api/auditor/requests/${mine.items[0]!.id}/review?preview=${invite.id}`, { state: 'accepted' }),
          403,
        ),
      ).toMatchObject({ reason: 'auditor.previewReadOnly' });
      expect((await auditor.post(`/api/auditor/requests/${randomUUID()}/review`, { state: 'accepted' })).status).toBe(404);
      expect((await admin.post(`/api/evidence-requests/${randomUUID()}/submit`, { evidenceIds: [inScope[0]] })).status).toBe(404);
      // The auditor has no way into the organisation's side.
      expect((await auditor.get('/api/evidence-requests')).status).toBe(403);
    });
  });

  describe('samples', () => {
    it('draws the same sample from the same seed, in scope only, and stores it with its method (audited)', async () => {
      const first = await json<SampleView>(await auditor.post('/api/auditor/samples', { size: 5, seed: 'HARBOR-2026' }), 201);
      expect(first).toMatchObject({ seed: 'HARBOR-2026', size: 5, populationSize: 12, method: 'sha256-fisher-yates-v1' });
      expect(new Set(first.recordIds).size).toBe(5);
      for (const id of first.recordIds) expect(inScope).toContain(id);
      const again = await json<SampleView>(await auditor.post('/api/auditor/samples', { size: 5, seed: 'HARBOR-2026' }), 201);
      expect(again.recordIds).toEqual(first.recordIds);
      const other = await json<SampleView>(await auditor.post('/api/auditor/samples', { size: 5, seed: 'HARBOR-2027' }), 201);
      expect(other.recordIds).not.toEqual(first.recordIds);

      const audit = await sql(db.url, `SELECT metadata FROM audit_events WHERE action = 'evidence.sample.drawn' AND target_id = $1`, [
        first.id,
      ]);
      expect(audit[0]!.metadata).toMatchObject({ seed: 'HARBOR-2026', populationSize: 12, recordIds: first.recordIds });
    });

    it('filters the population, makes up a seed when none is given, and takes the whole population', async () => {
      const runs = await json<SampleView>(await auditor.post('/api/auditor/samples', { size: 3, population: { kind: 'drill_run' } }), 201);
      expect(runs).toMatchObject({ populationSize: 3, size: 3, population: { kind: 'drill_run' } });
      expect(runs.seed).toMatch(/^[A-Z2-7]{16}$/);
      expect([...runs.recordIds].sort()).toEqual(inScope.slice(9).sort());
      const rule = await json<SampleView>(
        await auditor.post('/api/auditor/samples', { size: 1, population: { ruleId: 'isps_b18_5' } }),
        201,
      );
      expect(rule.populationSize).toBe(6);
    });

    it('refuses an empty population, a sample larger than the population or the limit, and writes in a preview', async () => {
      const empty = await json<Refusal>(await auditor.post('/api/auditor/samples', { size: 1, population: { kind: 'packet' } }), 400);
      expect(empty.reason).toBe('auditor.sampleEmpty');
      const outOfPeriod = await json<Refusal>(
        await auditor.post('/api/auditor/samples', { size: 1, population: { from: '2026-06-01' } }),
        400,
      );
      expect(outOfPeriod.reason).toBe('auditor.sampleEmpty');
      const large = await json<Refusal>(await auditor.post('/api/auditor/samples', { size: 13 }), 400);
      expect(large.fieldReasons?.size).toEqual({ reason: 'auditor.sampleTooLarge', params: { max: 12 } });
      const limit = await json<Refusal>(await auditor.post('/api/auditor/samples', { size: 501 }), 400);
      expect(limit.fieldReasons?.size).toMatchObject({ reason: 'auditor.sampleTooLarge' });
      const seed = await json<Refusal>(await auditor.post('/api/auditor/samples', { size: 1, seed: 'no spaces' }), 400);
      expect(seed.fieldReasons?.seed).toMatchObject({ reason: 'auditor.seedFormat' });
      expect(await json<Refusal>(await admin.post(`/api/auditor/samples?preview=${invite.id}`, { size: 1 }), 403)).toMatchObject({
        reason: 'auditor.previewReadOnly',
      });
      const listed = await json<{ items: SampleView[] }>(await admin.get(`/api/auditor/samples?preview=${invite.id}`), 200);
      const mine = await json<{ items: SampleView[] }>(await auditor.get('/api/auditor/samples'), 200);
      expect(listed.items.map((s) => s.id)).toEqual(mine.items.map((s) => s.id));
      expect(mine.items).toHaveLength(5);
    });
  });
});
