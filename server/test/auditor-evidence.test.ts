import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { comparable, extractText } from '../src/platform/documents/pdf-reading.js';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, type ChatSocket } from './support/chat.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson, json } from './support/http.js';
import { codeIn, MailWatcher } from './support/outbox.js';
import { solidPng } from './support/images.js';

const SCOPE_FACILITY = 'North Quay';

/** A PDF of `pages` pages, each saying its number (pdf-lib is enough for a test's plain English). */
async function pdfOf(title: string, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([595, 842]).drawText(`${title}, page ${String(i)}`, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

/** Resolves when the server closes the socket. */
const disconnected = (socket: ChatSocket) => new Promise<void>((done) => socket.once('disconnect', () => done()));

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

interface Seeded {
  id: string;
  body: Buffer;
  sha256: string;
}

describe('Auditor portal: scoped evidence, stamped downloads, reviews, previews', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  let storageDir: string;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];

  let admin: TestClient;
  let orgId: string;
  let auditor: TestClient;
  let inviteId: string;
  const records: Record<string, Seeded> = {};

  const url = () => server.url!;

  /** An evidence record as the vault stores it: the row (by SQL) and the write-once file under its key. */
  async function seedRecord(
    org: string,
    name: string,
    row: { ruleIds: string[]; from: string; to: string; facility?: string | null; title: string; description?: string },
    body: Buffer,
    contentType: string,
    fileName: string,
  ): Promise<Seeded> {
    const id = randomUUID();
    const key = `evidence/${org}/${id}`;
    const object = join(storageDir, 'objects', ...key.split('/'));
    await mkdir(dirname(object), { recursive: true });
    await writeFile(object, body);
    const meta = join(storageDir, 'meta', ...key.split('/')) + '.json';
    await mkdir(dirname(meta), { recursive: true });
    await writeFile(meta, JSON.stringify({ contentType }));
    const hash = sha256(body);
    await sql(
      db.url,
      `INSERT INTO evidence_records (id, org_id, kind, title, description, rule_ids, period_from, period_to, facility, file_name,
         content_type, size, sha256, storage_key, added_by_name, retain_until)
       VALUES ($1, $2, 'file', $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13, 'Dana Admin', now() + interval '7 years 1 day')`,
      [
        id,
        org,
        row.title,
        row.description ?? '',
        JSON.stringify(row.ruleIds),
        row.from,
        row.to,
        row.facility ?? null,
        fileName,
        contentType,
        body.length,
        hash,
        key,
      ],
    );
    records[name] = { id, body, sha256: hash };
    return records[name];
  }

  async function auditorSession(address: string): Promise<TestClient> {
    const c = await new TestClient(url()).init();
    const since = Date.now();
    expect((await c.post('/api/auth/auditor/request-magic', { email: address })).status).toBe(200);
    const code = codeIn((await mail.waitFor(address, /Auditor Portal sign-in code/, since)).text);
    expect((await c.post('/api/auth/auditor/verify-magic', { email: address, code })).status).toBe(200);
    return c;
  }

  async function invite(
    by: TestClient,
    body: { email: string; auditorName: string; firm?: string; expiresAt?: string; scope: Record<string, unknown> },
  ): Promise<string> {
    const created = await expectJson<{ id: string }>(
      await by.post('/api/auditor-invites', { expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(), ...body }),
      201,
    );
    return created.id;
  }

  async function profile(by: TestClient, body: Record<string, unknown>): Promise<string> {
    return (await expectJson<{ id: string }>(await by.post('/api/compliance/profiles', body), 201)).id;
  }

  const inScopeNames = ['pdf', 'png', 'edge', 'damaged'];
  const outOfScopeNames = ['afterPeriod', 'beforePeriod', 'otherRule', 'otherFacility', 'foreign'];

  beforeAll(async () => {
    storageDir = mkdtempSync(join(tmpdir(), 'muster-auditor-evidence-'));
    db = await createTestDatabase();
    server = await startServer({
      databaseUrl: db.url,
      prefix,
      env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000', STORAGE_DIR: storageDir },
    });
    mail = await MailWatcher.start(prefix, url());

    // An organisation of its own, so that nothing seeded elsewhere falls into the scope.
    admin = await signUpElsewhere(url());
    orgId = (await json(await admin.get('/api/auth/me'))).org.id as string;
    const harbor = await signIn(url(), 'admin@harborpoint.example');
    const harborOrgId = (await json(await harbor.get('/api/auth/me'))).org.id as string;

    const scoped = await profile(admin, {
      name: 'North Quay ISPS',
      scope: 'facility',
      facilityName: SCOPE_FACILITY,
      ruleIds: ['isps_b18_5', 'isps_b18_6'],
    });
    await profile(admin, { name: 'South Quay ISPS', scope: 'facility', facilityName: 'South Quay', ruleIds: ['isps_b18_5'] });
    await profile(admin, { name: 'Ship SOLAS', scope: 'organization', ruleIds: ['solas_iii_19_3'] });

    await seedRecord(
      orgId,
      'pdf',
      { ruleIds: ['isps_b18_5'], from: '2026-03-01', to: '2026-03-31', title: 'Fire drill report March', description: 'Quay fire drill' },
      await pdfOf('Fire drill report', 2),
      'application/pdf',
      'fire-drill.pdf',
    );
    await seedRecord(
      orgId,
      'png',
      { ruleIds: ['isps_b18_6'], from: '2025-12-01', to: '2026-01-15', facility: SCOPE_FACILITY, title: 'Gate log photo' },
      solidPng(8, 4, 120),
      'image/png',
      'gate.png',
    );
    // Overlaps the scope's last day only.
    await seedRecord(
      orgId,
      'edge',
      { ruleIds: ['isps_b18_5', 'solas_iii_19_3'], from: '2026-06-30', to: '2026-07-10', title: 'Security training roster' },
      await pdfOf('Roster', 1),
      'application/pdf',
      'roster.pdf',
    );
    await seedRecord(
      orgId,
      'damaged',
      { ruleIds: ['isps_b18_6'], from: '2026-02-01', to: '2026-02-02', facility: SCOPE_FACILITY, title: 'Damaged scan' },
      Buffer.from('%PDF-1.4\nthis is not a readable PDF'),
      'application/pdf',
      'damaged.pdf',
    );
    await seedRecord(
      orgId,
      'afterPeriod',
      { ruleIds: ['isps_b18_5'], from: '2026-07-01', to: '2026-07-31', title: 'July report' },
      await pdfOf('July', 1),
      'application/pdf',
      'july.pdf',
    );
    await seedRecord(
      orgId,
      'beforePeriod',
      { ruleIds: ['isps_b18_5'], from: '2025-01-01', to: '2025-12-31', title: 'Last year' },
      await pdfOf('Last year', 1),
      'application/pdf',
      'last-year.pdf',
    );
    await seedRecord(
      orgId,
      'otherRule',
      { ruleIds: ['solas_iii_19_3'], from: '2026-03-01', to: '2026-03-31', title: 'Abandon ship drill' },
      await pdfOf('Abandon ship', 1),
      'application/pdf',
      'abandon.pdf',
    );
    await seedRecord(
      orgId,
      'otherFacility',
      { ruleIds: ['isps_b18_5'], from: '2026-03-01', to: '2026-03-31', facility: 'South Quay', title: 'South Quay drill' },
      await pdfOf('South Quay', 1),
      'application/pdf',
      'south.pdf',
    );
    // Another organisation's record that would be in scope by its rules and period.
    await seedRecord(
      harborOrgId,
      'foreign',
      { ruleIds: ['isps_b18_5'], from: '2026-03-01', to: '2026-03-31', title: 'Harbor Point fire drill' },
      await pdfOf('Harbor Point', 1),
      'application/pdf',
      'harbor.pdf',
    );

    inviteId = await invite(admin, {
      email: `sam-${prefix}@assurance.example`,
      auditorName: 'Sam Auditor',
      firm: 'Harbour Assurance LLP',
      scope: { profileIds: [scoped], facilities: [SCOPE_FACILITY], from: '2026-01-01', to: '2026-06-30' },
    });
    auditor = await auditorSession(`sam-${prefix}@assurance.example`);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await mail?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
    rmSync(storageDir, { recursive: true, force: true });
  });

  const idsOf = (body: { items: { id: string }[] }) => body.items.map((i) => i.id).sort();
  const idsNamed = (names: string[]) => names.map((n) => records[n]!.id).sort();

  it('lists exactly the records in scope: its rules, its period (boundaries included) and its facilities', async () => {
    const list = await expectJson<{ items: { id: string; review: unknown }[]; total: number; editable: boolean }>(
      await auditor.get('/api/auditor/evidence?pageSize=100'),
      200,
    );
    expect(idsOf(list)).toEqual(idsNamed(inScopeNames));
    expect(list).toMatchObject({ total: 4, editable: false });
    expect(list.items.every((i) => (i.review as { state: string }).state === 'pending')).toBe(true);
  });

  it('searches, filters and pages within the scope', async () => {
    const get = async (query: string) =>
      expectJson<{ items: { id: string }[]; total: number }>(await auditor.get(`/api/auditor/evidence?${query}`), 200);
    expect(idsOf(await get('q=fire%20drill'))).toEqual(idsNamed(['pdf']));
    expect(idsOf(await get('q=%25'))).toEqual([]);
    expect(idsOf(await get('ruleId=isps_b18_6'))).toEqual(idsNamed(['png', 'damaged']));
    expect(idsOf(await get('ruleId=solas_iii_19_3'))).toEqual(idsNamed(['edge']));
    expect(idsOf(await get('from=2026-06-01&to=2026-12-31'))).toEqual(idsNamed(['edge']));
    expect(idsOf(await get('kind=drill_run'))).toEqual([]);
    const page1 = await get('pageSize=3&page=1');
    const page2 = await get('pageSize=3&page=2');
    expect(page1.total).toBe(4);
    expect([...page1.items, ...page2.items].map((i) => i.id).sort()).toEqual(idsNamed(inScopeNames));
    expect((await auditor.get('/api/auditor/evidence?state=nonsense')).status).toBe(400);
  });

  it('answers 404 for records outside the scope and of other organisations, as for none', async () => {
    for (const name of outOfScopeNames) {
      const id = records[name]!.id;
      for (const res of [
        await auditor.get(`/api/auditor/evidence/${id}`),
        await auditor.get(`/api/auditor/evidence/${id}/file?disposition=inline`),
        await auditor.get(`/api/auditor/evidence/${id}/file`),
        await auditor.post(`/api/auditor/evidence/${id}/review`, { state: 'accepted' }),
      ]) {
        expect({ name, status: res.status, body: await json(res) }).toMatchObject({
          name,
          status: 404,
          body: { reason: 'auditor.evidenceNotFound' },
        });
      }
    }
    for (const id of [randomUUID(), 'not-an-id']) {
      expect(await expectJson(await auditor.get(`/api/auditor/evidence/${id}`), 404)).toMatchObject({ reason: 'auditor.evidenceNotFound' });
    }
  });

  it('shows a record with its hash, holds and custody', async () => {
    await sql(
      db.url,
      `INSERT INTO evidence_holds (org_id, record_id, reason, placed_by_name) VALUES ($1, $2, 'Port State inquiry', 'Dana Admin')`,
      [orgId, records.pdf!.id],
    );
    const detail = await expectJson<Record<string, unknown>>(await auditor.get(`/api/auditor/evidence/${records.pdf!.id}`), 200);
    expect(detail).toMatchObject({
      id: records.pdf!.id,
      title: 'Fire drill report March',
      sha256: records.pdf!.sha256,
      fileName: 'fire-drill.pdf',
      hold: { reason: 'Port State inquiry', releasedAt: null },
      holds: [{ reason: 'Port State inquiry' }],
      review: { state: 'pending', comment: null },
      custody: [],
    });
  });

  it('shows a file inline as stored, and records the view with the auditor as actor', async () => {
    const res = await auditor.get(`/api/auditor/evidence/${records.pdf!.id}/file?disposition=inline`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="fire-drill.pdf"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await res.arrayBuffer()).equals(records.pdf!.body)).toBe(true);

    const image = await auditor.get(`/api/auditor/evidence/${records.png!.id}/file?disposition=inline`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await image.arrayBuffer()).equals(records.png!.body)).toBe(true);

    const detail = await expectJson<{ custody: Record<string, unknown>[] }>(
      await auditor.get(`/api/auditor/evidence/${records.pdf!.id}`),
      200,
    );
    expect(detail.custody).toEqual([
      expect.objectContaining({ action: 'viewed', actor: 'Sam Auditor (Harbour Assurance LLP)', actorKind: 'auditor', detail: null }),
    ]);
  });

  it('downloads a PDF as a stamped copy with a footer on every page, and records the download', async () => {
    const res = await auditor.get(`/api/auditor/evidence/${records.pdf!.id}/file?disposition=attachment`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="fire-drill-stamped.pdf"/);
    const stamped = Buffer.from(await res.arrayBuffer());
    expect(stamped.equals(records.pdf!.body)).toBe(false);
    expect((await PDFDocument.load(stamped)).getPageCount()).toBe(2);
    const pages = extractText(stamped).split('\f').map(comparable).filter(Boolean);
    expect(pages).toHaveLength(2);
    pages.forEach((text, i) => {
      expect(text).toContain(`Fire drill report, page ${String(i + 1)}`);
      expect(text).toContain('Downloaded by Sam Auditor (Harbour Assurance LLP) on');
      expect(text).toContain(`Muster evidence ${records.pdf!.id}`);
      expect(text.replace(/\s/g, '')).toContain(`originalSHA-256${records.pdf!.sha256}`);
    });

    const detail = await expectJson<{ custody: Record<string, unknown>[] }>(
      await auditor.get(`/api/auditor/evidence/${records.pdf!.id}`),
      200,
    );
    expect(detail.custody.at(-1)).toMatchObject({
      action: 'downloaded',
      actor: 'Sam Auditor (Harbour Assurance LLP)',
      actorKind: 'auditor',
      detail: `stamped copy ${sha256(stamped)}`,
    });
  });

  it('downloads an image as a one-page stamped PDF, and refuses a PDF it cannot stamp', async () => {
    const res = await auditor.get(`/api/auditor/evidence/${records.png!.id}/file`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="gate-stamped.pdf"/);
    const stamped = Buffer.from(await res.arrayBuffer());
    expect((await PDFDocument.load(stamped)).getPageCount()).toBe(1);
    expect(comparable(extractText(stamped))).toContain('Downloaded by Sam Auditor (Harbour Assurance LLP)');

    expect(await expectJson(await auditor.get(`/api/auditor/evidence/${records.damaged!.id}/file`), 409)).toMatchObject({
      reason: 'evidence.cannotStamp',
    });
    // A refused download is no download.
    const detail = await expectJson<{ custody: { action: string }[] }>(
      await auditor.get(`/api/auditor/evidence/${records.damaged!.id}`),
      200,
    );
    expect(detail.custody.map((c) => c.action)).toEqual([]);
  });

  it("shows the auditor's views and downloads on the organisation's timeline, with the invite as actor", async () => {
    const timeline = await expectJson<{
      items: { action: string; actor: { inviteId: string | null; role: string }; target: { id: string } }[];
    }>(await admin.get('/api/admin/security/timeline?action=evidence&pageSize=100'), 200);
    const mine = timeline.items.filter((e) => e.target.id === records.pdf!.id).map((e) => [e.action, e.actor.inviteId, e.actor.role]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['evidence.viewed', inviteId, 'GUEST_AUDITOR'],
        ['evidence.downloaded', inviteId, 'GUEST_AUDITOR'],
      ]),
    );
  });

  it('records reviews: accepted, or flagged with a comment', async () => {
    const accepted = await expectJson<Record<string, unknown>>(
      await auditor.post(`/api/auditor/evidence/${records.pdf!.id}/review`, { state: 'accepted' }),
      200,
    );
    expect(accepted).toMatchObject({ review: { state: 'accepted', comment: null } });
    expect(
      await expectJson(await auditor.post(`/api/auditor/evidence/${records.png!.id}/review`, { state: 'flagged' }), 400),
    ).toMatchObject({
      reason: 'auditor.flagNeedsComment',
    });
    expect(await expectJson(await auditor.post(`/api/auditor/evidence/${records.png!.id}/review`, { state: 'maybe' }), 400)).toMatchObject({
      reason: 'validation.chooseOneOf',
    });
    const flagged = await expectJson<{ review: unknown; custody: { action: string; detail: string | null }[] }>(
      await auditor.post(`/api/auditor/evidence/${records.png!.id}/review`, { state: 'flagged', comment: 'The photo has no date' }),
      200,
    );
    expect(flagged.review).toMatchObject({ state: 'flagged', comment: 'The photo has no date' });
    expect(flagged.custody.at(-1)).toMatchObject({ action: 'reviewed', detail: 'flagged: The photo has no date', actorKind: 'auditor' });
    // The latest verdict counts.
    const again = await expectJson<{ review: unknown }>(
      await auditor.post(`/api/auditor/evidence/${records.png!.id}/review`, { state: 'flagged', comment: 'Still no date' }),
      200,
    );
    expect(again.review).toMatchObject({ state: 'flagged', comment: 'Still no date' });

    const byState = async (state: string) => idsOf(await expectJson(await auditor.get(`/api/auditor/evidence?state=${state}`), 200));
    expect(await byState('accepted')).toEqual(idsNamed(['pdf']));
    expect(await byState('flagged')).toEqual(idsNamed(['png']));
    expect(await byState('pending')).toEqual(idsNamed(['edge', 'damaged']));
  });

  it('counts the scope on the dashboard: records by state and kind, requests by state', async () => {
    await sql(
      db.url,
      `INSERT INTO evidence_requests (org_id, invite_id, text, due_date) VALUES ($1, $2, 'Crew list for March', '2026-12-01')`,
      [orgId, inviteId],
    );
    const dashboard = await expectJson<Record<string, unknown>>(await auditor.get('/api/auditor/dashboard'), 200);
    expect(dashboard).toMatchObject({
      invite: { id: inviteId, auditorName: 'Sam Auditor', firm: 'Harbour Assurance LLP' },
      scope: { profiles: [{ name: 'North Quay ISPS' }], facilities: [SCOPE_FACILITY], from: '2026-01-01', to: '2026-06-30' },
      records: { total: 4, pending: 2, accepted: 1, flagged: 1 },
      byKind: { file: 4, drill_run: 0, packet: 0, sop_version: 0, document_version: 0, audit_export: 0 },
      requests: { open: 1, submitted: 0, accepted: 0, flagged: 0 },
      preview: false,
    });
    expect(await expectJson(await auditor.get('/api/auditor/context'), 200)).toEqual({
      invite: { auditorName: 'Sam Auditor', firm: 'Harbour Assurance LLP', expiresAt: expect.any(String) },
      preview: false,
    });
  });

  it("lets an ADMIN preview the invite read-only, and nobody else's", async () => {
    const preview = `preview=${inviteId}`;
    expect(idsOf(await expectJson(await admin.get(`/api/auditor/evidence?pageSize=100&${preview}`), 200))).toEqual(idsNamed(inScopeNames));
    expect(await expectJson(await admin.get(`/api/auditor/dashboard?${preview}`), 200)).toMatchObject({
      preview: true,
      records: { total: 4, accepted: 1, flagged: 1 },
    });
    expect(await expectJson(await admin.get(`/api/auditor/context?${preview}`), 200)).toEqual({
      invite: { auditorName: 'Sam Auditor', firm: 'Harbour Assurance LLP', expiresAt: expect.any(String) },
      preview: true,
    });
    expect(await expectJson(await admin.get(`/api/auditor/evidence/${records.otherRule!.id}?${preview}`), 404)).toMatchObject({
      reason: 'auditor.evidenceNotFound',
    });
    expect(
      await expectJson(await admin.post(`/api/auditor/evidence/${records.pdf!.id}/review?${preview}`, { state: 'accepted' }), 403),
    ).toMatchObject({ reason: 'auditor.previewReadOnly' });

    // The admin's inline view is audited with the admin as actor.
    expect((await admin.get(`/api/auditor/evidence/${records.edge!.id}/file?disposition=inline&${preview}`)).status).toBe(200);
    const detail = await expectJson<{ custody: Record<string, unknown>[] }>(
      await admin.get(`/api/auditor/evidence/${records.edge!.id}?${preview}`),
      200,
    );
    expect(detail.custody).toEqual([expect.objectContaining({ action: 'viewed', actorKind: 'member' })]);

    // Without an invite to preview, another organisation's, or below ADMIN.
    expect((await admin.get('/api/auditor/evidence')).status).toBe(404);
    const harborAdmin = await signIn(url(), 'admin@harborpoint.example');
    expect(await expectJson(await harborAdmin.get(`/api/auditor/evidence?${preview}`), 404)).toMatchObject({
      reason: 'auditor.inviteNotFound',
    });
    expect((await harborAdmin.get(`/api/auditor/context?${preview}`)).status).toBe(404);
    const manager = await signIn(url(), 'manager@harborpoint.example');
    expect((await manager.get(`/api/auditor/evidence?${preview}`)).status).toBe(403);
    expect((await manager.get(`/api/auditor/dashboard?${preview}`)).status).toBe(403);
    // A guest auditor's session stays inside the auditor API.
    expect(await expectJson(await auditor.get('/api/auditor-invites'), 403)).toMatchObject({ code: 'AUDITOR_SCOPE' });
  });

  const portalPaths = () => [
    '/api/auditor/context',
    '/api/auditor/dashboard',
    '/api/auditor/evidence',
    `/api/auditor/evidence/${records.pdf!.id}`,
    `/api/auditor/evidence/${records.pdf!.id}/file?disposition=inline`,
    `/api/auditor/evidence/${records.pdf!.id}/file`,
  ];

  async function expectSignedOut(client: TestClient): Promise<void> {
    for (const path of portalPaths()) expect({ path, status: (await client.get(path)).status }).toEqual({ path, status: 401 });
    expect((await client.post(`/api/auditor/evidence/${records.pdf!.id}/review`, { state: 'accepted' })).status).toBe(401);
  }

  it('ends a revoked invite at once: 401 everywhere and its socket closed', async () => {
    const scopeOf = (await expectJson<{ scope: { profiles: { id: string }[] } }>(await admin.get(`/api/auditor-invites/${inviteId}`), 200))
      .scope;
    const email = `revoked-${prefix}@assurance.example`;
    const id = await invite(admin, {
      email,
      auditorName: 'Rae Revoked',
      scope: { profileIds: scopeOf.profiles.map((p) => p.id), facilities: [SCOPE_FACILITY], from: '2026-01-01', to: '2026-06-30' },
    });
    const client = await auditorSession(email);
    expect((await client.get('/api/auditor/evidence')).status).toBe(200);
    const socket = await chatSocket(url(), client);
    sockets.push(socket);
    const closed = disconnected(socket);
    expect((await admin.delete(`/api/auditor-invites/${id}`)).status).toBe(200);
    await closed;
    await expectSignedOut(client);
  });

  it('ends an invite at its expiry: its sessions end (socket closed) and the portal answers 401', async () => {
    const scopeOf = (await expectJson<{ scope: { profiles: { id: string }[] } }>(await admin.get(`/api/auditor-invites/${inviteId}`), 200))
      .scope;
    const email = `expiring-${prefix}@assurance.example`;
    const id = await invite(admin, {
      email,
      auditorName: 'Eve Expiring',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      scope: { profileIds: scopeOf.profiles.map((p) => p.id), facilities: [SCOPE_FACILITY], from: '2026-01-01', to: '2026-06-30' },
    });
    const client = await auditorSession(email);
    expect((await client.get('/api/auditor/dashboard')).status).toBe(200);
    const socket = await chatSocket(url(), client);
    sockets.push(socket);
    const closed = disconnected(socket);
    // Signed in and connected, however long that took: the expiry is brought forward to a few
    // seconds from now, and the delayed job set for the new moment ends the session.
    await expectJson(
      await admin.request('PATCH', `/api/auditor-invites/${id}`, { expiresAt: new Date(Date.now() + 3_000).toISOString() }),
      200,
    );
    await closed;
    await expectSignedOut(client);
    expect(await expectJson(await admin.get(`/api/auditor-invites/${id}`), 200)).toMatchObject({ status: 'expired' });
    // Even a session that outlives its invite (the expiry moved back by hand, no job yet) is refused.
    await sql(db.url, `UPDATE auditor_invites SET expires_at = now() - interval '1 second' WHERE id = $1`, [inviteId]);
    await expectSignedOut(auditor);
  });
});
