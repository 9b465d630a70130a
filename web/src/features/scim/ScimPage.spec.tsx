import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { ScimOverview, ScimRequestRow, SessionInfo } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { FakeSocket } from '../live-chat/test-support';
import { fakeResponse } from '../../lib/fake-response';
import { englishI18n, stubResizeObserver } from '../../lib/spec-support';

Object.assign(globalThis, { TextEncoder, TextDecoder });
const fake = new FakeSocket();
jest.unstable_mockModule('socket.io-client', () => ({ io: () => fake }));

const { default: ScimPage } = await import('./ScimPage');
const { SessionGate } = await import('../../app/session-gate');
const { addAllRecipes } = await import('../../components/ui/all-recipes');
const { system } = await import('../../components/ui/system');
const { MemoryRouter } = await import('react-router-dom');

configure({ asyncUtilTimeout: 5_000 });

const i18n = englishI18n(['common', 'errors', 'pages', 'audit', 'scim']);

const TOKEN = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const GROUP = '6f0c4f1e-9a3e-4c3b-8f5e-2d1c0b9a8e7d';
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
  org: { id: '0b5e3c8e-41a5-4a44-9b55-6d3f2b1a0c11', name: 'Harbour' },
  role: 'ADMIN',
};

let overview: ScimOverview;
let log: ScimRequestRow[];
let requests: { method: string; url: string; body?: unknown }[];
let overviewStatus: number;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/app/admin/scim']}>
            <SessionGate>
              <ScimPage pageId="scim" />
            </SessionGate>
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
  overviewStatus = 200;
  overview = {
    endpoint: 'https://muster.example/api/scim/v2',
    tokens: [
      {
        id: TOKEN,
        name: 'Okta production',
        prefix: 'mscim_AbCdEf',
        createdBy: 'Ada Admin',
        createdAt: '2026-11-20T10:00:00.000Z',
        lastUsedAt: null,
        revokedAt: null,
      },
    ],
    users: [
      {
        id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        userName: 'grace@harbor.example',
        name: 'Grace Hopper',
        email: 'grace@harbor.example',
        active: false,
        role: 'MANAGER',
        updatedAt: '2026-11-21T10:00:00.000Z',
      },
    ],
    groups: [{ id: GROUP, displayName: 'Harbour Masters', members: 3, role: null, updatedAt: '2026-11-21T10:00:00.000Z' }],
  };
  log = [
    {
      id: '2d1c0b9a-8e7d-4c3b-8f5e-6f0c4f1e9a3e',
      tokenName: 'Okta production',
      method: 'POST',
      path: '/Users',
      status: 409,
      outcome: 'failure',
      durationMs: 12,
      at: '2026-11-21T10:00:00.000Z',
    },
  ];
  requests = [];
  document.cookie = 'muster.csrf=test-token';
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, url: input, body });
    if (input === '/api/auth/me') return Promise.resolve(fakeResponse(session));
    if (method === 'GET' && input === '/api/admin/scim')
      return Promise.resolve(
        overviewStatus === 200
          ? fakeResponse(overview)
          : fakeResponse({ message: 'down', code: 'INTERNAL', reason: 'common.internal' }, overviewStatus),
      );
    if (method === 'GET' && input === '/api/admin/scim/requests') return Promise.resolve(fakeResponse({ items: log }));
    if (method === 'POST' && input === '/api/admin/scim/tokens')
      return Promise.resolve(
        fakeResponse(
          { token: { ...overview.tokens[0], id: 'f0f0f0f0-0000-4000-8000-000000000001', name: 'Entra' }, secret: 'mscim_SECRETSECRET' },
          201,
        ),
      );
    if (method === 'DELETE' && input === `/api/admin/scim/tokens/${TOKEN}`) return Promise.resolve(fakeResponse(null, 204));
    if (method === 'PUT' && input === `/api/admin/scim/groups/${GROUP}/role`)
      return Promise.resolve(fakeResponse({ ...overview.groups[0], role: (body as { role: string }).role }));
    return Promise.resolve(fakeResponse({ message: 'not found', code: 'ROUTE_NOT_FOUND' }, 404));
  }) as typeof fetch;
});

afterEach(cleanup);

describe('the SCIM page', () => {
  it('shows the endpoint, tokens, groups, users and the request log', async () => {
    renderPage();
    expect((await screen.findByTestId<HTMLInputElement>('scim-endpoint')).value).toBe('https://muster.example/api/scim/v2');
    const token = screen.getByTestId('scim-token');
    expect(token.textContent).toContain('Okta production');
    expect(token.textContent).toContain('mscim_AbCdEf…');
    expect(within(token).getByTestId('scim-token-last-used').textContent).toBe('Never');
    expect(screen.getByTestId('scim-group').textContent).toContain('3 members');
    expect(screen.getByTestId('scim-user').textContent).toContain('Deactivated');
    expect(screen.getByTestId('scim-user').textContent).toContain('Manager');
    const request = await screen.findByTestId('scim-request');
    expect(request.textContent).toContain('POST');
    expect(request.textContent).toContain('409');
  });

  it('creates a token and shows its secret once; validates the name first', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('scim-token-add'));
    fireEvent.click(await screen.findByTestId('scim-token-create'));
    await screen.findByText('Enter a name');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('scim-token-name'), { target: { value: 'Entra' } });
    fireEvent.click(screen.getByTestId('scim-token-create'));
    const dialog = await screen.findByTestId('scim-token-dialog');
    expect(within(dialog).getByTestId<HTMLInputElement>('scim-token-value').value).toBe('mscim_SECRETSECRET');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Entra' });
  });

  it('maps a group to a role and revokes a token after confirming', async () => {
    renderPage();
    const select = await screen.findByTestId<HTMLSelectElement>('scim-group-role');
    fireEvent.change(select, { target: { value: 'MANAGER' } });
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ role: 'MANAGER' }));

    fireEvent.click(screen.getByTestId('scim-token-revoke'));
    fireEvent.click(await screen.findByTestId('scim-token-revoke-confirm'));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url === `/api/admin/scim/tokens/${TOKEN}`)).toBe(true));
  });

  it('says so when the page cannot load', async () => {
    overviewStatus = 500;
    renderPage();
    expect((await screen.findByTestId('scim-error')).textContent).toContain('SCIM provisioning could not be loaded');
  });
});
