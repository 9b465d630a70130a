import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImageLink, MyVerification, SessionInfo, TimelinePage, VerificationCase, VerificationQueue } from '@muster/contracts';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { fileForm, type TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { GPS_LATITUDE_BYTES, jpegWithGps, pngWithGps, webpWithGps } from './support/images.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

/**
 * ID verification: uploads (images only, 10 MB, metadata removed), the state machine (draft,
 * submitted, in review, more information, approved, rejected), the operators' queue with claims and
 * one-time image links, deletion of the images after a decision, audit, rank rules and foreign ids.
 */
describe('ID verification', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let storageDir: string;
  const prefix = uniquePrefix();

  const as = (email: string): Promise<TestClient> => signIn(server.url!, email);
  const upload = (c: TestClient, slot: string, bytes: Buffer, name: string, type = 'image/jpeg') =>
    c.postForm(`/api/id-verification/images/${slot}`, fileForm(bytes, name, type));
  const storedFiles = async (orgId: string, caseId: string): Promise<string[]> =>
    readdir(join(storageDir, 'objects', 'id-verification', orgId, caseId)).catch(() => []);
  async function imageOf(op: TestClient, caseId: string, slot: string): Promise<Buffer> {
    const link = await json<ImageLink>(await op.post(`/api/sysops/id-verification/${caseId}/images/${slot}/link`), 200);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const res = await op.get(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // One time only.
    expect((await op.get(link.url)).status).toBe(404);
    return Buffer.from(await res.arrayBuffer());
  }

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'muster-idv-'));
    db = await createTestDatabase();
    server = await startServer({
      databaseUrl: db.url,
      prefix,
      env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000', STORAGE_DIR: storageDir },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
    await rm(storageDir, { recursive: true, force: true });
  });

  it('refuses non-images (400), oversized files (413) and a submit without both images (409)', async () => {
    const member = await signUpElsewhere(server.url!);
    for (const [bytes, name, type] of [
      [PDF, 'id.pdf', 'application/pdf'],
      [GIF, 'id.gif', 'image/gif'],
      [Buffer.from('just text'), 'id.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(member, 'document', bytes, name, type);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', reason: 'security.imageType' });
    }
    // A JPEG whose segments do not parse is no image either.
    const broken = await upload(member, 'document', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]), 'broken.jpg');
    expect((await json<{ reason: string }>(broken, 400)).reason).toBe('security.imageType');
    const big = Buffer.concat([jpegWithGps().subarray(0, 20), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooLarge = await upload(member, 'document', big, 'huge.jpg');
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'FILE_TOO_LARGE', params: { megabytes: 10 } });
    expect((await member.post('/api/id-verification/images/document', {})).status).toBe(400);
    expect((await upload(member, 'passport', jpegWithGps(), 'id.jpg')).status).toBe(404);
    expect((await json<{ reason: string }>(await member.post('/api/id-verification/submit'), 409)).reason).toBe('security.imageRequired');
    expect(await json<MyVerification>(await member.get('/api/id-verification'), 200)).toEqual({ required: false, dueBy: null, case: null });
    // Nothing half-applied: no case was created by the refused uploads.
    await upload(member, 'document', jpegWithGps(), 'id.jpg');
    expect((await json<{ reason: string }>(await member.post('/api/id-verification/submit'), 409)).reason).toBe('security.imageRequired');
  });

  it('strips EXIF (GPS), XMP, ICC and text from JPEG, PNG and WebP, and deletes the images after the decision', async () => {
    const member = await signUpElsewhere(server.url!);
    const me = await json<SessionInfo>(await member.get('/api/auth/me'), 200);
    const orgId = me.org!.id;
    expect((await upload(member, 'document', jpegWithGps(), 'passport.jpg')).status).toBe(201);
    const second = await json<MyVerification>(await upload(member, 'second', pngWithGps(), 'selfie.png', 'image/png'), 201);
    expect(second.case).toMatchObject({ state: 'draft', images: ['document', 'second'] });
    const caseId = second.case!.id;
    expect(await storedFiles(orgId, caseId)).toHaveLength(2);
    const submitted = await json<MyVerification>(await member.post('/api/id-verification/submit'), 200);
    expect(submitted.case).toMatchObject({ state: 'submitted', reason: null, message: null });
    expect(submitted.case!.submittedAt).not.toBeNull();

    const sysops = await as('sysops@muster.example');
    await json(await sysops.post(`/api/sysops/id-verification/${caseId}/claim`), 200);
    const jpeg = await imageOf(sysops, caseId, 'document');
    const original = jpegWithGps();
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(jpeg.includes(Buffer.from('Exif'))).toBe(false);
    expect(jpeg.includes(GPS_LATITUDE_BYTES)).toBe(false);
    expect(jpeg.includes(Buffer.from('xmpmeta'))).toBe(false);
    expect(jpeg.includes(Buffer.from('Quay 4'))).toBe(false);
    expect(jpeg.includes(Buffer.from('trailing'))).toBe(false);
    expect(jpeg.includes(Buffer.from([0xff, 0xe0]))).toBe(false);
    // The picture itself (tables, frame, scan and its entropy-coded bytes) is unchanged.
    const scanStart = original.indexOf(Buffer.from([0xff, 0xdb]));
    const scanEnd = original.indexOf(Buffer.from([0xff, 0xd9])) + 2;
    expect(jpeg.subarray(2)).toEqual(original.subarray(scanStart, scanEnd));
    const png = await imageOf(sysops, caseId, 'second');
    for (const gone of ['eXIf', 'tEXt', 'iCCP', 'tIME', 'GPS']) expect(png.includes(Buffer.from(gone))).toBe(false);
    expect(png.includes(GPS_LATITUDE_BYTES)).toBe(false);
    for (const kept of ['IHDR', 'IDAT', 'IEND']) expect(png.includes(Buffer.from(kept))).toBe(true);

    // Approval deletes both images; only their hashes and the decision stay.
    const approved = await json<VerificationCase>(await sysops.post(`/api/sysops/id-verification/${caseId}/approve`), 200);
    expect(approved).toMatchObject({ state: 'approved', images: [], decidedBy: { name: 'Sana Iqbal' } });
    expect(approved.hashes.document).toMatch(/^[0-9a-f]{64}$/);
    expect(approved.hashes.second).toMatch(/^[0-9a-f]{64}$/);
    expect(await storedFiles(orgId, caseId)).toEqual([]);
    const [row] = await sql<{ document_key: string | null; second_key: string | null; document_sha256: string }>(
      db.url,
      'SELECT document_key, second_key, document_sha256 FROM id_verification_cases WHERE id = $1',
      [caseId],
    );
    expect(row).toEqual({ document_key: null, second_key: null, document_sha256: approved.hashes.document });
    expect((await json<MyVerification>(await member.get('/api/id-verification'), 200)).case?.state).toBe('approved');
    expect((await json<{ reason: string }>(await upload(member, 'document', jpegWithGps(), 'again.jpg'), 409)).reason).toBe(
      'security.alreadyApproved',
    );
  });

  it('keeps a WebP picture and drops its EXIF, XMP and ICC chunks', async () => {
    const member = await signUpElsewhere(server.url!);
    await json(await upload(member, 'document', webpWithGps(), 'card.webp', 'image/webp'), 201);
    await json(await upload(member, 'second', webpWithGps(), 'back.webp', 'image/webp'), 201);
    const mine = await json<MyVerification>(await member.post('/api/id-verification/submit'), 200);
    const sysops = await as('sysops@muster.example');
    await json(await sysops.post(`/api/sysops/id-verification/${mine.case!.id}/claim`), 200);
    const webp = await imageOf(sysops, mine.case!.id, 'document');
    expect(webp.toString('latin1', 0, 4)).toBe('RIFF');
    expect(webp.readUInt32LE(4)).toBe(webp.length - 8);
    for (const gone of ['EXIF', 'XMP ', 'ICCP']) expect(webp.includes(Buffer.from(gone))).toBe(false);
    expect(webp.includes(GPS_LATITUDE_BYTES)).toBe(false);
    expect(webp.includes(Buffer.from('VP8L'))).toBe(true);
    expect(webp[20]! & 0x2c).toBe(0);
  });

  it('runs the queue: oldest first, one claim, more information, reject with a reason, all audited', async () => {
    const member = await signUpElsewhere(server.url!);
    const me = await json<SessionInfo>(await member.get('/api/auth/me'), 200);
    await upload(member, 'document', jpegWithGps(), 'passport.jpg');
    await upload(member, 'second', pngWithGps(), 'selfie.png', 'image/png');
    const caseId = (await json<MyVerification>(await member.post('/api/id-verification/submit'), 200)).case!.id;

    const sysops = await as('sysops@muster.example');
    const deputy = await as('deputy@muster.example');
    const queue = await json<VerificationQueue>(await sysops.get('/api/sysops/id-verification'), 200);
    const times = queue.items.map((i) => Date.parse(i.submittedAt!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The seeded accountant's case (two days old) comes before this one.
    expect(queue.items[0]!.member.email).toBe('accountant@harborpoint.example');
    const mineInQueue = queue.items.find((i) => i.id === caseId)!;
    expect(mineInQueue).toMatchObject({ state: 'submitted', claimedBy: null, member: { email: me.user.email, role: 'ADMIN' } });

    // Images need the claim; only one operator wins it, and the others see who has it.
    expect(
      (await json<{ reason: string }>(await sysops.post(`/api/sysops/id-verification/${caseId}/images/document/link`), 409)).reason,
    ).toBe('security.claimFirst');
    expect((await json<{ reason: string }>(await sysops.post(`/api/sysops/id-verification/${caseId}/approve`), 409)).reason).toBe(
      'security.claimFirst',
    );
    const claimed = await json<VerificationCase>(await sysops.post(`/api/sysops/id-verification/${caseId}/claim`), 200);
    expect(claimed).toMatchObject({ state: 'in_review', claimedBy: { name: 'Sana Iqbal' } });
    expect((await json<{ reason: string }>(await deputy.post(`/api/sysops/id-verification/${caseId}/claim`), 409)).reason).toBe(
      'security.claimedByOther',
    );
    expect((await json<{ reason: string }>(await deputy.post(`/api/sysops/id-verification/${caseId}/approve`), 409)).reason).toBe(
      'security.claimedByOther',
    );
    const seenByDeputy = await json<VerificationCase>(await deputy.get(`/api/sysops/id-verification/${caseId}`), 200);
    expect(seenByDeputy.claimedBy?.name).toBe('Sana Iqbal');
    // A link works only for the operator who asked for it.
    const link = await json<ImageLink>(await sysops.post(`/api/sysops/id-verification/${caseId}/images/document/link`), 200);
    expect((await deputy.get(link.url)).status).toBe(404);
    expect((await sysops.get(link.url)).status).toBe(404);
    expect((await sysops.get('/api/sysops/id-verification/image/not-a-token')).status).toBe(404);
    expect((await member.get(link.url)).status).toBe(403);

    // More information: the member sees the message, uploads again and submits again.
    expect((await sysops.post(`/api/sysops/id-verification/${caseId}/request-info`, { message: 'x' })).status).toBe(400);
    const asked = await json<VerificationCase>(
      await sysops.post(`/api/sysops/id-verification/${caseId}/request-info`, { message: 'The photo is blurred: upload a sharper one.' }),
      200,
    );
    expect(asked).toMatchObject({ state: 'more_info', claimedBy: null });
    const told = await json<MyVerification>(await member.get('/api/id-verification'), 200);
    expect(told.case).toMatchObject({ state: 'more_info', message: 'The photo is blurred: upload a sharper one.' });
    await json(await upload(member, 'document', jpegWithGps(), 'sharper.jpg'), 201);
    expect(await storedFiles(me.org!.id, caseId)).toHaveLength(2);
    expect((await json<MyVerification>(await member.post('/api/id-verification/submit'), 200)).case?.state).toBe('submitted');
    // The member cannot change a case under review.
    expect((await json<{ reason: string }>(await upload(member, 'document', jpegWithGps(), 'x.jpg'), 409)).reason).toBe(
      'security.notEditable',
    );

    await json(await deputy.post(`/api/sysops/id-verification/${caseId}/claim`), 200);
    expect((await deputy.post(`/api/sysops/id-verification/${caseId}/reject`, { reason: '' })).status).toBe(400);
    const rejected = await json<VerificationCase>(
      await deputy.post(`/api/sysops/id-verification/${caseId}/reject`, { reason: 'The document has expired.' }),
      200,
    );
    expect(rejected).toMatchObject({ state: 'rejected', reason: 'The document has expired.', images: [] });
    expect(await storedFiles(me.org!.id, caseId)).toEqual([]);
    expect((await json<MyVerification>(await member.get('/api/id-verification'), 200)).case).toMatchObject({
      state: 'rejected',
      reason: 'The document has expired.',
    });
    const decided = await json<VerificationQueue>(await sysops.get('/api/sysops/id-verification?view=decided'), 200);
    expect(decided.items.find((i) => i.id === caseId)?.state).toBe('rejected');
    expect((await sysops.get('/api/sysops/id-verification')).status).toBe(200);
    expect((await json<VerificationQueue>(await sysops.get('/api/sysops/id-verification'), 200)).items.some((i) => i.id === caseId)).toBe(
      false,
    );
    // After a rejection the member starts a new case.
    const again = await json<MyVerification>(await upload(member, 'document', jpegWithGps(), 'new.jpg'), 201);
    expect(again.case).toMatchObject({ state: 'draft', images: ['document'] });
    expect(again.case!.id).not.toBe(caseId);

    // Every step is on the member's timeline with the operator as actor (and so in the SIEM stream).
    const timeline = await json<TimelinePage>(
      await sysops.get(`/api/sysops/customers/${me.user.id}/timeline?action=id_verification&pageSize=100`),
      200,
    );
    const actions = timeline.items.map((e) => `${e.action}:${e.actor.email ?? ''}`).reverse();
    expect(actions).toEqual([
      `id_verification.submit:${me.user.email}`,
      'id_verification.claim:sysops@muster.example',
      'id_verification.image.view:sysops@muster.example',
      'id_verification.request_info:sysops@muster.example',
      `id_verification.submit:${me.user.email}`,
      'id_verification.claim:deputy@muster.example',
      'id_verification.reject:deputy@muster.example',
    ]);
    expect(timeline.items.every((e) => e.orgId === me.org!.id && e.target?.id === me.user.id)).toBe(true);
  });

  it('keeps operators to their rank and to real cases: foreign ids 404, members 403', async () => {
    const member = await signUpElsewhere(server.url!);
    const me = await json<SessionInfo>(await member.get('/api/auth/me'), 200);
    await upload(member, 'document', jpegWithGps(), 'a.jpg');
    await upload(member, 'second', jpegWithGps(), 'b.jpg');
    const caseId = (await json<MyVerification>(await member.post('/api/id-verification/submit'), 200)).case!.id;
    await sql(db.url, `UPDATE memberships SET role = 'DEPUTY_ADMIN' WHERE user_id = $1`, [me.user.id]);
    const sysops = await as('sysops@muster.example');
    expect((await json<{ reason: string }>(await sysops.get(`/api/sysops/id-verification/${caseId}`), 403)).reason).toBe(
      'security.aboveRank',
    );
    expect((await json<{ reason: string }>(await sysops.post(`/api/sysops/id-verification/${caseId}/claim`), 403)).reason).toBe(
      'security.aboveRank',
    );
    expect((await json<VerificationQueue>(await sysops.get('/api/sysops/id-verification'), 200)).items.some((i) => i.id === caseId)).toBe(
      false,
    );
    // An operator of the same or a higher rank may.
    const root = await as('root@muster.example');
    expect((await json<VerificationCase>(await root.post(`/api/sysops/id-verification/${caseId}/claim`), 200)).state).toBe('in_review');
    await sql(db.url, `UPDATE memberships SET role = 'ADMIN' WHERE user_id = $1`, [me.user.id]);

    for (const id of ['3f1d2c4b-5a69-4f7e-8d90-123456789abc', 'not-a-uuid']) {
      expect((await json<{ reason: string }>(await sysops.get(`/api/sysops/id-verification/${id}`), 404)).reason).toBe(
        'security.caseNotFound',
      );
      expect((await sysops.post(`/api/sysops/id-verification/${id}/approve`)).status).toBe(404);
    }
    const user = await as('user@harborpoint.example');
    expect((await user.get('/api/sysops/id-verification')).status).toBe(403);
    expect((await user.post(`/api/sysops/id-verification/${caseId}/approve`)).status).toBe(403);
    expect((await user.get(`/api/sysops/id-verification/${caseId}`)).status).toBe(403);
    expect((await sysops.get('/api/sysops/id-verification?view=everything')).status).toBe(400);
    // Platform staff have no verification of their own.
    expect((await json<{ reason: string }>(await sysops.get('/api/id-verification'), 403)).reason).toBe('security.membersOnly');
  });

  it('tells members whose role must verify, by when, and hands the seeded case to the queue', async () => {
    const manager = await as('manager@harborpoint.example');
    expect((await json<MyVerification>(await manager.get('/api/id-verification'), 200)).case?.state).toBe('approved');
    const admin = await as('admin@harborpoint.example');
    await json(await admin.patch('/api/admin/security/policy', { verificationRoles: ['USER'], verificationDueBy: '2020-01-31' }), 200);
    const user = await as('user@harborpoint.example');
    expect((await json<{ verification: unknown }>(await user.get('/api/security/notices'), 200)).verification).toEqual({
      required: true,
      dueBy: '2020-01-31',
      overdue: true,
      state: null,
    });
    expect(await json<MyVerification>(await user.get('/api/id-verification'), 200)).toEqual({
      required: true,
      dueBy: '2020-01-31',
      case: null,
    });
    expect(
      (await json<{ verification: { required: boolean } }>(await manager.get('/api/security/notices'), 200)).verification.required,
    ).toBe(false);

    const sysops = await as('sysops@muster.example');
    const queue = await json<VerificationQueue>(await sysops.get('/api/sysops/id-verification'), 200);
    const seeded = queue.items.find((i) => i.member.email === 'accountant@harborpoint.example')!;
    const [org] = await sql<{ id: string }>(db.url, `SELECT id FROM organizations WHERE name = 'Harbor Point Port Authority'`);
    expect(await storedFiles(org!.id, seeded.id)).toHaveLength(2);
    await json(await sysops.post(`/api/sysops/id-verification/${seeded.id}/claim`), 200);
    const png = await imageOf(sysops, seeded.id, 'document');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    await json(await sysops.post(`/api/sysops/id-verification/${seeded.id}/approve`), 200);
    expect(await storedFiles(org!.id, seeded.id)).toEqual([]);
  });
});
