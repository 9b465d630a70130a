import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { hasRank, rooms } from '@muster/contracts';
import type { Redis } from 'ioredis';
import type { ServerOptions } from 'socket.io';
import type { AppConfig } from '../../config/config.js';
import { originAllowed } from '../http/origin.js';
import { principalOf } from '../auth/principal.js';
import { sessionIdFrom } from '../session/session-cookie.js';
import type { SessionStore } from '../session/session.store.js';
import type { RealtimeService } from './realtime.service.js';
import type { MusterServer } from './realtime.types.js';
import { redisConnection } from '../redis/redis.module.js';
import { RECOVERY_WINDOW_MS, streamsAdapter } from './streams-adapter.js';

/**
 * Creates the api's Socket.IO server: websocket transport first, Redis streams adapter with
 * connection-state recovery, Origin checked before the handshake, and the session cookie read
 * in the handshake middleware into the socket's `Principal` (guards do not run there). Sockets join their user, session and
 * organisation rooms; anonymous sockets are allowed and carry a null user.
 */
export class MusterIoAdapter extends IoAdapter {
  private adapterRedis: Redis | null = null;

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
    private readonly sessions: SessionStore,
    private readonly realtime: RealtimeService,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): MusterServer {
    const server = super.createIOServer(port, {
      ...options,
      transports: ['websocket', 'polling'],
      cors: { origin: [...this.config.APP_ORIGINS], credentials: true },
      allowRequest: (req, callback) => callback(null, originAllowed(req.headers.origin, this.config.APP_ORIGINS)),
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    } as ServerOptions) as MusterServer;
    // The adapter's own connection, auto-pipelined: the XADDs of one tick travel in one write.
    this.adapterRedis ??= redisConnection(this.config, { name: 'socket.io', autoPipelining: true });
    server.adapter(streamsAdapter(this.config, this.adapterRedis));
    server.use((socket, next) => {
      const sessionId = sessionIdFrom(socket.handshake.headers.cookie);
      void this.sessions
        .get(sessionId)
        .then((session) => {
          const principal = session && sessionId ? principalOf(session, sessionId) : null;
          socket.data.principal = principal;
          if (principal) {
            const joined = [rooms.user(principal.principalId), rooms.session(principal.sessionId)];
            if (principal.orgId) joined.push(rooms.org(principal.orgId));
            if (hasRank(principal.role, 'SYSOPS')) joined.push(rooms.sysops());
            // The platform's approvers (four-eyes approvals): platform accounts of DEPUTY_ADMIN and up.
            if (!principal.orgId && hasRank(principal.role, 'DEPUTY_ADMIN')) joined.push(rooms.platformAdmins());
            void Promise.resolve(socket.join(joined)).then(() => this.recheck(socket, sessionId));
          }
          next();
        })
        .catch((err: unknown) => next(err instanceof Error ? err : new Error('Session lookup failed')));
    });
    this.realtime.attach(server);
    return server;
  }

  /**
   * A session ended between the handshake's read and the joins missed the broadcast that
   * disconnects its sockets (they were not in its room yet): read it once more now that they are,
   * and close the socket if it is gone. An end after this read reaches the socket through its room.
   */
  private recheck(socket: { disconnect(close?: boolean): unknown }, sessionId: string | null | undefined): void {
    this.sessions
      .get(sessionId)
      .then((session) => {
        if (!session) socket.disconnect(true);
      })
      .catch(() => socket.disconnect(true));
  }

  override async close(server: MusterServer): Promise<void> {
    await super.close(server);
    this.adapterRedis?.disconnect();
    this.adapterRedis = null;
  }
}
