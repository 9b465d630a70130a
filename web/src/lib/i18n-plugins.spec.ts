import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ReadCallback } from 'i18next';
import { fakeResponse } from './fake-response';
import { languageDetector, markUnavailable, translationBackend } from './i18n-plugins';

/** A file that is not JSON (an HTML error page served with 200). */
const notJson = { ok: true, status: 200, json: () => Promise.reject(new SyntaxError('Unexpected token <')) } as unknown as Response;

type Answer = Parameters<ReadCallback>;

function read(language: string, namespace: string): Promise<Answer> {
  return new Promise((resolve) => {
    translationBackend.read(language, namespace, (...args: Answer) => resolve(args));
  });
}

describe('translationBackend', () => {
  const realFetch = globalThis.fetch;
  let fetchMock: jest.Mock<typeof fetch>;

  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('reads /locales/<lng>/<ns>.json', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ title: 'Hola' }));
    const [err, data] = await read('es', 'home');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/locales/es/home.json');
    expect({ err, data }).toEqual({ err: null, data: { title: 'Hola' } });
  });

  it('asks i18next to retry a 5xx or a network error, not a 4xx or a file that is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse('busy', 503));
    const [serverError, retryServer] = await read('es', 'pricing');
    expect({ message: (serverError as Error).message, retry: retryServer }).toEqual({
      message: 'failed loading /locales/es/pricing.json; status code: 503',
      retry: true,
    });

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await read('es', 'pricing'))[1]).toBe(true);

    fetchMock.mockResolvedValueOnce(fakeResponse('missing', 404));
    expect((await read('es', 'pricing'))[1]).toBe(false);

    fetchMock.mockResolvedValueOnce(notJson);
    const [parseError, retryParse] = await read('es', 'pricing');
    expect({ message: (parseError as Error).message, retry: retryParse }).toEqual({
      message: 'failed parsing /locales/es/pricing.json to json',
      retry: false,
    });
  });

  it('does not fetch again a file that failed after every retry during the visit', async () => {
    markUnavailable('zh', 'faq');
    const [err, retry] = await read('zh', 'faq');
    expect(fetchMock).not.toHaveBeenCalled();
    expect({ message: (err as Error).message, retry }).toEqual({
      message: 'Translations zh/faq are unavailable; English is shown instead',
      retry: false,
    });
  });
});

describe('languageDetector', () => {
  const detector = languageDetector({
    querystring: 'lng',
    cookie: 'muster_lang',
    cookieDays: 365,
    storageKey: 'muster.language',
    convert: (value) => (value.startsWith('<') ? 'en' : value.slice(0, 2)),
  });
  const detect = () => (detector.detect as () => string[])();

  afterEach(() => {
    window.history.replaceState(null, '', '/');
    document.cookie = 'muster_lang=; max-age=0; path=/';
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('looks in the query string, the cookie, storage, then the browser, converting each', () => {
    window.history.replaceState(null, '', '/pricing?lng=ar');
    document.cookie = 'muster_lang=es; path=/';
    window.localStorage.setItem('muster.language', 'zh-CN');
    expect(detect().slice(0, 3)).toEqual(['ar', 'es', 'zh']);
    expect(detect().slice(3)).toContain('en');
  });

  it('passes what looks like an attack through the conversion (English)', () => {
    window.history.replaceState(null, '', '/?lng=%3Cscript%3E');
    expect(detect()[0]).toBe('en');
  });

  it('keeps a chosen language in local storage and in a year-long cookie', () => {
    const cookies: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const spy = jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookies.push(value);
      descriptor.set!.call(document, value);
    });
    try {
      detector.cacheUserLanguage!('ar');
    } finally {
      spy.mockRestore();
    }
    expect(window.localStorage.getItem('muster.language')).toBe('ar');
    expect(cookies).toEqual(['muster_lang=ar; max-age=31536000; path=/; samesite=lax']);
    expect(detect()[0]).toBe('ar');
  });
});
