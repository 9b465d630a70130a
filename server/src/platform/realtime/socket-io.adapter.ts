import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { hasRank, rooms, type Principal } from '@muster/contracts';
import type { Redis } from 'ioredis';
import type { Observable } from 'rxjs';
import type { ServerOptions, Socket } from 'socket.io';
import type { AppConfig } from '../../config/config.js';
import { originAllowed } from '../http/origin.js';
import { principalOf } from '../auth/principal.js';
import { sessionIdFrom } from '../session/session-cookie.js';
import type { SessionRecord, SessionStore } from '../session/session.store.js';
import type { RealtimeService } from './realtime.service.js';
import type { MusterServer } from './realtime.types.js';
import { redisConnection } from '../redis/redis.module.js';
import { RECOVERY_WINDOW_MS, streamsAdapter } from './streams-adapter.js';

/** A signed-in socket's principal and the rooms it joins at the handshake (shared: read only). */
interface SignedIn {
  principal: Principal;
  rooms: readonly string[];
}

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
          const signedIn = session && sessionId ? this.signedIn(session, sessionId) : null;
          socket.data.principal = signedIn?.principal ?? null;
          if (signedIn) void Promise.resolve(socket.join([...signedIn.rooms])).then(() => this.recheck(socket, sessionId));
          next();
        })
        .catch((err: unknown) => next(err instanceof Error ? err : new Error('Session lookup failed')));
    });
    this.realtime.attach(server);
    return server;
  }

  /**
   * The principal of a session record and the rooms its sockets join, made once per record and
   * shared by the record's sockets (the record is frozen, and a changed session is a new record):
   * the tabs of one session hold one principal and one set of room names, not a copy each. A
   * socket's principal is replaced, never changed in place (`RealtimeService`).
   */
  private signedIn(session: SessionRecord, sessionId: string): SignedIn | null {
    const known = this.signedInByRecord.get(session);
    if (known?.principal.sessionId === sessionId) return known;
    const principal = principalOf(session, sessionId);
    if (!principal) return null;
    const joined = [rooms.user(principal.principalId), rooms.session(principal.sessionId)];
    if (principal.orgId) joined.push(rooms.org(principal.orgId));
    if (hasRank(principal.role, 'SYSOPS')) joined.push(rooms.sysops());
    // The platform's approvers (four-eyes approvals): platform accounts of DEPUTY_ADMIN and up.
    if (!principal.orgId && hasRank(principal.role, 'DEPUTY_ADMIN')) joined.push(rooms.platformAdmins());
    const signedIn: SignedIn = { principal: Object.freeze(principal), rooms: joined };
    this.signedInByRecord.set(session, signedIn);
    return signedIn;
  }

  private readonly signedInByRecord = new WeakMap<SessionRecord, SignedIn>();

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

  /**
   * Binds a gateway's message handlers to a socket. Nest's IoAdapter gives every handler of every
   * gateway, on every socket, an RxJS pipeline of its own (`fromEvent` → `mergeMap` →
   * `takeUntil(disconnect)`): with our 15 handlers that was ~60 KB of subscribers and closures per
   * idle socket, most of its heap. Here a socket gets one listener per gateway, which finds the
   * event's handler in the gateway's list, and a message's pipeline lives only while it is
   * handled. The rest is Nest's: the payload split into data and acknowledgement (`mapPayload`),
   * the handler's result through `transform`, a `{ event, data }` result emitted to the socket,
   * any other non-nil result sent to the acknowledgement unless the handler takes `@Ack()`, and a
   * failure logged, never thrown out of the socket. (A socket emits nothing after its disconnect,
   * so Nest's `takeUntil(disconnect)` has nothing to do here.)
   */
  override bindMessageHandlers(
    socket: Socket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    // What a gateway's handlers are (event names, @Ack() or not) is the same for every socket: one
    // copy per gateway. A socket keeps only its handlers' callbacks (Nest binds them to the socket).
    const key = handlers.map((h) => `${String(h.message)}:${h.isAckHandledManually ? 1 : 0}`).join('\n');
    let shapes = this.gatewayHandlers.get(key);
    if (!shapes) {
      shapes = handlers.map(({ message, isAckHandledManually }) => ({ message: message as unknown, isAckHandledManually }));
      this.gatewayHandlers.set(key, shapes);
    }
    const gateway = shapes;
    const callbacks = handlers.map((h) => h.callback);
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const index = gateway.findIndex((h) => h.message === event);
      if (index < 0) return;
      this.handleMessage(socket, callbacks[index]!, gateway[index]!.isAckHandledManually, args.length > 1 ? args : args[0], transform);
    });
  }

  /** Each gateway's handlers: their events and whether they take `@Ack()`. */
  private readonly gatewayHandlers = new Map<string, { message: unknown; isAckHandledManually: boolean }[]>();

  private handleMessage(
    socket: Socket,
    callback: MessageMappingProperties['callback'],
    isAckHandledManually: boolean,
    payload: unknown,
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    const { data, ack } = this.mapPayload(payload) as { data: unknown; ack?: unknown };
    let result: Observable<unknown>;
    try {
      result = transform(callback(data, ack));
    } catch (err) {
      this.logger.error(err);
      return;
    }
    result.subscribe({
      next: (response) => {
        if (response === null || response === undefined) return;
        const { event, data: eventData } = response as { event?: string; data?: unknown };
        if (event) socket.emit(event, eventData);
        else if (!isAckHandledManually && typeof ack === 'function') (ack as (answer: unknown) => void)(response);
      },
      error: (err: unknown) => this.logger.error(err),
    });
  }

  override async close(server: MusterServer): Promise<void> {
    await super.close(server);
    this.adapterRedis?.disconnect();
    this.adapterRedis = null;
  }
}
