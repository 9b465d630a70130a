import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AUDIT_ACTION_NAMES, CHAIN_BREAKS, OCSF_CLASSES, OCSF_SEVERITY_IDS, THREAT_KINDS } from '@muster/contracts';
import { createInstance } from 'i18next';
import { actionKey, KNOWN_REASONS, KNOWN_TARGET_TYPES, reasonKey, severityPalette, shortHash, shortUserAgent } from './labels';

type Tree = { [key: string]: string | Tree };
const LANGUAGES = ['en', 'es', 'zh', 'ar'] as const;

function load(lng: string): Tree {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/${lng}/audit.json`, import.meta.url)), 'utf8')) as Tree;
}

function i18nFor(lng: string) {
  const instance = createInstance();
  void instance.init({
    lng,
    resources: { [lng]: { audit: load(lng) } },
    defaultNS: 'audit',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

describe('actionKey', () => {
  it('flattens the dots of an action, so an action and its longer sibling get keys of their own', () => {
    expect(actionKey('auth.password_reset')).toBe('actions.auth_password_reset');
    expect(actionKey('auth.password_reset.requested')).toBe('actions.auth_password_reset_requested');
    expect(actionKey('audit.customer_timeline.view')).toBe('actions.audit_customer_timeline_view');
  });

  it.each(LANGUAGES)('names every audited action in %s', (lng) => {
    const { t, exists } = i18nFor(lng);
    for (const action of AUDIT_ACTION_NAMES) {
      expect({ action, exists: exists(actionKey(action)) }).toEqual({ action, exists: true });
      expect(t(actionKey(action))).not.toBe(action);
    }
  });
});

describe('reasonKey', () => {
  it('knows the reasons the server records and counts the failures of a lockout', () => {
    expect(reasonKey('bad_password')).toEqual({ key: 'reasons.bad_password' });
    expect(reasonKey('account_frozen')).toEqual({ key: 'reasons.account_frozen' });
    expect(reasonKey('10_failures')).toEqual({ key: 'reasons.failures', vars: { count: 10 } });
  });

  it('has nothing for an unknown or empty reason (the raw reason is shown)', () => {
    expect(reasonKey('cosmic_rays')).toBeNull();
    expect(reasonKey(null)).toBeNull();
    expect(reasonKey('')).toBeNull();
  });

  it('says a lockout in the plural forms of each language', () => {
    expect(i18nFor('en').t('reasons.failures', { count: 1 })).toBe('After 1 failed sign-in');
    expect(i18nFor('en').t('reasons.failures', { count: 10 })).toBe('After 10 failed sign-ins');
    expect(i18nFor('es').t('reasons.failures', { count: 10 })).toBe('Tras 10 intentos fallidos');
    expect(i18nFor('ar').t('reasons.failures', { count: 10 })).toBe('بعد 10 محاولات دخول فاشلة');
  });
});

describe('the audit namespace', () => {
  it.each(LANGUAGES)('has every reason, target, OCSF class, activity and severity, threat kind and chain break in %s', (lng) => {
    const { exists } = i18nFor(lng);
    const keys = [
      ...KNOWN_REASONS.map((r) => `reasons.${r}`),
      ...KNOWN_TARGET_TYPES.map((type) => `targets.${type}`),
      ...OCSF_SEVERITY_IDS.map((id) => `severities.${String(id)}`),
      ...Object.entries(OCSF_CLASSES).flatMap(([uid, cls]) => [
        `classes.${uid}`,
        ...Object.keys(cls.activities).map((id) => `activities.${uid}_${id}`),
      ]),
      ...THREAT_KINDS.map((k) => `threats.kinds.${k}`),
      ...CHAIN_BREAKS.map((b) => `verify.reasons.${b}`),
    ];
    for (const key of keys) expect({ key, exists: exists(key) }).toEqual({ key, exists: true });
  });

  it.each(LANGUAGES)('gives every plural key all six forms in %s', (lng) => {
    const flat: string[] = [];
    const walk = (tree: Tree, prefix: string) => {
      for (const [k, v] of Object.entries(tree)) {
        if (typeof v === 'string') flat.push(`${prefix}${k}`);
        else walk(v, `${prefix}${k}.`);
      }
    };
    walk(load(lng), '');
    const plurals = new Set(flat.filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length)));
    expect(plurals.size).toBeGreaterThan(0);
    for (const base of plurals)
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) expect(flat).toContain(`${base}_${form}`);
  });
});

describe('shortUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    expect(
      shortUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      ),
    ).toBe('Edge 131 · Windows');
    expect(shortUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133 · Linux');
    expect(
      shortUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 · iOS');
    expect(
      shortUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 131 · Android');
    expect(
      shortUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 · macOS');
  });

  it('names command-line tools and cuts anything else', () => {
    expect(shortUserAgent('curl/8.5.0')).toBe('curl 8.5.0');
    expect(shortUserAgent('node')).toBe('node');
    expect(shortUserAgent(`Mozilla/5.0 (${'x'.repeat(60)})`)).toHaveLength(40);
    expect(shortUserAgent(null)).toBe('');
  });
});

describe('small helpers', () => {
  it('shortens a hash and colours severities from grey to red', () => {
    expect(shortHash('a'.repeat(64))).toBe(`${'a'.repeat(8)}…aaaa`);
    expect(shortHash('abc')).toBe('abc');
    expect([1, 2, 3, 4, 5].map(severityPalette)).toEqual(['gray', 'blue', 'yellow', 'orange', 'red']);
  });
});
