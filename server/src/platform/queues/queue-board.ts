import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { hasRank, QUEUE_BOARD_PATH, QueueName } from '@muster/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../auth/principal.js';
import { routeNotFoundBody } from '../errors/error-body.js';
import { sessionIdFrom } from '../session/session-cookie.js';
import { SessionStore } from '../session/session.store.js';
import { QueueService } from './queue.service.js';

/**
 * Mounts Bull Board (the queues and their jobs) at QUEUE_BOARD_PATH, read-only, for ROOT_ADMIN
 * sessions only. The board's routes are Fastify's, not Nest's, so the global guard does not run
 * there: a hook of the board's own scope resolves the session cookie the same way, and anyone else
 * — signed out or of a lower role — gets the API's plain 404, never the board.
 */
export async function mountQueueBoard(app: NestFastifyApplication): Promise<void> {
  const store = app.get(SessionStore);
  const queues = app.get(QueueService);
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: Object.values(QueueName).map((name) => new BullMQAdapter(queues.queue(name), { readOnlyMode: true })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Muster queues' } },
  });
  const guard = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const sessionId = sessionIdFrom(request.headers.cookie);
    const record = sessionId ? await store.get(sessionId) : null;
    const principal = record && sessionId ? principalOf(record, sessionId) : null;
    if (!principal || principal.kind !== 'user' || !hasRank(principal.role, 'ROOT_ADMIN')) {
      await reply.status(404).send(routeNotFoundBody(request.method, request.url, request.id));
    }
  };
  await app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', guard);
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: QUEUE_BOARD_PATH });
  });
}
