import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { hasRank, rooms, type OperatorState, type Principal, type UpdateOperatorRequest } from '@muster/contracts';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { summaryOf } from './chat-view.js';
import { ChatMessagesStore } from './chat-messages.store.js';
import type { ChatMessageRow } from './entities/chat-message.entity.js';
import { ChatOperator } from './entities/chat-operator.entity.js';
import { Chat } from './entities/chat.entity.js';

/** Serialises assignment across api instances: one transaction at a time picks operators. */
const ASSIGN_LOCK = 'muster:chat-assign';

/** A chat that changed operator in a transaction, announced after it commits. */
/** A support operator acting: their principal (a request's or a socket's). */
export type Operator = Pick<Principal, 'userId' | 'role' | 'name'>;

export interface Assignment {
  chat: Chat;
  previousOperatorId: string | null;
  /** The system message that tells it ("assigned", "transferred"). */
  message: ChatMessageRow;
}

/**
 * Support operators' presence and capacity, and who gets which chat. New chats go to the
 * least-loaded online operator with room (ties: whoever waited longest since their last chat);
 * queued chats are handed out as soon as capacity frees. Assignment runs under one advisory
 * lock so two instances never give the same operator more than their capacity.
 */
@Injectable()
export class ChatOperatorsService {
  private readonly logger = new Logger('LiveChat');

  constructor(
    @InjectRepository(ChatOperator) private readonly operators: Repository<ChatOperator>,
    private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
    private readonly messages: ChatMessagesStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The operator row of a signed-in support operator (created on first use, named as their principal is). */
  async ensure(operator: Operator): Promise<ChatOperator> {
    const { userId, role, name } = operator;
    if (!userId || !hasRank(role, 'SYSOPS')) throw new DomainError('FORBIDDEN', 'chat.notOperator');
    const found = await this.operators.findOneBy({ userId });
    if (found) return found;
    await this.operators
      .createQueryBuilder()
      .insert()
      .values({ userId, name, presence: 'offline', capacity: this.config.CHAT_OPERATOR_CAPACITY })
      .orIgnore()
      .execute();
    return this.operators.findOneByOrFail({ userId });
  }

  async state(operator: Operator): Promise<OperatorState> {
    const op = await this.ensure(operator);
    return (await this.statesOf([op.userId]))[0]!;
  }

  async list(): Promise<OperatorState[]> {
    return this.statesOf(null);
  }

  private async statesOf(ids: string[] | null): Promise<OperatorState[]> {
    const rows = await this.dataSource.query<
      { user_id: string; name: string; presence: OperatorState['presence']; capacity: number; active: string }[]
    >(
      `SELECT o.user_id, o.name, o.presence, o.capacity,
              (SELECT count(*) FROM chats c WHERE c.operator_user_id = o.user_id AND c.status = 'active') AS active
         FROM chat_operators o
        ${ids ? 'WHERE o.user_id = ANY($1)' : ''}
        ORDER BY o.presence = 'online' DESC, o.name`,
      ids ? [ids] : [],
    );
    return rows.map((r) => ({
      userId: r.user_id,
      name: r.name,
      presence: r.presence,
      capacity: r.capacity,
      activeChats: Number(r.active),
    }));
  }

  async update(operator: Operator, input: UpdateOperatorRequest): Promise<OperatorState> {
    const { userId } = await this.ensure(operator);
    await this.operators.update(
      { userId },
      {
        ...(input.presence ? { presence: input.presence, presenceAt: new Date() } : {}),
        ...(input.capacity ? { capacity: input.capacity } : {}),
      },
    );
    const state = await this.state(operator);
    this.realtime.emitTo(rooms.sysops(), 'chat:operator', state);
    await this.assignQueued();
    return state;
  }

  /** An operator's row read inside a transaction. */
  operatorRow(manager: EntityManager, userId: string): Promise<ChatOperator | null> {
    return manager.getRepository(ChatOperator).findOneBy({ userId });
  }

  /** Whether any operator is online (otherwise a new chat becomes a ticket). */
  async anyOnline(): Promise<boolean> {
    return (await this.operators.countBy({ presence: 'online' })) > 0;
  }

  /**
   * Marks an operator offline when their last socket is gone (every instance counted), unless
   * they set their presence after the socket that went at `since` (a new tab that said "online"
   * before its socket connected).
   */
  async disconnected(userId: string, since: Date): Promise<void> {
    if ((await this.realtime.socketCount(rooms.user(userId))) > 0) return;
    const result = await this.operators
      .createQueryBuilder()
      .update()
      .set({ presence: 'offline' })
      .where('user_id = :userId AND presence <> :offline AND presence_at <= :since', { userId, offline: 'offline', since })
      .execute();
    if (result.affected) {
      const [state] = await this.statesOf([userId]);
      if (state) this.realtime.emitTo(rooms.sysops(), 'chat:operator', state);
    }
  }

  /** Runs `work` holding the assignment lock, then announces the assignments it made. */
  async withAssignmentLock<T>(work: (manager: EntityManager, assigned: Assignment[]) => Promise<T>): Promise<T> {
    const assigned: Assignment[] = [];
    const result = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [ASSIGN_LOCK]);
      return work(manager, assigned);
    });
    await this.announce(assigned);
    return result;
  }

  /** Hands queued chats, oldest first, to online operators with capacity. */
  async assignQueued(): Promise<void> {
    try {
      await this.withAssignmentLock(async (manager, assigned) => {
        for (;;) {
          const chat = await manager
            .getRepository(Chat)
            .createQueryBuilder('c')
            .where("c.status = 'queued'")
            .orderBy('c.created_at', 'ASC')
            .setLock('pessimistic_write')
            .getOne();
          if (!chat) return;
          const operator = await this.leastLoaded(manager);
          if (!operator) return;
          assigned.push(await this.assign(manager, chat, operator));
        }
      });
    } catch (err) {
      // A chat left queued is picked up by the next assignment run; nothing is lost.
      this.logger.error('Assigning queued chats failed', err instanceof Error ? err.stack : undefined);
    }
  }

  private async leastLoaded(manager: EntityManager): Promise<ChatOperator | null> {
    const rows = await manager.query<{ user_id: string }[]>(
      `SELECT o.user_id
         FROM chat_operators o
         LEFT JOIN chats c ON c.operator_user_id = o.user_id AND c.status = 'active'
        WHERE o.presence = 'online'
        GROUP BY o.user_id
       HAVING count(c.id) < o.capacity
        ORDER BY count(c.id) ASC, o.last_assigned_at ASC NULLS FIRST, o.user_id
        LIMIT 1`,
    );
    return rows[0] ? manager.getRepository(ChatOperator).findOneBy({ userId: rows[0].user_id }) : null;
  }

  /** Gives `chat` to `operator` inside the locked transaction, with its system message. */
  async assign(manager: EntityManager, chat: Chat, operator: ChatOperator): Promise<Assignment> {
    const previousOperatorId = chat.operatorUserId;
    const now = new Date();
    chat.status = 'active';
    chat.operatorUserId = operator.userId;
    chat.operatorName = operator.name;
    chat.assignedAt ??= now;
    await manager.getRepository(Chat).save(chat);
    await manager.getRepository(ChatOperator).update({ userId: operator.userId }, { lastAssignedAt: now });
    const message = await this.messages.appendSystem(manager, chat, {
      type: 'assigned',
      operator: { id: operator.userId, name: operator.name },
    });
    return { chat, previousOperatorId, message };
  }

  /**
   * After commit: the new operator's sockets join the chat's room (on every instance), the old
   * operator's leave it, and everyone concerned hears about it.
   */
  async announce(assigned: Assignment[]): Promise<void> {
    const touched = new Set<string>();
    for (const { chat, previousOperatorId, message } of assigned) {
      const room = rooms.chatStaff(chat.id);
      if (previousOperatorId && previousOperatorId !== chat.operatorUserId) {
        this.realtime.socketsLeave(rooms.user(previousOperatorId), room);
        touched.add(previousOperatorId);
      }
      if (chat.operatorUserId) {
        this.realtime.socketsJoin(rooms.user(chat.operatorUserId), room);
        touched.add(chat.operatorUserId);
      }
      await this.messages.publish(message, null);
      this.realtime.emitTo([rooms.chat(chat.id), room, rooms.sysops()], 'chat:updated', summaryOf(chat));
    }
    if (touched.size) for (const state of await this.statesOf([...touched])) this.realtime.emitTo(rooms.sysops(), 'chat:operator', state);
  }

  /** Announces an operator's new load (a chat of theirs closed). */
  async announceLoad(userId: string): Promise<void> {
    const [state] = await this.statesOf([userId]);
    if (state) this.realtime.emitTo(rooms.sysops(), 'chat:operator', state);
  }
}
