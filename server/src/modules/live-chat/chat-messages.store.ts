import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CHAT_LIMITS, CHAT_MESSAGES, PRODUCT_NAME, rooms, type ChatMessage, type ChatSystemEvent } from '@muster/contracts';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { messageOf } from './chat-view.js';
import { ChatAttachmentRow } from './entities/chat-attachment.entity.js';
import { ChatMessageRow } from './entities/chat-message.entity.js';
import { Chat } from './entities/chat.entity.js';

export interface Sender {
  side: 'customer' | 'operator';
  userId: string | null;
}

export interface NewMessage {
  chatId: string;
  clientId: string;
  body: string;
  attachmentId?: string | undefined;
}

interface MessageSqlRow {
  id: string;
  chat_id: string;
  seq: number;
  client_id: string | null;
  kind: ChatMessageRow['kind'];
  sender_user_id: string | null;
  sender_name: string;
  body: string;
  attachment_id: string | null;
  event: ChatSystemEvent | null;
  created_at: Date;
  fresh?: boolean;
}

/**
 * Stores chat messages in order, exactly once, and publishes them to the chat's room.
 *
 * A message is one SQL statement: it takes the chat row's lock by bumping `last_seq` (which
 * orders the chat's messages), checks that the chat is open and that an operator is its
 * operator, and inserts the message with that seq. The unique (chat, client id) key makes a
 * retried send a no-op that answers the stored record.
 */
@Injectable()
export class ChatMessagesStore {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ChatMessageRow) private readonly rows: Repository<ChatMessageRow>,
    @InjectRepository(ChatAttachmentRow) private readonly attachments: Repository<ChatAttachmentRow>,
    private readonly realtime: RealtimeService,
  ) {}

  /** Sends of one chat waiting in this process, chained so they are stored and published in order. */
  private readonly chains = new Map<string, Promise<unknown>>();

  /**
   * Stores the message (once per client id) and publishes it to the chat's rooms. The sends of
   * one chat through this process run one after another, so the room hears them in seq order;
   * a retry answers the stored record without publishing it again.
   */
  send(input: NewMessage, sender: Sender): Promise<ChatMessage> {
    const previous = this.chains.get(input.chatId) ?? Promise.resolve();
    const current = previous.then(async () => {
      const { message, fresh } = await this.store(input, sender);
      if (fresh) this.publishMessage(message);
      return message;
    });
    const tail = current.catch(() => undefined);
    this.chains.set(input.chatId, tail);
    void tail.then(() => {
      if (this.chains.get(input.chatId) === tail) this.chains.delete(input.chatId);
    });
    return current;
  }

  private async store(input: NewMessage, sender: Sender): Promise<{ message: ChatMessage; fresh: boolean }> {
    const rows = await this.dataSource.query<MessageSqlRow[]>(
      `WITH prior AS (
         SELECT * FROM chat_messages WHERE chat_id = $1 AND client_id = $2
       ), bump AS (
         UPDATE chats
            SET last_seq = last_seq + 1,
                last_message_at = now(),
                first_response_at = CASE WHEN $3 = 'operator' THEN coalesce(first_response_at, now()) ELSE first_response_at END,
                customer_read_seq = CASE WHEN $3 = 'customer' THEN last_seq + 1 ELSE customer_read_seq END,
                operator_read_seq = CASE WHEN $3 = 'operator' THEN last_seq + 1 ELSE operator_read_seq END
          WHERE id = $1
            AND status <> 'closed'
            AND ($3 = 'customer' OR operator_user_id = $4)
            AND ($6::uuid IS NULL OR EXISTS (SELECT 1 FROM chat_attachments a WHERE a.id = $6 AND a.chat_id = $1))
            AND NOT EXISTS (SELECT 1 FROM prior)
         RETURNING last_seq, CASE WHEN $3 = 'customer' THEN customer_name ELSE operator_name END AS sender_name
       ), inserted AS (
         INSERT INTO chat_messages (chat_id, seq, client_id, kind, sender_user_id, sender_name, body, attachment_id)
         SELECT $1, bump.last_seq, $2, $3, $4, bump.sender_name, $5, $6 FROM bump
         ON CONFLICT ON CONSTRAINT uq_chat_messages_client DO NOTHING
         RETURNING *
       )
       SELECT *, true AS fresh FROM inserted UNION ALL SELECT *, false AS fresh FROM prior`,
      [input.chatId, input.clientId, sender.side, sender.userId, input.body, input.attachmentId ?? null],
    );
    const row = rows[0] ?? (await this.explainRefusal(input, sender));
    return { message: await this.toMessage(row), fresh: row.fresh === true };
  }

  /** Why a send stored nothing — or, after a concurrent retry of the same id won, its record. */
  private async explainRefusal(input: NewMessage, sender: Sender): Promise<MessageSqlRow> {
    const [stored] = await this.dataSource.query<MessageSqlRow[]>(`SELECT * FROM chat_messages WHERE chat_id = $1 AND client_id = $2`, [
      input.chatId,
      input.clientId,
    ]);
    if (stored) return stored;
    const chat = await this.dataSource.getRepository(Chat).findOneBy({ id: input.chatId });
    if (!chat) throw new NotFoundError('Chat');
    if (chat.status === 'closed') {
      throw chat.closedReason === 'banned'
        ? new DomainError('CHAT_BANNED', CHAT_MESSAGES.banned)
        : new DomainError('CHAT_CLOSED', CHAT_MESSAGES.closed);
    }
    if (sender.side === 'operator' && chat.operatorUserId !== sender.userId) throw new DomainError('FORBIDDEN', CHAT_MESSAGES.notYourChat);
    throw new DomainError('VALIDATION_FAILED', 'attachmentId: Upload the file to this chat first', {
      attachmentId: 'Upload the file to this chat first',
    });
  }

  private async toMessage(row: MessageSqlRow): Promise<ChatMessage> {
    const attachment = row.attachment_id ? await this.attachments.findOneBy({ id: row.attachment_id }) : null;
    return messageOf(
      Object.assign(new ChatMessageRow(), {
        id: row.id,
        chatId: row.chat_id,
        seq: row.seq,
        clientId: row.client_id,
        kind: row.kind,
        senderUserId: row.sender_user_id,
        senderName: row.sender_name,
        body: row.body,
        attachmentId: row.attachment_id,
        event: row.event,
        createdAt: new Date(row.created_at),
      }),
      attachment,
    );
  }

  /**
   * Appends a system message ("assigned", "transferred", "closed") to a chat whose row the
   * transaction has locked; `chat` is updated in place.
   */
  async appendSystem(manager: EntityManager, chat: Chat, event: ChatSystemEvent): Promise<ChatMessageRow> {
    chat.lastSeq += 1;
    chat.lastMessageAt = new Date();
    await manager.getRepository(Chat).update({ id: chat.id }, { lastSeq: chat.lastSeq, lastMessageAt: chat.lastMessageAt });
    const repo = manager.getRepository(ChatMessageRow);
    return repo.save(
      repo.create({
        chatId: chat.id,
        seq: chat.lastSeq,
        clientId: null,
        kind: 'system',
        senderUserId: null,
        senderName: PRODUCT_NAME,
        body: systemText(event),
        attachmentId: null,
        event,
      }),
    );
  }

  /** Sends a stored message to the chat's rooms (every instance); the customer's copy hides staff notes. */
  publish(row: ChatMessageRow, attachment: ChatAttachmentRow | null): void {
    this.publishMessage(messageOf(row, attachment));
  }

  publishMessage(message: ChatMessage): void {
    const forCustomer = forCustomerSide(message);
    if (forCustomer === message) {
      this.realtime.emitTo([rooms.chat(message.chatId), rooms.chatStaff(message.chatId)], 'chat:message', message);
    } else {
      this.realtime.emitTo(rooms.chatStaff(message.chatId), 'chat:message', message);
      this.realtime.emitTo(rooms.chat(message.chatId), 'chat:message', forCustomer);
    }
  }

  /** The latest messages of a chat, oldest first. */
  async latest(chatId: string, limit: number = CHAT_LIMITS.historyPage): Promise<ChatMessage[]> {
    const rows = await this.rows.find({ where: { chatId }, order: { seq: 'DESC' }, take: limit });
    rows.reverse();
    const ids = rows.map((r) => r.attachmentId).filter((id): id is string => id !== null);
    const attachments = ids.length ? await this.attachments.findBy({ id: In(ids) }) : [];
    const byId = new Map(attachments.map((a) => [a.id, a]));
    return rows.map((r) => messageOf(r, r.attachmentId ? byId.get(r.attachmentId) : null));
  }

  /** Every message of a chat, oldest first (transcripts). */
  all(chatId: string): Promise<ChatMessageRow[]> {
    return this.rows.find({ where: { chatId }, order: { seq: 'ASC' } });
  }
}

/** What the customer may read of a message: a transfer note is for operators only. */
export function forCustomerSide(message: ChatMessage): ChatMessage {
  if (message.event?.type !== 'transferred' || message.event.note === null) return message;
  const event = { ...message.event, note: null };
  return { ...message, event, body: systemText(event) };
}

/** Plain-text form of a system message (transcripts; clients write their own from `event`). */
export function systemText(event: ChatSystemEvent): string {
  switch (event.type) {
    case 'assigned':
      return `${event.operator.name} joined the chat`;
    case 'transferred':
      return `${event.from.name} transferred the chat to ${event.to.name}${event.note ? `: ${event.note}` : ''}`;
    case 'closed':
      return event.by === 'customer'
        ? 'The customer ended the chat'
        : event.by === 'operator'
          ? 'The operator ended the chat'
          : 'The chat was ended';
  }
}
