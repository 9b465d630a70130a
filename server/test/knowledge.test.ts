import type { Article, HelpSearchResult } from '@muster/contracts';
import { TestClient } from './support/client.js';
import { signIn } from './support/accounts.js';
import { expectJson as json } from './support/http.js';
import { createTestDatabase } from './support/databases.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';

describe('Knowledge base', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  const prefix = uniquePrefix();

  const as = (email: string): Promise<TestClient> => signIn(server.url!, email);
  /** Writes an article as one operator and publishes it as another. */
  async function publish(writer: TestClient, reviewer: TestClient, article: Record<string, unknown>): Promise<Article> {
    const draft = await json<Article>(await writer.post('/api/knowledge/articles', article), 201);
    await json<Article>(await writer.post(`/api/knowledge/articles/${draft.id}/submit`), 200);
    return json<Article>(await reviewer.post(`/api/knowledge/articles/${draft.id}/review`, { decision: 'approve' }), 200);
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
  });

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('takes an article from draft through review to the help centre, with another operator approving', async () => {
    const writer = await as('sysops@muster.example');
    const reviewer = await as('deputy@muster.example');
    const draft = await json<Article>(
      await writer.post('/api/knowledge/articles', {
        title: 'Resetting a stuck drill console',
        body: 'If the console stops updating, reload the page: the console resynchronises with the server.',
        tags: ['Console', 'drills', 'console'],
        language: 'en',
      }),
      201,
    );
    expect(draft).toMatchObject({
      status: 'draft',
      tags: ['console', 'drills'],
      author: { name: expect.any(String) as string },
      reviewer: null,
    });

    const visitor = await new TestClient(server.url!).init();
    expect((await visitor.get(`/api/help/articles/${draft.id}`)).status).toBe(404);

    await json<Article>(await writer.post(`/api/knowledge/articles/${draft.id}/submit`), 200);
    expect((await writer.request('PATCH', `/api/knowledge/articles/${draft.id}`, { title: 'Changed while in review' })).status).toBe(409);
    expect((await writer.post(`/api/knowledge/articles/${draft.id}/review`, { decision: 'approve' })).status).toBe(403);
    const missingComment = await json<{ fields: Record<string, string> }>(
      await reviewer.post(`/api/knowledge/articles/${draft.id}/review`, { decision: 'send_back' }),
      400,
    );
    expect(missingComment.fields).toEqual({ comment: 'Say what to change' });
    const sentBack = await json<Article>(
      await reviewer.post(`/api/knowledge/articles/${draft.id}/review`, {
        decision: 'send_back',
        comment: 'Say which browser shortcut reloads.',
      }),
      200,
    );
    expect(sentBack).toMatchObject({ status: 'draft', reviewComment: 'Say which browser shortcut reloads.' });

    await json<Article>(
      await writer.request('PATCH', `/api/knowledge/articles/${draft.id}`, {
        body: 'If the console stops updating, press F5 to reload: the console resynchronises with the server and shows every change.',
      }),
      200,
    );
    await json<Article>(await writer.post(`/api/knowledge/articles/${draft.id}/submit`), 200);
    const published = await json<Article>(await reviewer.post(`/api/knowledge/articles/${draft.id}/review`, { decision: 'approve' }), 200);
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();
    expect(await json(await visitor.get(`/api/help/articles/${draft.id}`), 200)).toMatchObject({
      title: 'Resetting a stuck drill console',
    });

    // Only the author edits and submits: another operator cannot slip in words and approve them.
    const withdrawn = await json<Article>(await reviewer.post(`/api/knowledge/articles/${draft.id}/withdraw`), 200);
    expect(withdrawn).toMatchObject({ status: 'draft', publishedAt: null });
    expect((await visitor.get(`/api/help/articles/${draft.id}`)).status).toBe(404);
    expect((await reviewer.request('PATCH', `/api/knowledge/articles/${draft.id}`, { title: 'Edited by the reviewer' })).status).toBe(403);
    expect((await reviewer.post(`/api/knowledge/articles/${draft.id}/submit`)).status).toBe(403);
    // Changing one field keeps the others, tags included.
    const retitled = await json<Article>(
      await writer.request('PATCH', `/api/knowledge/articles/${draft.id}`, { title: 'Reloading a stuck drill console' }),
      200,
    );
    expect(retitled.tags).toEqual(['console', 'drills']);
    expect((await writer.post(`/api/knowledge/articles/${draft.id}/withdraw`)).status).toBe(409);
  });

  it('searches published articles of a language, best first, with highlighted snippets', async () => {
    const writer = await as('sysops@muster.example');
    const reviewer = await as('root@muster.example');
    const packets = await publish(writer, reviewer, {
      title: 'Downloading quayside logbooks',
      body: 'Quayside logbooks are signed PDF files. Accept the waiver, then download the logbook; auditors verify it with its QR code.',
      language: 'en',
    });
    const maps = await publish(writer, reviewer, {
      title: 'Berth plans',
      body: 'Berth plans show muster points and escape routes. A berth plan can be attached to a quayside logbook.',
      language: 'en',
    });
    await json<Article>(
      await writer.post('/api/knowledge/articles', {
        title: 'Unpublished packets draft',
        body: 'Packets packets packets.',
        language: 'en',
      }),
      201,
    );
    const spanish = await publish(writer, reviewer, {
      title: 'Descargar bitácoras del muelle',
      body: 'Las bitácoras del muelle son archivos PDF firmados con un código QR.',
      language: 'es',
    });

    const visitor = await new TestClient(server.url!).init();
    const found = await json<HelpSearchResult>(await visitor.get('/api/help/search?q=downloading%20logbooks&language=en'), 200);
    expect(found.items.map((i) => i.id)).toEqual([packets.id, maps.id].filter((id) => found.items.some((i) => i.id === id)));
    expect(found.items[0]?.id).toBe(packets.id);
    expect(found.items.some((i) => i.title.startsWith('Unpublished'))).toBe(false);
    const highlighted = found.items[0]!.snippet.filter((p) => p.match).map((p) => p.text.toLowerCase());
    expect(highlighted).toEqual(expect.arrayContaining(['logbooks']));

    const es = await json<HelpSearchResult>(await visitor.get('/api/help/search?q=bit%C3%A1cora&language=es'), 200);
    expect(es.items.map((i) => i.id)).toEqual([spanish.id]);
    // The demo data publishes articles about using Muster, in every language.
    const seeded = await json<HelpSearchResult>(await visitor.get('/api/help/search?q=QR%20verification&language=en'), 200);
    expect(seeded.items[0]?.title).toBe('Compliance packets and QR verification');
    const arabic = await json<HelpSearchResult>(
      await visitor.get(`/api/help/search?q=${encodeURIComponent('حزم الامتثال')}&language=ar`),
      200,
    );
    expect(arabic.items.map((i) => i.title)).toContain('حزم الامتثال والتحقق عبر رمز QR');
    const chinese = await json<HelpSearchResult>(await visitor.get(`/api/help/search?q=${encodeURIComponent('二维码')}&language=zh`), 200);
    expect(chinese.items.map((i) => i.title)).toContain('合规文件包与二维码验证');
    const none = await json<HelpSearchResult>(await visitor.get('/api/help/search?q=submarine%20volcano&language=en'), 200);
    expect(none.items).toEqual([]);
    const bad = await json<{ fields: Record<string, string> }>(await visitor.get('/api/help/search?q=x&language=fr'), 400);
    expect(Object.keys(bad.fields)).toEqual(['language']);
    // Input the database cannot take is the request's fault, not the server's.
    expect((await visitor.get('/api/help/search?q=a%00b&language=en')).status).toBe(400);
    expect((await visitor.get('/api/help/articles/aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaa-')).status).toBe(404);
  });

  it('keeps writing and reviewing to support operators', async () => {
    const admin = await as('admin@harborpoint.example');
    expect((await admin.post('/api/knowledge/articles', { title: 'Mine', body: 'Text', language: 'en' })).status).toBe(403);
    expect((await admin.get('/api/knowledge/articles')).status).toBe(403);
    const sysops = await as('sysops@muster.example');
    const list = await json<{ items: Article[] }>(await sysops.get('/api/knowledge/articles?status=published&language=en'), 200);
    expect(list.items.every((a) => a.status === 'published' && a.language === 'en')).toBe(true);
    const invalid = await json<{ fields: Record<string, string> }>(
      await sysops.post('/api/knowledge/articles', {
        title: 'ab',
        body: '',
        language: 'xx',
        tags: Array.from({ length: 11 }, (_, i) => `t${String(i)}`),
      }),
      400,
    );
    expect(invalid.fields).toEqual({
      title: 'Must be at least 3 characters',
      body: 'Required',
      language: 'Choose a language',
      tags: 'At most 10 tags',
    });
  });

  it("lists an operator's own articles, finds them by title words, and browses the help centre by tag", async () => {
    const writer = await as('sysops@muster.example');
    const other = await as('deputy@muster.example');
    const mine = await json<Article>(
      await writer.post('/api/knowledge/articles', {
        title: 'Winching 100% safely',
        body: 'Check the brake.',
        tags: ['Winches'],
        language: 'en',
      }),
      201,
    );
    const theirs = await json<Article>(
      await other.post('/api/knowledge/articles', { title: 'Winching at night', body: 'Use the floodlights.', language: 'en' }),
      201,
    );
    const own = await json<{ items: Article[] }>(await writer.get('/api/knowledge/articles?author=me&limit=100'), 200);
    expect(own.items.map((a) => a.id)).toContain(mine.id);
    expect(own.items.map((a) => a.id)).not.toContain(theirs.id);
    expect(own.items.every((a) => a.author.id === mine.author.id)).toBe(true);
    const byTitle = await json<{ items: Article[] }>(await writer.get('/api/knowledge/articles?q=WINCHING'), 200);
    expect(byTitle.items.map((a) => a.id).sort()).toEqual([mine.id, theirs.id].sort());
    // LIKE wildcards are taken literally.
    const percent = await json<{ items: Article[] }>(await writer.get('/api/knowledge/articles?q=100%25'), 200);
    expect(percent.items.map((a) => a.id)).toEqual([mine.id]);

    await json<Article>(await writer.post(`/api/knowledge/articles/${mine.id}/submit`), 200);
    await json<Article>(await other.post(`/api/knowledge/articles/${mine.id}/review`, { decision: 'approve' }), 200);
    const visitor = await new TestClient(server.url!).init();
    const tagged = await json<HelpSearchResult>(await visitor.get('/api/help/search?language=en&tag=winches'), 200);
    expect(tagged.items.map((i) => i.id)).toEqual([mine.id]);
    const taggedSearch = await json<HelpSearchResult>(await visitor.get('/api/help/search?q=brake&language=en&tag=Winches'), 200);
    expect(taggedSearch.items.map((i) => i.id)).toEqual([mine.id]);
    const otherTag = await json<HelpSearchResult>(await visitor.get('/api/help/search?q=brake&language=en&tag=compliance'), 200);
    expect(otherTag.items).toEqual([]);
  });
});
