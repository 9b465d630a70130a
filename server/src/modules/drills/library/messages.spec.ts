import { readFileSync } from 'node:fs';
import {
  DRILL_REGULATIONS,
  DRILL_SCENARIOS,
  FACILITY_TYPES,
  LIBRARY_TEXT_PATHS as PATH,
  renderLibraryText,
  type TemplateContent,
} from '@muster/contracts';
import i18next from 'i18next';
import { composeTemplate } from './generator';
import { LIBRARY } from './library';
import { libraryMessagesTree } from './messages';

const LOCALES = new URL('../../../../../web/public/locales/', import.meta.url);
const file = (lng: string) => JSON.parse(readFileSync(new URL(`${lng}/drillLibrary.json`, LOCALES), 'utf8')) as Record<string, unknown>;

/** Every text field of a template with its library-text path. */
function fields(c: TemplateContent): [string, string][] {
  return [
    [PATH.name, c.name],
    [PATH.description, c.description],
    ...c.objectives.map((o, i): [string, string] => [PATH.objective(i), o]),
    ...c.positions.flatMap((p): [string, string][] => [
      [PATH.position(p.id, 'name'), p.name],
      [PATH.position(p.id, 'description'), p.description],
    ]),
    ...c.steps.flatMap((s): [string, string][] => [
      [PATH.step(s.id, 'title'), s.title],
      [PATH.step(s.id, 'instructions'), s.instructions],
      ...s.checklist.map((item): [string, string] => [PATH.checklistItem(s.id, item.id), item.text]),
    ]),
    ...c.injects.flatMap((i): [string, string][] => [
      [PATH.inject(i.id, 'title'), i.title],
      [PATH.inject(i.id, 'message'), i.message],
    ]),
  ];
}

describe('the scenario library in the reader’s language', () => {
  const i18n = i18next.createInstance();

  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      fallbackLng: false,
      ns: ['drillLibrary'],
      defaultNS: 'drillLibrary',
      interpolation: { escapeValue: false },
      resources: Object.fromEntries(['en', 'es', 'zh', 'ar'].map((lng) => [lng, { drillLibrary: file(lng) }])),
    });
  });

  const render = (lng: string) => {
    const t = i18n.getFixedT(lng, 'drillLibrary');
    return (text: Parameters<typeof renderLibraryText>[0]) => renderLibraryText(text, (key, params) => t(key, params));
  };

  it('ships the English of kits.ts and roles.ts as the drillLibrary translation file, word for word', () => {
    expect(file('en')).toEqual(libraryMessagesTree());
  });

  const templates: [string, TemplateContent][] = [
    ...LIBRARY.map((t): [string, TemplateContent] => [`library ${t.content.scenario}`, t.content]),
    ...DRILL_SCENARIOS.flatMap((scenario) =>
      FACILITY_TYPES.flatMap((facilityType, f) =>
        DRILL_REGULATIONS.map((regulation, r): [string, TemplateContent] => [
          `${scenario} for a ${facilityType} under ${regulation}`,
          composeTemplate({ scenario, facilityType, regulation, durationMinutes: 30 + 15 * r, teamSize: f === 0 ? 2 : 8 * f }),
        ]),
      ),
    ),
  ];

  it.each(templates)('gives every text of the %s template a library text whose English is that text', (_, content) => {
    const english = render('en');
    const rendered = fields(content).map(([path, text]) => {
      const ref = content.libraryTexts[path];
      return { path, text: ref ? english(ref) : 'no library text' };
    });
    expect(rendered).toEqual(fields(content).map(([path, text]) => ({ path, text })));
  });

  it.each(['es', 'zh', 'ar'])('translates every library text into %s (no English, no missing key)', (lng) => {
    const english = render('en');
    const other = render(lng);
    for (const [, content] of templates.slice(0, LIBRARY.length + 6)) {
      for (const [path] of fields(content)) {
        const ref = content.libraryTexts[path]!;
        const text = other(ref);
        expect({ path, missing: text.includes(ref.key) || text === english(ref) }).toEqual({ path, missing: false });
      }
    }
  });
});
