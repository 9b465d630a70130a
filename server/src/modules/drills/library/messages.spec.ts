import { readFileSync } from 'node:fs';
import {
  DRILL_REGULATIONS,
  DRILL_SCENARIOS,
  FACILITY_TYPES,
  LIBRARY_TEXT_PATHS as PATH,
  renderLibraryText,
  type LibraryText,
  type TemplateContent,
} from '@muster/contracts';
import { composeTemplate } from './generator.js';
import { LIBRARY } from './library.js';
import { libraryMessagesTree } from './messages.js';

const LOCALES = new URL('../../../../../web/public/locales/', import.meta.url);
type Tree = { [key: string]: string | Tree };
const file = (lng: string) => JSON.parse(readFileSync(new URL(`${lng}/drillLibrary.json`, LOCALES), 'utf8')) as Tree;

/** What i18next does with a key of the file: the plural form of `count` when there is one, then the interpolations. */
function translator(lng: string) {
  const tree = file(lng);
  const rules = new Intl.PluralRules(lng);
  const lookup = (key: string): string | undefined => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  return (key: string, params: Record<string, string | number>): string => {
    const count = params.count;
    const text = (typeof count === 'number' ? lookup(`${key}_${rules.select(count)}`) : undefined) ?? lookup(key) ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
  };
}

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
  const render = (lng: string) => {
    const t = translator(lng);
    return (text: LibraryText) => renderLibraryText(text, t);
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
    const rendered = fields(content).map(([path]) => {
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
