import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';

/**
 * Muster's own i18next backend and language detector, in place of i18next-http-backend and
 * i18next-browser-languagedetector: the few behaviours Muster uses of them, for about a tenth of
 * their JavaScript on every page (issue 23).
 */

/** Translation files ("lng|ns") that failed even after every retry during this visit. */
const unavailable = new Set<string>();

/** Marks a file as failed for the rest of the visit (i18next's `failedLoading`). */
export function markUnavailable(language: string, namespace: string): void {
  unavailable.add(`${language}|${namespace}`);
}

/**
 * Reads `/locales/<lng>/<ns>.json`. i18next retries a read its callback marks retryable (the
 * second argument): a network error or a 5xx, not a 4xx or a file that is not JSON. A file that
 * failed after all its retries is not fetched again during the visit: i18next would otherwise
 * read it again (with another ~11 s of retries) each time a screen loads a namespace, holding
 * that screen back; English shows.
 */
export const translationBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback): void {
    const url = `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
    if (unavailable.has(`${language}|${namespace}`)) {
      callback(new Error(`Translations ${language}/${namespace} are unavailable; English is shown instead`), false);
      return;
    }
    fetch(url, { credentials: 'same-origin' }).then(
      async (response) => {
        if (!response.ok) {
          callback(new Error(`failed loading ${url}; status code: ${String(response.status)}`), response.status >= 500);
          return;
        }
        let data: unknown;
        try {
          data = await response.json();
        } catch {
          callback(new Error(`failed parsing ${url} to json`), false);
          return;
        }
        callback(null, data as Parameters<ReadCallback>[1]);
      },
      (err: unknown) => callback(new Error(`failed loading ${url}: ${err instanceof Error ? err.message : String(err)}`), true),
    );
  },
};

export interface DetectionOptions {
  /** The query parameter (`?lng=es`). */
  querystring: string;
  /** The cookie, which lets the server send public pages in the visitor's language from the first byte. */
  cookie: string;
  cookieDays: number;
  /** The local- and session-storage key. */
  storageKey: string;
  /** Maps what was found to a supported code (or the default for what looks like an attack). */
  convert: (value: string) => string;
}

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function readStorage(storage: () => Storage, key: string): string | undefined {
  try {
    return storage().getItem(key) ?? undefined;
  } catch {
    // Storage blocked (private mode, a sandboxed frame).
    return undefined;
  }
}

/**
 * Detects the visitor's language in the order the query string, the cookie, local and session
 * storage, the browser's languages and `<html lang>`; i18next takes the first it supports. A
 * chosen language is kept in local storage and the cookie.
 */
export function languageDetector(detection: DetectionOptions): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    init: () => undefined,
    detect(): string[] {
      const found = [
        new URLSearchParams(window.location.search).get(detection.querystring) ?? undefined,
        readCookie(detection.cookie),
        readStorage(() => window.localStorage, detection.storageKey),
        readStorage(() => window.sessionStorage, detection.storageKey),
        ...navigator.languages,
        navigator.language,
        document.documentElement.lang,
      ];
      return found.filter((value): value is string => Boolean(value)).map(detection.convert);
    },
    cacheUserLanguage(language: string): void {
      try {
        window.localStorage.setItem(detection.storageKey, language);
      } catch {
        // Storage blocked: the cookie still keeps it.
      }
      const maxAge = detection.cookieDays * 24 * 60 * 60;
      document.cookie = `${detection.cookie}=${encodeURIComponent(language)}; max-age=${String(maxAge)}; path=/; samesite=lax`;
    },
  };
}
