import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AuditBundleManifest, AuditBundleView, CustodyEvent, PacketKeys, VerifyBundleResult } from '@muster/contracts';
import { JobName, QueueName } from '@muster/contracts';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { verifyWithPublicKey } from '../src/platform/signing/ed25519.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { signIn } from './support/accounts.js';
import { chatSocket, type ChatSocket } from './support/chat.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { codeIn, MailWatcher } from './support/outbox.js';
import { runJob } from './support/jobs.js';

const FROM = '2026-01-01';
const TO = '2026-10-31';

interface Seeded {
  id: string;
  title: string;
  body: Buffer;
}

/** Every file of a zip with its bytes. */
async function unzip(zipBytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(zipBytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) {
          reject(err);
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return files;
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** Every `auditor:bundle` event a socket receives, and a way to wait for one (seen already or to come). */
function watchBundles(socket: ChatSocket) {
  const seen: AuditBundleView[] = [];
  const waiters: { check: (b: AuditBundleView) => boolean; done: (b: AuditBundleView) => void }[] = [];
  socket.on('auditor:bundle', (bundle) => {
    seen.push(bundle);
    for (const w of [...waiters]) {
      if (w.check(bundle)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done(bundle);
      }
    }
  });
  return {
    seen,
    until(check: (b: AuditBundleView) => boolean): Promise<AuditBundleView> {
      const found = seen.find(check);
      return found ? Promise.resolve(found) : new Promise((done) => waiters.push({ check, done }));
    },
  };
}

/**
 * Audit bundles against real PostgreSQL, Redis, storage and the render queue: a guest auditor
 * builds a bundle of the records in scope with progress over the socket, downloads it, and the
 * unzipped files match the signed manifest, whose signature verifies with the published key; the
 * custody log in the zip shows each record shared; the manifest checks on /api/verify-packet (and a
 * changed one does not); foreign ids answer 404, an empty choice 400, a preview 403; a file that no
 * longer matches its hash fails the bundle.
 */
describe('Audit bundles', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  let mail: MailWatcher;
  let storageDir: string;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];
  let admin: TestClient;
  let auditor: TestClient;
  let visitor: TestClient;
  let events: ReturnType<typeof watchBundles>;
  let orgId: string;
  let inviteId: string;
  const inScope: Seeded[] = [];
  let outOfScope: Seeded;

  /** A record as the vault stores it: the row (SQL) and its file under the local driver's key. */
  async function seedRecord(title: string, ruleIds: string[], from: string, to: string): Promise<Seeded> {
    const id = randomUUID();
    const body = Buffer.from(`%PDF-1.7\n% ${title}\n${randomUUID()}\n%%EOF\n`);
    const key = `evidence/${orgId}/${id}`;
    const object = join(storageDir, 'objects', ...key.split('/'));
    const meta = `${join(storageDir, 'meta', ...key.split('/'))}.json`;
    await mkdir(dirname(object), { recursive: true });
    await mkdir(dirname(meta), { recursive: true });
    await writeFile(object, body);
    await writeFile(meta, JSON.stringify({ contentType: 'application/pdf' }));
    await sql(
      db.url,
      `INSERT INTO evidence_records (id, org_id, kind, title, description, rule_ids, period_from, period_to, file_name, content_type,
         size, sha256, storage_key, added_by_name, retain_until)
       VALUES ($1, $2, 'file', $3, '', $4::jsonb, $5, $6, $7, 'application/pdf', $8, $9, $10, 'Test Admin', now() + interval '7 years 1 day')`,
      [id, orgId, title, JSON.stringify(ruleIds), from, to, `${title}.pdf`, body.length, sha256(body), key],
    );
    return { id, title, body };
  }

  async function auditorSession(address: string): Promise<TestClient> {
    const c = await new TestClient(api.url!).init();
    const since = Date.now();
    expect((await c.post('/api/auth/auditor/request-magic', { email: address })).status).toBe(200);
    const code = codeIn((await mail.waitFor(address, /Auditor Portal sign-in code/, since)).text);
    expect((await c.post('/api/auth/auditor/verify-magic', { email: address, code })).status).toBe(200);
    return c;
  }

  async function build(body: Record<string, unknown>): Promise<AuditBundleView> {
    const started = await json<AuditBundleView>(await auditor.post('/api/auditor/bundles', body), 202);
    expect(started).toMatchObject({ status: 'queued', percent: 0, downloadUrl: null });
    return events.until((b) => b.id === started.id && (b.status === 'done' || b.status === 'failed'));
  }

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'muster-bundles-storage-'));
    db = await createTestDatabase();
    api = await startServer({
      databaseUrl: db.url,
      prefix,
      env: {
        SEED_ON_EMPTY: 'true',
        AUTH_ATTEMPTS_PER_IP: '10000',
        STORAGE_DIR: storageDir,
        PACKET_SIGNING_SECRET: 'integration-test-bundle-signing-secret-0123456789',
      },
    });
    mail = await MailWatcher.start(prefix, api.url!);
    admin = await signIn(api.url!, 'admin@harborpoint.example');
    visitor = await new TestClient(api.url!).init();
    const profile = await json<{ id: string }>(
      await admin.post('/api/compliance/profiles', {
        name: 'Bundle audit scope',
        scope: 'organization',
        ruleIds: ['isps_b18_5', 'solas_iii_19_3'],
      }),
      201,
    );
    orgId = (await sql<{ org_id: string }>(db.url, 'SELECT org_id FROM compliance_profiles WHERE id = $1', [profile.id]))[0]!.org_id;
    inScope.push(await seedRecord('Fire drill report Q1', ['isps_b18_5'], '2026-02-01', '2026-02-01'));
    inScope.push(await seedRecord('Abandon ship drill', ['solas_iii_19_3'], '2026-03-10', '2026-03-12'));
    inScope.push(await seedRecord('Security training log', ['isps_b18_5', 'cfr33_105_225'], '2025-12-01', '2026-01-15'));
    outOfScope = await seedRecord('Out of scope record', ['cfr33_105_225'], '2026-02-01', '2026-02-28');

    const address = `bundles.${randomUUID().slice(0, 8)}@audit.example`;
    const invite = await json<{ id: string }>(
      await admin.post('/api/auditor-invites', {
        email: address,
        auditorName: 'Bea Bundler',
        firm: 'Quay Assurance',
        expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        scope: { profileIds: [profile.id], from: FROM, to: TO },
      }),
      201,
    );
    inviteId = invite.id;
    auditor = await auditorSession(address);
    const socket = await chatSocket(api.url!, auditor);
    sockets.push(socket);
    events = watchBundles(socket);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await mail?.close();
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  it('refuses a record outside the scope (404), an empty choice (400) and a build in a preview (403)', async () => {
    const foreign = await auditor.post('/api/auditor/bundles', { recordIds: [inScope[0]!.id, outOfScope.id] });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ reason: 'auditor.evidenceNotFound' });
    const unknown = await auditor.post('/api/auditor/bundles', { recordIds: [randomUUID()] });
    expect(unknown.status).toBe(404);
    const empty = await auditor.post('/api/auditor/bundles', { recordIds: [] });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ reason: 'auditor.bundleEmpty' });
    const malformed = await auditor.post('/api/auditor/bundles', { recordIds: ['not-a-uuid'] });
    expect(malformed.status).toBe(400);

    const preview = await admin.post(`/api/auditor/bundles?preview=${inviteId}`, {});
    expect(preview.status).toBe(403);
    expect(await preview.json()).toMatchObject({ reason: 'auditor.previewReadOnly' });
    expect((await admin.post('/api/auditor/bundles', {})).status).toBe(404);
    const rows = await sql(db.url, 'SELECT id FROM audit_bundles WHERE org_id = $1', [orgId]);
    expect(rows).toHaveLength(0);
  });

  it('builds a bundle of every record in scope with progress; unzipped, it matches its signed manifest', async () => {
    const done = await build({});
    expect(done).toMatchObject({ status: 'done', stage: 'done', percent: 100, recordCount: 3, kid: expect.stringMatching(/^mk-/) });
    const stages = events.seen.filter((b) => b.id === done.id).map((b) => b.stage);
    expect(stages).toEqual(expect.arrayContaining(['reading', 'rendering', 'storing', 'done']));
    const percents = events.seen.filter((b) => b.id === done.id).map((b) => b.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);

    const res = await auditor.get(done.downloadUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zipBytes = Buffer.from(await res.arrayBuffer());
    expect(zipBytes.length).toBe(done.sizeBytes);
    const files = await unzip(zipBytes);

    const manifestBytes = files.get('manifest.json')!;
    expect(sha256(manifestBytes)).toBe(done.manifestSha256);
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as AuditBundleManifest;
    expect(manifest).toMatchObject({
      format: 'muster-audit-bundle/1',
      bundleId: done.id,
      organisation: { id: orgId },
      auditor: { inviteId, name: 'Bea Bundler', firm: 'Quay Assurance' },
      scope: { from: FROM, to: TO, profiles: [{ name: 'Bundle audit scope' }] },
      signature: { alg: 'Ed25519', kid: done.kid },
    });
    // Every file listed is in the zip with its size and hash, and every file of the zip but the manifest and its signature is listed.
    expect([...files.keys()].sort()).toEqual([...manifest.files.map((f) => f.path), 'manifest.json', 'manifest.sig'].sort());
    for (const file of manifest.files) {
      expect(files.get(file.path)!.length).toBe(file.size);
      expect(sha256(files.get(file.path)!)).toBe(file.sha256);
    }
    const records = manifest.files.filter((f) => f.record);
    expect(records.map((f) => f.record!.id).sort()).toEqual(inScope.map((r) => r.id).sort());
    for (const seeded of inScope) {
      const entry = records.find((f) => f.record!.id === seeded.id)!;
      expect(entry.path).toMatch(new RegExp(`^records/file/\\d{4}-\\d{2}-\\d{2}-[a-z0-9-]+-${seeded.id.slice(0, 8)}\\.pdf$`));
      expect(files.get(entry.path)!.equals(seeded.body)).toBe(true);
    }
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(['custody.json', 'custody.csv', 'README.txt']));
    expect(files.get('README.txt')!.toString('utf8')).toContain('sha256sum -c');

    // The signature, with the key published for anyone.
    const keys = await json<PacketKeys>(await visitor.get('/.well-known/muster-packet-keys.json'), 200);
    const key = keys.keys.find((k) => k.kid === done.kid)!;
    const signature = Buffer.from(files.get('manifest.sig')!.toString('utf8').trim(), 'base64');
    expect(verifyWithPublicKey(key.publicKey, manifestBytes, signature.toString('base64url'))).toBe(true);
    const forged = Buffer.from(manifestBytes.toString('utf8').replace('Bea Bundler', 'Bea Bungler'), 'utf8');
    expect(verifyWithPublicKey(key.publicKey, forged, signature.toString('base64url'))).toBe(false);

    // The custody log in the zip shows each record shared in this bundle, by the auditor.
    const custody = JSON.parse(files.get('custody.json')!.toString('utf8')) as Array<{ recordId: string; events: CustodyEvent[] }>;
    expect(custody.map((c) => c.recordId).sort()).toEqual(inScope.map((r) => r.id).sort());
    for (const log of custody) {
      expect(log.events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'shared',
            actorKind: 'auditor',
            actor: 'Bea Bundler (Quay Assurance)',
            detail: `audit bundle ${done.id}`,
          }),
        ]),
      );
    }
    const csv = files.get('custody.csv')!.toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('record_id,record_title,path,at,action,actor,actor_kind,detail,chain_seq,chain_hash');
    expect(csv.match(/,shared,/g)).toHaveLength(3);

    // The download is audited, and each record's custody log shows it.
    const audited = await sql<{ action: string; target_id: string }>(
      db.url,
      `SELECT action, target_id FROM audit_events WHERE org_id = $1 AND action LIKE 'audit_bundle.%' ORDER BY seq`,
      [orgId],
    );
    expect(audited).toEqual([
      { action: 'audit_bundle.requested', target_id: done.id },
      { action: 'audit_bundle.downloaded', target_id: done.id },
    ]);
    const downloads = await sql(
      db.url,
      `SELECT target_id FROM audit_events WHERE org_id = $1 AND action = 'evidence.downloaded' AND metadata->>'detail' = $2`,
      [orgId, `audit bundle ${done.id}`],
    );
    expect(downloads).toHaveLength(3);

    // The manifest checks on the public page; a changed one does not.
    const verified = await json<VerifyBundleResult>(
      await visitor.post('/api/verify-packet', { bundleManifest: manifestBytes.toString('utf8') }),
      200,
    );
    expect(verified).toEqual({
      kind: 'bundle',
      bundleId: done.id,
      manifestMatch: true,
      signatureValid: true,
      kid: done.kid,
      organisation: manifest.organisation.name,
      auditor: 'Bea Bundler',
      firm: 'Quay Assurance',
      createdAt: done.createdAt,
      fileCount: manifest.files.length,
      recordCount: 3,
    });
    const changed = await json<VerifyBundleResult>(
      await visitor.post('/api/verify-packet', { bundleManifest: forged.toString('utf8') }),
      200,
    );
    expect(changed).toMatchObject({ manifestMatch: false, signatureValid: false });
    const notManifest = await visitor.post('/api/verify-packet', { bundleManifest: '{"hello":"world"}' });
    expect(notManifest.status).toBe(400);
    expect(await notManifest.json()).toMatchObject({ reason: 'auditor.bundleManifestMalformed' });
    const unknown = await visitor.post('/api/verify-packet', {
      bundleManifest: JSON.stringify({ format: 'muster-audit-bundle/1', bundleId: randomUUID() }),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ reason: 'auditor.bundleUnknown' });

    // The list shows it, to the auditor and to an admin previewing the invite (who may download it too).
    const mine = await json<{ items: AuditBundleView[] }>(await auditor.get('/api/auditor/bundles'), 200);
    expect(mine.items.map((b) => b.id)).toEqual([done.id]);
    const previewed = await json<{ items: AuditBundleView[] }>(await admin.get(`/api/auditor/bundles?preview=${inviteId}`), 200);
    expect(previewed.items[0]).toMatchObject({ id: done.id, downloadUrl: `/api/auditor/bundles/${done.id}/download?preview=${inviteId}` });
    expect((await admin.get(previewed.items[0]!.downloadUrl!)).status).toBe(200);
    expect((await admin.get(`/api/auditor/bundles/${done.id}`)).status).toBe(404);
  });

  it('bundles only the chosen records', async () => {
    const done = await build({ recordIds: [inScope[1]!.id] });
    expect(done).toMatchObject({ status: 'done', recordCount: 1 });
    const files = await unzip(Buffer.from(await (await auditor.get(done.downloadUrl!)).arrayBuffer()));
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as AuditBundleManifest;
    expect(manifest.files.filter((f) => f.record).map((f) => f.record!.id)).toEqual([inScope[1]!.id]);
  });

  it('fails a bundle whose file no longer matches its hash, naming the reason', async () => {
    const tampered = inScope[2]!;
    await writeFile(join(storageDir, 'objects', 'evidence', orgId, tampered.id), Buffer.from('%PDF-1.7 altered after the fact\n'));
    const done = await build({ recordIds: [inScope[0]!.id, tampered.id] });
    expect(done).toMatchObject({ status: 'failed', reason: 'evidence.integrityFailed', downloadUrl: null });
    const download = await auditor.get(`/api/auditor/bundles/${done.id}/download`);
    expect(download.status).toBe(409);
    const failures = await sql(
      db.url,
      `SELECT id FROM audit_events WHERE org_id = $1 AND action = 'evidence.integrity_failed' AND target_id = $2`,
      [orgId, tampered.id],
    );
    expect(failures).toHaveLength(1);
  });

  it('removes the zips once the invite has ended, and the manifests still check', async () => {
    const built = await sql<{ id: string; storage_key: string }>(
      db.url,
      `SELECT id, storage_key FROM audit_bundles WHERE org_id = $1 AND status = 'done' ORDER BY created_at`,
      [orgId],
    );
    expect(built).toHaveLength(2);
    const first = await unzip(Buffer.from(await (await auditor.get(`/api/auditor/bundles/${built[0]!.id}/download`)).arrayBuffer()));
    await sql(db.url, `UPDATE auditor_invites SET expires_at = now() - interval '1 second' WHERE id = $1`, [inviteId]);

    await runJob(QueueName.Render, prefix, JobName.AuditBundleSweep);
    const after = await sql<{ storage_key: string | null }>(
      db.url,
      `SELECT storage_key FROM audit_bundles WHERE org_id = $1 AND status = 'done'`,
      [orgId],
    );
    expect(after.map((r) => r.storage_key)).toEqual([null, null]);
    for (const row of built) await expect(access(join(storageDir, 'objects', ...row.storage_key.split('/')))).rejects.toThrow();

    // The auditor's access has ended; an admin still sees the bundles (no download), and the manifest still checks.
    expect((await auditor.get('/api/auditor/bundles')).status).toBe(401);
    const previewed = await json<{ items: AuditBundleView[] }>(await admin.get(`/api/auditor/bundles?preview=${inviteId}`), 200);
    expect(previewed.items.filter((b) => b.status === 'done').map((b) => b.downloadUrl)).toEqual([null, null]);
    expect((await admin.get(`/api/auditor/bundles/${built[0]!.id}/download?preview=${inviteId}`)).status).toBe(410);
    const verified = await json<VerifyBundleResult>(
      await visitor.post('/api/verify-packet', { bundleManifest: first.get('manifest.json')!.toString('utf8') }),
      200,
    );
    expect(verified).toMatchObject({ bundleId: built[0]!.id, manifestMatch: true, signatureValid: true });
  });
});
