import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as contracts from '@muster/contracts';

/**
 * The English copy spells "organisation" as the spec's prose does. The only exceptions are texts
 * the spec gives word for word (spec/product-spec.md, in quotes), which stay as written there.
 */
const SPEC_EXACT_TEXTS = new Set([
  // §8, the unlock failure toast for organisation-managed sign-in.
  "Please log in again using your organization's authentication method.",
]);

const LOCALES_DIR = fileURLToPath(new URL('../../public/locales/en/', import.meta.url));

type Tree = { [key: string]: string | Tree };

/** Every leaf as ["ns:a.b.c", text]. */
function leaves(tree: Tree, prefix: string): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}.${key}`, value]] : leaves(value, `${prefix}.${key}`),
  );
}

/** "organization" in the words of a text; interpolation names such as {{organization}} are not words on screen. */
const americanSpelling = (text: string) => /organiz/i.test(text.replace(/\{\{[^}]*\}\}/g, ''));

describe('English spelling of "organisation"', () => {
  it('no English translation says "organization", except the spec’s exact texts', () => {
    const offenders = readdirSync(LOCALES_DIR)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) => leaves(JSON.parse(readFileSync(`${LOCALES_DIR}${file}`, 'utf8')) as Tree, file.replace(/\.json$/, '')))
      .filter(([, text]) => americanSpelling(text) && !SPEC_EXACT_TEXTS.has(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offenders).toEqual([]);
  });

  it('the spec’s exact texts are still there, word for word', () => {
    const texts = new Set(
      readdirSync(LOCALES_DIR)
        .filter((file) => file.endsWith('.json'))
        .flatMap((file) => leaves(JSON.parse(readFileSync(`${LOCALES_DIR}${file}`, 'utf8')) as Tree, file).map(([, text]) => text)),
    );
    for (const text of SPEC_EXACT_TEXTS) expect(texts).toContain(text);
  });

  it('no message the server sends from contracts (the *_MESSAGES tables) says "organization"', () => {
    const offenders = Object.entries(contracts)
      .filter(([name, value]) => name.endsWith('_MESSAGES') && typeof value === 'object' && value !== null)
      .flatMap(([name, table]) =>
        Object.entries(table as Record<string, unknown>)
          .filter(([, text]) => typeof text === 'string' && americanSpelling(text))
          .map(([key, text]) => `${name}.${key}: ${String(text)}`),
      );
    expect(offenders).toEqual([]);
  });
});
