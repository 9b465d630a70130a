import { billingMonth, type GeneratedTemplate, type TemplateContent } from '@muster/contracts';
import { signIn } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import type { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { FakeModel, MODEL_TOKENS, type ModelCall } from './support/fake-model.js';
import { expectJson as json } from './support/http.js';

const ANSWERS = { facilityType: 'offshore_terminal', scenario: 'oil_spill', regulation: 'marpol_sopep', durationMinutes: 60, teamSize: 8 };

/** The composed template the server sent the model. */
function composedOf(call: ModelCall): TemplateContent {
  return (JSON.parse(call.body.messages.at(-1)!.content) as { template: TemplateContent }).template;
}

/**
 * Quick generate with an OpenAI-compatible endpoint configured: the composed template goes to
 * the model to be reworded for the facility; the model's answer is used only when it keeps the
 * composed structure, and its tokens are metered as `ai_tokens`.
 */
describe('Quick generate with a model', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  const model = new FakeModel();
  const prefix = uniquePrefix();
  let manager: TestClient;

  async function aiTokens(): Promise<number> {
    const rows = await sql<{ amount: string }>(
      db.url,
      `SELECT amount FROM usage_records WHERE resource_type = 'ai_tokens' AND period = $1`,
      [billingMonth()],
    );
    return Number(rows[0]?.amount ?? 0);
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    const url = await model.start();
    api = await startServer({
      databaseUrl: db.url,
      prefix,
      env: { SEED_ON_EMPTY: 'true', ASSISTANT_API_URL: url, ASSISTANT_API_KEY: 'sk-test', ASSISTANT_MODEL: 'drill-writer' },
    });
    manager = await signIn(api.url!, 'manager@harborpoint.example');
  });

  afterAll(async () => {
    await api?.stop();
    await model.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  beforeEach(() => {
    model.mode = 'answer';
    model.respond = null;
  });

  it('uses the model’s rewording of the composed template and meters its tokens', async () => {
    model.respond = (call) => {
      const composed = composedOf(call);
      return JSON.stringify({
        ...composed,
        name: 'Terminal loading-arm spill response',
        steps: composed.steps.map((s) => ({ ...s, title: `${s.title} at the loading arm` })),
      });
    };
    const before = await aiTokens();
    const generated = await json<GeneratedTemplate>(await manager.post('/api/drills/templates/generate', ANSWERS), 200);
    expect(generated.generatedBy).toBe('model');
    expect(generated.template.name).toBe('Terminal loading-arm spill response');
    expect(generated.template.steps.every((s) => s.title.endsWith(' at the loading arm'))).toBe(true);
    expect(await aiTokens()).toBe(before + MODEL_TOKENS);

    const call = model.calls.at(-1)!;
    expect(call).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-test', body: { model: 'drill-writer' } });
    expect(call.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringMatching(/Keep every id, number/) });
  });

  it('keeps the composed template when the model changes its structure, answers nonsense or fails', async () => {
    const builtIn = async (): Promise<GeneratedTemplate> =>
      json<GeneratedTemplate>(await manager.post('/api/drills/templates/generate', ANSWERS), 200);

    model.respond = (call) => {
      const composed = composedOf(call);
      // A step dropped and a duration changed: not a rewording.
      return JSON.stringify({ ...composed, steps: composed.steps.slice(1), estimatedMinutes: 5 });
    };
    const restructured = await builtIn();
    expect(restructured.generatedBy).toBe('library');
    // The model is shown the composed texts only; the answer keeps which library text each field is,
    // so the reader sees the library's words in their own language.
    const composed = { ...composedOf(model.calls.at(-1)!), libraryTexts: restructured.template.libraryTexts };
    expect(composedOf(model.calls.at(-1)!).libraryTexts).toBeUndefined();
    expect(restructured.template).toEqual(composed);
    expect(restructured.template.libraryTexts?.['injects.wind-change.title']).toEqual({ key: 'kits.oil_spill.injects.wind-change.title' });

    model.respond = () => 'Here is your drill! It is a great drill.';
    expect((await builtIn()).generatedBy).toBe('library');

    model.mode = 'fail';
    const before = await aiTokens();
    const failed = await builtIn();
    expect(failed).toEqual({ template: composed, generatedBy: 'library' });
    // A failed call meters nothing.
    expect(await aiTokens()).toBe(before);
  });
});
