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

/** Sets the headers of `securityHeaders(options)` on every reply. */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
