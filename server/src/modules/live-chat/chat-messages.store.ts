import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CHAT_LIMITS, PRODUCT_NAME, rooms, type ChatMessage, type ChatSystemEvent } from '@muster/contracts';
import type { Pool } from 'pg';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { DomainError, InvalidFieldError, NotFoundError } from '../../platform/errors/domain-error.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { messageOf } from './chat-view.js';
import { ChatAttachmentRow } from './entities/chat-attachment.entity.js';
import { ChatMessageRow } from './entities/chat-message.entity.js';
import { Chat } from './entities/chat.entity.js';

export interface Sender {
  side: 'customer' | 'operator';
  userId: string | null;
  /** The sending socket: it gets the stored record in its acknowledgement, not again from the room. */
  socketId?: string | undefined;
}

interface PendingSend {
  input: NewMessage;
  sender: Sender;
  resolve: (stored: { message: ChatMessage; fresh: boolean }) => void;
  reject: (err: unknown) => void;
}

/** Batch statements running at once per process, and sends per statement. */
const MAX_BATCHES_IN_FLIGHT = 4;
const MAX_BATCH = 200;
/** Message ids remembered as published by this process (a retry comes seconds, not hours, later). */
const REMEMBERED_PUBLISHED = 10_000;

/**
 * One statement stores a batch of sends, at most one per chat: it locks the chats in id order
 * (so two batches cannot deadlock on each other), bumps each chat's `last_seq` — checking that
 * the chat is open, that an operator is its operator and that an attachment belongs to it —
 * inserts each message with its chat's new seq, and answers each stored row with its place in
 * the batch (`ord`); a client id already stored answers that row (`fresh` false) instead.
 */
const BATCH_SQL = `
  WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::uuid[], $5::text[], $6::uuid[], $7::int[])
      AS i(chat_id, client_id, kind, sender_user_id, body, attachment_id, ord)
  ), prior AS (
    SELECT m.*, i.ord FROM chat_messages m JOIN input i ON m.chat_id = i.chat_id AND m.client_id = i.client_id
  ), locked AS (
    SELECT c.id FROM chats c WHERE c.id IN (SELECT chat_id FROM input) ORDER BY c.id FOR NO KEY UPDATE
  ), bump AS (
    UPDATE chats c
       SET last_seq = c.last_seq + 1,
           last_message_at = now(),
           first_response_at = CASE WHEN i.kind = 'operator' THEN coalesce(c.first_response_at, now()) ELSE c.first_response_at END,
           customer_read_seq = CASE WHEN i.kind = 'customer' THEN c.last_seq + 1 ELSE c.customer_read_seq END,
           operator_read_seq = CASE WHEN i.kind = 'operator' THEN c.last_seq + 1 ELSE c.operator_read_seq END
      FROM input i
     WHERE c.id = i.chat_id
       AND c.id IN (SELECT id FROM locked)
       AND c.status <> 'closed'
       AND (i.kind = 'customer' OR c.operator_user_id = i.sender_user_id)
       AND (i.attachment_id IS NULL OR EXISTS (SELECT 1 FROM chat_attachments a WHERE a.id = i.attachment_id AND a.chat_id = i.chat_id))
       AND NOT EXISTS (SELECT 1 FROM prior p WHERE p.ord = i.ord)
    RETURNING c.last_seq, i.ord, CASE WHEN i.kind = 'customer' THEN c.customer_name ELSE c.operator_name END AS sender_name
  ), inserted AS (
    INSERT INTO chat_messages (chat_id, seq, client_id, kind, sender_user_id, sender_name, body, attachment_id)
    SELECT i.chat_id, b.last_seq, i.client_id, i.kind, i.sender_user_id, b.sender_name, i.body, i.attachment_id
      FROM bump b JOIN input i ON i.ord = b.ord
    ON CONFLICT ON CONSTRAINT uq_chat_messages_client DO NOTHING
    RETURNING *
  )
  SELECT ins.id, ins.chat_id, ins.seq, ins.client_id, ins.kind, ins.sender_user_id, ins.sender_name, ins.body,
         ins.attachment_id, ins.event, ins.created_at, i.ord, true AS fresh
    FROM inserted ins JOIN input i ON i.chat_id = ins.chat_id AND i.client_id = ins.client_id
  UNION ALL
  SELECT p.id, p.chat_id, p.seq, p.client_id, p.kind, p.sender_user_id, p.sender_name, p.body,
         p.attachment_id, p.event, p.created_at, p.ord, false AS fresh
    FROM prior p`;

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
   * Ids of the messages this process has published lately, oldest first: a retry of one of them
   * is answered without publishing it again.
   */
  private readonly published = new Set<string>();

  /**
   * Stores the message (once per client id) and publishes it to the chat's rooms. The sends of
   * one chat through this process run one after another, so the room hears them in seq order.
   *
   * A retry answers the stored record; it publishes it too unless this process published it
   * lately: the process that stored it may have died before publishing (the client retries
   * because it got no acknowledgement), and a message stored once must reach every subscriber.
   * A retry through another instance of a message that was published may deliver it twice;
   * clients keep one copy per message id.
   */
  send(input: NewMessage, sender: Sender): Promise<ChatMessage> {
    const previous = this.chains.get(input.chatId) ?? Promise.resolve();
    const current = previous.then(async () => {
      const { message } = await this.store(input, sender);
      if (!this.published.has(message.id)) {
        // Published before it is acknowledged: on every instance's stream, or the sender retries.
        await this.publishMessage(message, sender.socketId);
        this.rememberPublished(message.id);
      }
      return message;
    });
    const tail = current.catch(() => undefined);
    this.chains.set(input.chatId, tail);
    void tail.then(() => {
      if (this.chains.get(input.chatId) === tail) this.chains.delete(input.chatId);
    });
    return current;
  }

  private rememberPublished(id: string): void {
    this.published.add(id);
    if (this.published.size > REMEMBERED_PUBLISHED) {
      const [oldest] = this.published;
      this.published.delete(oldest!);
    }
  }

  /** The connection pool under TypeORM: the hot path skips its query runner (one statement, no transaction). */
  private get pool(): Pool {
    return (this.dataSource.driver as PostgresDriver).master as Pool;
  }

  /** Sends waiting for the next batch statement, and how many statements are running. */
  private waiting: PendingSend[] = [];
  private running = 0;

  /**
   * Queues one send for the next batch statement. Under load, the sends that arrive while
   * statements run are written together — one statement, one round trip and one commit for
   * many chats — and each still answers only after its row is committed. A chat has at most one
   * send in a batch (its sends are chained above), which the statement relies on.
   */
  private store(input: NewMessage, sender: Sender): Promise<{ message: ChatMessage; fresh: boolean }> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, sender, resolve, reject });
      this.flush();
    });
  }

  private flush(): void {
    while (this.waiting.length && this.running < MAX_BATCHES_IN_FLIGHT) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      this.running += 1;
      void this.write(batch).finally(() => {
        this.running -= 1;
        this.flush();
      });
    }
  }

  private async write(batch: PendingSend[]): Promise<void> {
    let rows: (MessageSqlRow & { ord: number })[];
    try {
      ({ rows } = await this.pool.query<MessageSqlRow & { ord: number }>(BATCH_SQL, [
        batch.map((p) => p.input.chatId),
        batch.map((p) => p.input.clientId),
        batch.map((p) => p.sender.side),
        batch.map((p) => p.sender.userId),
        batch.map((p) => p.input.body),
        batch.map((p) => p.input.attachmentId ?? null),
        batch.map((_, i) => i),
      ]));
    } catch (err) {
      // A batch that fails as a whole (a deadlock with another instance's batch, a lost
      // connection) is retried one send at a time, so one send's failure is its own.
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      await Promise.all(batch.map((p) => this.write([p])));
      return;
    }
    const byOrd = new Map(rows.map((r) => [r.ord, r]));
    await Promise.all(
      batch.map(async (p, i) => {
        try {
          const row = byOrd.get(i) ?? (await this.explainRefusal(p.input, p.sender));
          p.resolve({ message: await this.toMessage(row), fresh: row.fresh === true });
        } catch (err) {
          p.reject(err);
        }
      }),
    );
  }

  /** Why a send stored nothing — or, after a concurrent retry of the same id won, its record. */
  private async explainRefusal(input: NewMessage, sender: Sender): Promise<MessageSqlRow> {
    const [stored] = await this.dataSource.query<MessageSqlRow[]>(`SELECT * FROM chat_messages WHERE chat_id = $1 AND client_id = $2`, [
      input.chatId,
      input.clientId,
    ]);
    if (stored) return stored;
    const chat = await this.dataSource.getRepository(Chat).findOneBy({ id: input.chatId });
    if (!chat) throw new NotFoundError('chat');
    if (chat.status === 'closed') {
      throw chat.closedReason === 'banned' ? new DomainError('CHAT_BANNED', 'chat.banned') : new DomainError('CHAT_CLOSED', 'chat.closed');
    }
    if (sender.side === 'operator' && chat.operatorUserId !== sender.userId) throw new DomainError('FORBIDDEN', 'chat.notYourChat');
    throw new InvalidFieldError('attachmentId', 'validation.uploadToChatFirst');
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
  publish(row: ChatMessageRow, attachment: ChatAttachmentRow | null): Promise<void> {
    return this.publishMessage(messageOf(row, attachment));
  }

  /** Publishes a message to the chat's rooms (staff see what the customer's side does not), resolving once it is on the stream. */
  async publishMessage(message: ChatMessage, exceptSocketId?: string): Promise<void> {
    const forCustomer = forCustomerSide(message);
    if (forCustomer === message) {
      await this.realtime.publish([rooms.chat(message.chatId), rooms.chatStaff(message.chatId)], exceptSocketId, 'chat:message', message);
    } else {
      await Promise.all([
        this.realtime.publish(rooms.chatStaff(message.chatId), exceptSocketId, 'chat:message', message),
        this.realtime.publish(rooms.chat(message.chatId), exceptSocketId, 'chat:message', forCustomer),
      ]);
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
