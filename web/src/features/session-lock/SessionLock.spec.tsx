import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { SessionInfo } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { system } from '../../components/ui/system';
import { toaster } from '../../components/ui/toaster';
import { fakeResponse } from '../../lib/fake-response';
import { SESSION_QUERY_KEY } from '../auth/session';
import { sessionLockStore } from './lock-store';
import { SessionLock } from './SessionLock';

const locale = (ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/en/${ns}.json`, import.meta.url)), 'utf8')) as object;
const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { common: locale('common'), errors: locale('errors'), lock: locale('lock') } },
  ns: ['common', 'errors', 'lock'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});

const MINUTE = 60_000;
const SESSION: SessionInfo = {
  authenticated: true,
  user: {
    id: '7f1c1a52-3a1e-4c55-9d0e-0f3a1b2c3d4e',
    username: 'harbor.ops',
    firstName: null,
    lastName: null,
    email: 'ops@harbor.example',
    autoLogoutMinutes: 1,
  },
  org: { id: '0b7c3f1e-2d4a-4e5f-8a9b-1c2d3e4f5a6b', name: 'Harbor' },
  role: 'ADMIN',
};

type Handler = (init: RequestInit | undefined) => Response;
let routes: Record<string, Handler>;
const calls: string[] = [];

// Generous waits: the whole unit run shares the machine with the other test files.
configure({ asyncUtilTimeout: 5_000 });

// The overlay is a lazy chunk: load (and transform) it once up front, not inside a test's wait.
beforeAll(async () => {
  await import('./LockOverlay');
});

beforeEach(() => {
  localStorage.clear();
  sessionLockStore.forget();
  calls.length = 0;
  document.cookie = 'muster.csrf=test-token';
  window.history.replaceState(null, '', '/app/dashboard?tab=drills#recent');
  routes = {
    'GET /api/auth/me': () => fakeResponse(SESSION),
    'POST /api/auth/logout': () => fakeResponse({ ok: true }),
  };
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${input}`;
    calls.push(key);
    const handler = routes[key];
    return Promise.resolve(handler ? handler(init) : fakeResponse({ message: 'not found' }, 404));
  }) as unknown as typeof fetch;
});

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

function renderLock(client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })) {
  render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <SessionLock />
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>,
  );
  return client;
}

/** Idle for longer than the user's minute. */
const idleSince = (minutesAgo: number) => localStorage.setItem('muster.lastActivity', String(Date.now() - minutesAgo * MINUTE));

const submitPassword = (value: string) => {
  fireEvent.change(screen.getByPlaceholderText('Enter your password'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
};

describe('SessionLock', () => {
  it('locks an idle session and shows who is signed in', async () => {
    idleSince(2);
    renderLock();
    const dialog = await screen.findByRole('alertdialog', { name: 'Session Locked' });
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('harbor.ops'));
    expect(screen.getByTestId('session-lock-initials').textContent).toBe('HA');
    expect(screen.getByTestId('session-lock-email').textContent).toBe('ops@harbor.example');
    expect(localStorage.getItem('muster.locked')).toBe('true');
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
  });

  it('does not lock a recently active session, nor one without auto-lock minutes', async () => {
    idleSince(0.5);
    const first = renderLock();
    await waitFor(() => expect(first.getQueryData(SESSION_QUERY_KEY)).toEqual(SESSION));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(sessionLockStore.getState().locked).toBe(false);
    cleanup();

    const never = { ...SESSION, user: { ...SESSION.user, autoLogoutMinutes: null } };
    routes['GET /api/auth/me'] = () => fakeResponse(never);
    idleSince(600);
    const second = renderLock();
    await waitFor(() => expect(second.getQueryData(SESSION_QUERY_KEY)).toEqual(never));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(sessionLockStore.getState().locked).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks for the password, then unlocks with the right one', async () => {
    const create = jest.spyOn(toaster, 'create');
    let answer = false;
    routes['POST /api/auth/verify-password'] = (init) => {
      expect(JSON.parse(init?.body as string)).toEqual({ password: answer ? 'right-one' : 'wrong-one' });
      expect((init?.headers as Record<string, string>)['x-csrf-token']).toBe('test-token');
      return fakeResponse({ success: answer });
    };
    idleSince(2);
    renderLock();
    await screen.findByRole('alertdialog');

    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();

    submitPassword('wrong-one');
    expect(await screen.findByText('Incorrect password. 2 attempts remaining.')).toBeTruthy();
    expect(screen.getByTestId('session-lock-alert').textContent).toBe('2 attempts remaining before session termination.');
    expect(screen.getByPlaceholderText('Enter your password')).toHaveProperty('value', '');

    answer = true;
    submitPassword('right-one');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sessionLockStore.getState()).toEqual({ locked: false, failedAttempts: 0 });
    expect(localStorage.getItem('muster.locked')).toBeNull();
    expect(Number(localStorage.getItem('muster.lastActivity'))).toBeGreaterThan(Date.now() - MINUTE);
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', title: 'Session Unlocked', description: 'Welcome back! Your session has been unlocked.' }),
    );
  });

  it('ends the session after three wrong passwords, remembering the page', async () => {
    const create = jest.spyOn(toaster, 'create');
    routes['POST /api/auth/verify-password'] = () => fakeResponse({ success: false });
    idleSince(2);
    renderLock();
    await screen.findByRole('alertdialog');

    submitPassword('one');
    await screen.findByText('Incorrect password. 2 attempts remaining.');
    submitPassword('two');
    expect(await screen.findByText('Incorrect password. 1 attempt remaining.')).toBeTruthy();
    expect(screen.getByTestId('session-lock-alert').textContent).toBe(
      'Last attempt! Your session will be terminated if you enter the wrong password.',
    );
    submitPassword('three');

    await waitFor(() => expect(calls).toContain('POST /api/auth/logout'));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(localStorage.getItem('muster.returnUrl')).toBe('/app/dashboard?tab=drills#recent');
    expect(localStorage.getItem('muster.locked')).toBeNull();
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        title: 'Too Many Failed Attempts',
        description: 'Your session has been terminated for security. Please log in again.',
      }),
    );
  });

  it('says "Verifying..." while the password is checked', async () => {
    let answer: (value: Response) => void = () => undefined;
    idleSince(2);
    renderLock();
    await screen.findByRole('alertdialog');
    const fetchNow = globalThis.fetch;
    globalThis.fetch = jest.fn((input: string, init?: RequestInit) =>
      input === '/api/auth/verify-password' ? new Promise<Response>((resolve) => (answer = resolve)) : fetchNow(input, init),
    ) as unknown as typeof fetch;
    submitPassword('right-one');
    expect(await screen.findByText('Verifying...')).toBeTruthy();
    await act(async () => {
      answer(fakeResponse({ success: true }));
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('counts a failed request as a failed attempt', async () => {
    routes['POST /api/auth/verify-password'] = () => fakeResponse({ message: 'Too many attempts. Please try again later.' }, 429);
    idleSince(2);
    renderLock();
    await screen.findByRole('alertdialog');
    submitPassword('anything');
    expect(await screen.findByText('Incorrect password. 2 attempts remaining.')).toBeTruthy();
  });

  it('signs out at once when the account cannot use a password', async () => {
    const create = jest.spyOn(toaster, 'create');
    routes['POST /api/auth/verify-password'] = () =>
      fakeResponse(
        {
          statusCode: 403,
          error: 'Forbidden',
          code: 'SSO_REQUIRED',
          message: 'Your organisation signs in through single sign-on: password authentication is not available for this account.',
        },
        403,
      );
    idleSince(2);
    renderLock();
    await screen.findByRole('alertdialog');
    submitPassword('anything');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(calls).toContain('POST /api/auth/logout');
    expect(localStorage.getItem('muster.returnUrl')).toBe('/app/dashboard?tab=drills#recent');
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        title: 'Authentication Method Not Available',
        description: "Please log in again using your organization's authentication method.",
      }),
    );
  });

  it('Sign Out logs out and remembers the page', async () => {
    idleSince(2);
    renderLock();
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(calls).toContain('POST /api/auth/logout');
    expect(localStorage.getItem('muster.returnUrl')).toBe('/app/dashboard?tab=drills#recent');
    expect(sessionLockStore.getState().locked).toBe(false);
  });

  it('clears the lock when the session turns out signed out', async () => {
    localStorage.setItem('muster.locked', 'true');
    routes['GET /api/auth/me'] = () => fakeResponse({ message: 'You are not signed in' }, 401);
    renderLock();
    await waitFor(() => expect(localStorage.getItem('muster.locked')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('notices a logout elsewhere in the app (the query cache cleared)', async () => {
    const client = renderLock();
    await waitFor(() => expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual(SESSION));
    expect(localStorage.getItem('muster.lastActivity')).not.toBeNull();
    routes['GET /api/auth/me'] = () => fakeResponse({ message: 'You are not signed in' }, 401);
    act(() => client.clear());
    await waitFor(() => expect(localStorage.getItem('muster.lastActivity')).toBeNull());
  });

  it('keeps the overlay while the session is read again, and drops it once signed out', async () => {
    idleSince(2);
    const client = renderLock();
    await screen.findByRole('alertdialog');
    let answer: (value: Response) => void = () => undefined;
    globalThis.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    act(() => client.clear());
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await act(async () => {
      answer(fakeResponse({ message: 'You are not signed in' }, 401));
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(localStorage.getItem('muster.locked')).toBeNull();
  });

  it('records activity, but not while locked', async () => {
    const now = jest.spyOn(Date, 'now');
    const t0 = Date.UTC(2026, 3, 1, 9, 0, 0);
    now.mockReturnValue(t0);
    renderLock();
    await waitFor(() => expect(localStorage.getItem('muster.lastActivity')).toBe(String(t0)));
    now.mockReturnValue(t0 + 5_000);
    fireEvent.keyDown(window, { key: 'a' });
    expect(localStorage.getItem('muster.lastActivity')).toBe(String(t0 + 5_000));

    // Idle past the minute: the check on becoming visible locks it.
    now.mockReturnValue(t0 + 5_000 + MINUTE);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await screen.findByRole('alertdialog');
    now.mockReturnValue(t0 + 10_000 + MINUTE);
    fireEvent.mouseMove(window);
    fireEvent.click(document.body);
    expect(localStorage.getItem('muster.lastActivity')).toBe(String(t0 + 5_000));
  });
});
