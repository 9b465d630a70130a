import { jest } from '@jest/globals';
import { ApiError, apiErrorBody, apiRequest, errorMessage, FALLBACK_ERROR_MESSAGE, readCookie } from './api';

/** What a browser's Response would carry (jsdom has no Response). */
function response(status: number, body: string, contentType = 'application/json', statusText = ''): globalThis.Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    text: () => Promise.resolve(body),
    json: () => Promise.resolve(JSON.parse(body) as unknown),
  } as unknown as globalThis.Response;
}

/** A fetch that always answers with that response. */
function respond(status: number, body: string, contentType = 'application/json', statusText = '') {
  return jest.fn<typeof fetch>().mockResolvedValue(response(status, body, contentType, statusText));
}

describe('apiRequest', () => {
  const realFetch = global.fetch;
  // A CSRF cookie is present, so a mutating request is the only fetch (priming is tested below).
  beforeEach(() => {
    document.cookie = 'muster.csrf=t; path=/';
  });
  afterEach(() => {
    global.fetch = realFetch;
    document.cookie = 'muster.csrf=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('sends credentials and a JSON body, and parses a JSON answer', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    global.fetch = fetchMock;
    await expect(apiRequest('POST', '/api/thing', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/thing');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('yields an empty result for 204 and for non-JSON answers', async () => {
    global.fetch = respond(204, '');
    await expect(apiRequest('DELETE', '/api/thing')).resolves.toBeNull();
    global.fetch = respond(200, 'plain', 'text/plain');
    await expect(apiRequest('GET', '/api/thing')).resolves.toBeNull();
  });

  it('raises "status: body" for a non-OK answer, or the status text when the body is empty', async () => {
    global.fetch = respond(400, '{"message":"Bad email"}');
    await expect(apiRequest('GET', '/x')).rejects.toThrow('400: {"message":"Bad email"}');
    global.fetch = respond(502, '', 'text/plain', 'Bad Gateway');
    const err = await apiRequest('GET', '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('502: Bad Gateway');
    expect((err as ApiError).status).toBe(502);
  });
});

describe('CSRF header', () => {
  const realFetch = global.fetch;
  const setCookie = (value: string) => {
    document.cookie = `muster.csrf=${value}; path=/`;
  };
  const clearCookie = () => {
    document.cookie = 'muster.csrf=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  };
  const headersOf = (call: unknown[]) => ((call[1] as RequestInit).headers ?? {}) as Record<string, string>;

  afterEach(() => {
    global.fetch = realFetch;
    clearCookie();
  });

  it('sends the muster.csrf cookie value as X-CSRF-Token on every mutating method', async () => {
    setCookie('tok-123');
    const fetchMock = respond(200, '{"ok":true}');
    global.fetch = fetchMock;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) await apiRequest(method, '/api/thing', { a: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    for (const call of fetchMock.mock.calls) expect(headersOf(call)['x-csrf-token']).toBe('tok-123');
  });

  it('sends no CSRF header on a GET and never primes the cookie for it', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    global.fetch = fetchMock;
    await apiRequest('GET', '/api/thing');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(headersOf(fetchMock.mock.calls[0]!)['x-csrf-token']).toBeUndefined();
  });

  it('decodes a URL-encoded cookie value', async () => {
    setCookie(encodeURIComponent('a+b/c='));
    expect(readCookie('muster.csrf')).toBe('a+b/c=');
    const fetchMock = respond(200, '{"ok":true}');
    global.fetch = fetchMock;
    await apiRequest('POST', '/api/thing');
    expect(headersOf(fetchMock.mock.calls[0]!)['x-csrf-token']).toBe('a+b/c=');
  });

  it('when the cookie is missing, first calls GET /api/auth/me (which sets it), then sends it', async () => {
    const answer = response(200, '{"ok":true}');
    const fetchMock = jest.fn<typeof fetch>().mockImplementation((input) => {
      if (input === '/api/auth/me') setCookie('fresh-token'); // what the server's Set-Cookie does
      return Promise.resolve(answer);
    });
    global.fetch = fetchMock;
    await expect(apiRequest('POST', '/api/auth/login', { email: 'a@b.c', password: 'x' })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [meUrl, meInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(meUrl).toBe('/api/auth/me');
    expect(meInit).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/login');
    expect(headersOf(fetchMock.mock.calls[1]!)['x-csrf-token']).toBe('fresh-token');
  });

  it('primes once for concurrent requests, and still sends the request when no cookie arrives', async () => {
    const answer = response(401, '{"message":"You are not signed in"}');
    const ok = response(200, '{"ok":true}');
    const fetchMock = jest.fn<typeof fetch>().mockImplementation((input) => Promise.resolve(input === '/api/auth/me' ? answer : ok));
    global.fetch = fetchMock;
    await Promise.all([apiRequest('POST', '/api/a'), apiRequest('DELETE', '/api/b')]);
    const urls = fetchMock.mock.calls.map((c) => c[0]);
    expect(urls.filter((u) => u === '/api/auth/me')).toHaveLength(1);
    expect(urls).toEqual(expect.arrayContaining(['/api/a', '/api/b']));
    for (const call of fetchMock.mock.calls.filter((c) => c[0] !== '/api/auth/me')) expect(headersOf(call)['x-csrf-token']).toBeUndefined();
  });

  it('still makes the request when priming fails on the network', async () => {
    const ok = response(200, '{"ok":true}');
    const fetchMock = jest
      .fn<typeof fetch>()
      .mockImplementation((input) => (input === '/api/auth/me' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(ok)));
    global.fetch = fetchMock;
    await expect(apiRequest('POST', '/api/a')).resolves.toEqual({ ok: true });
  });
});

describe('errorMessage', () => {
  it('prefers the error field of a JSON body', () => {
    expect(errorMessage(new Error('401: {"error":"Session expired","message":"other"}'))).toBe('Session expired');
  });
  it('falls back to the message field', () => {
    expect(errorMessage(new Error('400: {"message":"Invalid email or password"}'))).toBe('Invalid email or password');
  });
  it('uses the raw text when the body is not JSON', () => {
    expect(errorMessage(new Error('500: upstream exploded'))).toBe('upstream exploded');
  });
  it("uses the message of Muster's error body, whose error field is only the reason phrase", () => {
    const body = {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many attempts. Please try again later.',
      code: 'RATE_LIMITED',
      requestId: 'r1',
    };
    expect(errorMessage(new ApiError(429, JSON.stringify(body), 'Too Many Requests'))).toBe('Too many attempts. Please try again later.');
  });
  it('gives the fallback when there is nothing to show', () => {
    expect(errorMessage(new Error('500: '))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessage(undefined)).toBe(FALLBACK_ERROR_MESSAGE);
  });
});

describe('apiErrorBody', () => {
  it('parses the JSON body of an ApiError, and is null otherwise', () => {
    expect(apiErrorBody(new ApiError(400, '{"code":"VALIDATION_FAILED","fields":{"email":"Required"}}', ''))).toEqual({
      code: 'VALIDATION_FAILED',
      fields: { email: 'Required' },
    });
    expect(apiErrorBody(new ApiError(502, 'Bad Gateway', ''))).toBeNull();
    expect(apiErrorBody(new Error('x'))).toBeNull();
  });
});
