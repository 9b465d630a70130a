import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { ManagerDashboard, Onboarding, SessionInfo } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { FakeSocket } from '../live-chat/test-support';
import { fakeResponse } from '../../lib/fake-response';
import { englishI18n, stubResizeObserver } from '../../lib/spec-support';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
const fake = new FakeSocket();
jest.unstable_mockModule('socket.io-client', () => ({ io: () => fake }));

const { default: ManagerDashboardPage } = await import('./ManagerDashboardPage');
const { SessionGate } = await import('../../app/session-gate');
const { addAllRecipes } = await import('../../components/ui/all-recipes');
const { system } = await import('../../components/ui/system');
const { MemoryRouter } = await import('react-router-dom');

configure({ asyncUtilTimeout: 5_000 });

const NAMESPACES = ['common', 'errors', 'pages', 'auth', 'dashboards', 'drillReminders'];
const i18n = englishI18n(NAMESPACES);

const session: SessionInfo = {
  authenticated: true,
  user: {
    id: 'c2c5b6a4-3c1f-4f58-9d6e-0a1b2c3d4e5f',
    username: 'manager',
    firstName: 'Mina',
    lastName: 'Manager',
    email: 'manager@example.com',
    autoLogoutMinutes: null,
  },
  org: { id: '0b5e3c8e-41a5-4a44-9b55-6d3f2b1a0c11', name: 'Harbour' },
  role: 'MANAGER',
};

/** A new organisation's manager dashboard: nothing set up, nothing run. */
const empty = (): ManagerDashboard => ({
  timeZone: 'Europe/Oslo',
  cadences: { dueSoon: 0, overdue: 0, items: [] },
  week: { from: '2026-11-23', to: '2026-11-29', scheduled: 0, live: 0, completed: 0, items: [] },
  correctiveActions: { open: 0, overdue: 0 },
  trend: ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map((month) => ({
    month,
    runs: 0,
    attendancePercent: null,
    musterMedianMinutes: null,
  })),
  sopAcknowledgements: { missing: 0, items: [] },
});

let dashboard: ManagerDashboard | null;
let onboarding: Onboarding;
/** Answers of the dashboard call that are held back until released (the loading state). */
let hold: Promise<void> | null;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/app/manager']}>
            <SessionGate>
              <ManagerDashboardPage pageId="manager" />
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
  dashboard = empty();
  hold = null;
  onboarding = {
    done: false,
    items: [
      { id: 'timeZone', done: true },
      { id: 'inviteTeam', done: false },
      { id: 'complianceProfile', done: false },
      { id: 'firstDrill', done: false },
    ],
  };
  globalThis.fetch = jest.fn(async (input: string) => {
    if (input === '/api/auth/me') return fakeResponse(session);
    if (input === '/api/dashboards/onboarding') return fakeResponse(onboarding);
    if (input === '/api/dashboards/manager') {
      if (hold) await hold;
      return dashboard
        ? fakeResponse(dashboard)
        : fakeResponse({ statusCode: 503, message: 'down', code: 'SERVICE_UNAVAILABLE', reason: 'common.serviceUnavailable' }, 503);
    }
    return fakeResponse({ message: 'not found', code: 'ROUTE_NOT_FOUND' }, 404);
  }) as typeof fetch;
});

afterEach(cleanup);

describe('the manager dashboard', () => {
  it('shows skeletons while the figures load', async () => {
    let release!: () => void;
    hold = new Promise((done) => (release = done));
    renderPage();
    expect(await screen.findByTestId('manager-dashboard')).toBeTruthy();
    expect(screen.getByRole('status', { busy: true })).toBeTruthy();
    release();
    expect(await screen.findByTestId('figure-cadences-overdue')).toBeTruthy();
  });

  it('tells a new organisation what to do first: the checklist with its progress, and an empty state with a link in each block', async () => {
    renderPage();
    expect((await screen.findByTestId('greeting')).textContent).toMatch(/^Good (morning|afternoon|evening), Mina Manager$/);
    expect(screen.getByTestId('organization').textContent).toBe('Harbour');
    const checklist = await screen.findByTestId('onboarding');
    expect(within(checklist).getByText('1 of 4 steps done')).toBeTruthy();
    expect(await screen.findByText('No cadence is set. Set how often drills must happen to see what is due.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set cadences' }).getAttribute('href')).toBe('/app/drills/reminders');
    expect(screen.getByText('No drill this week. Schedule one from the library.')).toBeTruthy();
    expect(screen.getByText('No finished drill in the last six months. Run one to start the trend.')).toBeTruthy();
    expect(screen.getByText('Every member has acknowledged the effective SOPs.')).toBeTruthy();
    expect(screen.queryByTestId('trend-chart')).toBeNull();
  });

  it('shows the figures, each leading to its screen, and hides a finished checklist', async () => {
    onboarding = { done: true, items: onboarding.items.map((i) => ({ ...i, done: true })) };
    dashboard = {
      ...empty(),
      cadences: {
        dueSoon: 1,
        overdue: 2,
        items: [
          {
            cadenceId: '5f8a1c2e-0d3b-4e6f-9a7b-1c2d3e4f5a6b',
            name: 'Quarterly fire drill',
            nameKey: null,
            kind: 'drill',
            state: 'overdue',
            lastRunId: null,
            lastRunAt: null,
            dueDate: null,
            daysLeft: null,
          },
        ],
      },
      correctiveActions: { open: 3, overdue: 1 },
      sopAcknowledgements: {
        missing: 4,
        items: [{ sopId: '7e6d5c4b-3a29-4817-9605-f4e3d2c1b0a9', title: 'Berth evacuation', version: 2, missing: 4 }],
      },
    };
    renderPage();
    const overdue = await screen.findByTestId('figure-cadences-overdue');
    expect(overdue.textContent).toContain('2');
    expect(screen.getByRole('link', { name: /Cadences overdue/ }).getAttribute('href')).toBe('/app/drills/reminders');
    expect(screen.getByTestId('figure-actions-open').textContent).toContain('3');
    expect(screen.getByTestId('figure-acks-missing').textContent).toContain('4');
    expect(screen.getByTestId('cadence').textContent).toContain('Quarterly fire drill');
    expect(screen.getByTestId('sop-missing').textContent).toContain('4 members have not acknowledged');
    expect(screen.queryByTestId('onboarding')).toBeNull();
  });

  it('says why the figures could not be loaded, in words from the reason', async () => {
    dashboard = null;
    renderPage();
    const error = await screen.findByTestId('dashboard-error');
    expect(error.textContent).toContain('The service is unavailable: try again in a moment');
    expect(screen.queryByTestId('figure-cadences-overdue')).toBeNull();
  });
});
