import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { EvidenceDetail, EvidenceRecord, SessionInfo } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { fakeResponse } from '../../lib/fake-response';
import { englishI18n, stubResizeObserver } from '../../lib/spec-support';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

const { default: RecordsPanel } = await import('./RecordsPanel');
const { SignedInSessionProvider } = await import('../auth/signed-in-session');
const { addAllRecipes } = await import('../../components/ui/all-recipes');
const { system } = await import('../../components/ui/system');
const { MemoryRouter } = await import('react-router-dom');

configure({ asyncUtilTimeout: 5_000 });

const i18n = englishI18n(['common', 'errors', 'evidence', 'compliance']);

const ORG = '0b5e3c8e-41a5-4a44-9b55-6d3f2b1a0c11';
const RECORD = '6f0c4f1e-9a3e-4c3b-8f5e-2d1c0b9a8e7d';
const HASH = 'a'.repeat(64);

const sessionAs = (role: SessionInfo['role']): SessionInfo => ({
  authenticated: true,
  user: {
    id: 'c2c5b6a4-3c1f-4f58-9d6e-0a1b2c3d4e5f',
    username: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'a@example.com',
    autoLogoutMinutes: null,
  },
  org: { id: ORG, name: 'Harbour' },
  role,
});

const record: EvidenceRecord = {
  id: RECORD,
  kind: 'file',
  title: 'Fire pump weekly test log',
  description: 'Signed log sheets',
  ruleIds: ['isps_b18_5'],
  from: '2026-07-01',
  to: '2026-09-30',
  facility: 'Terminal 2',
  source: null,
  fileName: 'pump.pdf',
  contentType: 'application/pdf',
  size: 2048,
  sha256: HASH,
  addedBy: { id: null, name: 'Amelia Hart' },
  createdAt: '2026-10-01T09:00:00.000Z',
  retainUntil: '2033-10-01T09:00:00.000Z',
  hold: null,
  review: null,
};

const detail: EvidenceDetail = {
  ...record,
  holds: [],
  custody: [
    {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      at: '2026-10-01T09:00:00.000Z',
      action: 'added',
      actor: 'Amelia Hart',
      actorKind: 'member',
      detail: 'pump.pdf',
      seq: 41,
      hash: 'b'.repeat(64),
    },
    {
      id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
      at: '2026-10-02T09:00:00.000Z',
      action: 'downloaded',
      actor: 'Sam Reviewer (Harbour Assurance)',
      actorKind: 'auditor',
      detail: null,
      seq: 57,
      hash: 'c'.repeat(64),
    },
  ],
};

let items: EvidenceRecord[];
let failList: boolean;
/** What the server says of the reader: ADMINs may add. */
let editable: boolean;
let requests: { method: string; url: string; body?: unknown }[];

function renderPanel(role: SessionInfo['role'], path = '/app/admin/evidence-vault', readOnly = false) {
  editable = role === 'ADMIN';
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <SignedInSessionProvider session={sessionAs(role)}>
              <RecordsPanel readOnly={readOnly} />
            </SignedInSessionProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>,
  );
}

beforeAll(() => {
  addAllRecipes();
  stubResizeObserver();
});

beforeEach(() => {
  items = [record];
  failList = false;
  requests = [];
  document.cookie = 'muster.csrf=test-token';
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, url: input, body });
    if (input.startsWith('/api/evidence?')) {
      if (failList)
        return Promise.resolve(
          fakeResponse({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', reason: 'common.serviceUnavailable', params: {} }, 503),
        );
      return Promise.resolve(fakeResponse({ items, total: items.length, page: 1, pageSize: 20, editable }));
    }
    if (input === `/api/evidence/${RECORD}`) return Promise.resolve(fakeResponse(detail));
    if (input === '/api/compliance/rules')
      return Promise.resolve(
        fakeResponse({
          items: [
            {
              id: 'isps_b18_5',
              source: 'ISPS Code B/18.5',
              titleKey: null,
              title: 'Drills every 3 months',
              builtIn: true,
              kind: 'cadence',
            },
          ],
        }),
      );
    if (input === '/api/compliance/profiles') return Promise.resolve(fakeResponse({ items: [], editable: true }));
    if (input === '/api/organization/settings') return Promise.resolve(fakeResponse({ name: 'Harbour', timeZone: 'Europe/Lisbon' }));
    return Promise.resolve(fakeResponse({ message: 'not found' }, 404));
  }) as unknown as typeof fetch;
});

afterEach(() => cleanup());

describe('the Records tab of the evidence vault', () => {
  it('lists the records with their rules, period and fingerprint, and offers ADMINs both ways to add', async () => {
    renderPanel('ADMIN');
    const card = await screen.findByTestId('evidence-card');
    expect(within(card).getByTestId('evidence-title').textContent).toBe('Fire pump weekly test log');
    expect(card.textContent).toContain('ISPS Code B/18.5');
    expect(card.textContent).toContain('Terminal 2');
    expect(card.textContent).toContain(`SHA-256 ${HASH.slice(0, 16)}`);
    expect(screen.getByTestId('evidence-add-file')).toBeTruthy();
    expect(screen.getByTestId('evidence-add-link')).toBeTruthy();
  });

  it('searches and filters on the server, and says when nothing matches', async () => {
    renderPanel('ADMIN');
    await screen.findByTestId('evidence-card');
    items = [];
    fireEvent.change(screen.getByTestId('evidence-filter-kind'), { target: { value: 'drill_run' } });
    await screen.findByTestId('evidence-empty');
    expect(screen.getByTestId('evidence-empty').textContent).toContain('No records match');
    expect(requests.some((r) => r.url.startsWith('/api/evidence?') && r.url.includes('kind=drill_run'))).toBe(true);
    fireEvent.change(screen.getByTestId('evidence-search'), { target: { value: 'pump log' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(requests.some((r) => r.url.includes('q=pump+log') || r.url.includes('q=pump%20log'))).toBe(true));
  });

  it('shows a failed load with a way to try again', async () => {
    failList = true;
    renderPanel('ADMIN');
    await screen.findByTestId('evidence-error');
    failList = false;
    fireEvent.click(within(screen.getByTestId('evidence-error')).getByRole('button'));
    await screen.findByTestId('evidence-card');
  });

  it('reads only, without ways to add, when read-only (INTERNAL_AUDITOR)', async () => {
    renderPanel('INTERNAL_AUDITOR', '/app/admin/evidence-vault', true);
    await screen.findByTestId('evidence-card');
    expect(screen.queryByTestId('evidence-add-file')).toBeNull();
    expect(screen.queryByTestId('evidence-add-link')).toBeNull();
    // The organisation's settings are an ADMIN's: never asked for.
    expect(requests.some((r) => r.url === '/api/organization/settings')).toBe(false);
  });

  it('opens a record from the address with its full fingerprint, retention, hold and custody log', async () => {
    renderPanel('ADMIN', `/app/admin/evidence-vault?record=${RECORD}`);
    const panel = await screen.findByTestId('evidence-detail');
    expect(within(panel).getByTestId('evidence-sha256').textContent).toBe(HASH);
    expect(within(panel).getByTestId('evidence-view').getAttribute('href')).toBe(`/api/evidence/${RECORD}/file?disposition=inline`);
    expect(within(panel).getByTestId('evidence-download').getAttribute('href')).toBe(`/api/evidence/${RECORD}/file?disposition=attachment`);
    expect(within(panel).getByTestId('evidence-hold').getAttribute('data-held')).toBe('false');
    expect(within(panel).getByTestId('evidence-hold-form')).toBeTruthy();
    const rows = within(panel).getAllByTestId('custody-row');
    expect(rows.map((r) => r.getAttribute('data-action'))).toEqual(['added', 'downloaded']);
    expect(rows[1]!.textContent).toContain('Sam Reviewer (Harbour Assurance)');
    expect(rows[1]!.textContent).toContain('guest auditor');
    expect(rows[0]!.textContent).toContain('#41');
  });
});
