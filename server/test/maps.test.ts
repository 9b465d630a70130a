import { crc32, deflateSync } from 'node:zlib';
import type { MapContentInput, MapDetail, MapImage, MapSummary, MapVersion, MusterPoint, RenderView, SessionInfo } from '@muster/contracts';
import { extractText } from '../src/platform/documents/pdf-reading.js';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { watchRenders } from './support/renders.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, expectOk, type ChatSocket } from './support/chat.js';
import { fileForm, type TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { libraryTemplate, membersByRole, scheduleRun, joinConsole } from './support/drills.js';
import { expectJson as json } from './support/http.js';

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A real RGB PNG of one colour (`extra` bytes of a private chunk make it as large as a test needs). */
function png(width: number, height: number, extra = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 230)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(extra ? [pngChunk('prVt', Buffer.alloc(extra, 1))] : []),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Six symbols of every family, two posting locations, two named muster points. */
function content(overrides: Partial<MapContentInput> = {}): MapContentInput {
  return {
    name: 'Quay 4 warehouse — ground floor',
    width: 1000,
    height: 600,
    background: { kind: 'grid', gridSize: 50 },
    symbols: [
      { id: 'exit-1', type: 'emergency-exit', x: 950, y: 300, rotation: 0, size: 60, label: 'East door' },
      { id: 'route-1', type: 'escape-route', x: 700, y: 300, rotation: 90, size: 50, label: '' },
      { id: 'muster-1', type: 'assembly-point', x: 900, y: 60, rotation: 0, size: 70, label: 'Car park' },
      { id: 'muster-2', type: 'assembly-point', x: 80, y: 540, rotation: 0, size: 70, label: 'Quay apron' },
      { id: 'aid-1', type: 'first-aid', x: 200, y: 100, rotation: 0, size: 50, label: '' },
      { id: 'ext-1', type: 'fire-extinguisher', x: 400, y: 400, rotation: 0, size: 45, label: '' },
      { id: 'alarm-1', type: 'fire-alarm', x: 450, y: 400, rotation: 0, size: 45, label: '' },
      { id: 'here-1', type: 'you-are-here', x: 300, y: 300, rotation: 0, size: 50, label: 'Lobby' },
      { id: 'here-2', type: 'you-are-here', x: 600, y: 500, rotation: 0, size: 50, label: 'Loading bay' },
    ],
    validUntil: '2027-06-30',
    reviewedBy: 'Dana Ruiz',
    ...overrides,
  };
}

/**
 * Emergency maps against real PostgreSQL, Redis and the render queue: save and reopen identical,
 * immutable versions, bad input answered 400 with reasons (unknown symbols, coordinates off the
 * map), oversized images 413, storage limits 402, another organisation's map 404, roles, the
 * posters PDF per posting location, and named muster points as the drill console's check-in points.
 */
describe('Emergency maps', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];
  let owner: TestClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    owner = await signUpElsewhere(server.url!);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('saves a map, reopens it identical, and keeps every earlier version as it was', async () => {
    expect(await json(await owner.get('/api/maps'), 200)).toEqual({ items: [] });
    const sent = content();
    const created = await json<MapDetail>(await owner.post('/api/maps', { content: sent }), 201);
    expect(created).toMatchObject({ version: 1, currentVersion: 1, content: sent });
    const reopened = await json<MapDetail>(await owner.get(`/api/maps/${created.id}`), 200);
    expect(reopened).toEqual(created);

    // Version 2 moves, rotates and relabels; version 1 stays as it was.
    const changed = content({
      symbols: sent.symbols.map((s) => (s.id === 'exit-1' ? { ...s, x: 940, rotation: 45, label: 'East door (new)' } : s)),
    });
    const saved = await json<MapDetail>(await owner.request('PUT', `/api/maps/${created.id}`, { baseVersion: 1, content: changed }), 200);
    expect(saved).toMatchObject({ version: 2, currentVersion: 2, content: changed });
    expect(await json<MapDetail>(await owner.get(`/api/maps/${created.id}`), 200)).toEqual(saved);
    const v1 = await json<MapDetail>(await owner.get(`/api/maps/${created.id}/versions/1`), 200);
    expect(v1).toMatchObject({ version: 1, currentVersion: 2, content: sent });
    const versions = await json<{ items: MapVersion[] }>(await owner.get(`/api/maps/${created.id}/versions`), 200);
    expect(versions.items.map((v) => [v.version, v.symbolCount])).toEqual([
      [2, 9],
      [1, 9],
    ]);
    expect((await owner.get(`/api/maps/${created.id}/versions/3`)).status).toBe(404);
    expect((await owner.get(`/api/maps/${created.id}/versions/abc`)).status).toBe(404);

    // A save on top of an older version is refused: nothing is lost silently.
    expect(await json(await owner.request('PUT', `/api/maps/${created.id}`, { baseVersion: 1, content: changed }), 409)).toMatchObject({
      code: 'VERSION_CONFLICT',
      reason: 'maps.versionConflict',
      params: { current: 2 },
    });
    const list = await json<{ items: MapSummary[] }>(await owner.get('/api/maps'), 200);
    expect(list.items).toEqual([
      expect.objectContaining({
        id: created.id,
        name: sent.name,
        version: 2,
        symbolCount: 9,
        postingLocations: 2,
        validUntil: '2027-06-30',
      }),
    ]);
  });

  it('refuses bad input with a reason per field: unknown symbol types, coordinates off the map, duplicate ids, no name', async () => {
    const bad = content({
      name: '',
      symbols: [
        { id: 'a', type: 'fire-hose' as never, x: 10, y: 10 },
        { id: 'b', type: 'first-aid', x: 10, y: 10, rotation: 360 },
      ],
    });
    const reasonsOf = async (body: unknown) =>
      (
        await json<{ code: string; fieldReasons: Record<string, { reason: string; params: Record<string, unknown> }> }>(
          await owner.post('/api/maps', body),
          400,
        )
      ).fieldReasons;
    expect(await reasonsOf({ content: bad })).toMatchObject({
      'content.name': { reason: 'validation.required' },
      'content.symbols.0.type': { reason: 'maps.unknownSymbol', params: { list: expect.stringContaining('fire-extinguisher') } },
      'content.symbols.1.rotation': { reason: 'maps.rotation' },
    });
    // Symbols that are well formed must lie on the map, each with its own id.
    const offMap = content({
      symbols: [
        { id: 'b', type: 'first-aid', x: 1001, y: 10 },
        { id: 'c', type: 'first-aid', x: 10, y: -1 },
        { id: 'c', type: 'first-aid', x: 10, y: 10 },
      ],
    });
    expect(await reasonsOf({ content: offMap })).toEqual({
      'content.symbols.0.x': { reason: 'maps.outOfRange', params: { min: 0, max: 1000 } },
      'content.symbols.1.y': { reason: 'maps.outOfRange', params: { min: 0, max: 600 } },
      'content.symbols.2.id': { reason: 'maps.duplicateSymbol', params: {} },
    });
    expect(await reasonsOf({ content: content({ width: 100 }) })).toMatchObject({ 'content.width': { reason: 'validation.tooSmall' } });
    // An image background must be an image the organisation uploaded.
    const foreignImage = await json(
      await owner.post('/api/maps', {
        content: content({ background: { kind: 'image', imageId: '00000000-0000-4000-8000-000000000000' } }),
      }),
      400,
    );
    expect(foreignImage).toMatchObject({ reason: 'maps.unknownImage' });
    expect((await json<{ items: unknown[] }>(await owner.get('/api/maps'), 200)).items).toHaveLength(1);
  });

  it('stores background images (PNG, JPEG) counted against storage: 413 past 8 MB, 402 with the upgrade link past the plan', async () => {
    const image = await json<MapImage>(await owner.postForm('/api/maps/images', fileForm(png(400, 240), 'plan.png', 'image/png')), 201);
    expect(image).toMatchObject({ width: 400, height: 240, contentType: 'image/png' });
    const stored = await owner.get(`/api/maps/images/${image.id}`);
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer()).equals(png(400, 240))).toBe(true);
    const map = await json<MapDetail>(
      await owner.post('/api/maps', {
        content: content({ name: 'With a plan', width: 400, height: 240, symbols: [], background: { kind: 'image', imageId: image.id } }),
      }),
      201,
    );
    expect(map.content.background).toEqual({ kind: 'image', imageId: image.id });

    const tooLarge = await owner.postForm('/api/maps/images', fileForm(png(10, 10, 8 * 1024 * 1024), 'huge.png', 'image/png'));
    expect(await json(tooLarge, 413)).toMatchObject({ code: 'FILE_TOO_LARGE' });
    const notImage = await owner.postForm('/api/maps/images', fileForm(Buffer.from('%PDF-1.7\n%%EOF\n'), 'plan.pdf', 'application/pdf'));
    expect(await json(notImage, 400)).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });

    const orgId = (await json<SessionInfo>(await owner.get('/api/auth/me'), 200)).org!.id;
    await sql(
      db.url,
      `UPDATE usage_records SET amount = 9999999990 WHERE org_id = $1 AND resource_type = 'storage' AND period = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')`,
      [orgId],
    );
    const refused = await owner.postForm('/api/maps/images', fileForm(png(400, 240), 'plan.png', 'image/png'));
    expect(refused.headers.get('link')).toBe('</app/subscription>; rel="payment"');
    expect(await json(refused, 402)).toMatchObject({ code: 'USAGE_LIMIT_REACHED' });
    const [count] = await sql<{ n: string }>(db.url, `SELECT count(*) AS n FROM emergency_map_images WHERE org_id = $1`, [orgId]);
    expect(Number(count!.n)).toBe(1);
  });

  it("answers another organisation's maps and images 404, and lets every member read but only managers write", async () => {
    const [mine] = (await json<{ items: MapSummary[] }>(await owner.get('/api/maps'), 200)).items;
    const outsider = await signUpElsewhere(server.url!);
    expect(await json(await outsider.get(`/api/maps/${mine!.id}`), 404)).toMatchObject({ reason: 'maps.notFound' });
    expect((await outsider.get(`/api/maps/${mine!.id}/versions`)).status).toBe(404);
    expect((await outsider.request('PUT', `/api/maps/${mine!.id}`, { baseVersion: 2, content: content() })).status).toBe(404);
    expect((await outsider.post('/api/documents/renders', { kind: 'map-posters-pdf', mapId: mine!.id })).status).toBe(404);
    expect(await json<{ items: MusterPoint[] }>(await outsider.get('/api/maps/muster-points'), 200)).toEqual({ items: [] });

    // The demo organisation: its user reads the seeded site map but may not change it.
    const user = await signIn(server.url!, 'user@harborpoint.example');
    const demo = (await json<{ items: MapSummary[] }>(await user.get('/api/maps'), 200)).items;
    expect(demo).toHaveLength(1);
    expect(demo[0]!.symbolCount).toBeGreaterThanOrEqual(6);
    expect(demo[0]!.postingLocations).toBe(2);
    const demoPoints = await json<{ items: MusterPoint[] }>(await user.get('/api/maps/muster-points'), 200);
    expect(demoPoints.items.map((p) => p.name)).toEqual(['Muster point A — car park', 'Muster point B — quay apron']);
    const detail = await json<MapDetail>(await user.get(`/api/maps/${demo[0]!.id}`), 200);
    expect((await user.request('PUT', `/api/maps/${demo[0]!.id}`, { baseVersion: 1, content: detail.content })).status).toBe(403);
    expect((await user.post('/api/maps', { content: content() })).status).toBe(403);
    const manager = await signIn(server.url!, 'manager@harborpoint.example');
    expect((await manager.request('PUT', `/api/maps/${demo[0]!.id}`, { baseVersion: 1, content: detail.content })).status).toBe(200);
  });

  it('renders the posters PDF through the render queue: a page per posting location, legend and validity, in the reader’s language', async () => {
    const [mine] = (await json<{ items: MapSummary[] }>(await owner.get('/api/maps'), 200)).items.filter((m) => m.name !== 'With a plan');
    const socket = await chatSocket(server.url!, owner);
    sockets.push(socket);
    const events = watchRenders(socket);
    for (const language of ['en', 'ar'] as const) {
      const started = await json<RenderView>(
        await owner.post('/api/documents/renders', { kind: 'map-posters-pdf', mapId: mine!.id, language }),
        202,
      );
      const done = await events.until((r) => r.id === started.id && (r.status === 'done' || r.status === 'failed'));
      expect(done).toMatchObject({ status: 'done', percent: 100 });
      const file = await owner.get(done.downloadUrl!);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await file.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = extractText(pdf);
      // Two posting locations: two pages.
      expect(text.split('\f').filter((page) => page.trim()).length).toBe(2);
      if (language === 'en') {
        for (const s of [
          'Posted at: Lobby',
          'Posted at: Loading bay',
          'Legend',
          'Emergency exit',
          'Fire alarm call point',
          'Valid until 2027-06-30',
          'Reviewed by Dana Ruiz',
          'Version 2',
        ]) {
          expect(text).toContain(s);
        }
      } else {
        for (const s of ['مفتاح الرموز', 'مخرج طوارئ', 'طفاية حريق', 'نقطة التجمع']) expect(text).toContain(s);
      }
    }
    const refused = await owner.post('/api/documents/renders', { kind: 'map-posters-pdf', mapId: mine!.id, version: 9 });
    expect(await json(refused, 404)).toMatchObject({ reason: 'maps.versionNotFound' });
  });

  it('lists named muster points, which the drill console takes as check-in points (others refused)', async () => {
    const points = await json<{ items: MusterPoint[] }>(await owner.get('/api/maps/muster-points'), 200);
    const [mine] = (await json<{ items: MapSummary[] }>(await owner.get('/api/maps'), 200)).items.filter((m) => m.name !== 'With a plan');
    expect(points.items).toEqual([
      { mapId: mine!.id, pointId: 'muster-1', name: 'Car park' },
      { mapId: mine!.id, pointId: 'muster-2', name: 'Quay apron' },
    ]);

    const template = await libraryTemplate(owner, 'fire');
    const admin = (await membersByRole(owner)).ADMIN!;
    const run = await scheduleRun(owner, { templateId: template.id, leadUserId: admin.id, participants: [{ name: 'Guest diver' }] });
    const socket = await chatSocket(server.url!, owner);
    sockets.push(socket);
    await joinConsole(socket, run.id);
    expectOk(await socket.emitWithAck('console:control', { runId: run.id, action: 'start' }));
    const guest = run.participants.find((p) => p.userId === null)!;
    const wrong = await socket.emitWithAck('console:attendance', {
      runId: run.id,
      participantId: guest.id,
      present: true,
      musterPoint: { mapId: mine!.id, pointId: 'exit-1' },
    });
    expect(wrong).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', reason: 'maps.musterPointNotFound' });
    const checkedIn = expectOk(
      await socket.emitWithAck('console:attendance', {
        runId: run.id,
        participantId: guest.id,
        present: true,
        musterPoint: { mapId: mine!.id, pointId: 'muster-2' },
      }),
    );
    expect(checkedIn.participant).toMatchObject({ checkedInBy: 'lead', checkedInPoint: 'Quay apron' });
    expect(checkedIn.log?.data).toMatchObject({ point: 'Quay apron' });
  });
});
