import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The interface languages with their direction. */
export const LANGUAGES = [
  { code: 'en', dir: 'ltr' },
  { code: 'es', dir: 'ltr' },
  { code: 'zh', dir: 'ltr' },
  { code: 'ar', dir: 'rtl' },
] as const;

/** Reads a translation namespace as shipped to the browser. */
export function locale(lng: string, ns: string): Record<string, Record<string, string>> {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, '../../web/public/locales', lng, `${ns}.json`), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
}
