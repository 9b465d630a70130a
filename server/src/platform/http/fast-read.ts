import type { EndpointDef } from '@muster/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Answers a read when its answer is already known in this process, or returns false to leave the
 * request to the Nest route. It runs after every Fastify hook of the request (request id, security
 * headers, cookies, CSRF cookie) and must send exactly what the Nest route would.
 */
export type FastRead = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Puts `read` in front of the Nest route of a GET endpoint, as the route's first preHandler. For
 * the few reads every client makes all the time (`/api/auth/me`, `/api/health`): Nest's guards,
 * pipes and response handling are most of their cost, and none of it is needed once the answer is
 * known. The Nest route stays the declared endpoint (OpenAPI, validation, error bodies) and
 * answers every request the fast read leaves. Must be called before the routes are added
 * (before `app.init()`); does nothing without an HTTP listener (a worker).
 */
export function registerFastRead(fastify: FastifyInstance | undefined, endpoint: EndpointDef, read: FastRead): void {
  if (!fastify || typeof fastify.addHook !== 'function' || endpoint.method !== 'GET') return;
  const preHandler = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (!read(request, reply)) done();
  };
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url !== endpoint.path || !methods.includes('GET')) return;
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [preHandler, ...existing];
  });
}
