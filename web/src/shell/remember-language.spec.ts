import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { API_PATHS, type SessionInfo } from '@muster/contracts';
import { QueryClient } from '@tanstack/react-query';
import { fakeResponse } from '../lib/fake-response';
import { rememberLanguage } from './remember-language';

const SESSION: SessionInfo = {
  authenticated: true,
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'ana',
    firstName: 'Ana',
    lastName: null,
    email: 'ana@example.com',
    autoLogoutMinutes: null,
  },
  org: { id: '00000000-0000-4000-8000-000000000002', name: 'Harbor Point' },
  role: 'ADMIN',
};

let requests: { method: string; url: string; body: unknown; csrf: string | undefined }[];
let answer: Response;

beforeEach(() => {
  requests = [];
  answer = fakeResponse(SESSION);
  document.cookie = 'muster.csrf=test-token';
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    requests.push({
      method: init?.method ?? 'GET',
      url: input,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      csrf: headers['x-csrf-token'],
    });
    return Promise.resolve(answer);
  }) as typeof fetch;
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('rememberLanguage', () => {
  it('stores a language chosen while signed in on the account, with the CSRF header', async () => {
    const client = new QueryClient();
    client.setQueryData([API_PATHS.me], SESSION);
    await rememberLanguage(client, 'es');
    expect(requests).toEqual([{ method: 'PATCH', url: '/api/auth/profile', body: { language: 'es' }, csrf: 'test-token' }]);
  });

  it('asks nothing of the server when signed out, or for a guest auditor', async () => {
    const client = new QueryClient();
    await rememberLanguage(client, 'es');
    client.setQueryData([API_PATHS.me], null);
    await rememberLanguage(client, 'ar');
    client.setQueryData([API_PATHS.me], { ...SESSION, role: 'GUEST_AUDITOR' });
    await rememberLanguage(client, 'zh');
    expect(requests).toEqual([]);
  });

  it('only logs a failure, as any failed language change (spec §8)', async () => {
    const client = new QueryClient();
    client.setQueryData([API_PATHS.me], SESSION);
    answer = fakeResponse({ statusCode: 500 }, 500);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(rememberLanguage(client, 'ar')).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(client.getQueryData([API_PATHS.me])).toEqual(SESSION);
  });
});
