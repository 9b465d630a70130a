import { readFileSync } from 'node:fs';
import { COMPLIANCE_RULES } from '@muster/contracts';
import { createInstance } from 'i18next';
import { reasonText, ruleTitle } from './text';

const LOCALES = new URL('../../../public/locales/', import.meta.url);
const load = (lng: string, ns: string) => JSON.parse(readFileSync(new URL(`${lng}/${ns}.json`, LOCALES), 'utf8')) as object;

const NS = ['compliance', 'drills'] as const;
const i18n = createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  ns: [...NS],
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(['en', 'ar'].map((lng) => [lng, Object.fromEntries(NS.map((ns) => [ns, load(lng, ns)]))])),
});

describe('compliance reasons in words', () => {
  const en = i18n.getFixedT('en');

  it('says how long ago the last run was, the cadence and the due date', () => {
    expect(
      reasonText(en, { key: 'lastRunOverdue', params: { what: 'fire', days: 97, every: 90, unit: 'days', due: '2026-04-01' } }, 'en'),
    ).toBe('Last fire drill 97 days ago; due every 90 days: it was due by April 1, 2026.');
    expect(reasonText(en, { key: 'never', params: { what: 'security_drill', every: 3, unit: 'months' } }, 'en')).toBe(
      'No approved security drill yet; one is due every 3 months.',
    );
  });

  it('names missing scenarios and crew changes', () => {
    expect(reasonText(en, { key: 'scenariosMissing', params: { missing: 'fire, evacuation', every: 1, unit: 'months' } }, 'en')).toBe(
      'Never approved yet: fire drill and evacuation and muster drill; each is due every 1 month.',
    );
    expect(
      reasonText(
        en,
        { key: 'crewChangeDueSoon', params: { percent: 26, threshold: 25, changedOn: '2026-03-10', due: '2026-03-17', withinDays: 7 } },
        'en',
      ),
    ).toBe('26 % of the crew changed on March 10, 2026 (more than 25 %): a drill is due within 7 days, by March 17, 2026.');
  });

  it('gives every built-in rule a title and every reason a text, in Arabic too', () => {
    const ar = i18n.getFixedT('ar');
    for (const rule of COMPLIANCE_RULES) {
      expect(ruleTitle(ar, rule)).not.toBe(rule.title);
      expect(ruleTitle(en, rule)).toBe(rule.title);
    }
    expect(
      reasonText(ar, { key: 'lastRunOk', params: { what: 'exercise', days: 10, every: 18, unit: 'months', due: '2027-09-10' } }, 'ar'),
    ).toContain('تمرين');
  });
});
