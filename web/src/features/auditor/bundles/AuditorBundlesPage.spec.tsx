import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { AuditBundleView, EvidenceRecord } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { FakeSocket } from '../../live-chat/test-support';
import { fakeResponse } from '../../../lib/fake-response';
import { englishI18n, stubResizeObserver } from '../../../lib/spec-support';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// The page's socket is a Socket.IO client: the test stands in for it (and so for the server's pushes).
const fake = new FakeSocket();
jest.unstable_mockModule('socket.io-client', () => ({ io: () => fake }));

const { default: AuditorBundlesPage } = await import('./AuditorBundlesPage');
const { getSocket } = await import('../../../lib/socket');
const { addAllRecipes } = await import('../../../components/ui/all-recipes');
const { system } = await import('../../../components/ui/system');
const { MemoryRouter } = await import('react-router-dom');

configure({ asyncUtilTimeout: 5_000 });

const i18n = englishI18n(['common', 'errors', 'documents', 'auditBundles']);

const INVITE = '5d0c7a43-5f2e-4d4b-9f59-1b3a2c4d5e6f';
const BUNDLE = '8e3f9a2b-1c4d-4e5f-8a6b-7c8d9e0f1a2b';
const RECORD = '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const SHA = 'ab'.repeat(32);

const bundle = (over: Partial<AuditBundleView> = {}): AuditBundleView => ({
  id: BUNDLE,
  status: 'queued',
  stage: 'queued',
  percent: 0,
  recordCount: 2,
  sizeBytes: null,
  manifestSha256: null,
  kid: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  expiresAt: '2026-12-27T10:00:00.000Z',
  reason: null,
  downloadUrl: null,
  ...over,
});

const record: EvidenceRecord = {
  id: RECORD,
  kind: 'file',
  title: 'Fire drill report',
  description: '',
  ruleIds: ['isps_b18_5'],
  from: '2026-02-01',
  to: '2026-02-01',
  facility: null,
  source: null,
  fileName: 'report.pdf',
  contentType: 'application/pdf',
  size: 1234,
  sha256: 'cd'.repeat(32),
  addedBy: { id: null, name: 'Ada Admin' },
  createdAt: '2026-02-02T10:00:00.000Z',
  retainUntil: '2033-02-02T10:00:00.000Z',
  hold: null,
  review: null,
};

let listed: AuditBundleView[];
let listStatus: number;
let requests: { method: string; url: string; body?: unknown }[];

function renderPage(path = '/auditor/bundles') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <AuditorBundlesPage />
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
  listed = [];
  listStatus = 200;
  requests = [];
  document.cookie = 'muster.csrf=test-token';
  fake.connected = true;
  getSocket();
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, url: input, body });
    if (method === 'GET' && input.startsWith('/api/auditor/bundles')) {
      return Promise.resolve(
        listStatus === 200
          ? fakeResponse({ items: listed })
          : fakeResponse({ statusCode: 500, code: 'INTERNAL', reason: 'common.internal', message: 'x' }, 500),
      );
    }
    if (method === 'POST' && input === '/api/auditor/bundles') {
      const asked = body as { recordIds?: string[] };
      return Promise.resolve(fakeResponse(bundle({ recordCount: asked.recordIds?.length ?? 2 }), 202));
    }
    if (method === 'GET' && input.startsWith('/api/auditor/evidence?')) {
      return Promise.resolve(fakeResponse({ items: [record], total: 1, page: 1, pageSize: 100, editable: false }));
    }
    return Promise.resolve(fakeResponse({ message: 'not found', code: 'ROUTE_NOT_FOUND' }, 404));
  }) as typeof fetch;
});

afterEach(cleanup);

describe('the auditor bundles page', () => {
  it('builds a bundle of every record in scope and follows its progress to the download', async () => {
    renderPage();
    await screen.findByTestId('bundles-empty');
    fireEvent.click(screen.getByTestId('bundle-build-submit'));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/api/auditor/bundles')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({});
    const card = await screen.findByTestId('bundle');
    expect(card.getAttribute('data-status')).toBe('queued');

    act(() => fake.fire('auditor:bundle', bundle({ status: 'running', stage: 'rendering', percent: 40 })));
    await waitFor(() => expect(screen.getByTestId('bundle-progress').getAttribute('data-percent')).toBe('40'));
    expect(screen.getByTestId('bundle-progress').textContent).toContain('Making the file');
    // A late event never moves the bar back.
    act(() => fake.fire('auditor:bundle', bundle({ status: 'running', stage: 'reading', percent: 2 })));
    expect(screen.getByTestId('bundle-progress').getAttribute('data-percent')).toBe('40');

    act(() =>
      fake.fire(
        'auditor:bundle',
        bundle({
          status: 'done',
          stage: 'done',
          percent: 100,
          sizeBytes: 2048,
          manifestSha256: SHA,
          kid: 'mk-abc',
          downloadUrl: `/api/auditor/bundles/${BUNDLE}/download`,
        }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('bundle').getAttribute('data-status')).toBe('done'));
    expect(screen.queryByTestId('bundle-progress')).toBeNull();
    expect(screen.getByTestId('bundle-manifest-sha256').textContent).toBe(SHA);
    expect(screen.getByTestId('bundle-download').getAttribute('href')).toBe(`/api/auditor/bundles/${BUNDLE}/download`);
    expect(screen.getByTestId('bundle').textContent).toContain('mk-abc');
  });

  it('builds a bundle of the chosen records only', async () => {
    renderPage();
    await screen.findByTestId('bundles-empty');
    fireEvent.click(within(screen.getByTestId('bundle-mode')).getByText('Choose records'));
    const item = await screen.findByTestId('bundle-record');
    expect(item.textContent).toContain('Fire drill report');
    expect(screen.getByTestId('bundle-build-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(item).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('bundle-build-submit').textContent).toBe('Build with 1 record'));
    fireEvent.click(screen.getByTestId('bundle-build-submit'));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ recordIds: [RECORD] });
    expect((await screen.findByTestId('bundle')).textContent).toContain('1');
  });

  it('shows a failed bundle with its reason, and an expired one without a download', async () => {
    listed = [
      bundle({ status: 'failed', stage: 'failed', percent: 30, reason: 'auditor.bundleFailed' }),
      bundle({ id: '9e3f9a2b-1c4d-4e5f-8a6b-7c8d9e0f1a2b', status: 'done', stage: 'done', percent: 100, manifestSha256: SHA }),
    ];
    renderPage();
    const cards = await screen.findAllByTestId('bundle');
    expect(within(cards[0]!).getByTestId('bundle-error').textContent).toBe('The bundle could not be built');
    expect(within(cards[1]!).queryByTestId('bundle-download')).toBeNull();
    expect(cards[1]!.textContent).toContain('no longer kept');
  });

  it('is read-only in an admin preview', async () => {
    listed = [
      bundle({ status: 'done', stage: 'done', percent: 100, downloadUrl: `/api/auditor/bundles/${BUNDLE}/download?preview=${INVITE}` }),
    ];
    renderPage(`/auditor/bundles?preview=${INVITE}`);
    await screen.findByTestId('bundle');
    expect(screen.getByTestId('bundle-preview')).toBeTruthy();
    expect(screen.queryByTestId('bundle-build')).toBeNull();
    expect(requests.some((r) => r.url === `/api/auditor/bundles?preview=${INVITE}`)).toBe(true);
  });

  it('says when the bundles cannot be loaded', async () => {
    listStatus = 500;
    renderPage();
    expect((await screen.findByTestId('bundles-error')).textContent).toContain('The bundles could not be loaded');
  });
});
