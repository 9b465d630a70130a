import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { Notification, NotificationList } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { FakeSocket } from '../features/live-chat/test-support';
import { fakeResponse } from '../lib/fake-response';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// The page's one socket is a Socket.IO client: the test stands in for it (and so for the server).
const fake = new FakeSocket();
jest.unstable_mockModule('socket.io-client', () => ({ io: () => fake }));

const { NotificationBell } = await import('./NotificationBell');
const { useLiveNotifications } = await import('../features/notifications/useNotifications');
const { getSocket } = await import('../lib/socket');
const { addAllRecipes } = await import('../components/ui/all-recipes');
const { system } = await import('../components/ui/system');
const { MemoryRouter, Route, Routes, useLocation } = await import('react-router-dom');

configure({ asyncUtilTimeout: 5_000 });

const locale = (ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../public/locales/en/${ns}.json`, import.meta.url)), 'utf8')) as object;
const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { common: locale('common'), notifications: locale('notifications') } },
  ns: ['common', 'notifications'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

const RUN_ID = '2d0a78f1-fa53-4990-bace-4d4f340a8569';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function reminder(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: id(n),
    kind: 'drill_reminder',
    data: {
      runId: RUN_ID,
      title: `Evacuation ${String(n)}`,
      scheduledAt: new Date(Date.now() + 5 * 60_000 + 20_000).toISOString(),
      location: 'Berth 4',
      leadMinutes: 5,
    },
    link: `/app/drills/console/${RUN_ID}`,
    createdAt: new Date(Date.now() - 60_000 + n * 1000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

let list: NotificationList;
let requests: { method: string; url: string }[];

const response = fakeResponse;

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

function Shell({ children }: { children: ReactNode }) {
  useLiveNotifications();
  return <>{children}</>;
}

function renderBell(variant: 'popover' | 'inline') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/app/dashboard']}>
            <Shell>
              <NotificationBell variant={variant} />
              <Routes>
                <Route path="*" element={<Where />} />
              </Routes>
            </Shell>
          </MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>,
  );
}

const listFetches = () => requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/notifications')).length;
const count = () => screen.queryByTestId('notification-count')?.textContent ?? null;

beforeAll(() => {
  addAllRecipes();
});

beforeEach(() => {
  list = { items: [reminder(1), reminder(2, { readAt: new Date().toISOString() })], unread: 1 };
  requests = [];
  document.cookie = 'muster.csrf=test-token';
  fake.connected = true;
  fake.emitted.length = 0;
  getSocket();
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ method, url: input });
    if (method === 'GET' && input === '/api/notifications?limit=20') return Promise.resolve(response(list));
    const read = /^\/api\/notifications\/([0-9a-f-]+)\/read$/.exec(input);
    if (method === 'POST' && read) {
      list = { items: list.items.map((n) => (n.id === read[1] ? { ...n, readAt: new Date().toISOString() } : n)), unread: 0 };
      return Promise.resolve(response({ unread: list.items.filter((n) => !n.readAt).length }));
    }
    if (method === 'POST' && input === '/api/notifications/read-all') return Promise.resolve(response({ unread: 0 }));
    return Promise.resolve(response({ message: 'not found' }, 404));
  }) as typeof fetch;
});

afterEach(cleanup);

describe('the notification bell', () => {
  it('shows the unread count and raises it at once when a notification is pushed, counting each once', async () => {
    renderBell('popover');
    await screen.findByTestId('notification-count');
    expect(count()).toBe('1');
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, 1 unread');

    const pushed = reminder(3, { createdAt: new Date().toISOString() });
    act(() => fake.fire('notification:new', pushed));
    await waitFor(() => expect(count()).toBe('2'));
    expect(screen.getByTestId('notification-announcement').textContent).toBe('Unread notifications: 2');
    // The same notification heard again (a second listener, a retried push) is not counted again.
    act(() => fake.fire('notification:new', pushed));
    act(() => fake.fire('notification:new', reminder(2, { readAt: new Date().toISOString() })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count()).toBe('2');
    // No polling: the count rose without another request.
    expect(listFetches()).toBe(1);
  });

  it('writes each notification in the reader’s language from its kind and data', async () => {
    list = {
      items: [
        reminder(1),
        {
          id: id(9),
          kind: 'drill_cadence',
          data: { cadenceId: id(8), name: 'ISPS drill every 3 months', state: 'overdue', dueDate: '2026-11-01' },
          link: '/app/drills/reminders',
          createdAt: new Date(Date.now() - 3_600_000).toISOString(),
          readAt: null,
        },
      ],
      unread: 2,
    };
    renderBell('inline');
    fireEvent.click(await screen.findByTestId('notification-bell-menu'));
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Drill reminder: Evacuation 1');
    expect(items[0]!.textContent).toContain('Starts in 5 minutes');
    expect(items[0]!.textContent).toContain('Where: Berth 4');
    expect(items[1]!.textContent).toContain('Required cadence: ISPS drill every 3 months');
    expect(items[1]!.textContent).toContain('Overdue since November 1, 2026');
  });

  it('marks a notification read and opens its link when it is chosen', async () => {
    renderBell('inline');
    fireEvent.click(await screen.findByTestId('notification-bell-menu'));
    const [first] = await screen.findAllByTestId('notification-item');
    expect(first!.getAttribute('data-unread')).toBe('true');
    fireEvent.click(first!);
    expect(screen.getByTestId('location').textContent).toBe(`/app/drills/console/${RUN_ID}`);
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', url: `/api/notifications/${id(1)}/read` }));
    await waitFor(() => expect(count()).toBeNull());
    // The list closed on the way to the console.
    expect(screen.queryByTestId('notification-panel')).toBeNull();
  });

  it('marks everything read', async () => {
    list = { items: [reminder(1), reminder(2)], unread: 2 };
    renderBell('inline');
    fireEvent.click(await screen.findByTestId('notification-bell-menu'));
    await screen.findAllByTestId('notification-item');
    expect(within(screen.getByTestId('notification-list')).queryAllByText('Unread')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('notifications-read-all'));
    await waitFor(() => expect(count()).toBeNull());
    expect(within(screen.getByTestId('notification-list')).queryAllByText('Unread')).toHaveLength(0);
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', url: '/api/notifications/read-all' }));
  });

  it('refetches after a reconnect that lost events', async () => {
    renderBell('popover');
    await screen.findByTestId('notification-count');
    expect(listFetches()).toBe(1);
    // Missed while disconnected: the server has a new notification the client never heard of.
    list = { items: [reminder(4), ...list.items], unread: 2 };
    fake.recovered = false;
    act(() => fake.fire('connect'));
    act(() => fake.fire('connect'));
    await screen.findByText('2');
    expect(listFetches()).toBe(2);
  });
});
