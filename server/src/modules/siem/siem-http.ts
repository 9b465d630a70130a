import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Outbound requests to receivers that customers name, so they must not reach the server's own
 * networks (SSRF): every address a host name resolves to, and any address literal, must be public
 * unicast, unless it falls in a network the operator allowed (`SIEM_ALLOWED_NETWORKS`). The check
 * runs when the connection is made (inside the socket's lookup), so a name that resolves to a
 * public address at save time and a private one later (DNS rebinding) is refused too.
 */
export class AddressPolicy {
  private readonly allowed: [ipaddr.IPv4 | ipaddr.IPv6, number][];

  constructor(allowedNetworks: readonly string[]) {
    this.allowed = allowedNetworks.map((cidr) => ipaddr.parseCIDR(cidr.includes('/') ? cidr : `${cidr}/${cidr.includes(':') ? 128 : 32}`));
  }

  /** Whether the operator allowed this address explicitly (plain http is accepted there too). */
  isAllowed(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    const addr = ipaddr.process(address);
    return this.allowed.some(([range, bits]) => addr.kind() === range.kind() && addr.match(range, bits));
  }

  /** Private, loopback, link-local, unique-local, multicast, reserved, …: anything but public unicast. */
  isRefused(address: string): boolean {
    if (!ipaddr.isValid(address)) return true;
    if (this.isAllowed(address)) return false;
    const addr = ipaddr.process(address);
    // IPv4-compatible IPv6 (::a.b.c.d, deprecated) carries an IPv4 address ipaddr.js calls unicast.
    if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return true;
    return addr.range() !== 'unicast';
  }
}

export class RefusedAddressError extends Error {
  readonly code = 'SIEM_ADDRESS_REFUSED';
  constructor(readonly address: string) {
    super(`Refused to connect to ${address}: a private, loopback or link-local address`);
  }
}

/** The host of a URL as an address or a name (`[::1]` → `::1`). */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** Every address a host stands for (itself when it is an address). */
export function resolveAll(host: string): Promise<string[]> {
  if (isIP(host)) return Promise.resolve([host]);
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses.map((a) => a.address))));
  });
}

export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints }, (err, addresses: LookupAddress[]) => {
      if (err) {
        callback(err, '', 0);
        return;
      }
      const refused = addresses.find((a) => policy.isRefused(a.address));
      const first = addresses[0];
      if (refused) callback(new RefusedAddressError(refused.address), '', 0);
      else if (options.all) (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      else if (!first) callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      else callback(null, first.address, first.family);
    });
  };
}

export interface PostResult {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The start of the answer, for the delivery log. */
  snippet: string;
  latencyMs: number;
}

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: AddressPolicy;
  snippetBytes: number;
}

/** Kept-alive connections per receiver; a refused address never gets one. */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * POSTs a body and answers the receiver's status and the start of its answer. Redirects are not
 * followed (a 3xx is an answer like any other). The whole exchange must finish within the timeout:
 * a receiver that hangs, trickles or answers garbage fails this attempt only.
 */
export function postWebhook(url: URL, options: PostOptions): Promise<PostResult> {
  const host = hostOf(url);
  if (isIP(host) && options.policy.isRefused(host)) return Promise.reject(new RefusedAddressError(host));
  const transport = url.protocol === 'https:' ? https : http;
  const started = performance.now();
  return new Promise<PostResult>((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        agent: agents[url.protocol as 'http:' | 'https:'],
        lookup: guardedLookup(options.policy),
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < options.snippetBytes) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on('end', () => {
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            // PostgreSQL text takes no NUL: a binary answer is kept without them.
            snippet: Buffer.concat(chunks).subarray(0, options.snippetBytes).toString('utf8').replaceAll('\u0000', ''),
            latencyMs: Math.round(performance.now() - started),
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', (err: Error) => {
      if (err.name === 'AbortError' || err.name === 'TimeoutError') {
        reject(Object.assign(new Error(`No answer within ${String(options.timeoutMs / 1000)} s`), { code: 'ETIMEDOUT' }));
      } else reject(err);
    });
    request.end(options.body);
  });
}

/** A delay asked for in a `Retry-After` header (seconds or an HTTP date), in ms; null if none. */
export function retryAfterMs(value: string | string[] | undefined, now: number = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
