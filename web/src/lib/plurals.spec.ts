import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';

const LOCALES = new URL('../../public/locales/', import.meta.url);
const load = (lng: string, ns: string) => JSON.parse(readFileSync(new URL(`${lng}/${ns}.json`, LOCALES), 'utf8')) as object;

const NS = ['faq', 'tickets', 'usage', 'drillTemplates'] as const;
const i18n = createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  ns: [...NS],
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(['en', 'es', 'ar'].map((lng) => [lng, Object.fromEntries(NS.map((ns) => [ns, load(lng, ns)]))])),
});

/** Counts read as a person would write them: "1 question", never "1 questions" or "ticket(s)". */
describe('counted texts', () => {
  const en = i18n.getFixedT('en');
  it('say one thing in the singular and more in the plural', () => {
    expect(en('count', { ns: 'faq', count: 1 })).toBe('1 question');
    expect(en('count', { ns: 'faq', count: 19 })).toBe('19 questions');
    expect(en('queue.bulkDone', { ns: 'tickets', count: 1, status: 'Closed' })).toBe('Status Closed set on 1 ticket');
    expect(en('queue.bulkDone', { ns: 'tickets', count: 3, status: 'Closed' })).toBe('Status Closed set on 3 tickets');
    expect(en('charges.runs', { ns: 'usage', runs: 3, count: 1, size: 25, amount: '$50.00' })).toBe(
      'Drill runs over the limit: 3 (1 block of 25): $50.00',
    );
    expect(en('charges.runs', { ns: 'usage', runs: 27, count: 2, size: 25, amount: '$100.00' })).toBe(
      'Drill runs over the limit: 27 (2 blocks of 25): $100.00',
    );
    expect(en('list.injects', { ns: 'drillTemplates', count: 1 })).toBe('1 inject');
  });

  it('use the plural forms of Spanish and Arabic', () => {
    expect(i18n.getFixedT('es')('count', { ns: 'faq', count: 1 })).toBe('1 pregunta');
    const ar = i18n.getFixedT('ar');
    expect(ar('count', { ns: 'faq', count: 2 })).toBe('سؤالان');
    expect(ar('count', { ns: 'faq', count: 5 })).toBe('5 أسئلة');
    expect(ar('count', { ns: 'faq', count: 19 })).toBe('19 سؤالًا');
  });
});
