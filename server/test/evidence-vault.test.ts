import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  JobName,
  QueueName,
  type EvidenceDetail,
  type EvidenceList,
  type EvidenceSource,
  type RenderView,
  type SessionInfo,
} from '@muster/contracts';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, type ChatSocket } from './support/chat.js';
import { fileForm, type TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { pngWithGps } from './support/images.js';
import { runJob } from './support/jobs.js';
import { watchRenders } from './support/renders.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Title (Fire pump test) >> endobj\n%%EOF\n');
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
const META = 'ruleIds=isps_b18_5,solas_iii_19_3&from=2026-01-01&to=2026-03-31&facility=Terminal%202';
const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/**
 * The evidence vault against real PostgreSQL, Redis and storage: uploads with their hash, list
 * filters, custody of each view and download on the audit chain, snapshots of approved runs (and
 * the refusal of others) and audit exports, legal holds, the database refusing UPDATE and DELETE of
 * retained rows, the purge refusing retained and held records and giving storage back, a tampered
 * file refused and recorded, bad input and who may read and write.
 */
describe('Evidence vault', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let storageDir: string;
  const prefix = uniquePrefix();
  let admin: TestClient;
  let manager: TestClient;
  let internalAuditor: TestClient;
  let demoOrgId: string;

  const as = (email: string): Promise<TestClient> => signIn(server.url!, email);
  const me = async (client: TestClient) => json<SessionInfo>(await client.get('/api/auth/me'), 200);
  const upload = (client: TestClient, query: string, content: Buffer = PDF, name = 'fire-pump-test.pdf', type = 'application/pdf') =>
    client.postForm(`/api/evidence?${query}`, fileForm(content, name, type));
  const storageUsed = async (orgId: string) =>
    Number(
      (
        await sql<{ amount: string }>(
          db.url,
          `SELECT amount FROM usage_records WHERE org_id = $1 AND resource_type = 'storage' AND period = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')`,
          [orgId],
        )
      )[0]?.amount ?? 0,
    );

  let adminSocket: ChatSocket;
  let adminRenders: ReturnType<typeof watchRenders>;

  /**
   * `POST /api/evidence/links` as the admin: answered at once with an `evidence-snapshot` render
   * (202), made by the render queue with each stage pushed to the admin; the render names the record.
   */
  async function snapshot(body: Record<string, unknown>): Promise<{ started: RenderView; done: RenderView; record: EvidenceDetail }> {
    const started = await json<RenderView>(await admin.post('/api/evidence/links', body), 202);
    expect(started).toMatchObject({ kind: 'evidence-snapshot', status: 'queued', percent: 0, downloadUrl: null, recordId: null });
    const done = await adminRenders.until((r) => r.id === started.id && (r.status === 'done' || r.status === 'failed'));
    expect(done).toMatchObject({ status: 'done', percent: 100, downloadUrl: null });
    const record = await json<EvidenceDetail>(await admin.get(`/api/evidence/${done.recordId!}`), 200);
    return { started, done, record };
  }

  async function purgeJob(): Promise<void> {
    await runJob(QueueName.Recovery, prefix, JobName.EvidencePurge);
  }

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'muster-evidence-'));
    db = await createTestDatabase();
    server = await startServer({
      databaseUrl: db.url,
      prefix,
      env: { SEED_ON_EMPTY: 'true', SEED_EVIDENCE: 'true', AUTH_ATTEMPTS_PER_IP: '10000', STORAGE_DIR: storageDir },
    });
    admin = await as('admin@harborpoint.example');
    manager = await as('manager@harborpoint.example');
    internalAuditor = await as('auditor@harborpoint.example');
    demoOrgId = (await me(admin)).org!.id;
    adminSocket = await chatSocket(server.url!, admin);
    adminRenders = watchRenders(adminSocket);
    // Seeding the demo vault renders a drill report, an SOP and two sheets as PDFs before the server listens.
  }, 240_000);

  afterAll(async () => {
    adminSocket?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
    await rm(storageDir, { recursive: true, force: true });
  });

  it('seeds the demo vault with uploads and snapshots of a run, the packet, an SOP and the audit chain, one of them held', async () => {
    const seeded = await json<EvidenceList>(await admin.get('/api/evidence?pageSize=100'), 200);
    expect([...new Set(seeded.items.map((r) => r.kind))].sort()).toEqual(['audit_export', 'drill_run', 'file', 'packet', 'sop_version']);
    expect(seeded.items.filter((r) => r.hold).map((r) => r.title)).toEqual(['Fire pump weekly test log']);
    for (const record of seeded.items.filter((r) => r.kind !== 'file')) expect(record.source).not.toBeNull();
    const packet = seeded.items.find((r) => r.kind === 'packet')!;
    const body = Buffer.from(await (await admin.get(`/api/evidence/${packet.id}/file`)).arrayBuffer());
    expect(sha256(body)).toBe(packet.sha256);
  });

  it('adds an uploaded file with its hash, lists and filters it, and records every view and download as custody', async () => {
    const before = await storageUsed(demoOrgId);
    const created = await json<EvidenceDetail>(
      await upload(admin, `title=Fire%20pump%20test%20Q1&description=Quarterly%20pump%20test%20sheet&${META}`),
      201,
    );
    expect(created).toMatchObject({
      kind: 'file',
      title: 'Fire pump test Q1',
      description: 'Quarterly pump test sheet',
      ruleIds: ['isps_b18_5', 'solas_iii_19_3'],
      from: '2026-01-01',
      to: '2026-03-31',
      facility: 'Terminal 2',
      source: null,
      fileName: 'fire-pump-test.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      sha256: sha256(PDF),
      addedBy: { name: 'Amelia Hart' },
      hold: null,
      holds: [],
    });
    const years = (Date.parse(created.retainUntil) - Date.parse(created.createdAt)) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(6.99);
    expect(years).toBeLessThan(7.01);
    expect(created.custody.map((c) => [c.action, c.actor, c.actorKind])).toEqual([['added', 'Amelia Hart', 'member']]);
    expect(await storageUsed(demoOrgId)).toBe(before + PDF.length);

    // Search, filters and paging.
    const found = await json<EvidenceList>(await admin.get('/api/evidence?q=pump%20test%20sheet'), 200);
    expect(found.items.map((r) => r.id)).toEqual([created.id]);
    expect(found).toMatchObject({ total: 1, page: 1, editable: true });
    const ids = async (query: string) => (await json<EvidenceList>(await admin.get(`/api/evidence?${query}`), 200)).items.map((r) => r.id);
    expect(await ids('ruleId=solas_iii_19_3&kind=file')).toContain(created.id);
    expect(await ids('ruleId=cfr33_105_225')).not.toContain(created.id);
    expect(await ids('kind=drill_run')).not.toContain(created.id);
    expect(await ids('from=2026-03-31&to=2026-04-30')).toContain(created.id);
    expect(await ids('from=2026-04-01&to=2026-04-30')).not.toContain(created.id);
    expect(await ids('to=2025-12-31')).not.toContain(created.id);
    const page = await json<EvidenceList>(await admin.get('/api/evidence?pageSize=1&page=1'), 200);
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(1);

    // Viewed inline and downloaded: the same bytes, each a custody event on the audit chain.
    const inline = await admin.get(`/api/evidence/${created.id}/file?disposition=inline`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename="fire-pump-test.pdf"/);
    expect(sha256(Buffer.from(await inline.arrayBuffer()))).toBe(created.sha256);
    const download = await internalAuditor.get(`/api/evidence/${created.id}/file`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="fire-pump-test.pdf"/);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    const detail = await json<EvidenceDetail>(await internalAuditor.get(`/api/evidence/${created.id}`), 200);
    expect(detail.custody.map((c) => [c.action, c.actor])).toEqual([
      ['added', 'Amelia Hart'],
      ['viewed', 'Amelia Hart'],
      ['downloaded', 'Ines Alvarez'],
    ]);
    const seqs = detail.custody.map((c) => c.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const chain = await sql<{ action: string; seq: number; hash: string }>(
      db.url,
      `SELECT action, seq, hash FROM audit_events WHERE org_id = $1 AND target_type = 'evidence_record' AND target_id = $2 ORDER BY seq`,
      [demoOrgId, created.id],
    );
    expect(chain.map((e) => e.action)).toEqual(['evidence.added', 'evidence.viewed', 'evidence.downloaded']);
    expect(chain.map((e) => e.hash)).toEqual(detail.custody.map((c) => c.hash));
  });

  it('adds a snapshot of an approved drill run and an audit-chain export on the render queue, and refuses a run that is not approved at once', async () => {
    const sources = await json<{ items: EvidenceSource[] }>(await admin.get('/api/evidence/sources?kind=drill_run'), 200);
    expect(sources.items.length).toBeGreaterThan(0);
    const run = sources.items[0]!;
    const made = await snapshot({
      kind: 'drill_run',
      objectId: run.id,
      title: 'Approved drill report',
      ruleIds: ['isps_b18_5'],
      from: run.from,
      to: run.to,
    });
    // The worker told the admin each stage, the percent only going up.
    const stages = adminRenders.seen.filter((r) => r.id === made.started.id);
    expect(stages.map((r) => r.stage)).toEqual(['reading', 'rendering', 'storing', 'done']);
    expect(stages.map((r) => r.percent)).toEqual([...stages.map((r) => r.percent)].sort((a, b) => a - b));
    expect(await json<RenderView>(await admin.get(`/api/documents/renders/${made.started.id}`), 200)).toEqual(made.done);
    // The render is its requester's alone.
    expect((await internalAuditor.get(`/api/documents/renders/${made.started.id}`)).status).toBe(404);
    const linked = made.record;
    expect(linked).toMatchObject({
      title: 'Approved drill report',
      kind: 'drill_run',
      contentType: 'application/pdf',
      source: { type: 'drill_run', id: run.id, label: run.label },
    });
    const file = Buffer.from(await (await admin.get(`/api/evidence/${linked.id}/file`)).arrayBuffer());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(file)).toBe(linked.sha256);
    expect(linked.size).toBe(file.length);

    const [notApproved] = await sql<{ id: string }>(
      db.url,
      `SELECT id FROM drill_runs WHERE org_id = $1 AND status <> 'approved' ORDER BY scheduled_at LIMIT 1`,
      [demoOrgId],
    );
    expect(
      await json(
        await admin.post('/api/evidence/links', {
          kind: 'drill_run',
          objectId: notApproved!.id,
          title: 'Not yet',
          ruleIds: ['isps_b18_5'],
          from: '2026-01-01',
          to: '2026-01-31',
        }),
        409,
      ),
    ).toMatchObject({ reason: 'evidence.runNotApproved' });

    const { record: exported } = await snapshot({
      kind: 'audit_export',
      title: 'Audit chain, this year',
      ruleIds: ['isps_b18_5'],
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(exported).toMatchObject({
      kind: 'audit_export',
      contentType: 'text/csv; charset=utf-8',
      source: { type: 'audit_export', id: null, label: 'Audit chain 2026-01-01 – 2026-12-31' },
    });
    const csv = Buffer.from(await (await admin.get(`/api/evidence/${exported.id}/file`)).arrayBuffer()).toString('utf8');
    expect(csv.split('\n')[0]).toContain('action');
    expect(csv).toContain('evidence.added');
  });

  it('refuses UPDATE and DELETE of a retained record at the database', async () => {
    const created = await json<EvidenceDetail>(await upload(admin, `title=Immutable&${META}`), 201);
    await expect(sql(db.url, `UPDATE evidence_records SET title = 'Changed' WHERE id = $1`, [created.id])).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(sql(db.url, `DELETE FROM evidence_records WHERE id = $1`, [created.id])).rejects.toThrow(/is retained until/);
    const [row] = await sql<{ title: string }>(db.url, `SELECT title FROM evidence_records WHERE id = $1`, [created.id]);
    expect(row!.title).toBe('Immutable');
  });

  it('places and releases a legal hold, once each, with the reason in the custody log', async () => {
    const created = await json<EvidenceDetail>(await upload(admin, `title=Held%20record&${META}`), 201);
    const held = await json<EvidenceDetail>(await admin.post(`/api/evidence/${created.id}/hold`, { reason: 'Claim 2026-114' }), 200);
    expect(held.hold).toMatchObject({ reason: 'Claim 2026-114', placedBy: { name: 'Amelia Hart' }, releasedAt: null });
    expect(await json(await admin.post(`/api/evidence/${created.id}/hold`, { reason: 'Again' }), 409)).toMatchObject({
      reason: 'evidence.alreadyHeld',
    });
    expect(await json(await admin.post(`/api/evidence/${created.id}/hold`, { reason: 'x' }), 400)).toMatchObject({
      fieldReasons: { reason: { reason: 'evidence.holdReason' } },
    });
    const released = await json<EvidenceDetail>(await admin.delete(`/api/evidence/${created.id}/hold`), 200);
    expect(released.hold).toBeNull();
    expect(released.holds).toHaveLength(1);
    expect(released.holds[0]).toMatchObject({ reason: 'Claim 2026-114', releasedBy: { name: 'Amelia Hart' } });
    expect(await json(await admin.delete(`/api/evidence/${created.id}/hold`), 409)).toMatchObject({ reason: 'evidence.notHeld' });
    expect(released.custody.map((c) => [c.action, c.detail])).toEqual([
      ['added', 'fire-pump-test.pdf'],
      ['hold_placed', 'Claim 2026-114'],
      ['hold_released', 'Claim 2026-114'],
    ]);
  });

  it('purges only expired records without an active hold, giving their storage back and auditing each purge', async () => {
    // A record past its retention (created 8 years ago), its file in storage.
    const id = randomUUID();
    const body = Buffer.from('%PDF-1.4\n% an old record\n%%EOF\n');
    const key = `evidence/${demoOrgId}/${id}`;
    await mkdir(join(storageDir, 'objects', 'evidence', demoOrgId), { recursive: true });
    await mkdir(join(storageDir, 'meta', 'evidence', demoOrgId), { recursive: true });
    await writeFile(join(storageDir, 'objects', ...key.split('/')), body);
    await writeFile(join(storageDir, 'meta', ...key.split('/')) + '.json', JSON.stringify({ contentType: 'application/pdf' }));
    await sql(
      db.url,
      `INSERT INTO evidence_records (id, org_id, created_at, kind, title, rule_ids, period_from, period_to, file_name, content_type,
         size, sha256, storage_key, added_by_name, retain_until)
       VALUES ($1, $2, now() - interval '8 years', 'file', 'Expired record', '["isps_b18_5"]', '2018-01-01', '2018-12-31', 'old.pdf',
         'application/pdf', $3, $4, $5, 'Amelia Hart', now() - interval '1 year')`,
      [id, demoOrgId, body.length, sha256(body), key],
    );
    const retained = await json<EvidenceDetail>(await upload(admin, `title=Still%20retained&${META}`), 201);
    const exists = async (recordId: string) => (await sql(db.url, `SELECT 1 FROM evidence_records WHERE id = $1`, [recordId])).length === 1;

    // Under a hold: the database refuses the delete, and the job leaves it.
    await json(await admin.post(`/api/evidence/${id}/hold`, { reason: 'Litigation hold' }), 200);
    await expect(sql(db.url, `DELETE FROM evidence_records WHERE id = $1`, [id])).rejects.toThrow(/legal hold/);
    await purgeJob();
    expect(await exists(id)).toBe(true);
    expect(await exists(retained.id)).toBe(true);

    // Released: the next run purges it (and only it), with its file and its storage.
    await json(await admin.delete(`/api/evidence/${id}/hold`), 200);
    const before = await storageUsed(demoOrgId);
    await purgeJob();
    expect(await exists(id)).toBe(false);
    expect(await exists(retained.id)).toBe(true);
    expect((await admin.get(`/api/evidence/${id}`)).status).toBe(404);
    expect(await storageUsed(demoOrgId)).toBe(before - body.length);
    const purged = await sql<{ action: string; metadata: { title: string; sha256: string } }>(
      db.url,
      `SELECT action, metadata FROM audit_events WHERE org_id = $1 AND target_id = $2 AND action = 'evidence.purged'`,
      [demoOrgId, id],
    );
    expect(purged).toHaveLength(1);
    expect(purged[0]!.metadata).toMatchObject({ title: 'Expired record', sha256: sha256(body) });
  });

  it('refuses to serve a file whose bytes changed on disk, and records the failure', async () => {
    const created = await json<EvidenceDetail>(await upload(admin, `title=Tampered&${META}`), 201);
    const path = join(storageDir, 'objects', 'evidence', demoOrgId, created.id);
    await writeFile(path, Buffer.from('%PDF-1.7\n% altered after the fact\n%%EOF\n'));
    expect(await json(await admin.get(`/api/evidence/${created.id}/file?disposition=inline`), 409)).toMatchObject({
      code: 'CONFLICT',
      reason: 'evidence.integrityFailed',
    });
    const detail = await json<EvidenceDetail>(await admin.get(`/api/evidence/${created.id}`), 200);
    expect(detail.custody.map((c) => c.action)).toEqual(['added', 'integrity_failed']);
    const events = await sql<{ outcome: string }>(
      db.url,
      `SELECT outcome FROM audit_events WHERE org_id = $1 AND target_id = $2 AND action = 'evidence.integrity_failed'`,
      [demoOrgId, created.id],
    );
    expect(events).toEqual([{ outcome: 'failure' }]);
  });

  it('answers bad input with reasons: no rules, unknown rules, a backwards or too long period, a wrong type, too large', async () => {
    const before = (await sql(db.url, `SELECT 1 FROM evidence_records WHERE org_id = $1`, [demoOrgId])).length;
    expect(await json(await upload(admin, 'title=X&from=2026-01-01&to=2026-01-31'), 400)).toMatchObject({
      fieldReasons: { ruleIds: { reason: 'evidence.noRules' } },
    });
    expect(await json(await upload(admin, 'title=X&ruleIds=nope&from=2026-01-01&to=2026-01-31'), 400)).toMatchObject({
      reason: 'evidence.unknownRules',
      params: { ids: 'nope' },
    });
    expect(await json(await upload(admin, 'title=X&ruleIds=isps_b18_5&from=2026-02-01&to=2026-01-31'), 400)).toMatchObject({
      fieldReasons: { to: { reason: 'evidence.periodBackwards' } },
    });
    expect(await json(await upload(admin, 'title=X&ruleIds=isps_b18_5&from=2016-01-01&to=2026-01-31'), 400)).toMatchObject({
      reason: 'evidence.periodTooLong',
    });
    expect((await upload(admin, 'ruleIds=isps_b18_5&from=2026-01-01&to=2026-01-31')).status).toBe(400);
    expect(await json(await upload(admin, `title=Gif&${META}`, GIF, 'photo.gif', 'image/gif'), 400)).toMatchObject({
      reason: 'evidence.fileType',
    });
    expect(await json(await upload(admin, `title=Text&${META}`, Buffer.from('just words'), 'notes.pdf'), 400)).toMatchObject({
      reason: 'evidence.fileType',
    });
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await json(await upload(admin, `title=Big&${META}`, big, 'big.pdf'), 413)).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(
      await json(
        await admin.post('/api/evidence/links', {
          kind: 'drill_run',
          title: 'X',
          ruleIds: ['isps_b18_5'],
          from: '2026-01-01',
          to: '2026-01-02',
        }),
        400,
      ),
    ).toMatchObject({ fieldReasons: { objectId: { reason: 'evidence.chooseObject' } } });
    expect(
      await json(
        await admin.post('/api/evidence/links', {
          kind: 'sop_version',
          objectId: randomUUID(),
          versionId: randomUUID(),
          title: 'X',
          ruleIds: ['isps_b18_5'],
          from: '2026-01-01',
          to: '2026-01-02',
        }),
        404,
      ),
    ).toMatchObject({ reason: 'evidence.sourceNotFound' });
    expect((await admin.get('/api/evidence?pageSize=500')).status).toBe(400);
    expect((await admin.get('/api/evidence/not-a-uuid')).status).toBe(404);
    // A PNG is evidence too.
    expect(await json(await upload(admin, `title=Photo&${META}`, pngWithGps(), 'muster-point.png', 'image/png'), 201)).toMatchObject({
      contentType: 'image/png',
    });
    const after = (await sql(db.url, `SELECT 1 FROM evidence_records WHERE org_id = $1`, [demoOrgId])).length;
    expect(after).toBe(before + 1);
  });

  it('lets INTERNAL_AUDITORs read but not write, refuses MANAGERs, and answers another organisation 404', async () => {
    const created = await json<EvidenceDetail>(await upload(admin, `title=Roles&${META}`), 201);
    const read = await json<EvidenceList>(await internalAuditor.get('/api/evidence?q=Roles'), 200);
    expect(read.editable).toBe(false);
    expect(read.items.map((r) => r.id)).toContain(created.id);
    expect(await json(await upload(internalAuditor, `title=Mine&${META}`), 403)).toMatchObject({ reason: 'evidence.adminsOnly' });
    expect(await json(await internalAuditor.post(`/api/evidence/${created.id}/hold`, { reason: 'Because' }), 403)).toMatchObject({
      reason: 'evidence.adminsOnly',
    });
    expect((await internalAuditor.get('/api/evidence/sources?kind=packet')).status).toBe(403);

    expect((await manager.get('/api/evidence')).status).toBe(403);
    expect((await manager.get(`/api/evidence/${created.id}`)).status).toBe(403);
    expect((await manager.get(`/api/evidence/${created.id}/file`)).status).toBe(403);
    expect((await upload(manager, `title=Nope&${META}`)).status).toBe(403);
    const user = await as('user@harborpoint.example');
    expect((await user.get('/api/evidence')).status).toBe(403);

    const stranger = await signUpElsewhere(server.url!);
    expect((await stranger.get(`/api/evidence/${created.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/evidence/${created.id}/file`)).status).toBe(404);
    expect((await stranger.post(`/api/evidence/${created.id}/hold`, { reason: 'Not yours' })).status).toBe(404);
    expect((await json<EvidenceList>(await stranger.get('/api/evidence'), 200)).items).toEqual([]);
    const sources = await json<{ items: EvidenceSource[] }>(await admin.get('/api/evidence/sources?kind=drill_run'), 200);
    expect(
      await json(
        await stranger.post('/api/evidence/links', {
          kind: 'drill_run',
          objectId: sources.items[0]!.id,
          title: 'Not yours',
          ruleIds: ['isps_b18_5'],
          from: '2026-01-01',
          to: '2026-01-02',
        }),
        404,
      ),
    ).toMatchObject({ reason: 'evidence.sourceNotFound' });
  });
});
