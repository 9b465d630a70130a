import { AUTH_LIMITS, COOKIES } from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The HttpOnly cookie that binds a sign-in code to the browser that asked for it. */
export function setMagicNonce(request: FastifyRequest, reply: FastifyReply, nonce: string): void {
  void reply.setCookie(COOKIES.magicNonce, nonce, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: AUTH_LIMITS.magicCodeTtlSeconds,
  });
}
