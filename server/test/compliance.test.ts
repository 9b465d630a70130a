import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  JobName,
  QueueName,
  type ComplianceProfile,
  type ComplianceRule,
  type DocumentDetail,
  type DocumentList,
  type ProfileEvaluation,
  type ProfileList,
  type SessionInfo,
} from '@muster/contracts';
import { Queue } from 'bullmq';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { fileForm, type TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { MailWatcher } from './support/outbox.js';
import { queueEventsFromNow } from './support/jobs.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const PDF2 = Buffer.from('%PDF-1.7\n% revision 2\n1 0 obj << >> endobj\n%%EOF\n');

/**
 * Compliance profiles and the document library against real PostgreSQL, Redis and storage: the
 * seeded ISPS profile with its failing rule, cadence states at their boundaries through the
 * evaluation endpoint (`?asOf`), which runs count, custom rules, refusals (unknown rules, bad
 * periods, another organisation's ids, members who may not write), the daily check's
 * notifications, and documents with versions, storage limits, size limits and audited downloads.
 */
describe('Compliance', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  let storageDir: string;
  const prefix = uniquePrefix();
  let manager: TestClient;
  let user: TestClient;
  let demoOrgId: string;

  const as = (email: string): Promise<TestClient> => signIn(server.url!, email);
  const me = async (client: TestClient) => json<SessionInfo>(await client.get('/api/auth/me'), 200);

  /** Writes a finished run as the console and approval would have left it. */
  async function insertRun(
    orgId: string,
    completedAt: string,
    over: { status?: string; scenario?: string; type?: string; title?: string } = {},
  ): Promise<string> {
    const id = randomUUID();
    const status = over.status ?? 'approved';
    await sql(
      db.url,
      `INSERT INTO drill_runs (id, org_id, title, type, scenario, snapshot, status, scheduled_at, location, lead_user_id, lead_name,
         started_at, completed_at, cancelled_at, approved_at)
       VALUES ($1, $2, $3, $4, $5, '{}'::jsonb, $6::varchar, $7::timestamptz - interval '1 hour', 'Gate 3', $8, 'Lead',
         $7::timestamptz - interval '1 hour', CASE WHEN $6::varchar = 'cancelled' THEN NULL ELSE $7::timestamptz END,
         CASE WHEN $6::varchar = 'cancelled' THEN $7::timestamptz END, CASE WHEN $6::varchar = 'approved' THEN $7::timestamptz + interval '1 day' END)`,
      [
        id,
        orgId,
        over.title ?? 'Bomb threat drill',
        over.type ?? 'drill',
        over.scenario ?? 'bomb_threat',
        status,
        completedAt,
        randomUUID(),
      ],
    );
    return id;
  }

  async function evaluate(client: TestClient, profileId: string, query: string): Promise<ProfileEvaluation> {
    return json<ProfileEvaluation>(await client.get(`/api/compliance/profiles/${profileId}/evaluation${query}`), 200);
  }
  const ruleOf = (evaluation: ProfileEvaluation, id: string) => evaluation.rules.find((r) => r.ruleId === id)!;
  const noonAfter = (start: string, days: number) => new Date(Date.parse(`${start}T12:00:00Z`) + days * 86_400_000).toISOString();

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'muster-compliance-'));
    db = await createTestDatabase();
    server = await startServer({
      databaseUrl: db.url,
      prefix,
      env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000', STORAGE_DIR: storageDir },
    });
    mail = await MailWatcher.start(prefix, server.url!);
    manager = await as('manager@harborpoint.example');
    user = await as('user@harborpoint.example');
    demoOrgId = (await me(manager)).org!.id;
  });

  afterAll(async () => {
    await mail?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
    await rm(storageDir, { recursive: true, force: true });
  });

  describe('profiles', () => {
    it('seeds the demo organisation an ISPS profile with exactly one failing rule, readable by every member', async () => {
      const list = await json<ProfileList>(await user.get('/api/compliance/profiles'), 200);
      expect(list.editable).toBe(false);
      const isps = list.items.find((p) => p.name === 'ISPS — Terminal 2')!;
      expect(isps).toMatchObject({
        scope: { kind: 'facility', facilityName: 'Terminal 2, Harbor Point' },
        counts: { failing: 1, passing: 1 },
      });
      const evaluation = await evaluate(user, isps.id, '');
      expect(ruleOf(evaluation, 'isps_b18_5')).toMatchObject({
        state: 'failing',
        source: 'ISPS Code B/18.5',
        reason: { key: 'lastRunOverdue', params: { what: 'security_drill', every: 90, unit: 'days' } },
      });
      expect(ruleOf(evaluation, 'isps_b18_5').reason.params.days).toBeGreaterThan(90);
      expect(ruleOf(evaluation, 'isps_b18_6')).toMatchObject({
        state: 'passing',
        satisfyingRuns: [{ scenario: 'cyber_incident', kind: 'tabletop' }],
      });

      // Approving a security drill today makes B/18.5 pass.
      const runId = await insertRun(demoOrgId, new Date(Date.now() - 3_600_000).toISOString());
      const after = await evaluate(user, isps.id, '');
      expect(ruleOf(after, 'isps_b18_5')).toMatchObject({ state: 'passing', reason: { key: 'lastRunOk', params: { days: 0 } } });
      expect(ruleOf(after, 'isps_b18_5').satisfyingRuns[0]!.runId).toBe(runId);
      await sql(db.url, 'DELETE FROM drill_runs WHERE id = $1', [runId]);
    });

    it('lets only administrators and managers write; other members get 403', async () => {
      const body = { name: 'Mine', scope: 'organization', ruleIds: ['isps_b18_5'] };
      expect(await json(await user.post('/api/compliance/profiles', body), 403)).toMatchObject({ reason: 'compliance.managersOnly' });
      expect(
        (
          await user.post('/api/compliance/rules', {
            key: 'x',
            title: 'X',
            source: 'S',
            scenarios: ['fire'],
            types: ['drill'],
            every: 1,
            unit: 'months',
          })
        ).status,
      ).toBe(403);
    });

    it('evaluates the cadences at their boundaries: day 90/91, 18 months + 1 day, 25 % vs 26 % crew change', async () => {
      const owner = await signUpElsewhere(server.url!);
      const orgId = (await me(owner)).org!.id;
      await insertRun(orgId, '2026-01-01T10:00:00Z');
      await insertRun(orgId, '2026-03-10T09:00:00Z', {
        type: 'tabletop',
        scenario: 'unauthorised_access',
        title: 'Gate intrusion tabletop',
      });
      const profile = await json<ComplianceProfile>(
        await owner.post('/api/compliance/profiles', {
          name: 'Ship security',
          scope: 'facility',
          facilityName: 'MV Harbor Star',
          ruleIds: ['isps_b18_5', 'isps_b18_6', 'isps_b13_6', 'isps_b18_5'],
          crewSize: 100,
          crewChanges: [{ date: '2026-03-20', changed: 25 }],
        }),
        201,
      );
      expect(profile.ruleIds).toEqual(['isps_b18_5', 'isps_b18_6', 'isps_b13_6']);

      // B/18.5: the tabletop of 10 March is the last security drill (it counts: an exercise drills the plan too).
      const b185 = async (days: number) =>
        ruleOf(await evaluate(owner, profile.id, `?asOf=${noonAfter('2026-03-10', days)}`), 'isps_b18_5');
      expect((await b185(76)).state).toBe('passing');
      expect(await b185(90)).toMatchObject({ state: 'due_soon', nextDueAt: '2026-06-08' });
      expect(await b185(91)).toMatchObject({
        state: 'failing',
        reason: { key: 'lastRunOverdue', params: { days: 91, due: '2026-06-08' } },
      });

      // B/18.6: exercises only; 18 months after 10 March 2026 is 10 September 2027.
      const b186 = async (day: string) => ruleOf(await evaluate(owner, profile.id, `?asOf=${day}T12:00:00Z`), 'isps_b18_6');
      expect(await b186('2027-09-10')).toMatchObject({ state: 'due_soon', nextDueAt: '2027-09-10' });
      expect(await b186('2027-09-11')).toMatchObject({ state: 'failing', reason: { key: 'lastRunOverdue' } });

      // B/13.6: 25 of 100 crew changed is not more than 25 %.
      const b136 = async () => ruleOf(await evaluate(owner, profile.id, `?asOf=2026-03-22T12:00:00Z`), 'isps_b13_6');
      expect(await b136()).toMatchObject({ state: 'passing' });
      const update = (changed: number) =>
        owner.request('PUT', `/api/compliance/profiles/${profile.id}`, {
          name: 'Ship security',
          scope: 'facility',
          facilityName: 'MV Harbor Star',
          ruleIds: ['isps_b18_5', 'isps_b18_6', 'isps_b13_6'],
          crewSize: 100,
          crewChanges: [{ date: '2026-03-20', changed }],
        });
      await json(await update(26), 200);
      expect(await b136()).toMatchObject({
        state: 'due_soon',
        nextDueAt: '2026-03-27',
        reason: { key: 'crewChangeDueSoon', params: { percent: 26, threshold: 25, changedOn: '2026-03-20' } },
      });
      expect(ruleOf(await evaluate(owner, profile.id, `?asOf=2026-03-28T12:00:00Z`), 'isps_b13_6')).toMatchObject({
        state: 'failing',
        reason: { key: 'crewChangeOverdue' },
      });
      // More changed than the crew has: refused.
      expect(await json(await update(101), 400)).toMatchObject({
        fieldReasons: { 'crewChanges.0.changed': { reason: 'compliance.moreThanCrew' } },
      });
    });

    it('never counts cancelled, unapproved (completed, awaiting approval) or scheduled runs', async () => {
      const owner = await signUpElsewhere(server.url!);
      const orgId = (await me(owner)).org!.id;
      const approved = await insertRun(orgId, '2026-01-01T10:00:00Z');
      await insertRun(orgId, '2026-03-01T10:00:00Z', { status: 'cancelled' });
      await insertRun(orgId, '2026-03-02T10:00:00Z', { status: 'completed' });
      await insertRun(orgId, '2026-03-03T10:00:00Z', { status: 'scheduled' });
      const profile = await json<ComplianceProfile>(
        await owner.post('/api/compliance/profiles', { name: 'Port', scope: 'organization', ruleIds: ['isps_b18_5'] }),
        201,
      );
      const rule = ruleOf(await evaluate(owner, profile.id, '?asOf=2026-04-05T12:00:00Z'), 'isps_b18_5');
      expect(rule).toMatchObject({ state: 'failing', lastSatisfiedAt: '2026-01-01T10:00:00.000Z' });
      expect(rule.satisfyingRuns.map((r) => r.runId)).toEqual([approved]);
    });

    it('checks SOLAS III/19.3 per crew member against the crew size, from who checked in', async () => {
      const owner = await signUpElsewhere(server.url!);
      const orgId = (await me(owner)).org!.id;
      const fire = await insertRun(orgId, '2026-03-01T10:00:00Z', { scenario: 'fire', title: 'Engine room fire' });
      const evacuation = await insertRun(orgId, '2026-03-02T10:00:00Z', { scenario: 'evacuation', title: 'Abandon ship' });
      const checkIn = (runId: string, name: string, checkedIn = true) =>
        sql(db.url, `INSERT INTO drill_run_participants (org_id, run_id, name, checked_in_at) VALUES ($1, $2, $3, $4)`, [
          orgId,
          runId,
          name,
          checkedIn ? '2026-03-01T10:05:00Z' : null,
        ]);
      for (const name of ['Ada', 'Ben']) await checkIn(evacuation, name);
      await checkIn(fire, 'Ada');
      await checkIn(fire, 'Ben', false);
      const profile = await json<ComplianceProfile>(
        await owner.post('/api/compliance/profiles', { name: 'MV Star', scope: 'organization', ruleIds: ['solas_iii_19_3'], crewSize: 2 }),
        201,
      );
      const solas = async () => ruleOf(await evaluate(owner, profile.id, '?asOf=2026-03-05T12:00:00Z'), 'solas_iii_19_3');
      expect(await solas()).toMatchObject({
        state: 'failing',
        reason: { key: 'crewNotAllDrilled', params: { what: 'fire', attended: 1, crewSize: 2 } },
      });
      await sql(db.url, `UPDATE drill_run_participants SET checked_in_at = '2026-03-01T10:06:00Z' WHERE run_id = $1 AND name = 'Ben'`, [
        fire,
      ]);
      expect(await solas()).toMatchObject({ state: 'passing' });
    });

    it('answers another organisation’s profile 404 and refuses unknown rules and bad periods with 400', async () => {
      const { items } = await json<ProfileList>(await manager.get('/api/compliance/profiles'), 200);
      const id = items[0]!.id;
      const stranger = await signUpElsewhere(server.url!);
      expect((await stranger.get(`/api/compliance/profiles/${id}`)).status).toBe(404);
      expect((await stranger.get(`/api/compliance/profiles/${id}/evaluation`)).status).toBe(404);
      expect(
        (await stranger.request('PUT', `/api/compliance/profiles/${id}`, { name: 'x', scope: 'organization', ruleIds: ['isps_b18_5'] }))
          .status,
      ).toBe(404);
      expect((await stranger.delete(`/api/compliance/profiles/${id}`)).status).toBe(404);
      expect((await stranger.get(`/api/compliance/profiles/not-a-uuid`)).status).toBe(404);
      // The demo organisation's own rule is unknown elsewhere.
      expect(
        await json(
          await stranger.post('/api/compliance/profiles', {
            name: 'x',
            scope: 'organization',
            ruleIds: ['custom:oil-spill-semiannual', 'isps_b18_5', 'isps_b99'],
          }),
          400,
        ),
      ).toMatchObject({
        code: 'VALIDATION_FAILED',
        reason: 'compliance.unknownRules',
        params: { ids: 'custom:oil-spill-semiannual, isps_b99' },
        fieldReasons: { ruleIds: { reason: 'compliance.unknownRules' } },
      });
      expect(await json(await manager.post('/api/compliance/profiles', { name: 'x', scope: 'facility', ruleIds: [] }), 400)).toMatchObject({
        fieldReasons: { ruleIds: { reason: 'compliance.noRules' }, facilityName: { reason: 'compliance.facilityRequired' } },
      });
      expect(await json(await manager.get(`/api/compliance/profiles/${id}/evaluation?from=2026-05-01&to=2026-04-01`), 400)).toMatchObject({
        reason: 'compliance.periodBackwards',
      });
      expect(await json(await manager.get(`/api/compliance/profiles/${id}/evaluation?from=2022-01-01&to=2026-04-01`), 400)).toMatchObject({
        reason: 'compliance.periodTooLong',
      });
      expect((await manager.get(`/api/compliance/profiles/${id}/evaluation?from=2026-13-01&to=2026-04-01`)).status).toBe(400);
      expect((await manager.get(`/api/compliance/profiles/${id}/evaluation?asOf=yesterday`)).status).toBe(400);
    });

    it('adds rules of the organisation’s own, usable in its profiles, once per key', async () => {
      const owner = await signUpElsewhere(server.url!);
      const orgId = (await me(owner)).org!.id;
      const body = {
        key: 'fire-quarterly',
        title: 'Fire drill every quarter',
        source: 'Site rule 7',
        scenarios: ['fire'],
        types: ['drill'],
        every: 3,
        unit: 'months',
        dueSoonDays: 10,
      };
      const rule = await json<ComplianceRule>(await owner.post('/api/compliance/rules', body), 201);
      expect(rule).toMatchObject({
        id: 'custom:fire-quarterly',
        builtIn: false,
        titleKey: null,
        cadence: { every: 3, unit: 'months', dueSoonDays: 10 },
      });
      expect(await json(await owner.post('/api/compliance/rules', body), 409)).toMatchObject({ reason: 'compliance.ruleExists' });
      const rules = await json<{ items: ComplianceRule[] }>(await owner.get('/api/compliance/rules'), 200);
      expect(rules.items.map((r) => r.id)).toEqual([
        'isps_b18_5',
        'isps_b18_6',
        'isps_b13_6',
        'solas_iii_19_3',
        'iso_22301_8_5',
        'cfr33_105_225',
        'custom:fire-quarterly',
      ]);
      await insertRun(orgId, '2026-02-27T10:00:00Z', { scenario: 'fire', title: 'Warehouse fire drill' });
      const profile = await json<ComplianceProfile>(
        await owner.post('/api/compliance/profiles', { name: 'Site', scope: 'organization', ruleIds: ['custom:fire-quarterly'] }),
        201,
      );
      // 27 February + 3 months = 27 May.
      const rule2 = ruleOf(await evaluate(owner, profile.id, '?asOf=2026-05-20T12:00:00Z'), 'custom:fire-quarterly');
      expect(rule2).toMatchObject({
        state: 'due_soon',
        nextDueAt: '2026-05-27',
        title: 'Fire drill every quarter',
        reason: { params: { what: 'fire' } },
      });
      expect((await owner.delete(`/api/compliance/profiles/${profile.id}`)).status).toBe(204);
      expect((await owner.get(`/api/compliance/profiles/${profile.id}`)).status).toBe(404);
    });

    it('tells managers of a failing rule once, in the app and by email, in the daily check', async () => {
      const queue = new Queue(QueueName.Reminders, { connection: { url: REDIS_URL }, prefix });
      const events = await queueEventsFromNow(QueueName.Reminders, prefix);
      await events.waitUntilReady();
      try {
        const since = Date.now();
        const first = await queue.add(JobName.ComplianceCheck, { orgId: demoOrgId });
        await first.waitUntilFinished(events);
        const email = await mail.waitFor('manager@harborpoint.example', /^Failing: ISPS Code B\/18\.5 \(ISPS — Terminal 2\)$/, since);
        expect(email.text).toContain('ISPS Code B/18.5 in the compliance profile "ISPS — Terminal 2" is failing since');
        const count = async () =>
          (
            await sql<{ n: string }>(
              db.url,
              `SELECT count(*) AS n FROM notifications WHERE kind = 'compliance_rule' AND data->>'ruleId' = 'isps_b18_5' AND data->>'profileName' = 'ISPS — Terminal 2'`,
            )
          )[0]!.n;
        // The demo organisation's active ADMINs and MANAGERs.
        const once = await count();
        expect(Number(once)).toBeGreaterThanOrEqual(2);
        const second = await queue.add(JobName.ComplianceCheck, { orgId: demoOrgId });
        await second.waitUntilFinished(events);
        expect(await count()).toBe(once);
        // The certificate expiring in 20 days is reminded to its owner and the managers.
        const docs = await sql<{ n: string }>(db.url, `SELECT count(*) AS n FROM notifications WHERE kind = 'compliance_document'`);
        expect(Number(docs[0]!.n)).toBeGreaterThanOrEqual(2);
      } finally {
        await events.close();
        await queue.close();
      }
    });
  });

  describe('the document library', () => {
    const upload = (client: TestClient, query: string, content = PDF, name = 'plan.pdf') =>
      client.postForm(`/api/compliance/documents?${query}`, fileForm(content, name, 'application/pdf'));

    it('uploads a document and a new version, lists and filters them, and audits downloads', async () => {
      const created = await json<DocumentDetail>(
        await upload(
          manager,
          'title=Evacuation%20plan&kind=plan&tags=Safety,evacuation&ruleIds=solas_iii_19_3&effectiveDate=2026-01-15&reviewDate=2027-01-15',
        ),
        201,
      );
      expect(created).toMatchObject({
        title: 'Evacuation plan',
        tags: ['safety', 'evacuation'],
        ruleIds: ['solas_iii_19_3'],
        reviewDate: '2027-01-15',
        owner: { name: 'Marcus Lee' },
        current: { version: 1, effectiveDate: '2026-01-15', contentType: 'application/pdf', size: PDF.length },
      });
      expect(created.current.sha256).toMatch(/^[0-9a-f]{64}$/);
      const v2 = await json<DocumentDetail>(
        await manager.postForm(
          `/api/compliance/documents/${created.id}/versions?effectiveDate=2026-06-01&note=Assembly%20point%20moved`,
          fileForm(PDF2, 'plan-v2.pdf', 'application/pdf'),
        ),
        201,
      );
      expect(v2.current).toMatchObject({ version: 2, effectiveDate: '2026-06-01', note: 'Assembly point moved', filename: 'plan-v2.pdf' });
      expect(v2.versions.map((v) => v.version)).toEqual([2, 1]);

      const byTag = await json<DocumentList>(await user.get('/api/compliance/documents?tag=evacuation'), 200);
      expect(byTag.items.map((d) => [d.title, d.current.version])).toEqual([['Evacuation plan', 2]]);
      expect(byTag.tags).toEqual(expect.arrayContaining(['evacuation', 'isps', 'safety']));
      const byRule = await json<DocumentList>(await user.get('/api/compliance/documents?ruleId=isps_b18_6'), 200);
      expect(byRule.items.map((d) => d.title).sort()).toEqual([
        'Port Facility Security Plan — Terminal 2',
        'Statement of Compliance of a Port Facility',
      ]);

      // Every member downloads any version; each download is an audit event.
      const first = await user.get(`/api/compliance/documents/${created.id}/versions/${v2.versions[1]!.id}/download`);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await first.arrayBuffer()).equals(PDF)).toBe(true);
      const audit = await sql<{ action: string; metadata: { version: number } }>(
        db.url,
        `SELECT action, metadata FROM audit_events WHERE target_id = $1 ORDER BY seq`,
        [created.id],
      );
      expect(audit.map((a) => [a.action, a.metadata.version])).toEqual([
        ['compliance.document.upload', 1],
        ['compliance.document.upload', 2],
        ['compliance.document.download', 1],
      ]);
      // Counted against storage.
      const [row] = await sql<{ amount: string }>(
        db.url,
        `SELECT amount FROM usage_records WHERE org_id = $1 AND resource_type = 'storage' AND period = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')`,
        [demoOrgId],
      );
      expect(Number(row!.amount)).toBeGreaterThan(PDF.length + PDF2.length);
    });

    it('refuses members who may not upload, unknown rules, oversized files (413) and uploads past the storage limit (402)', async () => {
      expect(await json(await upload(user, 'title=X&kind=plan&effectiveDate=2026-01-01'), 403)).toMatchObject({
        reason: 'complianceDocuments.managersOnly',
      });
      expect(await json(await upload(manager, 'title=X&kind=plan&effectiveDate=2026-01-01&ruleIds=nope'), 400)).toMatchObject({
        reason: 'complianceDocuments.unknownRules',
      });
      expect(await json(await upload(manager, 'title=X&kind=plan&effectiveDate=2026-02-01&reviewDate=2026-01-01'), 400)).toMatchObject({
        fieldReasons: { reviewDate: { reason: 'complianceDocuments.reviewBeforeEffective' } },
      });
      expect((await upload(manager, 'kind=plan&effectiveDate=2026-01-01')).status).toBe(400);
      const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
      expect(await json(await upload(manager, 'title=Big&kind=plan&effectiveDate=2026-01-01', big, 'big.pdf'), 413)).toMatchObject({
        code: 'FILE_TOO_LARGE',
      });

      const owner = await signUpElsewhere(server.url!);
      const orgId = (await me(owner)).org!.id;
      await sql(
        db.url,
        `INSERT INTO usage_records (org_id, resource_type, period, amount) VALUES ($1, 'storage', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), 9999999990)`,
        [orgId],
      );
      const refused = await upload(owner, 'title=Plan&kind=plan&effectiveDate=2026-01-01');
      expect(refused.headers.get('link')).toBe('</app/subscription>; rel="payment"');
      expect(await json(refused, 402)).toMatchObject({ code: 'USAGE_LIMIT_REACHED' });
      expect((await json<DocumentList>(await owner.get('/api/compliance/documents'), 200)).items).toEqual([]);
      const stored = await sql(db.url, `SELECT 1 FROM compliance_document_versions WHERE org_id = $1`, [orgId]);
      expect(stored).toEqual([]);
    });

    it('answers another organisation’s documents and versions 404', async () => {
      const { items } = await json<DocumentList>(await manager.get('/api/compliance/documents'), 200);
      const doc = items[0]!;
      const stranger = await signUpElsewhere(server.url!);
      expect((await stranger.get(`/api/compliance/documents/${doc.id}`)).status).toBe(404);
      expect((await stranger.get(`/api/compliance/documents/${doc.id}/versions/${doc.current.id}/download`)).status).toBe(404);
      expect(
        (
          await stranger.postForm(
            `/api/compliance/documents/${doc.id}/versions?effectiveDate=2026-01-01`,
            fileForm(PDF, 'x.pdf', 'application/pdf'),
          )
        ).status,
      ).toBe(404);
      expect((await stranger.request('PUT', `/api/compliance/documents/${doc.id}`, { title: 'x', kind: 'plan' })).status).toBe(404);
      expect((await json<DocumentList>(await stranger.get('/api/compliance/documents'), 200)).items).toEqual([]);
      // A version id of another document is not found under this one.
      const other = items[1]!;
      expect((await manager.get(`/api/compliance/documents/${doc.id}/versions/${other.current.id}/download`)).status).toBe(404);
    });
  });
});
