import { createPrivateKey } from 'node:crypto';
import type {
  Approval,
  PacketContent,
  PacketKeys,
  PacketList,
  PacketManifestView,
  PacketView,
  RenderView,
  SessionInfo,
  VerifyPacketResult,
  WaiverState,
} from '@muster/contracts';
import { canonicalJson } from '../src/platform/signing/canonical-json.js';
import { verifyWithPublicKey } from '../src/platform/signing/ed25519.js';
import { extractText } from '../src/platform/documents/pdf-reading.js';
import {
  buildManifest,
  decodeToken,
  fileSha256,
  fileStatement,
  manifestSha256,
} from '../src/modules/compliance-packets/packet-manifest.js';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { watchRenders } from './support/renders.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, type ChatSocket } from './support/chat.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';

const FROM = '2025-12-01';
const TO = '2026-11-26';

/**
 * Compliance packets against real PostgreSQL, Redis and the render queue: the waiver before any
 * download (recorded once per version), issue with progress, the manifest recomputed from the
 * packet's items, signatures that verify with the published key across a rotation, stamped
 * downloads whose hashes the public page recognises, immutability (no route; the database refuses),
 * re-issue and revocation on the public verify endpoint, malformed codes, and its rate limit.
 */
describe('Compliance packets', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];
  let admin: TestClient;
  let manager: TestClient;
  let user: TestClient;
  let visitor: TestClient;
  let profileId: string;
  let managerEvents: ReturnType<typeof watchRenders>;
  let userEvents: ReturnType<typeof watchRenders>;

  async function render(
    client: TestClient,
    events: ReturnType<typeof watchRenders>,
    body: Record<string, unknown>,
  ): Promise<{ render: RenderView; pdf: Buffer }> {
    const started = await json<RenderView>(await client.post('/api/documents/renders', body), 202);
    const done = await events.until((r) => r.id === started.id && (r.status === 'done' || r.status === 'failed'));
    expect(done).toMatchObject({ status: 'done', percent: 100 });
    const file = await client.get(done.downloadUrl!);
    expect(file.status).toBe(200);
    return { render: done, pdf: Buffer.from(await file.arrayBuffer()) };
  }

  const issue = (client: TestClient, events: ReturnType<typeof watchRenders>, language = 'en') =>
    render(client, events, { kind: 'compliance-packet', profileId, from: FROM, to: TO, language });

  const packets = async (client: TestClient = manager) =>
    (await json<PacketList>(await client.get('/api/compliance/packets'), 200)).packets;
  const verify = (body: Record<string, unknown>) => visitor.post('/api/verify-packet', body);

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({
      databaseUrl: db.url,
      prefix,
      env: {
        SEED_ON_EMPTY: 'true',
        AUTH_ATTEMPTS_PER_IP: '10000',
        PACKET_SIGNING_SECRET: 'integration-test-packet-signing-secret-0123456789',
      },
    });
    admin = await signIn(api.url!, 'admin@harborpoint.example');
    manager = await signIn(api.url!, 'manager@harborpoint.example');
    user = await signIn(api.url!, 'user@harborpoint.example');
    visitor = await new TestClient(api.url!).init();
    for (const [client, set] of [
      [manager, (w: ReturnType<typeof watchRenders>) => (managerEvents = w)],
      [user, (w: ReturnType<typeof watchRenders>) => (userEvents = w)],
    ] as const) {
      const socket = await chatSocket(api.url!, client);
      sockets.push(socket);
      set(watchRenders(socket));
    }
    const created = await json<{ id: string }>(
      await manager.post('/api/compliance/profiles', {
        name: 'ISPS port facility',
        scope: 'organization',
        ruleIds: ['isps_b18_5', 'solas_iii_19_3', 'cfr33_105_225'],
      }),
      201,
    );
    profileId = created.id;
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('seeds the demo organisation with two signed packets of its ISPS profile, the first superseded by the second', async () => {
    const seeded = (await packets()).filter((p) => p.profileName.startsWith('ISPS') && p.profileId !== profileId);
    expect(seeded.map((p) => [p.version, p.state])).toEqual([
      [2, 'issued'],
      [1, 'superseded'],
    ]);
    expect(seeded[1]!.supersededById).toBe(seeded[0]!.id);
    const { keys } = await json<PacketKeys>(await visitor.get('/.well-known/muster-packet-keys.json'), 200);
    for (const p of seeded) {
      const view = await json<PacketManifestView>(await manager.get(`/api/compliance/packets/${p.id}/manifest`), 200);
      const key = keys.find((k) => k.kid === view.kid)!;
      expect(verifyWithPublicKey(key.publicKey, canonicalJson(view.manifest), view.signature)).toBe(true);
      const status = await json<VerifyPacketResult>(await verify({ token: view.token }), 200);
      expect(status.status).toBe(p.version === 2 ? 'valid' : 'superseded');
    }
    // The seed issued them; nobody downloaded them, so no waiver was needed.
    expect(seeded.every((p) => p.downloads === 0 && p.issuedBy === 'Marcus Lee')).toBe(true);
  });

  it('asks for the waiver before any packet is made or downloaded, and records it once per version', async () => {
    expect(await json<WaiverState>(await manager.get('/api/compliance/waiver'), 200)).toEqual({ version: '2026-11', acceptedAt: null });
    const refused = await manager.post('/api/documents/renders', { kind: 'compliance-packet', profileId, from: FROM, to: TO });
    expect(await json(refused, 409)).toMatchObject({ code: 'CONFLICT', reason: 'packets.waiverRequired' });
    expect(await json(await manager.post('/api/compliance/waiver/accept', { version: '1999-01' }), 400)).toMatchObject({
      fieldReasons: { version: { reason: 'packets.waiverVersion' } },
    });
    const first = await json<WaiverState>(await manager.post('/api/compliance/waiver/accept', { version: '2026-11' }), 200);
    const second = await json<WaiverState>(await manager.post('/api/compliance/waiver/accept', { version: '2026-11' }), 200);
    expect(first.acceptedAt).not.toBeNull();
    expect(second).toEqual(first);
    const rows = await sql(db.url, `SELECT waiver_version FROM compliance_waiver_acceptances WHERE user_name = 'Marcus Lee'`);
    expect(rows).toEqual([{ waiver_version: '2026-11' }]);
    const audited = await sql(db.url, `SELECT action FROM audit_events WHERE action = 'compliance.waiver.accept'`);
    expect(audited).toHaveLength(1);
    // The unique constraint, not only the service, keeps it to one.
    await expect(
      sql(
        db.url,
        `INSERT INTO compliance_waiver_acceptances (org_id, user_id, waiver_version, user_name) SELECT org_id, user_id, waiver_version, user_name FROM compliance_waiver_acceptances`,
      ),
    ).rejects.toThrow(/unique/i);
  });

  it('refuses bad periods and roles with reasons, never a 500', async () => {
    const ask = (client: TestClient, body: Record<string, unknown>) =>
      client.post('/api/documents/renders', { kind: 'compliance-packet', profileId, from: FROM, to: TO, ...body });
    expect(await json(await ask(manager, { from: '2026-05-01', to: '2026-04-30' }), 400)).toMatchObject({
      fieldReasons: { to: { reason: 'packets.periodBackwards' } },
    });
    expect(await json(await ask(manager, { from: '2022-01-01', to: '2025-01-02' }), 400)).toMatchObject({
      fieldReasons: { to: { reason: 'packets.periodTooLong', params: { years: 3 } } },
    });
    expect(await json(await ask(manager, { from: 'yesterday' }), 400)).toMatchObject({
      fieldReasons: { from: { reason: 'packets.chooseFrom' } },
    });
    expect((await ask(manager, { profileId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    await json(await user.post('/api/compliance/waiver/accept', { version: '2026-11' }), 200);
    expect(await json(await ask(user, {}), 403)).toMatchObject({ code: 'FORBIDDEN' });
  });

  let v1: PacketView;
  let v1Download: Buffer;

  it('issues a packet with progress: signed manifest recomputed from its items, a token that verifies with the published key', async () => {
    const { render: done, pdf } = await issue(manager, managerEvents);
    const stages = managerEvents.seen.filter((r) => r.id === done.id).map((r) => r.stage);
    expect(stages).toEqual(['reading', 'rendering', 'storing', 'done']);
    v1 = (await packets()).find((p) => p.profileId === profileId)!;
    expect(v1).toMatchObject({
      version: 1,
      state: 'issued',
      profileName: 'ISPS port facility',
      from: FROM,
      to: TO,
      issuedBy: 'Marcus Lee',
      downloads: 1,
    });
    expect(v1.shortCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTWXYZ]{5}-[23456789ABCDEFGHJKMNPQRSTWXYZ]{5}$/);
    v1Download = pdf;
    const text = extractText(pdf).replace(/\s+/g, ' ');
    for (const s of [
      v1.shortCode,
      'Rule-by-rule status',
      'ISPS Code B/18.5',
      'SOLAS III/19.3',
      'Downloaded by Marcus Lee',
      'Manifest',
      v1.manifestSha256,
    ]) {
      expect({ s, found: text.includes(s) }).toEqual({ s, found: true });
    }

    // The manifest, recomputed from the packet's frozen items, is the one signed.
    const view = await json<PacketManifestView>(await manager.get(`/api/compliance/packets/${v1.id}/manifest`), 200);
    const [{ content }] = (await sql<{ content: PacketContent }>(db.url, `SELECT content FROM compliance_packets WHERE id = $1`, [
      v1.id,
    ])) as [{ content: PacketContent }];
    expect(content.runs.length).toBeGreaterThan(0);
    expect(content.rules.map((r) => r.ruleId)).toEqual(['isps_b18_5', 'solas_iii_19_3', 'cfr33_105_225']);
    // The SOPs in force and the library's documents linked to the profile's rules, with their versions;
    // a document linked only to a rule outside the profile (ISPS B/18.6) is not listed.
    expect(content.documents.filter((d) => d.kind === 'sop').map((d) => d.version)).toEqual(['2']);
    expect(content.documents.filter((d) => d.kind === 'document').map((d) => d.title)).toEqual(
      expect.arrayContaining(['Port Facility Security Plan — Terminal 2', 'Annual security inspection report 2026']),
    );
    expect(content.documents.map((d) => d.title)).not.toContain('Statement of Compliance of a Port Facility');
    const recomputed = buildManifest(content, view.manifest);
    expect(recomputed).toEqual(view.manifest);
    expect(manifestSha256(recomputed)).toBe(view.manifestSha256);
    for (const doc of content.documents)
      expect(view.manifest.items).toContainEqual(
        expect.objectContaining({ kind: 'document', sha256: fileSha256(Buffer.from(canonicalJson(doc))) }),
      );
    // Every counted run's title is in the PDF, and every run item's hash is its canonical JSON's.
    for (const run of content.runs) {
      expect(text).toContain(run.title);
      expect(view.manifest.items).toContainEqual({ kind: 'run', id: run.id, sha256: fileSha256(Buffer.from(canonicalJson(run))) });
    }

    // Signatures verify with the published public key (no server code involved).
    const keysRes = await visitor.get('/.well-known/muster-packet-keys.json');
    expect(keysRes.headers.get('cache-control')).toContain('max-age');
    const { keys } = await json<PacketKeys>(keysRes, 200);
    const key = keys.find((k) => k.kid === view.kid)!;
    expect(key).toMatchObject({ alg: 'Ed25519', validTo: null, jwk: { kty: 'OKP', crv: 'Ed25519', x: key.publicKey } });
    expect(verifyWithPublicKey(key.publicKey, canonicalJson(view.manifest), view.signature)).toBe(true);
    expect(verifyWithPublicKey(key.publicKey, fileStatement(v1.id, view.manifestSha256, view.pdfSha256), view.fileSignature)).toBe(true);
    const token = decodeToken(view.token)!;
    expect(token.payload).toMatchObject({ p: v1.id, m: view.manifestSha256, k: view.kid });
    expect(verifyWithPublicKey(key.publicKey, token.bytes, token.signature)).toBe(true);
    // The QR code's URL: the public page on the first configured origin (APP_ORIGINS), with the token.
    expect(new URL(v1.verifyUrl).pathname).toBe('/verify-packet');
    expect(new URL(v1.verifyUrl).searchParams.get('t')).toBe(view.token);

    // The issued file's hash is the manifest's PDF hash; the download is a stamped copy, recognised too.
    expect(fileSha256(pdf)).not.toBe(v1.pdfSha256);
    const byToken = await json<VerifyPacketResult>(await verify({ token: view.token, sha256: fileSha256(pdf) }), 200);
    expect(byToken).toMatchObject({
      status: 'valid',
      profile: 'ISPS port facility',
      organisation: 'Harbor Point Port Authority',
      from: FROM,
      to: TO,
      fileMatch: true,
    });
    expect(Object.keys(byToken).sort()).toEqual(
      [
        'currentShortCode',
        'fileMatch',
        'from',
        'issuedAt',
        'organisation',
        'profile',
        'revokedAt',
        'revokedReason',
        'shortCode',
        'status',
        'to',
        'version',
      ].sort(),
    );
    expect((await json<VerifyPacketResult>(await verify({ sha256: v1.pdfSha256 }), 200)).shortCode).toBe(v1.shortCode);
    const changed = Buffer.from(pdf);
    changed.writeUInt8(changed.readUInt8(changed.length - 20) ^ 1, changed.length - 20);
    expect(await json<VerifyPacketResult>(await verify({ token: view.token, sha256: fileSha256(changed) }), 200)).toMatchObject({
      fileMatch: false,
    });
    expect(await json(await verify({ sha256: fileSha256(changed) }), 404)).toMatchObject({ reason: 'packets.unknown' });
  });

  it('stamps each download with who and when, audits it, and needs the waiver from each member', async () => {
    // The admin has not accepted the waiver: no download.
    const refused = await admin.post('/api/documents/renders', { kind: 'compliance-packet-copy', packetId: v1.id });
    expect(await json(refused, 409)).toMatchObject({ reason: 'packets.waiverRequired' });
    const { pdf } = await render(user, userEvents, { kind: 'compliance-packet-copy', packetId: v1.id, language: 'ar' });
    const text = extractText(pdf);
    expect(text).toContain('Uma Patel');
    expect(text).toContain('حزمة امتثال');
    expect(fileSha256(pdf)).not.toBe(fileSha256(v1Download));
    expect(await json<VerifyPacketResult>(await verify({ code: v1.shortCode, sha256: fileSha256(pdf) }), 200)).toMatchObject({
      fileMatch: true,
    });
    const audited = await sql<{ action: string }>(db.url, `SELECT action FROM audit_events WHERE target_id = $1 ORDER BY seq`, [v1.id]);
    expect(audited.map((a) => a.action)).toEqual(['compliance.packet.issue', 'compliance.packet.download', 'compliance.packet.download']);
    expect((await packets(user)).find((p) => p.id === v1.id)!.downloads).toBe(2);
    // Another organisation's member sees neither the packet nor its manifest, nor may they download it.
    const outsider = await signUpElsewhere(api.url!);
    expect((await json<PacketList>(await outsider.get('/api/compliance/packets'), 200)).packets).toEqual([]);
    expect(await json(await outsider.get(`/api/compliance/packets/${v1.id}`), 404)).toMatchObject({ reason: 'packets.notFound' });
    expect((await outsider.get(`/api/compliance/packets/${v1.id}/manifest`)).status).toBe(404);
    await json(await outsider.post('/api/compliance/waiver/accept', { version: '2026-11' }), 200);
    expect((await outsider.post('/api/documents/renders', { kind: 'compliance-packet-copy', packetId: v1.id })).status).toBe(404);
  });

  it('keeps an issued packet immutable: no route changes it, and the database refuses', async () => {
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const res = await admin.request(method, `/api/compliance/packets/${v1.id}`, { state: 'revoked', content: {} });
      expect([404, 405]).toContain(res.status);
    }
    expect((await admin.post(`/api/compliance/packets/${v1.id}`, {})).status).toBe(404);
    await expect(sql(db.url, `UPDATE compliance_packets SET content = '{}'::jsonb WHERE id = $1`, [v1.id])).rejects.toThrow(
      /cannot change/,
    );
    await expect(sql(db.url, `UPDATE compliance_packets SET pdf_sha256 = repeat('0', 64) WHERE id = $1`, [v1.id])).rejects.toThrow(
      /cannot change/,
    );
    const [row] = await sql<{ manifest_sha256: string }>(db.url, `SELECT manifest_sha256 FROM compliance_packets WHERE id = $1`, [v1.id]);
    expect(row!.manifest_sha256).toBe(v1.manifestSha256);
  });

  let v2: PacketView;

  it('signs new packets with the rotated key, while old ones still verify with theirs', async () => {
    const old = await json<PacketManifestView>(await manager.get(`/api/compliance/packets/${v1.id}/manifest`), 200);
    // Rotation (SigningService.rotate) needs two platform admins: the direct endpoint refuses it,
    // one asks for it (four eyes), another approves it and the rotation runs.
    expect((await admin.post('/api/sysops/packet-keys/rotate', {})).status).toBe(403);
    const root = await signIn(api.url!, 'root@muster.example');
    expect(await json(await root.post('/api/sysops/packet-keys/rotate', {}), 409)).toMatchObject({ reason: 'approvals.required' });
    const asked = await json<Approval>(
      await root.post('/api/approvals', { payload: { kind: 'signing_key_rotate' }, reason: 'Yearly rotation' }),
      201,
    );
    const deputy = await signIn(api.url!, 'deputy@muster.example');
    expect(await json<Approval>(await deputy.post(`/api/approvals/${asked.id}/approve`, {}), 200)).toMatchObject({ status: 'approved' });
    // The private keys are stored encrypted (AES-256-GCM under PACKET_SIGNING_SECRET), never as a usable key.
    const stored = await sql<{ private_key_enc: string }>(db.url, `SELECT private_key_enc FROM packet_signing_keys`);
    expect(stored).toHaveLength(2);
    for (const { private_key_enc: enc } of stored) {
      expect(enc.split('.')).toHaveLength(3);
      for (const part of enc.split('.')) {
        expect(() => createPrivateKey({ key: Buffer.from(part, 'base64url'), format: 'der', type: 'pkcs8' })).toThrow();
      }
    }
    const { keys } = await json<PacketKeys>(await visitor.get('/.well-known/muster-packet-keys.json'), 200);
    expect(keys).toHaveLength(2);
    const retired = keys.find((k) => k.kid === old.kid)!;
    const active = keys.find((k) => k.kid !== old.kid)!;
    expect(retired.validTo).not.toBeNull();
    expect(active.validTo).toBeNull();

    await issue(manager, managerEvents);
    const list = await packets();
    v2 = list.find((p) => p.version === 2)!;
    expect(v2.kid).toBe(active.kid);
    const fresh = await json<PacketManifestView>(await manager.get(`/api/compliance/packets/${v2.id}/manifest`), 200);
    expect(verifyWithPublicKey(active.publicKey, canonicalJson(fresh.manifest), fresh.signature)).toBe(true);
    expect(verifyWithPublicKey(retired.publicKey, canonicalJson(fresh.manifest), fresh.signature)).toBe(false);
    expect(verifyWithPublicKey(retired.publicKey, canonicalJson(old.manifest), old.signature)).toBe(true);
    // The old packet's token still verifies on the public endpoint (with its retired key): now superseded.
    const before = await json<VerifyPacketResult>(await verify({ token: old.token }), 200);
    expect(before).toMatchObject({ status: 'superseded', version: 1, currentShortCode: v2.shortCode });
    expect(list.find((p) => p.id === v1.id)).toMatchObject({ state: 'superseded', supersededById: v2.id });
    expect(await json<VerifyPacketResult>(await verify({ code: v2.shortCode.toLowerCase() }), 200)).toMatchObject({
      status: 'valid',
      version: 2,
    });
  });

  it('lets an ADMIN revoke an issued packet with a reason, shown on the public page', async () => {
    expect((await manager.post(`/api/compliance/packets/${v2.id}/revoke`, { reason: 'Wrong period' })).status).toBe(403);
    expect(await json(await admin.post(`/api/compliance/packets/${v2.id}/revoke`, { reason: 'x' }), 400)).toMatchObject({
      fieldReasons: { reason: { reason: 'packets.revokeReason' } },
    });
    const revoked = await json<PacketView>(
      await admin.post(`/api/compliance/packets/${v2.id}/revoke`, { reason: 'Issued for the wrong facility' }),
      200,
    );
    expect(revoked).toMatchObject({ state: 'revoked', revokedReason: 'Issued for the wrong facility' });
    expect(await json(await admin.post(`/api/compliance/packets/${v2.id}/revoke`, { reason: 'Again' }), 409)).toMatchObject({
      reason: 'packets.notIssued',
    });
    expect(await json(await admin.post(`/api/compliance/packets/${v1.id}/revoke`, { reason: 'Superseded one' }), 409)).toMatchObject({
      reason: 'packets.notIssued',
    });
    expect(await json<VerifyPacketResult>(await verify({ code: v2.shortCode }), 200)).toMatchObject({
      status: 'revoked',
      revokedReason: 'Issued for the wrong facility',
      revokedAt: revoked.revokedAt,
    });
    await expect(sql(db.url, `UPDATE compliance_packets SET state = 'issued' WHERE id = $1`, [v2.id])).rejects.toThrow(/final/);
  });

  it('answers malformed codes 400 and unknown ones a bare 404, and limits the rate', async () => {
    expect(await json(await verify({ code: 'ABC' }), 400)).toMatchObject({ fieldReasons: { code: { reason: 'packets.malformedCode' } } });
    expect(await json(await verify({ code: 'ABCDE-0OIL1' }), 400)).toMatchObject({
      fieldReasons: { code: { reason: 'packets.malformedCode' } },
    });
    expect(await json(await verify({ token: 'garbage' }), 400)).toMatchObject({
      fieldReasons: { token: { reason: 'packets.malformedToken' } },
    });
    const good = decodeToken((await json<PacketManifestView>(await manager.get(`/api/compliance/packets/${v1.id}/manifest`), 200)).token)!;
    const forged = `${Buffer.from(good.bytes.replace(good.payload.m, '0'.repeat(64))).toString('base64url')}.${good.signature}`;
    expect(await json(await verify({ token: forged }), 400)).toMatchObject({
      fieldReasons: { token: { reason: 'packets.malformedToken' } },
    });
    expect(await json(await verify({ sha256: 'xyz' }), 400)).toMatchObject({
      fieldReasons: { sha256: { reason: 'packets.malformedHash' } },
    });
    expect((await verify({})).status).toBe(400);
    const unknown = await json(await verify({ code: 'ZZZZZ-ZZZZZ' }), 404);
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', reason: 'packets.unknown', params: {} });
    expect(JSON.stringify(unknown)).not.toMatch(/ISPS|Harbor|2025|shortCode/);

    let limited: Response | null = null;
    for (let i = 0; i < 70 && !limited; i++) {
      const res = await verify({ code: 'ZZZZZ-ZZZZZ' });
      if (res.status === 429) limited = res;
    }
    expect(limited).not.toBeNull();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json(limited!, 429)).toMatchObject({ reason: 'packets.tooManyChecks' });
  });

  it('keeps platform staff out: packets belong to an organisation', async () => {
    const me = await json<SessionInfo>(await admin.get('/api/auth/me'), 200);
    expect(me.org).not.toBeNull();
    const root = await signIn(api.url!, 'root@muster.example');
    expect((await root.get('/api/compliance/packets')).status).toBeGreaterThanOrEqual(403);
  });
});
