import { randomFillSync } from 'node:crypto';
import { COOKIES, CSRF_HEADER, type ErrorReason } from '@muster/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';
import { normaliseError } from '../errors/error-body.js';
import { originAllowed } from './origin.js';

/** Machine endpoints that authenticate by bearer token or signature, not by cookie. */
/** `/api/sso/saml/`: identity providers POST assertions and logout messages cross-site (signed SAML, not cookies). */
export const CSRF_EXEMPT_PREFIXES = ['/api/scim/', '/api/webhooks/', '/api/sso/saml/'];

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

const TOKEN_BYTES = 32;
const POOL_TOKENS = 128;
const pool = Buffer.alloc(TOKEN_BYTES * POOL_TOKENS);
let pooled = 0;

/**
 * A new token: 32 bytes of the CSPRNG, base64url. The bytes are drawn 128 tokens at a time (as
 * Node's own randomUUID does), each slice handed out once: a client without the cookie (a health
 * probe, a first visit) gets one on every answer, and a randomBytes call per token cost about a
 * tenth of a small answer.
 */
export function newCsrfToken(): string {
  if (pooled === 0) {
    randomFillSync(pool);
    pooled = POOL_TOKENS;
  }
  const start = (POOL_TOKENS - pooled--) * TOKEN_BYTES;
  return pool.toString('base64url', start, start + TOKEN_BYTES);
}

function refuse(request: FastifyRequest, reply: FastifyReply, reason: ErrorReason): void {
  const { body } = normaliseError(new DomainError('CSRF_FAILED', reason), request.id);
  void reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * Double-submit CSRF defence. Any response to a browser without the readable `muster.csrf`
 * cookie sets one; every mutating /api request must echo it in `X-CSRF-Token` and, when it
 * sends an Origin, come from a configured origin. Runs before the body is parsed.
 */
export function registerCsrf(fastify: FastifyInstance, origins: readonly string[]): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    let cookie = request.cookies[COOKIES.csrf];
    if (!cookie || !TOKEN.test(cookie)) {
      cookie = undefined;
      void reply.setCookie(COOKIES.csrf, newCsrfToken(), {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        httpOnly: false,
      });
    }
    // Unmatched routes fall through to their JSON 404.
    const matched = request.routeOptions.url !== undefined;
    if (!matched || !MUTATING.has(request.method) || !path.startsWith('/api/') || CSRF_EXEMPT_PREFIXES.some((p) => path.startsWith(p))) {
      done();
      return;
    }
    if (!originAllowed(request.headers.origin, origins)) {
      refuse(request, reply, 'auth.originNotAllowed');
      return;
    }
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || header !== cookie) {
      refuse(request, reply, 'auth.csrf');
      return;
    }
    done();
  });
}
