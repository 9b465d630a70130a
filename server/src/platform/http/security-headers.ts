import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers, computed once: with no CSP nonces they do not depend on the request,
 * and building them per request (as `@fastify/helmet` does, parsing the CSP each time) cost about a
 * tenth of a small API answer.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  const failures: Error[] = [];
  // helmet's middleware runs its parts synchronously and only writes headers.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) failures.push(err instanceof Error ? err : new Error('helmet refused its options'));
  });
  if (failures[0]) throw failures[0];
  return Object.fromEntries(headers);
}

/**
 * The headers of an API answer, as the OWASP REST Security Cheat Sheet lists them: an answer is
 * data for the web app or an API client, never a page to render, frame or keep in a cache (it may
 * hold a session's data). A route that sends a file for the browser to show sets its own policy
 * and cache header (evidence, maps, attachments), which replace these.
 */
export function apiSecurityHeaders(page: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const hsts = page['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

/** An API answer (everything under /api/ but the API's own documentation, which is read in the browser). */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Sets, on every reply, the headers of `securityHeaders(options)` for the web app's pages and
 * files, and the API's own smaller set (`apiSecurityHeaders`) for its answers: half the headers
 * of a page, on the answers every client asks for most.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const page = securityHeaders(options);
  const api = apiSecurityHeaders(page);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApiAnswer(request.url) ? api : page);
    done();
  });
}
