import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/*
 * What the jsdom specs of screens share (never imported by the app): the English texts of given
 * namespaces, and the browser APIs jsdom lacks.
 */

/** One namespace's English texts, as the app loads them from `public/locales/en`. */
export function englishTexts(namespace: string): object {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../public/locales/en/${namespace}.json`, import.meta.url)), 'utf8')) as object;
}

/** An i18next instance in English with `namespaces` loaded synchronously (the first is the default). */
export function englishI18n(namespaces: readonly string[]): I18n {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: Object.fromEntries(namespaces.map((ns) => [ns, englishTexts(ns)])) },
    ns: [...namespaces],
    defaultNS: namespaces[0],
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

/** jsdom has no ResizeObserver (Chakra's dialogs and charts, auto-growing text areas watch sizes): one that observes nothing. */
export function stubResizeObserver(): void {
  if ('ResizeObserver' in globalThis) return;
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
  });
}
