import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import { reasonText, type AuditEventView, type ChainVerification, type SessionInfo } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ComponentType } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { FakeSocket } from '../live-chat/test-support';
import { fakeResponse } from '../../lib/fake-response';

Object.assign(globalThis, { TextEncoder, TextDecoder });
const fake = new FakeSocket();
jest.unstable_mockModule('socket.io-client', () => ({ io: () => fake }));

const { default: MyTimelinePage } = await import('./MyTimelinePage');
const { default: OrgTimelinePage } = await import('./OrgTimelinePage');
const { default: CustomerTimelinePage } = await import('./CustomerTimelinePage');
const { default: ThreatsPage } = await import('./ThreatsPage');
const { SessionGate } = await import('../../app/session-gate');
const { addAllRecipes } = await import('../../components/ui/all-recipes');
const { system } = await import('../../components/ui/system');
const { MemoryRouter, Route, Routes } = await import('react-router-dom');

configure({ asyncUtilTimeout: 5_000 });

const locale = (ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/en/${ns}.json`, import.meta.url)), 'utf8')) as object;
const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { common: locale('common'), errors: locale('errors'), pages: locale('pages'), audit: locale('audit') } },
  ns: ['common', 'errors', 'pages', 'audit'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

const ORG = '0b5e3c8e-41a5-4a44-9b55-6d3f2b1a0c11';
const USER = 'c2c5b6a4-3c1f-4f58-9d6e-0a1b2c3d4e5f';
const user = { id: USER, username: 'ada', firstName: 'Ada', lastName: 'Admin', email: 'admin@example.com', autoLogoutMinutes: null };
const admin: SessionInfo = { authenticated: true, user, org: { id: ORG, name: 'Harbour' }, role: 'ADMIN' };
const root: SessionInfo = { authenticated: true, user, org: null, role: 'ROOT_ADMIN' };

const event = (over: Partial<AuditEventView> = {}): AuditEventView => ({
  id: '3f0a1b2c-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  seq: 7,
  orgId: ORG,
  time: '2026-11-23T10:00:00.000Z',
  action: 'auth.login',
  outcome: 'failure',
  reason: 'bad_password',
  classUid: 3002,
  className: 'Authentication',
  activityId: 1,
  activityName: 'Logon',
  severityId: 3,
  actor: {
    userId: USER,
    inviteId: null,
    role: 'USER',
    email: 'user@example.com',
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  },
  target: null,
  metadata: { method: 'password' },
  ...over,
});

let session: SessionInfo;
let requests: string[];
let routes: Record<string, { status: number; body: unknown }>;

const response = fakeResponse;

function renderAt(path: string, pattern: string, Page: ComponentType<PageProps>, pageId: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <SessionGate>
              <Routes>
                <Route path={pattern} element={<Page pageId={pageId} />} />
              </Routes>
            </SessionGate>
          </MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>,
  );
}

beforeAll(() => addAllRecipes());

beforeEach(() => {
  session = admin;
  requests = [];
  routes = {};
  globalThis.fetch = jest.fn((input: string) => {
    requests.push(input);
    if (input === '/api/auth/me') return Promise.resolve(response(session));
    const path = input.split('?')[0]!;
    const answer = routes[path];
    return Promise.resolve(answer ? response(answer.body, answer.status) : response({ message: 'not found' }, 404));
  }) as typeof fetch;
});

afterEach(cleanup);

const page = (items: AuditEventView[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 25 } });

describe('the security timeline', () => {
  it('lists the events with translated action, reason and severity, opens their details, and exports what is filtered', async () => {
    routes['/api/security/timeline'] = page([event()]);
    renderAt('/app/security-timeline?outcome=failure', '/app/security-timeline', MyTimelinePage, 'securityTimeline');
    const row = await screen.findByTestId('audit-event');
    expect(row.textContent).toContain('Signed in');
    expect(row.textContent).toContain('Failure');
    expect(row.textContent).toContain('Wrong password');
    expect(row.textContent).toContain('Medium');
    expect(row.textContent).toContain('Firefox 133 · Linux');
    expect(requests).toContain('/api/security/timeline?page=1&pageSize=25&outcome=failure');
    expect(screen.getByTestId('export-csv').getAttribute('href')).toBe('/api/security/timeline.csv?outcome=failure');

    fireEvent.click(within(row).getByTestId('event-toggle'));
    const details = await screen.findByTestId('event-details');
    expect(details.textContent).toContain('Authentication (3002)');
    expect(within(details).getByTestId('event-seq').textContent).toBe('7');
    expect(within(details).getByTestId('event-metadata').textContent).toContain('"method": "password"');
  });

  it('shows the schema’s message for an invalid filter and reads nothing', async () => {
    renderAt('/app/security-timeline?action=Auth-Login!', '/app/security-timeline', MyTimelinePage, 'securityTimeline');
    await screen.findByText('Letters, "_" and "." only');
    expect(requests.some((r) => r.startsWith('/api/security/timeline'))).toBe(false);
  });
});

describe('the organisation timeline', () => {
  it('shows actors and verifies the chain', async () => {
    routes['/api/admin/security/timeline'] = page([event()]);
    const verification: ChainVerification = {
      orgId: ORG,
      ok: true,
      checked: 42,
      head: { seq: 42, hash: 'ab'.repeat(32) },
      firstBroken: null,
      verifiedAt: '2026-11-23T11:00:00.000Z',
    };
    routes['/api/audit/verify'] = { status: 200, body: verification };
    renderAt('/app/admin/security-timeline', '/app/admin/security-timeline', OrgTimelinePage, 'orgSecurityTimeline');
    const row = await screen.findByTestId('audit-event');
    expect(row.textContent).toContain('user@example.com');
    fireEvent.click(screen.getByTestId('verify-chain-button'));
    const result = await screen.findByTestId('chain-result');
    expect(result.getAttribute('data-ok')).toBe('true');
    expect(result.textContent).toContain('42 events checked; every link holds.');
    expect(screen.getByTestId('chain-head').textContent).toBe('abababab…abab');
  });

  it('reports the first broken link', async () => {
    routes['/api/admin/security/timeline'] = page([]);
    routes['/api/audit/verify'] = {
      status: 200,
      body: {
        orgId: ORG,
        ok: false,
        checked: 6,
        head: null,
        firstBroken: { seq: 7, eventId: null, reason: 'hash_mismatch', expected: 'e'.repeat(64), found: 'f'.repeat(64) },
        verifiedAt: '2026-11-23T11:00:00.000Z',
      },
    };
    renderAt('/app/admin/security-timeline', '/app/admin/security-timeline', OrgTimelinePage, 'orgSecurityTimeline');
    await screen.findByTestId('timeline-empty');
    fireEvent.click(screen.getByTestId('verify-chain-button'));
    const result = await screen.findByTestId('chain-result');
    expect(result.getAttribute('data-ok')).toBe('false');
    expect(screen.getByTestId('chain-broken-seq').textContent).toBe('7');
    expect(result.textContent).toContain('The event was changed after it was written');
    expect(result.textContent).toContain('f'.repeat(64));
  });

  it('asks platform staff for the organisation and sends it', async () => {
    session = root;
    routes['/api/admin/security/timeline'] = page([event()]);
    renderAt('/app/admin/security-timeline', '/app/admin/security-timeline', OrgTimelinePage, 'orgSecurityTimeline');
    await screen.findByTestId('choose-organization');
    expect(requests.some((r) => r.startsWith('/api/admin/security/timeline'))).toBe(false);
    fireEvent.change(screen.getByTestId('organization-id'), { target: { value: 'not-an-id' } });
    fireEvent.click(screen.getByTestId('organization-apply'));
    await screen.findByText('Must be an organisation id');
    fireEvent.change(screen.getByTestId('organization-id'), { target: { value: ORG } });
    fireEvent.click(screen.getByTestId('organization-apply'));
    await screen.findByTestId('audit-event');
    expect(requests).toContain(`/api/admin/security/timeline?page=1&pageSize=25&orgId=${ORG}`);
  });

  it("says the server's no-organisation answer in the reader's words", async () => {
    routes['/api/admin/security/timeline'] = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'BAD_REQUEST',
        reason: 'audit.noOrganization',
        params: {},
        message: reasonText('audit.noOrganization'),
      },
    };
    renderAt('/app/admin/security-timeline', '/app/admin/security-timeline', OrgTimelinePage, 'orgSecurityTimeline');
    const error = await screen.findByTestId('timeline-error');
    expect(error.textContent).toContain('Choose an organisation: platform accounts have none of their own');
  });
});

describe('the customer timeline', () => {
  const CUSTOMER = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';

  it('names the customer above their events', async () => {
    session = { ...admin, org: null, role: 'SYSOPS' };
    routes[`/api/sysops/customers/${CUSTOMER}/timeline`] = {
      status: 200,
      body: {
        ...page([event()]).body,
        customer: {
          id: CUSTOMER,
          name: 'Uma User',
          email: 'user@example.com',
          role: 'USER',
          status: 'locked',
          orgId: ORG,
          orgName: 'Harbour',
        },
      },
    };
    renderAt(
      `/app/sysops/customer-timeline/${CUSTOMER}`,
      '/app/sysops/customer-timeline/:userId',
      CustomerTimelinePage,
      'customerTimeline',
    );
    const card = await screen.findByTestId('customer-card');
    expect(card.textContent).toContain('Uma User');
    expect(card.textContent).toContain('Locked');
    expect(card.textContent).toContain('Harbour');
    await screen.findByTestId('audit-event');
    expect(screen.getByTestId('export-csv').getAttribute('href')).toBe(`/api/sysops/customers/${CUSTOMER}/timeline.csv`);
  });

  it('says "No such customer" for an unknown one', async () => {
    session = { ...admin, org: null, role: 'SYSOPS' };
    routes[`/api/sysops/customers/${CUSTOMER}/timeline`] = {
      status: 404,
      body: {
        statusCode: 404,
        error: 'Not Found',
        code: 'NOT_FOUND',
        reason: 'notFound.customer',
        params: {},
        message: 'No such customer',
      },
    };
    renderAt(
      `/app/sysops/customer-timeline/${CUSTOMER}`,
      '/app/sysops/customer-timeline/:userId',
      CustomerTimelinePage,
      'customerTimeline',
    );
    const notFound = await screen.findByTestId('customer-not-found');
    expect(notFound.textContent).toContain('No such customer');
    await waitFor(() => expect(screen.queryByTestId('timeline-filters')).toBeNull());
  });
});

describe('the threats view', () => {
  it('shows the summary, the accounts and addresses, and the findings; flagged only and the kind filter reach the server', async () => {
    routes['/api/admin/security/threats'] = {
      status: 200,
      body: {
        from: '2026-11-16T10:00:00.000Z',
        to: '2026-11-23T10:00:00.000Z',
        summary: { failedSignIns: 12, lockouts: 1, unusualHours: 2, newAddresses: 3, flaggedAccounts: 1, flaggedAddresses: 1 },
        accounts: [
          {
            email: 'user@example.com',
            userId: USER,
            failures: 11,
            addresses: 2,
            lockouts: 1,
            lastAt: '2026-11-23T09:00:00.000Z',
            flagged: true,
          },
        ],
        addresses: [{ ip: '203.0.113.7', failures: 12, accounts: 1, lastAt: '2026-11-23T09:00:00.000Z', flagged: true }],
        findings: {
          items: [{ kind: 'lockout', event: event({ action: 'auth.lockout', outcome: 'success', reason: null }) }],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      },
    };
    renderAt('/app/admin/security-threats', '/app/admin/security-threats', ThreatsPage, 'securityThreats');
    expect((await screen.findByTestId('threat-failedSignIns')).textContent).toContain('12');
    const account = screen.getByTestId('threat-account');
    expect(account.getAttribute('data-flagged')).toBe('true');
    expect(account.textContent).toContain('Flagged');
    expect(screen.getByTestId('threat-address').textContent).toContain('203.0.113.7');
    expect(screen.getByTestId('finding-kind').textContent).toBe('Lockout');
    expect(within(screen.getByTestId('threat-findings')).getByTestId('audit-event').textContent).toContain(
      'Account locked after failed sign-ins',
    );
    expect(requests).toContain('/api/admin/security/threats?page=1&pageSize=25');

    fireEvent.change(screen.getByTestId('filter-kind'), { target: { value: 'lockout' } });
    await waitFor(() => expect(requests).toContain('/api/admin/security/threats?page=1&pageSize=25&kind=lockout'));
    fireEvent.click(within(screen.getByTestId('filter-flagged')).getByRole('checkbox'));
    await waitFor(() => expect(requests).toContain('/api/admin/security/threats?page=1&pageSize=25&kind=lockout&flaggedOnly=true'));
    expect(screen.getByTestId('export-csv').getAttribute('href')).toBe('/api/admin/security/threats.csv?kind=lockout&flaggedOnly=true');
  });
});
