import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TextDecoder, TextEncoder } from 'node:util';
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { HelpSearchResult } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { system } from '../../components/ui/system';
import { fakeResponse } from '../../lib/fake-response';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
let HelpCenterPage: typeof import('./HelpCenterPage').default;
let MemoryRouter: typeof import('react-router-dom').MemoryRouter;

const locale = (lng: string, ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/${lng}/${ns}.json`, import.meta.url)), 'utf8')) as object;

function makeI18n(lng: 'en' | 'es') {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { [lng]: { common: locale(lng, 'common'), help: locale(lng, 'help') } },
    ns: ['common', 'help'],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

configure({ asyncUtilTimeout: 5_000 });

const ARTICLE_ID = '5b0f3c1e-8f0a-4a53-9d52-2f5a8c1d9e10';
/** What the server answered before snippets were cut from plain text: Markdown marks inside the parts. */
const RESULT: HelpSearchResult = {
  items: [
    {
      id: ARTICLE_ID,
      title: 'The after-action summary',
      tags: ['drills', 'after-action', 'lifeboats'],
      rank: 0.5,
      snippet: [
        { text: '- **', match: false },
        { text: 'Download', match: true },
        { text: ' PDF** downloads the summary; see [the guide](/docs#drills) and `Print`.', match: false },
      ],
    },
  ],
};
let searched: string[];

const response = fakeResponse;

beforeAll(async () => {
  ({ default: HelpCenterPage } = await import('./HelpCenterPage'));
  ({ MemoryRouter } = await import('react-router-dom'));
});

beforeEach(() => {
  cleanup();
  searched = [];
  globalThis.fetch = jest.fn((input: string) => {
    if (input.startsWith('/api/help/search')) {
      searched.push(input);
      return Promise.resolve(response(RESULT));
    }
    return Promise.resolve(response({ message: 'not found' }, 404));
  }) as unknown as typeof fetch;
});

function renderPage(lng: 'en' | 'es') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={makeI18n(lng)}>
          <MemoryRouter initialEntries={['/app/help']}>
            <HelpCenterPage />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('HelpCenterPage', () => {
  it('shows topics under their translated labels, never as slugs, and only the help-centre topics', async () => {
    renderPage('en');
    const topics = await screen.findAllByTestId('help-tag');
    expect(topics.map((b) => b.textContent)).toEqual(['Drills', 'After-action summaries']);
    expect(topics.map((b) => b.getAttribute('data-topic'))).toEqual(['drills', 'after-action']);
    const hit = screen.getByTestId('help-hit');
    const badges = within(hit).getByTestId('help-topics');
    expect(badges.textContent).toBe('DrillsAfter-action summaries');
    // A tag that is not a help-centre topic is not shown, and no badge or button shows a slug.
    expect(hit.textContent).not.toContain('lifeboats');
    const labels = [...topics, ...within(badges).getAllByText(/./)].map((el) => el.textContent);
    expect(labels.filter((text) => text === 'drills' || text === 'after-action')).toEqual([]);
  });

  it('labels the topics in the interface language', async () => {
    renderPage('es');
    const topics = await screen.findAllByTestId('help-tag');
    expect(topics.map((b) => b.textContent)).toEqual(['Simulacros', 'Informes posteriores']);
    expect(searched.every((url) => url.includes('language=es'))).toBe(true);
  });

  it('shows a snippet as plain text: the matched word marked, no Markdown markup', async () => {
    renderPage('en');
    const snippet = await screen.findByTestId('help-snippet');
    expect(snippet.textContent).toBe('Download PDF downloads the summary; see the guide and Print.');
    expect(snippet.querySelector('mark')?.textContent).toBe('Download');
    expect(snippet.textContent).not.toMatch(/[*`[\]]|\]\(/);
  });
});
