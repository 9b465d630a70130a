import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  type ChatAttachment,
  type ChatDetail,
  type ChatList,
  type chatListQuerySchema,
  type ChatMessage,
  type ChatSummary,
  type FieldReason,
  hasRank,
  type Insights,
  type LanguageCode,
  type rateChatSchema,
  type Role,
  rooms,
  type StartChatResult,
  type startChatSchema,
  type transferChatSchema,
  type Principal,
} from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { DomainError, InvalidFieldError, NotFoundError } from '../../platform/errors/domain-error.js';
import { LimiterService } from '../../platform/limits/limiter.service.js';
import { MailService } from '../../platform/mail/mail.service.js';
import { chatOfflineMail, chatTranscriptMail, type MailTemplate } from '../../platform/mail/templates/index.js';
import { formatClockTime, localDay } from '../../platform/time/zoned.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import { UsageService } from '../usage/usage.service.js';
import type { StoredObject } from '../../platform/storage/storage.types.js';
import { readUpload } from '../../platform/storage/upload.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { OrganizationsService } from '../identity/organizations.service.js';
import { RecipientsService } from '../identity/recipients.service.js';
import { TicketsService } from '../tickets/tickets.service.js';
import { activeBanOf } from './chat-bans.query.js';
import { forCustomerSide, ChatMessagesStore, type NewMessage } from './chat-messages.store.js';
import { ChatOperatorsService, type Operator } from './chat-operators.service.js';
import { attachmentOf, summaryOf } from './chat-view.js';
import { ChatAttachmentRow } from './entities/chat-attachment.entity.js';
import { ChatMessageRow } from './entities/chat-message.entity.js';
import { Chat } from './entities/chat.entity.js';

type StartInput = z.output<typeof startChatSchema>;
type ListQuery = z.output<typeof chatListQuerySchema>;
type TransferInput = z.output<typeof transferChatSchema>;
type RateInput = z.output<typeof rateChatSchema>;

/** What live chat contributes to support insights. */
export type ChatStats = Pick<Insights, 'chats' | 'satisfaction' | 'perOperator' | 'busiestHours'> & { perDay: Map<string, number> };

/** Who is asking: a session's account and role, and/or a visitor's chat token. */
/** Who acts on a chat: a signed-in principal, or a visitor holding the chat's token. */
export interface ChatParty {
  userId: string | null;
  role: Role | null;
  /** The signed-in principal; null for a visitor. */
  principal: Principal | null;
  visitorToken?: string | null | undefined;
}

/** The party of a request or socket: its principal (if any) and a visitor's chat token. */
export function partyOf(principal: Principal | null, visitorToken?: string | null): ChatParty {
  return { userId: principal?.userId ?? null, role: principal?.role ?? null, principal, visitorToken: visitorToken ?? null };
}

export type ChatSide = 'customer' | 'operator';

/** A party's place in one chat. */
export interface ChatAccess {
  chat: Chat;
  side: ChatSide;
  /** Name shown for the party (typing indicators). */
  name: string;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function tokenMatches(token: string | null | undefined, hash: string | null): boolean {
  if (!token || !hash || token.length > 128) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Ranks above SYSOPS supervise: they may transfer or close any chat. */
const isSupervisor = (role: Role | null): boolean => role !== null && hasRank(role, 'DEPUTY_ADMIN');
const isOperator = (role: Role | null): boolean => role !== null && hasRank(role, 'SYSOPS');

/**
 * Live chat: starting (or, with nobody online, filing a ticket), access, accepting,
 * transferring, closing, rating, transcripts, tickets from chats and attachments. Messages go
 * through `ChatMessagesStore`; operators and assignment through `ChatOperatorsService`.
 */
@Injectable()
export class LiveChatService {
  private readonly logger = new Logger('LiveChat');

  constructor(
    @InjectRepository(Chat) private readonly chats: Repository<Chat>,
    @InjectRepository(ChatAttachmentRow) private readonly attachments: Repository<ChatAttachmentRow>,
    private readonly dataSource: DataSource,
    private readonly messages: ChatMessagesStore,
    private readonly operators: ChatOperatorsService,
    private readonly organizations: OrganizationsService,
    private readonly recipients: RecipientsService,
    private readonly tickets: TicketsService,
    private readonly mail: MailService,
    private readonly realtime: RealtimeService,
    private readonly storage: StorageService,
    private readonly usage: UsageService,
    private readonly limiter: LimiterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ------------------------------------------------------------------------------------------
  // Starting

  availability(): Promise<{ operatorsOnline: boolean }> {
    return this.operators.anyOnline().then((operatorsOnline) => ({ operatorsOnline }));
  }

  async start(party: ChatParty, input: StartInput, client: ClientContext): Promise<StartChatResult> {
    const member = party.principal?.userId ? { ...party.principal, userId: party.principal.userId } : null;
    const customer = member
      ? {
          userId: member.userId,
          name: member.name,
          email: member.email,
          org: member.orgId ? { id: member.orgId, name: member.orgName ?? '' } : null,
        }
      : this.visitor(input);
    await this.limiter
      .limit('chat-start', { points: this.config.CHATS_PER_HOUR, durationSeconds: 60 * 60 })
      .consume(customer.userId ?? `ip:${client.ip}`, 'chat.tooManyChats');
    const ban = await activeBanOf(this.dataSource, { userId: customer.userId, email: customer.email, ip: client.ip });
    if (ban) throw new DomainError('CHAT_BANNED', 'chat.banned');

    if (!(await this.operators.anyOnline())) return this.leaveMessage(customer, input);

    const visitorToken = customer.userId ? null : randomBytes(24).toString('base64url');
    const chat = await this.dataSource.transaction(async (manager) => {
      const now = new Date();
      const created = await manager.getRepository(Chat).save(
        manager.getRepository(Chat).create({
          orgId: customer.org?.id ?? null,
          orgName: customer.org?.name ?? null,
          customerUserId: customer.userId,
          customerName: customer.name,
          customerEmail: customer.email,
          customerIp: client.ip,
          visitorTokenHash: visitorToken ? hashToken(visitorToken) : null,
          status: 'queued',
          language: input.language,
          subject: shorten(input.message, 200),
          // The first message is seq 1, and its customer has read it.
          lastSeq: 1,
          customerReadSeq: 1,
          operatorReadSeq: 0,
          lastMessageAt: now,
          operatorUserId: null,
          operatorName: null,
          assignedAt: null,
          firstResponseAt: null,
          closedAt: null,
          closedReason: null,
          rating: null,
          ratingComment: null,
          ticketId: null,
        }),
      );
      const messages = manager.getRepository(ChatMessageRow);
      await messages.save(
        messages.create({
          chatId: created.id,
          seq: 1,
          clientId: null,
          kind: 'customer',
          senderUserId: customer.userId,
          senderName: customer.name,
          body: input.message,
          attachmentId: null,
          event: null,
        }),
      );
      return created;
    });
    // Support sees it queued; a member's other tabs and devices follow them into it.
    this.realtime.emitTo(customer.userId ? [rooms.sysops(), rooms.user(customer.userId)] : rooms.sysops(), 'chat:updated', summaryOf(chat));
    await this.operators.assignQueued();
    return { outcome: 'chat', chat: summaryOf(await this.chats.findOneByOrFail({ id: chat.id })), visitorToken };
  }

  private visitor(input: StartInput): { userId: null; name: string; email: string; org: null } {
    if (!input.name || !input.email) {
      const fields: Record<string, FieldReason> = {};
      if (!input.name) fields.name = { reason: 'validation.required', params: {} };
      if (!input.email) fields.email = { reason: 'validation.required', params: {} };
      throw new DomainError('VALIDATION_FAILED', 'chat.visitorDetails', {}, { fields });
    }
    return { userId: null, name: input.name, email: input.email.toLowerCase(), org: null };
  }

  /** Nobody online: the message becomes a ticket, and the customer is told by email, in the chat's language. */
  private async leaveMessage(
    customer: { userId: string | null; name: string; email: string; org: { id: string; name: string } | null },
    input: StartInput,
  ): Promise<StartChatResult> {
    const ticket = await this.tickets.openFor({ ...customer, language: input.language }, customer.org, {
      subject: `Live chat: ${shorten(input.message, 80)}`.slice(0, 200),
      description: input.message,
      category: 'question',
      priority: 'normal',
    });
    const member = customer.userId !== null;
    await this.sendMail(
      chatOfflineMail,
      // A visitor's name and words are whatever was typed: a stranger's address gets none of them.
      { name: member ? customer.name : null, ticketNumber: ticket.number },
      { userId: customer.userId, email: customer.email, orgId: customer.org?.id ?? null, language: input.language },
      `chat-offline-${ticket.id}`,
    );
    return { outcome: 'ticket', ticketId: ticket.id };
  }

  // ------------------------------------------------------------------------------------------
  // Access

  /** The party's side in the chat, or 404: another organisation's chat is not found. */
  async access(party: ChatParty, chatId: string, manager?: EntityManager): Promise<ChatAccess> {
    const repo = manager?.getRepository(Chat) ?? this.chats;
    const chat = isUuid(chatId)
      ? await repo.findOne({ where: { id: chatId }, ...(manager ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!chat) throw new NotFoundError('chat');
    if (party.userId && chat.customerUserId === party.userId) return { chat, side: 'customer', name: chat.customerName };
    if (party.userId && isOperator(party.role)) {
      const op = await this.operators.ensure(this.operatorOf(party));
      return { chat, side: 'operator', name: op.name };
    }
    if (tokenMatches(party.visitorToken, chat.visitorTokenHash)) return { chat, side: 'customer', name: chat.customerName };
    throw new NotFoundError('chat');
  }

  /** Joins the chat (socket rooms are the gateway's job) and answers its state. */
  async detail(party: ChatParty, chatId: string): Promise<ChatDetail & { side: ChatSide; name: string }> {
    const { chat, side, name } = await this.access(party, chatId);
    const messages = await this.messages.latest(chat.id);
    return { chat: summaryOf(chat), messages: side === 'customer' ? messages.map(forCustomerSide) : messages, side, name };
  }

  async list(party: ChatParty, query: ListQuery): Promise<ChatList> {
    const qb = this.chats.createQueryBuilder('c').orderBy('c.last_message_at', 'DESC').take(query.limit);
    if (query.scope === 'customer') {
      if (!party.userId) return { items: [] };
      qb.where('c.customer_user_id = :userId', { userId: party.userId });
    } else {
      if (!party.userId || !isOperator(party.role)) throw new DomainError('FORBIDDEN', 'chat.notOperator');
      if (query.scope === 'queue') qb.where("c.status = 'queued'").orderBy('c.created_at', 'ASC');
      else if (query.scope === 'mine') qb.where('c.operator_user_id = :userId', { userId: party.userId });
      else qb.where('TRUE');
    }
    if (query.status) qb.andWhere('c.status = :status', { status: query.status });
    return { items: (await qb.getMany()).map(summaryOf) };
  }

  // ------------------------------------------------------------------------------------------
  // Messages, typing, read receipts

  /** Stores and publishes a message; `socketId` (the sender's socket) gets it through its acknowledgement only. */
  async send(party: ChatParty, input: NewMessage, known?: { side: ChatSide }, socketId?: string): Promise<ChatMessage> {
    const side = known?.side ?? (await this.access(party, input.chatId)).side;
    return this.messages.send(input, { side, userId: party.userId, socketId });
  }

  /** Records that `side` has read up to `seq`; answers the stored value. */
  async read(chatId: string, side: ChatSide, seq: number): Promise<number> {
    const column = side === 'customer' ? 'customer_read_seq' : 'operator_read_seq';
    // TypeORM answers an UPDATE … RETURNING with [rows, affected count].
    const [rows] = await this.dataSource.query<[{ seq: number }[], number]>(
      `UPDATE chats SET ${column} = GREATEST(${column}, LEAST($2, last_seq)) WHERE id = $1 RETURNING ${column} AS seq`,
      [chatId, seq],
    );
    const [updated] = rows;
    if (!updated) throw new NotFoundError('chat');
    this.realtime.emitTo([rooms.chat(chatId), rooms.chatStaff(chatId)], 'chat:read', { chatId, side, seq: updated.seq });
    return updated.seq;
  }

  // ------------------------------------------------------------------------------------------
  // Operator actions

  async accept(party: ChatParty, chatId: string): Promise<ChatSummary> {
    const operator = await this.operators.ensure(this.operatorOf(party));
    const chat = await this.operators.withAssignmentLock(async (manager, assigned) => {
      const { chat } = await this.access(party, chatId, manager);
      if (chat.status !== 'queued') throw new DomainError('CONFLICT', chat.status === 'closed' ? 'chat.closed' : 'chat.alreadyAssigned');
      const assignment = await this.operators.assign(manager, chat, operator);
      assigned.push(assignment);
      return assignment.chat;
    });
    return summaryOf(chat);
  }

  async transfer(party: ChatParty, chatId: string, input: TransferInput): Promise<ChatSummary> {
    const userId = this.operatorId(party);
    const chat = await this.operators.withAssignmentLock(async (manager, assigned) => {
      const { chat } = await this.access(party, chatId, manager);
      if (chat.status === 'closed') throw new DomainError('CHAT_CLOSED', 'chat.closed');
      if (chat.operatorUserId !== userId && !isSupervisor(party.role)) throw new DomainError('FORBIDDEN', 'chat.notYourChat');
      const target = await this.operators.operatorRow(manager, input.operatorId);
      if (!target || target.presence === 'offline') {
        throw new InvalidFieldError('operatorId', 'chat.operatorUnavailable');
      }
      if (target.userId === chat.operatorUserId) {
        throw new InvalidFieldError('operatorId', 'validation.chooseAnotherOperator');
      }
      const from = { id: chat.operatorUserId, name: chat.operatorName ?? '' };
      const previousOperatorId = chat.operatorUserId;
      chat.status = 'active';
      chat.operatorUserId = target.userId;
      chat.operatorName = target.name;
      chat.assignedAt ??= new Date();
      await manager.getRepository(Chat).save(chat);
      const message = await this.messages.appendSystem(manager, chat, {
        type: 'transferred',
        from,
        to: { id: target.userId, name: target.name },
        note: input.note?.trim() || null,
      });
      assigned.push({ chat, previousOperatorId, message });
      return chat;
    });
    await this.operators.assignQueued();
    return summaryOf(chat);
  }

  async close(party: ChatParty, chatId: string): Promise<ChatSummary> {
    const { chat, message, previousOperatorId } = await this.dataSource.transaction(async (manager) => {
      const { chat, side } = await this.access(party, chatId, manager);
      if (chat.status === 'closed') return { chat, message: null, previousOperatorId: null };
      if (side === 'operator' && chat.operatorUserId !== party.userId && !isSupervisor(party.role)) {
        throw new DomainError('FORBIDDEN', 'chat.notYourChat');
      }
      return this.closeLocked(manager, chat, side);
    });
    await this.afterClose(chat, message, previousOperatorId);
    return summaryOf(chat);
  }

  /** Ends chats of a banned customer (the ban service found them). */
  async closeForBan(chatIds: string[]): Promise<void> {
    for (const id of chatIds) {
      const closed = await this.dataSource.transaction(async (manager) => {
        const chat = await manager.getRepository(Chat).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!chat || chat.status === 'closed') return null;
        return this.closeLocked(manager, chat, 'banned');
      });
      if (closed) await this.afterClose(closed.chat, closed.message, closed.previousOperatorId);
    }
  }

  private async closeLocked(manager: EntityManager, chat: Chat, by: ChatSide | 'banned') {
    const previousOperatorId = chat.operatorUserId;
    chat.status = 'closed';
    chat.closedAt = new Date();
    chat.closedReason = by;
    await manager.getRepository(Chat).save(chat);
    const message = await this.messages.appendSystem(manager, chat, { type: 'closed', by });
    return { chat, message, previousOperatorId };
  }

  private async afterClose(chat: Chat, message: Awaited<ReturnType<ChatMessagesStore['appendSystem']>> | null, operatorId: string | null) {
    if (!message) return;
    await this.messages.publish(message, null);
    this.realtime.emitTo([rooms.chat(chat.id), rooms.chatStaff(chat.id), rooms.sysops()], 'chat:updated', summaryOf(chat));
    if (operatorId) await this.operators.announceLoad(operatorId);
    await this.operators.assignQueued();
  }

  // ------------------------------------------------------------------------------------------
  // After the chat

  async rate(party: ChatParty, chatId: string, input: RateInput): Promise<ChatSummary> {
    const chat = await this.dataSource.transaction(async (manager) => {
      const { chat, side } = await this.access(party, chatId, manager);
      if (side !== 'customer') throw new NotFoundError('chat');
      if (chat.status !== 'closed') throw new DomainError('CONFLICT', 'chat.notRateable');
      if (chat.rating !== null) throw new DomainError('CONFLICT', 'chat.alreadyRated');
      chat.rating = input.score;
      chat.ratingComment = input.comment?.trim() || null;
      return manager.getRepository(Chat).save(chat);
    });
    this.realtime.emitTo([rooms.chat(chat.id), rooms.chatStaff(chat.id), rooms.sysops()], 'chat:updated', summaryOf(chat));
    return summaryOf(chat);
  }

  /** Emails the transcript to the customer's own address (once per chat: the mail job id is the chat's). */
  async transcript(party: ChatParty, chatId: string): Promise<{ sentTo: string }> {
    const { chat, side } = await this.access(party, chatId);
    if (side !== 'customer' && !isOperator(party.role)) throw new NotFoundError('chat');
    const timeZone = await this.organizations.timeZoneOf(chat.orgId);
    const lines = (await this.transcriptLines(chat, 'customer')).map((line) => ({ ...line, time: formatClockTime(line.at, timeZone) }));
    await this.sendMail(
      chatTranscriptMail,
      { name: chat.customerUserId ? chat.customerName : null, day: localDay(chat.createdAt, timeZone), lines },
      { userId: chat.customerUserId, email: chat.customerEmail, orgId: chat.orgId, language: chat.language },
      `chat-transcript-${chat.id}-${String(chat.lastSeq)}`,
    );
    return { sentTo: chat.customerEmail };
  }

  /** An operator turns the chat into a ticket carrying its transcript (once: later calls answer the same ticket). */
  async toTicket(party: ChatParty, chatId: string): Promise<{ ticketId: string }> {
    this.operatorId(party);
    const { chat } = await this.access(party, chatId);
    if (chat.ticketId) return { ticketId: chat.ticketId };
    // The ticket's description is for support: English, times in UTC, as support reads every chat.
    const lines = (await this.transcriptLines(chat, 'operator')).map((line) => {
      const time = line.at.toISOString().slice(11, 16);
      const body = line.attachment === null ? line.body : `${line.body}${line.body ? ' ' : ''}[attachment: ${line.attachment}]`;
      return line.sender === null ? `[${time}] — ${body}` : `[${time}] ${line.sender}: ${body}`;
    });
    const ticket = await this.tickets.openFor(
      { userId: chat.customerUserId, name: chat.customerName, email: chat.customerEmail, language: chat.language },
      chat.orgId && chat.orgName ? { id: chat.orgId, name: chat.orgName } : null,
      {
        subject: `Live chat: ${shorten(chat.subject, 80)}`.slice(0, 200),
        description: shorten(['Transcript of the live chat:', '', ...lines].join('\n'), 10_000),
        category: 'question',
        priority: 'normal',
      },
    );
    const updated = await this.chats
      .createQueryBuilder()
      .update()
      .set({ ticketId: ticket.id })
      .where('id = :id AND ticket_id IS NULL', { id: chat.id })
      .execute();
    if (!updated.affected) {
      // Another operator made one at the same moment: keep theirs.
      const current = await this.chats.findOneByOrFail({ id: chat.id });
      return { ticketId: current.ticketId! };
    }
    const fresh = await this.chats.findOneByOrFail({ id: chat.id });
    this.realtime.emitTo([rooms.chat(chat.id), rooms.chatStaff(chat.id), rooms.sysops()], 'chat:updated', summaryOf(fresh));
    return { ticketId: ticket.id };
  }

  /** The chat's messages and events as the reader's side sees them, with the names of files sent. */
  private async transcriptLines(
    chat: Chat,
    reader: ChatSide,
  ): Promise<{ at: Date; sender: string | null; body: string; attachment: string | null }[]> {
    const rows = await this.messages.all(chat.id);
    const names = new Map((await this.attachments.findBy({ chatId: chat.id })).map((a) => [a.id, a.filename]));
    return rows.map((row) => {
      let body = row.body;
      if (row.kind === 'system' && row.event?.type === 'transferred' && reader === 'customer') {
        body = forCustomerSide({ event: row.event, body } as ChatMessage).body;
      }
      return {
        at: row.createdAt,
        sender: row.kind === 'system' ? null : row.senderName,
        body,
        attachment: row.attachmentId ? (names.get(row.attachmentId) ?? 'file') : null,
      };
    });
  }

  // ------------------------------------------------------------------------------------------
  // Figures

  /** Figures of the chats started between `from` and `to`, for support insights. */
  async stats(from: Date, to: Date): Promise<ChatStats> {
    const range = [from, to];
    const [totals] = await this.dataSource.query<Record<string, string | number | null>[]>(
      `SELECT count(*)::int AS started,
              count(first_response_at)::int AS answered,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at))
                FILTER (WHERE first_response_at IS NOT NULL) AS first_response,
              percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at))
                FILTER (WHERE first_response_at IS NOT NULL) AS first_response_p90,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM closed_at - created_at))
                FILTER (WHERE closed_at IS NOT NULL) AS duration,
              avg(rating)::float AS rating_average,
              count(rating)::int AS ratings,
              count(*) FILTER (WHERE rating = 1)::int AS r1, count(*) FILTER (WHERE rating = 2)::int AS r2,
              count(*) FILTER (WHERE rating = 3)::int AS r3, count(*) FILTER (WHERE rating = 4)::int AS r4,
              count(*) FILTER (WHERE rating = 5)::int AS r5
         FROM chats WHERE created_at >= $1 AND created_at < $2`,
      range,
    );
    const operators = await this.dataSource.query<
      { id: string; name: string; chats: number; first_response: number | null; rating: number | null }[]
    >(
      `SELECT operator_user_id AS id, max(operator_name) AS name, count(*)::int AS chats,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at))
                FILTER (WHERE first_response_at IS NOT NULL) AS first_response,
              avg(rating)::float AS rating
         FROM chats WHERE created_at >= $1 AND created_at < $2 AND operator_user_id IS NOT NULL
        GROUP BY operator_user_id ORDER BY chats DESC, name`,
      range,
    );
    const hours = await this.dataSource.query<{ hour: number; n: number }[]>(
      `SELECT extract(hour FROM created_at AT TIME ZONE 'UTC')::int AS hour, count(*)::int AS n
         FROM chats WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
      range,
    );
    const days = await this.dataSource.query<{ day: string; n: number }[]>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM chats WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
      range,
    );
    const num = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v)));
    const busiestHours = Array.from({ length: 24 }, () => 0);
    for (const h of hours) busiestHours[h.hour] = h.n;
    const average = totals?.rating_average;
    return {
      chats: {
        started: Number(totals?.started ?? 0),
        answered: Number(totals?.answered ?? 0),
        firstResponseMedianSeconds: num(totals?.first_response),
        firstResponseP90Seconds: num(totals?.first_response_p90),
        durationMedianSeconds: num(totals?.duration),
      },
      satisfaction: {
        average: average === null || average === undefined ? null : Math.round(Number(average) * 100) / 100,
        ratings: Number(totals?.ratings ?? 0),
        distribution: ['r1', 'r2', 'r3', 'r4', 'r5'].map((k) => Number(totals?.[k] ?? 0)),
      },
      perOperator: operators.map((o) => ({
        operator: { id: o.id, name: o.name },
        chats: o.chats,
        firstResponseMedianSeconds: num(o.first_response),
        averageRating: o.rating === null ? null : Math.round(o.rating * 100) / 100,
      })),
      busiestHours,
      perDay: new Map(days.map((d) => [d.day, d.n])),
    };
  }

  // ------------------------------------------------------------------------------------------
  // Attachments

  async upload(party: ChatParty, chatId: string, request: FastifyRequest): Promise<ChatAttachment> {
    const { chat, side } = await this.access(party, chatId);
    if (chat.status === 'closed') throw new DomainError('CHAT_CLOSED', 'chat.closed');
    const file = await readUpload(request, { maxBytes: ATTACHMENT_MAX_BYTES, allowed: ATTACHMENT_TYPES });
    const id = randomUUID();
    const storageKey = `chat/${chat.orgId ?? 'platform'}/${id}`;
    await this.storage.put(storageKey, file.body, file.contentType);
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        const saved = await manager.getRepository(ChatAttachmentRow).save(
          manager.getRepository(ChatAttachmentRow).create({
            id,
            chatId: chat.id,
            uploaderKind: side,
            uploaderUserId: party.userId,
            filename: file.filename,
            contentType: file.contentType,
            size: file.size,
            storageKey,
          }),
        );
        // A member's chat files count against their organisation's storage, as ticket files do: a
        // customer's upload past a Basic or Standard limit is refused; support's never is.
        if (chat.orgId) await this.usage.record(chat.orgId, 'storage', file.size, { manager, enforce: side === 'customer' });
        return saved;
      });
      return attachmentOf(row);
    } catch (err) {
      // Nothing refers to the stored file: do not keep it.
      await this.storage.remove(storageKey).catch(() => undefined);
      throw err;
    }
  }

  async download(party: ChatParty, chatId: string, attachmentId: string): Promise<{ file: ChatAttachment; content: StoredObject }> {
    const { chat } = await this.access(party, chatId);
    const row = isUuid(attachmentId) ? await this.attachments.findOneBy({ id: attachmentId, chatId: chat.id }) : null;
    if (!row) throw new NotFoundError('attachment');
    return { file: attachmentOf(row), content: await this.storage.read(row.storageKey) };
  }

  // ------------------------------------------------------------------------------------------

  private operatorId(party: ChatParty): string {
    return this.operatorOf(party).userId;
  }

  /** The party as a support operator: a signed-in principal of SYSOPS rank or above (else 403). */
  private operatorOf(party: ChatParty): Operator & { userId: string } {
    const principal = party.principal;
    if (!principal?.userId || !isOperator(principal.role)) throw new DomainError('FORBIDDEN', 'chat.notOperator');
    return { userId: principal.userId, role: principal.role, name: principal.name };
  }

  /** Emails the customer in their language (a member's stored one, else the chat's) and organisation's zone. */
  private async sendMail<P, E extends Record<string, string>>(
    template: MailTemplate<P, E>,
    params: P,
    to: { userId: string | null; email: string; orgId: string | null; language: LanguageCode },
    idempotencyKey: string,
  ): Promise<void> {
    try {
      await this.mail.sendTemplate(
        template,
        params,
        {
          to: to.email,
          orgId: to.orgId,
          language: await this.recipients.languageOf(to.userId ? { userId: to.userId } : { email: to.email }, to.language),
          timeZone: await this.organizations.timeZoneOf(to.orgId),
        },
        { idempotencyKey },
      );
    } catch (err) {
      // What the mail reports is already saved; the failure is logged for operators.
      this.logger.error(`A live-chat email could not be queued (${idempotencyKey})`, err instanceof Error ? err.stack : undefined);
    }
  }
}

function shorten(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}
