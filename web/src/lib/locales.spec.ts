import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_CODES } from '@muster/contracts';
import { NAMESPACES } from './i18n';

const LOCALES_DIR = fileURLToPath(new URL('../../public/locales/', import.meta.url));

type Tree = { [key: string]: string | Tree };

function load(lng: string, ns: string): Tree {
  return JSON.parse(readFileSync(`${LOCALES_DIR}${lng}/${ns}.json`, 'utf8')) as Tree;
}

/** Every leaf as "a.b.c" → text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation files', () => {
  it('ship exactly the declared namespaces in every language', () => {
    for (const lng of LANGUAGE_CODES) {
      const files = readdirSync(`${LOCALES_DIR}${lng}`)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''));
      expect(files.sort()).toEqual([...NAMESPACES].sort());
    }
  });

  const namespaces = readdirSync(`${LOCALES_DIR}en`)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));

  describe.each(namespaces)('namespace %s', (ns) => {
    const english = flatten(load('en', ns));

    it.each(LANGUAGE_CODES.filter((l) => l !== 'en'))('has the same keys in %s as in English', (lng) => {
      const other = flatten(load(lng, ns));
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it.each(LANGUAGE_CODES.filter((l) => l !== 'en'))('keeps every interpolation of English in %s', (lng) => {
      const other = flatten(load(lng, ns));
      for (const [key, text] of english) {
        // A plural form for zero, one or two may say its number in words ("سؤالان": two questions).
        const wordsMayCount = /_(zero|one|two)$/.test(key);
        const vars = (t: string) => placeholders(t).filter((v) => !(wordsMayCount && v === 'count'));
        expect({ key, vars: vars(other.get(key) ?? '') }).toEqual({ key, vars: vars(text) });
      }
    });

    it('counts with i18next plurals, never "(s)"', () => {
      for (const [key, text] of english) expect({ key, text }).not.toEqual({ key, text: expect.stringMatching(/\w\(s\)/) });
    });

    it.each([...LANGUAGE_CODES])('has no empty text in %s', (lng) => {
      for (const [key, text] of flatten(load(lng, ns))) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
    });
  });
});
