import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import { reasonText, type SessionInfo, type SiemDelivery, type SiemDestination } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { FakeSocket } from '../live-chat/test-support';
import { fakeResponse } from '../../lib/fake-response';
import { englishI18n, stubResizeObserver } from '../../lib/spec-support';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// The page's one socket is a Socket.IO client: the test stands in for it (and so for the server).
const fake = new FakeSocket();
jest.unstable_mockModule('socket.io-client', () => ({ io: () => fake }));

const { default: SiemPage } = await import('./SiemPage');
const { SessionGate } = await import('../../app/session-gate');
const { getSocket } = await import('../../lib/socket');
const { addAllRecipes } = await import('../../components/ui/all-recipes');
const { system } = await import('../../components/ui/system');
const { MemoryRouter } = await import('react-router-dom');

configure({ asyncUtilTimeout: 5_000 });

const i18n = englishI18n(['common', 'errors', 'pages', 'audit', 'siem']);

const ORG = '0b5e3c8e-41a5-4a44-9b55-6d3f2b1a0c11';
const DEST = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const DELIVERY = '6f0c4f1e-9a3e-4c3b-8f5e-2d1c0b9a8e7d';

const session: SessionInfo = {
  authenticated: true,
  user: {
    id: 'c2c5b6a4-3c1f-4f58-9d6e-0a1b2c3d4e5f',
    username: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@example.com',
    autoLogoutMinutes: null,
  },
  org: { id: ORG, name: 'Harbour' },
  role: 'ADMIN',
};

const destination = (over: Partial<SiemDestination> = {}): SiemDestination => ({
  id: DEST,
  name: 'Splunk',
  url: 'https://splunk.example.com/services/collector/event',
  format: 'splunk_hec',
  classUids: [],
  minSeverityId: 1,
  hasAuthorization: false,
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  throttledUntil: null,
  failingSince: null,
  lastDeliveredAt: null,
  secrets: [{ id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', hint: 'whsec_MfKQ…', createdAt: '2026-11-23T10:00:00.000Z', expiresAt: null }],
  counts: { pending: 0, delivered: 0, failed: 0 },
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...over,
});

const delivery = (over: Partial<SiemDelivery> = {}): SiemDelivery => ({
  id: DELIVERY,
  destinationId: DEST,
  eventId: null,
  webhookId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  test: true,
  action: 'siem.test.send',
  status: 'pending',
  attempts: 0,
  lastStatusCode: null,
  lastLatencyMs: null,
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: '2026-11-23T10:05:00.000Z',
  ...over,
});

let destinations: SiemDestination[];
let deliveries: SiemDelivery[];
let requests: { method: string; url: string; body?: unknown }[];
let createAnswer: { status: number; body: unknown };

const response = fakeResponse;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/app/admin/siem']}>
            <SessionGate>
              <SiemPage pageId="siem" />
            </SessionGate>
          </MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>,
  );
}

const deliveryFetches = () =>
  requests.filter((r) => r.method === 'GET' && r.url.startsWith(`/api/siem/destinations/${DEST}/deliveries`)).length;

beforeAll(() => {
  addAllRecipes();
  stubResizeObserver();
});

beforeEach(() => {
  destinations = [destination()];
  deliveries = [];
  requests = [];
  createAnswer = { status: 201, body: null };
  document.cookie = 'muster.csrf=test-token';
  fake.connected = true;
  getSocket();
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, url: input, body });
    if (input === '/api/auth/me') return Promise.resolve(response(session));
    if (method === 'GET' && input === '/api/siem/destinations') return Promise.resolve(response({ items: destinations }));
    if (method === 'GET' && input.startsWith(`/api/siem/destinations/${DEST}/deliveries?`))
      return Promise.resolve(response({ items: deliveries, total: deliveries.length, page: 1, pageSize: 25 }));
    if (method === 'POST' && input === `/api/siem/destinations/${DEST}/test`) {
      deliveries = [delivery()];
      return Promise.resolve(response(deliveries[0], 202));
    }
    if (method === 'POST' && input === '/api/siem/destinations') return Promise.resolve(response(createAnswer.body, createAnswer.status));
    return Promise.resolve(response({ message: 'not found', code: 'ROUTE_NOT_FOUND' }, 404));
  }) as typeof fetch;
});

afterEach(cleanup);

describe('the SIEM page', () => {
  it('shows a destination with its format, health and secrets, and its delivery log follows siem:delivery live', async () => {
    renderPage();
    const card = await screen.findByTestId('siem-destination');
    expect(card.textContent).toContain('Splunk HTTP Event Collector');
    expect(card.textContent).toContain('Enabled');
    expect(card.textContent).toContain('All event classes');
    expect(within(card).getByTestId('siem-secret').textContent).toContain('whsec_MfKQ…');
    await screen.findByTestId('deliveries-empty');

    fireEvent.click(within(card).getByTestId('siem-test'));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === `/api/siem/destinations/${DEST}/test`)).toBe(true));
    const row = await screen.findByTestId('delivery');
    expect(row.getAttribute('data-status')).toBe('pending');
    expect(row.textContent).toContain('Test event');

    // The worker delivered it: the server pushes the change and the log reads it again, no polling.
    const before = deliveryFetches();
    deliveries = [
      delivery({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastLatencyMs: 42, deliveredAt: '2026-11-23T10:05:01.000Z' }),
    ];
    act(() => fake.fire('siem:delivery', { destinationId: DEST, deliveryId: DELIVERY, status: 'delivered' }));
    await waitFor(() => expect(screen.getByTestId('delivery').getAttribute('data-status')).toBe('delivered'));
    expect(screen.getByTestId('delivery-code').textContent).toBe('200');
    expect(screen.getByTestId('delivery').textContent).toContain('42 ms');
    expect(deliveryFetches()).toBe(before + 1);

    // A burst of changes is read once.
    const burst = deliveryFetches();
    act(() => {
      for (let i = 0; i < 5; i += 1) fake.fire('siem:delivery', { destinationId: DEST, deliveryId: DELIVERY, status: 'delivered' });
    });
    await waitFor(() => expect(deliveryFetches()).toBe(burst + 1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(deliveryFetches()).toBe(burst + 1);
  });

  it('adds a destination with the checked classes and shows its secret once', async () => {
    destinations = [];
    createAnswer = {
      status: 201,
      body: {
        destination: destination({ name: 'Elastic', format: 'elastic_json', classUids: [3002] }),
        secret: 'whsec_c2VjcmV0LXNlY3JldA==',
      },
    };
    renderPage();
    await screen.findByTestId('siem-empty');
    fireEvent.click(screen.getByTestId('siem-add'));
    const dialog = await screen.findByTestId('siem-dialog');
    fireEvent.change(within(dialog).getByTestId('siem-name'), { target: { value: 'Elastic' } });
    fireEvent.change(within(dialog).getByTestId('siem-url'), { target: { value: 'https://elastic.example.com/hook' } });
    fireEvent.change(within(dialog).getByTestId('siem-format'), { target: { value: 'elastic_json' } });
    const authentication = within(dialog).getByTestId('siem-class-3002');
    fireEvent.click(authentication);
    // The checkbox's state machine settles after the click.
    await waitFor(() => expect(authentication.closest('label')!.getAttribute('data-state')).toBe('checked'));
    fireEvent.click(within(dialog).getByTestId('siem-submit'));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/api/siem/destinations')).toBe(true));
    expect(requests.find((r) => r.method === 'POST' && r.url === '/api/siem/destinations')!.body).toEqual({
      name: 'Elastic',
      url: 'https://elastic.example.com/hook',
      format: 'elastic_json',
      classUids: [3002],
      minSeverityId: 1,
    });
    const secret = await screen.findByTestId('secret-dialog');
    expect(within(secret).getByTestId<HTMLInputElement>('secret-value').value).toBe('whsec_c2VjcmV0LXNlY3JldA==');
    expect(secret.textContent).toContain('it will not be shown again');
    fireEvent.click(within(secret).getByTestId('secret-done'));
    await waitFor(() => expect(screen.queryByTestId('secret-value')).toBeNull());
  });

  it('checks the form with the contracts and shows the server’s refusal of the address under it', async () => {
    createAnswer = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        reason: 'siem.privateAddress',
        params: {},
        message: `url: ${reasonText('siem.privateAddress')}`,
        fields: { url: reasonText('siem.privateAddress') },
        fieldReasons: { url: { reason: 'siem.privateAddress', params: {} } },
      },
    };
    renderPage();
    await screen.findByTestId('siem-destination');
    fireEvent.click(screen.getByTestId('siem-add'));
    const dialog = await screen.findByTestId('siem-dialog');
    fireEvent.click(within(dialog).getByTestId('siem-submit'));
    await within(dialog).findByText('Enter a name');
    expect(within(dialog).getByText(reasonText('siem.invalidUrl'))).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/siem/destinations')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('siem-name'), { target: { value: 'Local' } });
    fireEvent.change(within(dialog).getByTestId('siem-url'), { target: { value: 'http://10.0.0.5/hook' } });
    fireEvent.click(within(dialog).getByTestId('siem-submit'));
    await within(dialog).findByText(reasonText('siem.privateAddress'));
    expect(screen.queryByTestId('secret-dialog')).toBeNull();
  });
});
