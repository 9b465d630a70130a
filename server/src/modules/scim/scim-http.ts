import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scimErrorBody } from './scim-core.js';

const SCIM_PREFIX = '/api/scim';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

export function isScimPath(url: string): boolean {
  // Every other request passes through the hook below: a prefix test first, no allocation.
  if (!url.startsWith(SCIM_PREFIX)) return false;
  const rest = url.charAt(SCIM_PREFIX.length);
  return rest === '' || rest === '/' || rest === '?';
}

/**
 * The HTTP edge of the protocol, on the Fastify instance: `application/scim+json` bodies are read
 * as JSON, and every answer under `/api/scim` is SCIM's — its content type, and any error (ours,
 * Fastify's: malformed JSON, body too large; an unknown route; 401; 429) rewritten from the one
 * error body into a SCIM error body (RFC 7644 §3.12) with the same status.
 */
export function registerScimHttp(fastify: FastifyInstance, onDone: (request: FastifyRequest, reply: FastifyReply) => void): void {
  // Fastify's own JSON parser (a `__proto__` or `constructor.prototype` key is refused, as for
  // application/json); an empty body is no body.
  const json = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void json(request, text, done);
  });

  // One onSend hook, and no onResponse hook: Fastify skips a phase no hook is registered for, and
  // these run for every request of the api. The request log is written here, where the status
  // is final (the duration stops before the answer's bytes are written).
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (!isScimPath(request.url)) {
      done(null, payload);
      return;
    }
    if (request.scimCaller) onDone(request, reply);
    const status = reply.statusCode;
    if (status >= 400 && typeof payload === 'string') {
      const body = errorBodyOf(payload);
      if (body) {
        void reply.header('content-type', SCIM_CONTENT_TYPE);
        done(null, JSON.stringify(scimErrorBody(status, body.reason, body.message ?? 'Error')));
        return;
      }
    }
    if (status !== 204 && String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      void reply.header('content-type', SCIM_CONTENT_TYPE);
    }
    done(null, payload);
  });
}

interface OurErrorBody {
  reason?: string;
  message?: string;
}

/** Our one error body in an answer (null for anything else, a SCIM body included). */
function errorBodyOf(payload: string): OurErrorBody | null {
  try {
    const body = JSON.parse(payload) as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || 'schemas' in body) return null;
    return body;
  } catch {
    return null;
  }
}
