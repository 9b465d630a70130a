import { api } from '@muster/contracts';
import type { FastifyInstance } from 'fastify';
import { registerFastRead } from '../http/fast-read.js';
import { sessionIdFrom } from '../session/session-cookie.js';
import type { SessionService } from '../session/session.service.js';
import type { SessionStore } from '../session/session.store.js';
import { principalOf } from './principal.js';

/**
 * `GET /api/auth/me` — what every page load of the web app asks first — answered before Nest when
 * the answer is already known in this process: the session is kept by the `SessionCache` (so it is
 * current: Redis tells the cache of every change), it yields a principal, and its activity does not
 * need writing yet. The answer is the session's profile, exactly what `AuthController.me` returns.
 * Anything else — no cookie, a session this process has not read yet, an ended or incomplete
 * session, a touch due — is left to the Nest route (AccessGuard, the 401 body).
 */
export function registerMeFastPath(fastify: FastifyInstance, store: SessionStore, sessions: SessionService): void {
  registerFastRead(fastify, api.auth.me, (request, reply) => {
    const sessionId = sessionIdFrom(request.headers.cookie);
    const record = sessionId ? store.peek(sessionId) : undefined;
    if (!record || !sessionId || sessions.needsTouch(record) || !principalOf(record, sessionId)) return false;
    // principalOf checked that the profile is complete.
    void reply.send(record.profile!.me);
    return true;
  });
}
