import { COOKIES } from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../http/origin.js';

/** Behind HTTPS the session cookie is `__Host-` prefixed and Secure. */
export const SECURE_SESSION_COOKIE = `__Host-${COOKIES.session}`;

export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** The session id a request carries, from either cookie name. */
export function sessionIdFrom(cookieHeader: string | undefined): string | undefined {
  return readCookie(cookieHeader, SECURE_SESSION_COOKIE) ?? readCookie(cookieHeader, COOKIES.session);
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string, maxAgeSeconds: number): void {
  const secure = isHttps(request);
  void reply.setCookie(secure ? SECURE_SESSION_COOKIE : COOKIES.session, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(maxAgeSeconds),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = isHttps(request);
  void reply.clearCookie(secure ? SECURE_SESSION_COOKIE : COOKIES.session, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
