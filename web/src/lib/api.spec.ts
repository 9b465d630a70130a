import { jest } from '@jest/globals';
import { ApiError, apiRequest, errorMessage, FALLBACK_ERROR_MESSAGE } from './api';

/** A fetch that answers once with what a browser's Response would carry (jsdom has no Response). */
function respond(status: number, body: string, contentType = 'application/json', statusText = '') {
  const response = {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    text: () => Promise.resolve(body),
    json: () => Promise.resolve(JSON.parse(body) as unknown),
  };
  return jest.fn<typeof fetch>().mockResolvedValue(response as unknown as globalThis.Response);
}

describe('apiRequest', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
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
  it('gives the fallback when there is nothing to show', () => {
    expect(errorMessage(new Error('500: '))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessage(undefined)).toBe(FALLBACK_ERROR_MESSAGE);
  });
});
