import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { rooms, type Principal, type ServerToClientEvents, type SessionInfo } from '@muster/contracts';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { redisConnection } from '../redis/redis.module.js';
import type { MusterServer } from './realtime.types.js';
import { streamsAdapter } from './streams-adapter.js';

/** socket.io-parser's `PacketType.EVENT`. */
const SOCKET_IO_EVENT_PACKET = 2;

/**
 * Publishes server→client events to rooms. In an api process it uses the Socket.IO server
 * that clients are connected to; in a worker process (no HTTP listener, no client sockets)
 * it uses a listener-less Socket.IO server on the same Redis adapter, so every api instance
 * delivers the event to its own sockets.
 */
@Injectable()
export class RealtimeService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeService.name);
  private server: MusterServer | null = null;
  private ownRedis: Redis | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onModuleInit(): void {
    if (this.config.MUSTER_ROLE === 'worker') {
      this.ownRedis = redisConnection(this.config, { name: 'realtime-publisher' });
      const server: MusterServer = new Server();
      server.adapter(streamsAdapter(this.config, this.ownRedis));
      this.server = server;
      this.logger.log('Publishing socket events through the Redis streams adapter (worker)');
    }
  }

  /** Called by the socket adapter when the api's Socket.IO server is created. */
  attach(server: MusterServer): void {
    this.server = server;
    server.on('principal:refresh', (sessionId, principal) => this.applyPrincipal(sessionId, principal));
  }

  /**
   * A session's principal changed (name, language, time zone): every socket of the session, on
   * every api instance, acts for the new one from its next event, and its browser hears
   * `session:updated`. Both travel the same adapter stream, in this order, so a client that heard
   * the event already acts as the new principal.
   */
  refreshPrincipal(principal: Principal, me: SessionInfo): void {
    if (!this.server) return;
    this.applyPrincipal(principal.sessionId, principal);
    this.server.serverSideEmit('principal:refresh', principal.sessionId, principal);
    this.server.to(rooms.session(principal.sessionId)).emit('session:updated', me);
  }

  /** Writes the principal into this instance's sockets of the session. */
  private applyPrincipal(sessionId: string, principal: Principal): void {
    const namespace = this.server?.of('/');
    for (const socketId of namespace?.adapter.rooms.get(rooms.session(sessionId)) ?? []) {
      const socket = namespace?.sockets.get(socketId);
      if (socket?.data.principal?.sessionId === sessionId) socket.data.principal = principal;
    }
  }

  emitTo<E extends keyof ServerToClientEvents>(room: string | string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    if (!this.server) throw new Error('Realtime server is not ready');
    this.server.to(room).emit(event, ...args);
  }

  /** Like `emitTo`, leaving out the sockets of `except` (a socket id: the sender, who has its answer). */
  emitExcept<E extends keyof ServerToClientEvents>(
    room: string | string[],
    except: string | undefined,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    if (!this.server) throw new Error('Realtime server is not ready');
    (except ? this.server.to(room).except(except) : this.server.to(room)).emit(event, ...args);
  }

  /**
   * Like `emitExcept`, resolving once the event is on the adapter's stream (so every api instance
   * will deliver it) and delivered to this instance's sockets. For what is acknowledged to its
   * sender after it is published: an instance that dies between the acknowledgement and the
   * stream write would leave the other instances' subscribers without it, and the sender, who has
   * its answer, would not send it again.
   */
  async publish<E extends keyof ServerToClientEvents>(
    room: string | string[],
    except: string | undefined,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): Promise<void> {
    if (!this.server) throw new Error('Realtime server is not ready');
    const namespace = this.server.of('/');
    // What `to(room).except(except).emit(event, …args)` hands the adapter, whose broadcast
    // resolves after its stream write (socket.io-adapter's ClusterAdapter).
    const packet = { type: SOCKET_IO_EVENT_PACKET, data: [event, ...args], nsp: namespace.name };
    // Typed as the in-memory adapter's (void); the cluster adapters' broadcast answers a promise.
    const broadcast = namespace.adapter.broadcast.bind(namespace.adapter) as (
      ...args: Parameters<typeof namespace.adapter.broadcast>
    ) => Promise<void> | undefined;
    await broadcast(packet, {
      rooms: new Set(Array.isArray(room) ? room : [room]),
      except: new Set(except ? [except] : []),
      flags: {},
    });
  }

  /** Makes every socket of `room` (on every api instance) join `target`. */
  socketsJoin(room: string, target: string): void {
    this.server?.in(room).socketsJoin(target);
  }

  /** Makes every socket of `room` (on every api instance) leave `target`. */
  socketsLeave(room: string, target: string): void {
    this.server?.in(room).socketsLeave(target);
  }

  /** How many sockets are in a room across every api instance. */
  async socketCount(room: string): Promise<number> {
    if (!this.server) return 0;
    return (await this.server.in(room).fetchSockets()).length;
  }

  /** Disconnects every socket in a room, on every api instance (sessions ended, access revoked). */
  disconnect(room: string): void {
    this.server?.in(room).disconnectSockets(true);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.ownRedis && this.server) {
      // The worker's server has no engine to close (closing it threw): only its adapter and Redis.
      await Promise.resolve(this.server.of('/').adapter.close());
      this.ownRedis.disconnect();
    }
  }
}
