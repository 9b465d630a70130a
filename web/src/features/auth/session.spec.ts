import { jest } from '@jest/globals';
import { fetchSession, SESSION_QUERY_KEY, SESSION_STALE_MS } from './session';

function answer(status: number, body: unknown): typeof fetch {
  const text = JSON.stringify(body);
  return jest.fn<typeof fetch>().mockResolvedValue({
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: () => 'application/json' },
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(body),
  } as unknown as Response);
}

describe('fetchSession', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('reads GET /api/auth/me, cached 5 minutes under its path', async () => {
    expect(SESSION_QUERY_KEY).toEqual(['/api/auth/me']);
    expect(SESSION_STALE_MS).toBe(300_000);
    const session = { authenticated: true, user: { email: 'a@b.co' }, org: null, role: 'SYSOPS' };
    global.fetch = answer(200, session);
    await expect(fetchSession()).resolves.toEqual(session);
    expect((global.fetch as jest.Mock).mock.calls[0]![0]).toBe('/api/auth/me');
  });

  it.each([401, 403])('means signed out (null) on %i', async (status) => {
    global.fetch = answer(status, { message: 'You are not signed in' });
    await expect(fetchSession()).resolves.toBeNull();
  });

  it('is an error for anything else', async () => {
    global.fetch = answer(503, { message: 'down' });
    await expect(fetchSession()).rejects.toThrow('503');
  });
});
