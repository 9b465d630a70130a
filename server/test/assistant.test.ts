import { HELP_TOPICS, isHelpTopic, type Article, type AssistantAnswer, type HelpSearchResult, type SessionInfo } from '@muster/contracts';
import { SEED_ARTICLES } from '../src/database/seed-articles.js';
import { TestClient } from './support/client.js';
import { signIn } from './support/accounts.js';
import { expectJson as json } from './support/http.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { FakeModel, MODEL_TOKENS as TOKENS } from './support/fake-model.js';

const PER_MINUTE = 5;

describe('Assistant', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let builtIn: ServerProcess;
  let withModel: ServerProcess;
  const model = new FakeModel();
  const prefix = uniquePrefix();
  let address = 0;
  let roster: Article;
  let distractor: Article;

  const as = (url: string, email: string): Promise<TestClient> => signIn(url, email);
  /** A visitor from an address of its own, so each test has its own rate limit. */
  function visitor(url: string) {
    address += 1;
    const client = new TestClient(url);
    const headers = { 'x-forwarded-for': `203.0.113.${address}` };
    return {
      ask: async (body: unknown) => {
        if (!client.cookies.size) await client.request('GET', '/api/auth/me', undefined, { headers });
        return client.post('/api/assistant/ask', body, { headers });
      },
    };
  }
  async function publish(writer: TestClient, reviewer: TestClient, article: Record<string, unknown>): Promise<Article> {
    const draft = await json<Article>(await writer.post('/api/knowledge/articles', article), 201);
    await json<Article>(await writer.post(`/api/knowledge/articles/${draft.id}/submit`), 200);
    return json<Article>(await reviewer.post(`/api/knowledge/articles/${draft.id}/review`, { decision: 'approve' }), 200);
  }
  async function aiTokens(orgId: string): Promise<number> {
    const rows = await sql<{ amount: string }>(
      db.url,
      `SELECT amount FROM usage_records WHERE org_id = $1 AND resource_type = 'ai_tokens'`,
      [orgId],
    );
    return rows.reduce((sum, r) => sum + Number(r.amount), 0);
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    const modelUrl = await model.start();
    const common = { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000', TRUST_PROXY: 'true' };
    builtIn = await startServer({
      databaseUrl: db.url,
      prefix,
      env: { ...common, ASSISTANT_QUESTIONS_PER_MINUTE: String(PER_MINUTE) },
    });
    withModel = await startServer({
      databaseUrl: db.url,
      prefix: `${prefix}m`,
      env: {
        ...common,
        ASSISTANT_QUESTIONS_PER_MINUTE: '100',
        ASSISTANT_API_URL: modelUrl,
        ASSISTANT_API_KEY: 'test-key-123',
        ASSISTANT_MODEL: 'test-model',
        ASSISTANT_TIMEOUT_MS: '5000',
      },
    });
    const writer = await as(builtIn.url!, 'sysops@muster.example');
    const reviewer = await as(builtIn.url!, 'deputy@muster.example');
    roster = await publish(writer, reviewer, {
      title: 'Rotating the lifeboat inspection roster',
      body: 'Drill leads keep the crew lists current.\n\nThe lifeboat inspection roster rotates every Monday: open the roster, pick the next inspector and save.\n\nPrinted copies are not kept.',
      tags: ['lifeboats'],
      language: 'en',
    });
    distractor = await publish(writer, reviewer, {
      title: 'Painting the bollards',
      body: 'Bollards are painted yellow every spring by the harbour crew.',
      language: 'en',
    });
  });

  afterAll(async () => {
    await withModel?.stop();
    await builtIn?.stop();
    await model.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
    await clearRedisPrefix(`${prefix}m`);
  });

  it('answers from the most relevant passage of a published article, with a link to it', async () => {
    const answer = await json<AssistantAnswer>(
      await visitor(builtIn.url!).ask({ question: 'How does the lifeboat inspection roster rotate?', language: 'en' }),
      200,
    );
    expect(answer.known).toBe(true);
    expect(answer.answer).toContain('Rotating the lifeboat inspection roster');
    expect(answer.answer).toContain('The lifeboat inspection roster rotates every Monday');
    expect(answer.answer).not.toContain('Printed copies');
    expect(answer.sources[0]).toMatchObject({ articleId: roster.id, title: roster.title, path: `/app/help?article=${roster.id}` });
    expect(answer.sources.map((s) => s.articleId)).not.toContain(distractor.id);
    expect(answer.sources[0]!.snippet.filter((p) => p.match).map((p) => p.text.toLowerCase())).toEqual(
      expect.arrayContaining(['lifeboat', 'roster']),
    );

    // Asked in Spanish, answered from the English article (none in Spanish), introduced in Spanish.
    const spanish = await json<AssistantAnswer>(
      await visitor(builtIn.url!).ask({ question: 'lifeboat inspection roster', language: 'es' }),
      200,
    );
    expect(spanish).toMatchObject({ known: true, sources: [expect.objectContaining({ articleId: roster.id })] });
    expect(spanish.answer).toContain('Solo lo encontré en un artículo en inglés');
  });

  /** Snippet text that still carries Markdown markup (emphasis, code, links, headings, list markers, line breaks). */
  const MARKUP = /\*|`|__|\]\(|\[|(^|\s)#{1,6}\s|(^|\n)\s*(\d+\.|[-+>])\s|\n/;
  const seededTitle = (language: string, topic: string): string =>
    SEED_ARTICLES.find((a) => a.language === language && (a.tags as string[]).includes(topic))!.title;

  it('answers questions about drills from the seeded help centre, in English and in Spanish, with plain-text snippets', async () => {
    const summary = seededTitle('en', 'after-action');
    const pdf = await json<AssistantAnswer>(
      await visitor(builtIn.url!).ask({ question: 'How do I download the after-action summary PDF?', language: 'en' }),
      200,
    );
    expect(pdf.known).toBe(true);
    expect(pdf.sources[0]).toMatchObject({ title: summary, path: expect.stringMatching(/^\/app\/help\?article=/) as string });
    expect(pdf.answer).toContain(`Here is what the help centre says in “${summary}”:`);
    expect(pdf.answer).toContain('**Download PDF** downloads the summary as a PDF file');

    const scheduling = SEED_ARTICLES.find((a) => a.language === 'en' && a.title === 'Scheduling a drill run');
    expect(scheduling?.tags).toContain('drills');
    const overboard = await json<AssistantAnswer>(
      await visitor(builtIn.url!).ask({ question: 'How do I schedule a man overboard drill?', language: 'en' }),
      200,
    );
    expect(overboard.known).toBe(true);
    expect(overboard.sources[0]?.title).toBe('Scheduling a drill run');
    expect(overboard.answer).toContain('**Man overboard**');

    const spanish = await json<AssistantAnswer>(
      await visitor(builtIn.url!).ask({ question: '¿Cómo descargo el resumen del simulacro en PDF?', language: 'es' }),
      200,
    );
    expect(spanish.known).toBe(true);
    expect(spanish.sources[0]?.title).toBe(seededTitle('es', 'after-action'));
    expect(spanish.answer).toMatch(/^Esto es lo que dice el centro de ayuda en «/);
    expect(spanish.answer).toContain('**Descargar PDF**');

    // The snippets are plain text: the question's words marked, no Markdown left.
    for (const answer of [pdf, overboard, spanish]) {
      for (const source of answer.sources) {
        const text = source.snippet.map((p) => p.text).join('');
        expect(text).not.toMatch(MARKUP);
        expect(text.trim().length).toBeGreaterThan(20);
      }
      expect(answer.sources[0]!.snippet.some((p) => p.match)).toBe(true);
    }
  });

  it('has the same help-centre topics in every language, with plain-text search snippets', async () => {
    const visitorClient = await new TestClient(builtIn.url!).init();
    const topicsOf = async (language: string) => {
      const all = await json<HelpSearchResult>(await visitorClient.get(`/api/help/search?language=${language}&limit=50`), 200);
      const counts = new Map<string, number>();
      for (const item of all.items) for (const tag of item.tags.filter(isHelpTopic)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
    };
    const english = await topicsOf('en');
    expect(Object.keys(english).sort()).toEqual([...HELP_TOPICS].sort());
    for (const language of ['es', 'zh', 'ar']) expect(await topicsOf(language)).toEqual(english);
    // Every seeded tag is a topic: no raw, untranslatable slugs in the help centre.
    expect(SEED_ARTICLES.flatMap((a) => a.tags).filter((t) => !isHelpTopic(t))).toEqual([]);

    const drills = await json<HelpSearchResult>(
      await visitorClient.get(`/api/help/search?q=${encodeURIComponent('download PDF')}&language=en&tag=drills`),
      200,
    );
    expect(drills.items[0]?.title).toBe(seededTitle('en', 'after-action'));
    const es = await json<HelpSearchResult>(
      await visitorClient.get(`/api/help/search?q=${encodeURIComponent('programar simulacro')}&language=es`),
      200,
    );
    expect(es.items.map((i) => i.title)).toContain('Programar un simulacro');
    const browse = await json<HelpSearchResult>(await visitorClient.get('/api/help/search?language=ar&limit=50'), 200);
    for (const item of [...drills.items, ...es.items, ...browse.items]) {
      expect(item.snippet.map((p) => p.text).join('')).not.toMatch(MARKUP);
    }
    expect(drills.items[0]!.snippet.filter((p) => p.match).map((p) => p.text.toLowerCase())).toEqual(expect.arrayContaining(['pdf']));
  });

  it('answers Chinese questions from Chinese articles, matching character pairs', async () => {
    const answer = await json<AssistantAnswer>(
      await visitor(builtIn.url!).ask({ question: '怎样用二维码验证文件包？', language: 'zh' }),
      200,
    );
    expect(answer.known).toBe(true);
    expect(answer.sources[0]?.title).toBe('合规文件包与二维码验证');
    expect(answer.answer).toContain('帮助中心的文章“合规文件包与二维码验证”是这样说的');
    expect(answer.answer).toContain('扫描后即可打开公开验证页面');
    expect(answer.sources[0]!.snippet.some((p) => p.match && p.text === '二维')).toBe(true);
  });

  it('says plainly that it does not know, in the asked language, and points to a person or a ticket', async () => {
    const v = visitor(builtIn.url!);
    const en = await json<AssistantAnswer>(await v.ask({ question: 'What will the weather be in Lisbon tomorrow?', language: 'en' }), 200);
    expect(en).toEqual({ known: false, sources: [], answer: expect.stringContaining("I don't know") as string });
    expect(en.answer).toMatch(/talk to a person/i);
    expect(en.answer).toMatch(/create a ticket/i);
    const ar = await json<AssistantAnswer>(await v.ask({ question: 'ما حالة الطقس غدا في لشبونة؟', language: 'ar' }), 200);
    expect(ar).toMatchObject({ known: false, sources: [] });
    expect(ar.answer).toContain('لا أعرف');
  });

  it('refuses bad input with 400 and the field in error', async () => {
    const v = visitor(builtIn.url!);
    const empty = await json<{ code: string; fields: Record<string, string> }>(await v.ask({ question: '   ', language: 'en' }), 400);
    expect(empty).toMatchObject({ code: 'VALIDATION_FAILED', fields: { question: 'Required' } });
    const language = await json<{ fields: Record<string, string> }>(await v.ask({ question: 'Lifeboats?', language: 'fr' }), 400);
    expect(language.fields).toEqual({ language: 'Choose a language' });
    const long = await json<{ fields: Record<string, string> }>(await v.ask({ question: 'x'.repeat(501) }), 400);
    expect(long.fields).toEqual({ question: 'Must be at most 500 characters' });
  });

  it(`takes ${PER_MINUTE} questions a minute from one visitor, then answers 429 with Retry-After`, async () => {
    const v = visitor(builtIn.url!);
    for (let i = 0; i < PER_MINUTE; i++) expect((await v.ask({ question: `Lifeboat roster ${i}?`, language: 'en' })).status).toBe(200);
    const refused = await v.ask({ question: 'Lifeboat roster again?', language: 'en' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another visitor is not held back.
    expect((await visitor(builtIn.url!).ask({ question: 'Lifeboat roster?', language: 'en' })).status).toBe(200);
  });

  it('asks an OpenAI-compatible model with only the retrieved articles, and meters its tokens for the organisation', async () => {
    const admin = await as(withModel.url!, 'admin@harborpoint.example');
    const me = await json<SessionInfo>(await admin.get('/api/auth/me'), 200);
    const orgId = me.org!.id;
    const before = await aiTokens(orgId);
    model.mode = 'answer';
    model.calls.length = 0;

    const question = 'How does the lifeboat inspection roster rotate?';
    const answer = await json<AssistantAnswer>(await admin.post('/api/assistant/ask', { question, language: 'en' }), 200);
    expect(answer).toMatchObject({ known: true, answer: model.content, sources: [expect.objectContaining({ articleId: roster.id })] });
    expect(model.calls).toHaveLength(1);
    const call = model.calls[0]!;
    expect(call.path).toBe('/v1/chat/completions');
    expect(call.authorization).toBe('Bearer test-key-123');
    expect(call.body.model).toBe('test-model');
    const [system, user] = call.body.messages;
    expect(user).toEqual({ role: 'user', content: question });
    expect(system!.role).toBe('system');
    expect(system!.content).toContain(roster.title);
    expect(system!.content).toContain('rotates every Monday');
    expect(system!.content).toMatch(/only the help-centre articles below/);
    // Only the retrieved article: no other published article (ours or the demo data's) is sent.
    expect(system!.content).not.toContain(distractor.title);
    expect(system!.content).not.toContain('Compliance packets and QR verification');
    expect(system!.content).not.toContain('Getting started with Muster');
    expect(await aiTokens(orgId)).toBe(before + TOKENS);

    // Concurrent questions (two sessions, many at once) add up exactly.
    const second = await as(withModel.url!, 'manager@harborpoint.example');
    const asks = Array.from({ length: 12 }, (_, i) =>
      (i % 2 ? second : admin).post('/api/assistant/ask', { question: 'Lifeboat inspection roster?', language: 'en' }),
    );
    for (const res of await Promise.all(asks)) expect(res.status).toBe(200);
    expect(await aiTokens(orgId)).toBe(before + 13 * TOKENS);

    // The model says the articles hold no answer: a plain "I don't know" (its tokens still count).
    model.mode = 'unknown';
    const unknown = await json<AssistantAnswer>(await admin.post('/api/assistant/ask', { question, language: 'en' }), 200);
    expect(unknown).toMatchObject({ known: false, sources: [] });
    expect(await aiTokens(orgId)).toBe(before + 14 * TOKENS);

    // The model fails: the built-in answer, and nothing metered.
    model.mode = 'fail';
    const fallback = await json<AssistantAnswer>(await admin.post('/api/assistant/ask', { question, language: 'en' }), 200);
    expect(fallback.known).toBe(true);
    expect(fallback.answer).toContain('The lifeboat inspection roster rotates every Monday');
    expect(await aiTokens(orgId)).toBe(before + 14 * TOKENS);

    // Nothing relevant: the model is not asked at all.
    model.mode = 'answer';
    const calls = model.calls.length;
    const none = await json<AssistantAnswer>(
      await admin.post('/api/assistant/ask', { question: 'Weather in Lisbon tomorrow?', language: 'en' }),
      200,
    );
    expect(none.known).toBe(false);
    expect(model.calls).toHaveLength(calls);
  });
});
