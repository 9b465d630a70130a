import { readFileSync } from 'node:fs';
import type { TemplateContent } from '@muster/contracts';
import { createInstance } from 'i18next';
import { libraryTranslate, localiseContent } from './library-text';

const LOCALES = new URL('../../../public/locales/', import.meta.url);
const file = (lng: string) => JSON.parse(readFileSync(new URL(`${lng}/drillLibrary.json`, LOCALES), 'utf8')) as object;

const i18n = createInstance();
void i18n.init({
  lng: 'es',
  fallbackLng: 'en',
  initAsync: false,
  ns: ['drillLibrary'],
  defaultNS: 'drillLibrary',
  interpolation: { escapeValue: false },
  resources: { en: { drillLibrary: file('en') }, es: { drillLibrary: file('es') }, ar: { drillLibrary: file('ar') } },
});
const tr = (lng: string) => libraryTranslate(i18n.getFixedT(lng, 'drillLibrary'), i18n.getFixedT('en', 'drillLibrary'));

const content: TemplateContent = {
  name: 'Bomb threat received by telephone (copy)',
  type: 'drill',
  scenario: 'bomb_threat',
  description: 'Our own words.',
  objectives: [],
  positions: [],
  steps: [
    {
      id: 'notify',
      title: 'Notify the security officer and the authorities',
      instructions: '',
      positionId: null,
      expectedMinutes: 5,
      checklist: [],
    },
    { id: 'search', title: 'Search the east yard first', instructions: '', positionId: null, expectedMinutes: 5, checklist: [] },
  ],
  injects: [{ id: 'second-call', atMinute: 10, title: 'Second call', message: 'Our message', positionId: null }],
  regulations: [],
  estimatedMinutes: 60,
  musterTargetMinutes: null,
  libraryTexts: {
    name: { key: 'copyOf', params: { name: { key: 'kits.bomb_threat.name' } } },
    description: { key: 'kits.bomb_threat.narrative', params: { facility: { key: 'facility.port_facility' } } },
    'steps.notify.title': { key: 'kits.bomb_threat.phases.notify.title' },
    'steps.search.title': { key: 'kits.bomb_threat.phases.search.title' },
    'injects.second-call.title': { key: 'kits.bomb_threat.injects.second-call.title' },
    'injects.second-call.message': { key: 'kits.bomb_threat.injects.second-call.message' },
  },
};

describe('library texts in the reader’s language', () => {
  it('translates what the library wrote and keeps what the user edited as written', () => {
    const shown = localiseContent(content, tr('es'));
    expect(shown.name).toBe('Amenaza de bomba recibida por teléfono (copia)');
    expect(shown.steps.map((s) => s.title)).toEqual(['Avisar al oficial de protección y a las autoridades', 'Search the east yard first']);
    expect(shown.injects[0]).toMatchObject({ title: 'Segunda llamada', message: 'Our message' });
    expect(shown.description).toBe('Our own words.');
  });

  it('leaves a template written from scratch, and English, as they are', () => {
    expect(localiseContent({ ...content, libraryTexts: {} }, tr('es'))).toEqual({ ...content, libraryTexts: {} });
    expect(localiseContent(content, tr('en')).steps[0]!.title).toBe('Notify the security officer and the authorities');
  });

  it('renders plural parameters in Arabic', () => {
    const generated = { key: 'generator.description', params: { narrative: 'X', count: 3, minutes: 30 } };
    const english = 'X\n\nPlanned for a team of 3 people, about 30 minutes.';
    expect(tr('ar')(english, generated)).toBe('X\n\nمخطط لفريق من 3 أشخاص، لمدة 30 دقيقة تقريبًا.');
  });
});
