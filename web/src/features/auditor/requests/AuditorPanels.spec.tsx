import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { EvidenceRequestView, SampleView } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { fakeResponse } from '../../../lib/fake-response';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
const { MemoryRouter } = await import('react-router-dom');
const { addAllRecipes } = await import('../../../components/ui/all-recipes');
const { system } = await import('../../../components/ui/system');
const { default: AuditorRequestsPanel } = await import('./AuditorRequestsPanel');
const { default: SamplesPanel } = await import('./SamplesPanel');

configure({ asyncUtilTimeout: 5_000 });

const locale = (lng: string, ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../public/locales/${lng}/${ns}.json`, import.meta.url)), 'utf8')) as object;
const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { common: locale('en', 'common'), errors: locale('en', 'errors'), auditorPortal: locale('en', 'auditorPortal') } },
  ns: ['common', 'errors', 'auditorPortal'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

const INVITE = '00000000-0000-4000-8000-0000000000aa';
const RECORD = '00000000-0000-4000-8000-0000000000bb';

const submitted: EvidenceRequestView = {
  id: '00000000-0000-4000-8000-000000000001',
  inviteId: INVITE,
  auditor: { name: 'Iris Vogel', firm: null },
  text: 'The signed muster list',
  ruleId: 'isps_b18_5',
  dueDate: '2027-01-15',
  state: 'submitted',
  createdAt: '2026-11-20T10:00:00Z',
  submittedAt: '2026-11-21T10:00:00Z',
  submittedBy: 'Dana Reyes',
  note: 'Signed by the PFSO',
  evidence: [
    {
      id: RECORD,
      kind: 'file',
      title: 'Muster list, March',
      description: '',
      ruleIds: ['isps_b18_5'],
      from: '2026-03-01',
      to: '2026-03-31',
      facility: null,
      source: null,
      fileName: 'list.pdf',
      contentType: 'application/pdf',
      size: 10,
      sha256: 'a'.repeat(64),
      addedBy: { id: null, name: 'Dana Reyes' },
      createdAt: '2026-11-21T09:00:00Z',
      retainUntil: '2033-11-21T09:00:00Z',
      hold: null,
      review: null,
    },
  ],
  reviewedAt: null,
  reviewComment: null,
  overdue: false,
};

const sample: SampleView = {
  id: '00000000-0000-4000-8000-000000000002',
  seed: 'K7Q2M4XZ9ABCDEFG',
  population: { kind: 'drill_run' },
  populationSize: 12,
  size: 1,
  recordIds: [RECORD],
  method: 'sha256-fisher-yates-v1',
  createdAt: '2026-11-22T10:00:00Z',
};

const dashboard = {
  invite: { id: INVITE, auditorName: 'Iris Vogel', firm: null, expiresAt: '2026-12-31T00:00:00Z' },
  scope: {
    profiles: [{ id: 'p', name: 'ISPS', ruleIds: ['isps_b18_5', 'isps_b18_6'] }],
    facilities: [],
    from: '2026-01-01',
    to: '2026-12-31',
  },
  records: { total: 0, pending: 0, accepted: 0, flagged: 0 },
  byKind: {},
  requests: { open: 0, submitted: 1, accepted: 0, flagged: 0 },
  preview: false,
};

let calls: { method: string; url: string; body: unknown }[];

function renderWith(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter>{node}</MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>,
  );
}

beforeAll(() => {
  addAllRecipes();
});

beforeEach(() => {
  calls = [];
  document.cookie = 'muster.csrf=test-token';
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url: input, body });
    const path = input.split('?')[0];
    if (path === '/api/auditor/requests' && method === 'GET') return Promise.resolve(fakeResponse({ items: [submitted] }));
    if (path === '/api/auditor/samples' && method === 'GET') return Promise.resolve(fakeResponse({ items: [sample] }));
    if (path === '/api/auditor/dashboard') return Promise.resolve(fakeResponse(dashboard));
    if (path === `/api/auditor/requests/${submitted.id}/review`) return Promise.resolve(fakeResponse({ ...submitted, state: 'accepted' }));
    if (path === '/api/auditor/samples' && method === 'POST') {
      return Promise.resolve(
        fakeResponse(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            reason: 'auditor.sampleTooLarge',
            params: { max: 12 },
            fieldReasons: { size: { reason: 'auditor.sampleTooLarge', params: { max: 12 } } },
          },
          400,
        ),
      );
    }
    return Promise.resolve(fakeResponse({ message: 'not found' }, 404));
  }) as typeof fetch;
});

afterEach(cleanup);

describe("the auditor's requests", () => {
  it('lists a submitted request with its answer and records, and accepts it', async () => {
    renderWith(<AuditorRequestsPanel />);
    const card = await screen.findByTestId(`request-${submitted.id}`);
    expect(within(card).getByTestId('request-state').textContent).toBe('Submitted');
    expect(card.textContent).toContain('Signed by the PFSO');
    expect(within(card).getByRole('link', { name: 'Muster list, March' }).getAttribute('href')).toBe(`/auditor/evidence?record=${RECORD}`);
    fireEvent.click(within(card).getByTestId('request-accept'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', url: `/api/auditor/requests/${submitted.id}/review`, body: { state: 'accepted' } },
      ]),
    );
  });

  it('in a preview, reads the invite’s requests and offers no write', async () => {
    renderWith(<AuditorRequestsPanel preview={INVITE} />);
    const card = await screen.findByTestId(`request-${submitted.id}`);
    expect(calls[0]!.url).toBe(`/api/auditor/requests?preview=${INVITE}`);
    expect(within(card).queryByTestId('request-accept')).toBeNull();
    expect(screen.queryByTestId('request-open')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Muster list, March' }).getAttribute('href')).toBe(
      `/auditor/evidence?record=${RECORD}&preview=${INVITE}`,
    );
  });
});

describe("the auditor's samples", () => {
  it('shows each sample with its seed and method, and the server’s reason under the size', async () => {
    renderWith(<SamplesPanel />);
    const card = await screen.findByTestId(`sample-${sample.id}`);
    expect(within(card).getByTestId('sample-seed-value').textContent).toBe('K7Q2M4XZ9ABCDEFG');
    expect(card.textContent).toContain('sha256-fisher-yates-v1');
    expect(card.textContent).toContain('1 of 12 records');
    const size = await screen.findByTestId<HTMLInputElement>('sample-size');
    fireEvent.change(size, { target: { value: '13' } });
    fireEvent.change(screen.getByTestId('sample-seed'), { target: { value: 'HARBOR' } });
    fireEvent.click(screen.getByTestId('sample-submit'));
    await waitFor(() => expect(screen.getByTestId('sample-form').textContent).toContain('A sample holds at most 12 records'));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/auditor/samples',
      body: { population: {}, size: 13, seed: 'HARBOR' },
    });
  });

  it('draws nothing in a preview', async () => {
    renderWith(<SamplesPanel preview={INVITE} />);
    await screen.findByTestId(`sample-${sample.id}`);
    expect(screen.queryByTestId('sample-form')).toBeNull();
  });
});
