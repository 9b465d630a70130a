import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ATTACHMENT_MAX_BYTES, COOKIES, REQUEST_ID_HEADER } from '@muster/contracts';
import type { AppConfig } from '../../config/config.js';
import { routeNotFoundBody } from '../errors/error-body.js';
import { requestContext } from '../logging/request-context.js';
import { registerCsrf } from './csrf.js';
import { registerRefusedBodyDrain } from './refused-body.js';
import { registerSecurityHeaders } from './security-headers.js';
import { renderIndexHtml, robotsTxt, sitemapXml } from './public-pages.js';
import { streamingMultipart } from '../storage/upload.js';
import { registerMeFastPath } from '../auth/me-fast-path.js';
import { SessionService } from '../session/session.service.js';
import { SessionStore } from '../session/session.store.js';

/** Where the built web app is, if it has been built. */
export function webDistDir(config: AppConfig): string | null {
  const candidates = [config.WEB_DIST_DIR, resolve(import.meta.dirname, '../../../../web/dist'), resolve(process.cwd(), 'web/dist')].filter(
    (d): d is string => Boolean(d),
  );
  return candidates.find((d) => existsSync(join(d, 'index.html'))) ?? null;
}

/**
 * Fastify-level setup shared by every api instance: request context for logs, security
 * headers, compression, cookies, and the built web app with a client-side
 * routing fallback. Unknown /api paths answer JSON 404, never the HTML page.
 */
export async function setupHttp(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();

  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    requestContext.run({ requestId: request.id }, done);
  });
  registerRefusedBodyDrain(fastify);

  registerSecurityHeaders(fastify, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie, {});
  registerCsrf(fastify, config.APP_ORIGINS);
  // Before Nest adds its routes (app.init), so the route's own preHandler is in place.
  registerMeFastPath(fastify, app.get(SessionStore), app.get(SessionService));
  // Multipart bodies are read only where a route asks for them (readUpload), one file at a time,
  // with the route's own size limit; these are the ceilings.
  await app.register(streamingMultipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });

  // Files are looked up on disk per request (not listed at boot), so a rebuilt web app is served
  // as it is now, index.html included.
  const dist = webDistDir(config);
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      serve: false,
      setHeaders: (reply: { header(k: string, v: string): unknown }, path: string) => {
        // Hashed assets never change; everything else is revalidated.
        reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The public site's address: the first allowed origin.
  const origin = config.APP_ORIGINS[0] ?? `http://localhost:${String(config.PORT)}`;
  fastify.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(origin)));
  fastify.get('/sitemap.xml', (_request, reply) => {
    const built = dist ? statSync(join(dist, 'index.html'), { throwIfNoEntry: false })?.mtime : undefined;
    return reply.type('application/xml; charset=utf-8').send(sitemapXml(origin, (built ?? new Date()).toISOString().slice(0, 10)));
  });

  fastify.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io')) {
      return reply.status(404).send(routeNotFoundBody(request.method, request.url, request.id));
    }
    if (!dist) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run "npm run build" (or "npm start", which builds first).');
    }
    // A file-like path is served from disk, or is a 404 — never the HTML page.
    const file = decodeURIComponent(path).replace(/^\/+/, '');
    if (path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path)) {
      if (file.split('/').includes('..') || !existsSync(join(dist, file))) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return reply.sendFile(file);
    }
    const query = request.query as Record<string, unknown>;
    const page = renderIndexHtml(dist, path, origin, {
      query: typeof query.lng === 'string' ? query.lng : undefined,
      cookie: request.cookies[COOKIES.language],
      acceptLanguage: request.headers['accept-language'],
    });
    if (page === null) return reply.sendFile('index.html');
    return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Cookie').type('text/html; charset=utf-8').send(page);
  });
}
