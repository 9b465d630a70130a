import { Logger } from '@nestjs/common';
import {
  Ack,
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
} from '@nestjs/websockets';
import {
  chatReadSchema,
  chatSendSchema,
  chatSubscribeSchema,
  chatTypingSchema,
  hasRank,
  rooms,
  type ChatMessage,
  type ChatSummary,
} from '@muster/contracts';
import { z } from 'zod';
import { DomainError } from '../../platform/errors/domain-error.js';
import { validate } from '../../platform/http/endpoint.decorator.js';
import type { MusterSocket } from '../../platform/realtime/realtime.types.js';
import { answer, type AckFn } from '../../platform/realtime/socket-answer.js';
import { ChatOperatorsService } from './chat-operators.service.js';
import { LiveChatService, partyOf, type ChatParty, type ChatSide } from './live-chat.service.js';

/** An operator whose last socket is gone this long is marked offline (a page reload keeps them online). */
const OPERATOR_OFFLINE_GRACE_MS = 30_000;

const roomsOf = (chatId: string, side: ChatSide): string => (side === 'operator' ? rooms.chatStaff(chatId) : rooms.chat(chatId));

/**
 * Live chat over Socket.IO. Every event is validated; every refusal is answered — through the
 * acknowledgement when the client gave one, otherwise as a `chat:error` event — and no
 * handler can throw out of the gateway.
 */
@WebSocketGateway()
export class LiveChatGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('LiveChat');

  constructor(
    private readonly chats: LiveChatService,
    private readonly operators: ChatOperatorsService,
  ) {}

  /** An operator's sockets are in the staff rooms of their open chats (again after a reconnect that lost its rooms). */
  async handleConnection(socket: MusterSocket): Promise<void> {
    const principal = socket.data.principal;
    if (socket.recovered || !principal?.userId || !hasRank(principal.role, 'SYSOPS')) return;
    try {
      const { items } = await this.chats.list(this.party(socket), { scope: 'mine', status: 'active', limit: 100 });
      if (items.length) await socket.join(items.map((c) => rooms.chatStaff(c.id)));
    } catch (err) {
      this.logger.error("Joining an operator's chat rooms failed", err instanceof Error ? err.stack : undefined);
    }
  }

  handleDisconnect(socket: MusterSocket): void {
    const principal = socket.data.principal;
    const userId = principal?.userId;
    if (!userId || !hasRank(principal.role, 'SYSOPS')) return;
    const since = new Date();
    setTimeout(() => {
      this.operators.disconnected(userId, since).catch((err: unknown) => {
        this.logger.error('Marking an operator offline failed', err instanceof Error ? err.stack : undefined);
      });
    }, OPERATOR_OFFLINE_GRACE_MS).unref();
  }

  @SubscribeMessage('chat:subscribe')
  async subscribe(
    @ConnectedSocket() socket: MusterSocket,
    @MessageBody() payload: unknown,
    @Ack() ack: AckFn<{ chat: ChatSummary; messages: ChatMessage[] }>,
  ): Promise<void> {
    await this.handle(socket, ack, async () => {
      const input = validate(chatSubscribeSchema, payload);
      const { chat, messages, side, name } = await this.chats.detail(this.party(socket, input.visitorToken), input.chatId);
      await socket.join(roomsOf(chat.id, side));
      socket.data.chats = { ...socket.data.chats, [chat.id]: { side, name } };
      return { chat, messages };
    });
  }

  @SubscribeMessage('chat:unsubscribe')
  async unsubscribe(@ConnectedSocket() socket: MusterSocket, @MessageBody() payload: unknown): Promise<void> {
    await this.handle(socket, undefined, async () => {
      const { chatId } = validate(z.object({ chatId: z.string() }), payload);
      const entry = socket.data.chats?.[chatId];
      if (entry) {
        await socket.leave(roomsOf(chatId, entry.side));
        const { [chatId]: _left, ...rest } = socket.data.chats ?? {};
        socket.data.chats = rest;
      }
      return {};
    });
  }

  @SubscribeMessage('chat:send')
  async send(
    @ConnectedSocket() socket: MusterSocket,
    @MessageBody() payload: unknown,
    @Ack() ack: AckFn<{ message: ChatMessage }>,
  ): Promise<void> {
    await this.handle(socket, ack, async () => {
      const input = validate(chatSendSchema, payload);
      const known = socket.data.chats?.[input.chatId];
      return { message: await this.chats.send(this.party(socket), input, known, socket.id) };
    });
  }

  @SubscribeMessage('chat:typing')
  async typing(@ConnectedSocket() socket: MusterSocket, @MessageBody() payload: unknown): Promise<void> {
    await this.handle(socket, undefined, () => {
      const { chatId, typing } = validate(chatTypingSchema, payload);
      const entry = this.subscribed(socket, chatId);
      socket.to([rooms.chat(chatId), rooms.chatStaff(chatId)]).emit('chat:typing', { chatId, side: entry.side, name: entry.name, typing });
      return Promise.resolve({});
    });
  }

  @SubscribeMessage('chat:read')
  async read(@ConnectedSocket() socket: MusterSocket, @MessageBody() payload: unknown, @Ack() ack: AckFn<{ seq: number }>): Promise<void> {
    await this.handle(socket, ack, async () => {
      const { chatId, seq } = validate(chatReadSchema, payload);
      const entry = this.subscribed(socket, chatId);
      return { seq: await this.chats.read(chatId, entry.side, seq) };
    });
  }

  private party(socket: MusterSocket, visitorToken?: string): ChatParty {
    return partyOf(socket.data.principal, visitorToken);
  }

  private subscribed(socket: MusterSocket, chatId: string): { side: ChatSide; name: string } {
    const entry = socket.data.chats?.[chatId];
    if (!entry) throw new DomainError('NOT_FOUND', 'common.subscribeFirst');
    return entry;
  }

  /** Runs a handler and answers: the ack if there is one, else a `chat:error` event on refusal. */
  private handle<T extends object>(socket: MusterSocket, ack: AckFn<T>, work: () => Promise<T>): Promise<void> {
    return answer(socket, ack, 'chat:error', this.logger, work);
  }
}
