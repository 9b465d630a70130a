import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { AddressPolicy, postWebhook, RefusedAddressError, retryAfterMs } from './siem-http.js';

describe('SIEM address policy', () => {
  const strict = new AddressPolicy([]);

  it.each([
    '169.254.169.254',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '0.0.0.0',
    '100.64.0.1',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:10.0.0.1',
    '::7f00:1',
    '::a9fe:a9fe',
    '224.0.0.1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(strict.isRefused(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2a00:1450:4001:80b::200e'])('accepts public %s', (address) => {
    expect(strict.isRefused(address)).toBe(false);
  });

  it('accepts what the operator allowed, and only that', () => {
    const loopback = new AddressPolicy(['127.0.0.1/32', '::1']);
    expect(loopback.isRefused('127.0.0.1')).toBe(false);
    expect(loopback.isRefused('::1')).toBe(false);
    expect(loopback.isAllowed('::ffff:127.0.0.1')).toBe(true);
    expect(loopback.isRefused('127.0.0.2')).toBe(true);
    expect(loopback.isRefused('169.254.169.254')).toBe(true);
  });
});

describe('postWebhook', () => {
  it('refuses a private address before connecting, and a name that resolves to one when connecting', async () => {
    const policy = new AddressPolicy([]);
    const options = { headers: {}, body: '{}', timeoutMs: 1000, policy, snippetBytes: 100 };
    await expect(postWebhook(new URL('http://169.254.169.254/latest'), options)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(postWebhook(new URL('http://localhost:9/'), options)).rejects.toThrow(/Refused to connect to/);
  });

  it('does not follow redirects and keeps the start of the answer', async () => {
    const server = createServer((_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end('x'.repeat(5000)));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const result = await postWebhook(new URL(`http://127.0.0.1:${String(port)}/`), {
        headers: {},
        body: '{}',
        timeoutMs: 1000,
        policy: new AddressPolicy(['127.0.0.1']),
        snippetBytes: 100,
      });
      expect(result.statusCode).toBe(302);
      expect(result.snippet).toHaveLength(100);
    } finally {
      server.close();
    }
  });

  it('gives up on a receiver that never answers', async () => {
    const server = createServer(() => undefined);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      await expect(
        postWebhook(new URL(`http://127.0.0.1:${String(port)}/`), {
          headers: {},
          body: '{}',
          timeoutMs: 200,
          policy: new AddressPolicy(['127.0.0.1']),
          snippetBytes: 100,
        }),
      ).rejects.toThrow('No answer within 0.2 s');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60_000);
    expect(retryAfterMs(undefined)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});
