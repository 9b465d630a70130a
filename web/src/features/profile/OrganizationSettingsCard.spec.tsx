import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { OrganizationSettings } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { addAllRecipes } from '../../components/ui/all-recipes';
import { system } from '../../components/ui/system';
import { fakeResponse } from '../../lib/fake-response';
import { browserTimeZone, timeZoneLabel, timeZoneOptions } from '../../lib/time-zone';
import { OrganizationSettingsCard } from './OrganizationSettingsCard';

configure({ asyncUtilTimeout: 5_000 });

// jsdom has no ResizeObserver, CSS.escape or scrollIntoView, which the combobox's list uses.
if (!('ResizeObserver' in globalThis))
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
  });
if (!('CSS' in globalThis))
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/["\\]/g, '\\$&'), supports: () => false } });
Element.prototype.scrollIntoView = () => undefined;

const locale = (lng: string, ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/${lng}/${ns}.json`, import.meta.url)), 'utf8')) as object;
const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { common: locale('en', 'common'), errors: locale('en', 'errors'), profile: locale('en', 'profile') } },
  ns: ['common', 'errors', 'profile'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

let stored: OrganizationSettings;
let requests: { method: string; url: string; body: unknown }[];
let failReads: number;

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <OrganizationSettingsCard />
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>,
  );
}

beforeAll(() => {
  addAllRecipes();
});

beforeEach(() => {
  stored = { name: 'Harbor Point', timeZone: 'UTC' };
  requests = [];
  failReads = 0;
  document.cookie = 'muster.csrf=test-token';
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, url: input, body });
    if (input !== '/api/organization/settings') return Promise.resolve(fakeResponse({ message: 'not found' }, 404));
    if (method === 'GET') {
      if (failReads > 0) {
        failReads -= 1;
        return Promise.resolve(fakeResponse({ statusCode: 503, code: 'UNAVAILABLE', reason: 'common.unavailable', params: {} }, 503));
      }
      return Promise.resolve(fakeResponse(stored));
    }
    stored = { ...stored, timeZone: (body as { timeZone: string }).timeZone };
    return Promise.resolve(fakeResponse(stored));
  }) as typeof fetch;
});

afterEach(cleanup);

describe('the organisation’s time zone setting', () => {
  it('shows a placeholder while loading, then the zone the organisation has', async () => {
    renderCard();
    expect(screen.getByTestId('organization-loading').getAttribute('aria-busy')).toBe('true');
    const input = await screen.findByTestId<HTMLInputElement>('time-zone-input');
    expect(input.value).toBe('UTC');
    expect(screen.getByTestId('time-zone-now').textContent).toMatch(/^It is .+ there now\.$/);
    // Nothing changed yet: nothing to save.
    expect(screen.getByTestId<HTMLButtonElement>('time-zone-save').disabled).toBe(true);
  });

  it('says when the settings could not be loaded, and loads them again on request', async () => {
    failReads = 1;
    renderCard();
    const failure = await screen.findByTestId('organization-error');
    expect(failure.textContent).toContain('The organisation’s settings could not be loaded');
    fireEvent.click(within(failure).getByRole('button'));
    expect((await screen.findByTestId<HTMLInputElement>('time-zone-input')).value).toBe('UTC');
  });

  it('finds a zone by typing part of its name, saves it and says so', async () => {
    renderCard();
    const input = await screen.findByTestId<HTMLInputElement>('time-zone-input');
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'new york' } });
    const options = await screen.findByTestId('time-zone-options');
    await waitFor(() => expect(within(options).getAllByRole('option')).toHaveLength(1));
    fireEvent.click(within(options).getByRole('option'));
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('time-zone-save').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('time-zone-save'));
    await waitFor(() =>
      expect(screen.getByTestId('time-zone-saved').textContent).toMatch(/^Saved: the organisation now uses America\/New York/),
    );
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/organization/settings', body: { timeZone: 'America/New_York' } },
    ]);
    expect(stored.timeZone).toBe('America/New_York');
  });
});

describe('time zones in the browser', () => {
  it('labels zones with their offset and spaces, UTC first', () => {
    const options = timeZoneOptions('UTC', new Date('2026-01-15T12:00:00Z'));
    expect(options[0]).toEqual({ value: 'UTC', label: 'UTC' });
    expect(options.find((o) => o.value === 'Asia/Tokyo')?.label).toBe('Asia/Tokyo (GMT+9)');
    expect(timeZoneLabel('America/New_York', new Date('2026-07-01T00:00:00Z'))).toBe('America/New York (GMT-4)');
    expect(timeZoneLabel('Australia/Lord_Howe', new Date('2026-07-01T00:00:00Z'))).toBe('Australia/Lord Howe (GMT+10:30)');
  });

  it('keeps an organisation’s zone this browser names otherwise', () => {
    expect(timeZoneOptions('Asia/Kolkata').some((o) => o.value === 'Asia/Kolkata')).toBe(true);
  });

  it('reads the browser’s zone as the contracts name it', () => {
    const zone = browserTimeZone();
    expect(zone === undefined || typeof zone === 'string').toBe(true);
    const spy = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Asia/Tokyo',
    });
    expect(browserTimeZone()).toBe('Asia/Tokyo');
    spy.mockReturnValue({ ...new Intl.DateTimeFormat().resolvedOptions(), timeZone: 'Mars/Olympus' });
    expect(browserTimeZone()).toBeUndefined();
    spy.mockRestore();
  });
});
