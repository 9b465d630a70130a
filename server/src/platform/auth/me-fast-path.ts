import { api } from '@muster/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { sessionIdFrom } from '../session/session-cookie.js';
import type { SessionService } from '../session/session.service.js';
import type { SessionStore } from '../session/session.store.js';
import { principalOf } from './principal.js';

/**
 * `GET /api/auth/me` — what every page load of the web app asks first — answered in Fastify's
 * preHandler when the answer is already known in this process: the session is kept by the
 * `SessionCache` (so it is current: Redis tells the cache of every change), it yields a principal,
 * and its activity does not need writing yet. The answer is the session's profile, exactly what
 * `AuthController.me` returns, after the same Fastify hooks (request id, security headers, CSRF
 * cookie, compression).
 *
 * Anything else — no cookie, a session this process has not read yet, an ended or incomplete
 * session, a touch due — falls through to the Nest route (AccessGuard, the error filter), which
 * stays the declared endpoint (OpenAPI, 401 bodies). On this read, Nest's guards, pipes and
 * response handling cost more than half of the request; the contract does not change.
 */
export function registerMeFastPath(fastify: FastifyInstance, store: SessionStore, sessions: SessionService): void {
  const answerFromSession = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const sessionId = sessionIdFrom(request.headers.cookie);
    const record = sessionId ? store.peek(sessionId) : undefined;
    if (!record || !sessionId || sessions.needsTouch(record) || !principalOf(record, sessionId)) {
      done();
      return;
    }
    // principalOf checked that the profile is complete.
    void reply.send(record.profile!.me);
  };

  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url !== api.auth.me.path || !methods.includes('GET')) return;
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [answerFromSession, ...existing];
  });
}
