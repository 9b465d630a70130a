import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  hasRank,
  rooms,
  TICKET_SLA_HOURS,
  type Role,
  type Insights,
  type SupportOperator,
  type TicketAttachment as TicketAttachmentRecord,
  type TicketBulkResult,
  type TicketDetail,
  type TicketList,
  type LanguageCode,
  type TicketStatus,
  type TicketSummary,
  type bulkTicketStatusSchema,
  type createTicketSchema,
  type ticketCommentSchema,
  type ticketListQuerySchema,
  type updateTicketSchema,
  type Principal,
} from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { Brackets, DataSource, type EntityManager, type Repository } from 'typeorm';
import type { z } from 'zod';
import { DomainError, InvalidFieldError, NotFoundError } from '../../platform/errors/domain-error.js';
import { asUser, inOrg } from '../../platform/auth/principal.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { MailService } from '../../platform/mail/mail.service.js';
import { ticketReplyMail, ticketStatusMail, type MailTemplate } from '../../platform/mail/templates/index.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { UsageService } from '../usage/usage.service.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import type { StoredObject } from '../../platform/storage/storage.types.js';
import { readUpload } from '../../platform/storage/upload.js';
import { AuthService } from '../identity/auth.service.js';
import { OrganizationsService } from '../identity/organizations.service.js';
import { RecipientsService } from '../identity/recipients.service.js';
import { displayName, type Account } from '../identity/accounts.js';
import { TicketAttachment } from './entities/ticket-attachment.entity.js';
import { TicketComment } from './entities/ticket-comment.entity.js';
import { TicketEvent } from './entities/ticket-event.entity.js';
import { Ticket } from './entities/ticket.entity.js';

type CreateInput = z.output<typeof createTicketSchema>;
type CommentInput = z.output<typeof ticketCommentSchema>;
type UpdateInput = z.output<typeof updateTicketSchema>;
type ListQuery = z.output<typeof ticketListQuerySchema>;
type BulkStatusInput = z.output<typeof bulkTicketStatusSchema>;

/** Files one ticket can hold. */
export const TICKET_ATTACHMENTS_MAX = 20;

const HOUR_MS = 60 * 60 * 1000;

/** Who is acting on a ticket (a visitor without an account has no user id). */
interface Actor {
  userId: string | null;
  name: string;
  email: string;
  role: Role;
  orgId: string | null;
  /** A support operator: SYSOPS and above. */
  operator: boolean;
}

/** A signed-in member acting. */
type Member = Actor & { userId: string };

/**
 * Support tickets: opened by organisation members, worked by support operators (SYSOPS and
 * above), seen by the requester, their organisation's ADMIN and MANAGER, and operators.
 * Service-level due times come from the priority; the first public operator reply meets the
 * first-response level and resolving meets the resolution level. Every change is in the
 * ticket's history; the requester is emailed on operator replies and status changes.
 */
@Injectable()
export class TicketsService {
  private readonly logger = new Logger('Tickets');

  constructor(
    @InjectRepository(Ticket) private readonly tickets: Repository<Ticket>,
    @InjectRepository(TicketComment) private readonly comments: Repository<TicketComment>,
    @InjectRepository(TicketEvent) private readonly events: Repository<TicketEvent>,
    @InjectRepository(TicketAttachment) private readonly attachments: Repository<TicketAttachment>,
    private readonly dataSource: DataSource,
    private readonly accounts: AuthService,
    private readonly organizations: OrganizationsService,
    private readonly recipients: RecipientsService,
    private readonly mail: MailService,
    private readonly storage: StorageService,
    private readonly usage: UsageService,
    private readonly realtime: RealtimeService,
  ) {}

  /**
   * Tells the open screens that a ticket changed, so a reply or a status shows without a reload:
   * support always; its requester and their organisation's ADMINs and MANAGERs only for what the
   * customer sees (never an internal note or file). The event carries the id alone: each screen
   * refetches what its reader may see.
   */
  private announce(ticket: Ticket, customerSees: boolean): void {
    const targets: string[] = [rooms.sysops()];
    if (customerSees) {
      if (ticket.requesterUserId) targets.push(rooms.user(ticket.requesterUserId));
      if (ticket.orgId) targets.push(rooms.org(ticket.orgId));
    }
    this.realtime.emitTo(targets, 'ticket:updated', { ticketId: ticket.id });
  }

  /** The signed-in person acting, from their principal (a guest auditor has no tickets: 403). */
  private actor(auth: Principal): Member {
    const user = asUser(auth);
    return {
      userId: user.userId,
      name: user.name,
      email: user.email,
      role: user.role,
      orgId: user.orgId,
      operator: hasRank(user.role, 'SYSOPS'),
    };
  }

  /** Whether the actor may see a ticket: operators all, the requester theirs, ADMIN/MANAGER their organisation's. */
  private canSee(actor: Member, ticket: Ticket): boolean {
    if (actor.operator || ticket.requesterUserId === actor.userId) return true;
    return ticket.orgId !== null && ticket.orgId === actor.orgId && (actor.role === 'ADMIN' || actor.role === 'MANAGER');
  }

  private async visible(actor: Member, id: string, manager?: EntityManager): Promise<Ticket> {
    const repo = manager?.getRepository(Ticket) ?? this.tickets;
    const ticket = isUuid(id)
      ? await repo.findOne({ where: { id }, ...(manager ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    // Another organisation's ticket is not found, never forbidden.
    if (!ticket || !this.canSee(actor, ticket)) throw new NotFoundError('ticket');
    return ticket;
  }

  /** A member's ticket; `language` is the one their screen was in (their emails use their stored language first). */
  async create(auth: Principal, input: CreateInput, language: LanguageCode | null = null): Promise<TicketDetail> {
    const member = inOrg(auth, 'ticket.noOrganization');
    const actor = this.actor(member);
    return this.detail(actor, await this.open(actor, { id: member.orgId, name: member.orgName }, input, language));
  }

  /**
   * Opens a ticket for a visitor without an account (the contact form; later, live chat when no
   * operator is online). It belongs to no organisation: support operators see it, and their
   * replies are emailed to the visitor.
   */
  openForVisitor(visitor: { name: string; email: string; language: LanguageCode | null }, input: CreateInput): Promise<Ticket> {
    return this.open(
      { userId: null, name: visitor.name, email: visitor.email, role: 'USER', orgId: null, operator: false },
      null,
      input,
      visitor.language,
    );
  }

  /**
   * Opens a ticket for a customer known by name and address — a live chat's member (with
   * their organisation) or visitor (none) — when support turns the chat into a ticket or no
   * operator is online to take it.
   */
  openFor(
    requester: { userId: string | null; name: string; email: string; language: LanguageCode | null },
    org: { id: string; name: string } | null,
    input: CreateInput,
  ): Promise<Ticket> {
    const { language, ...person } = requester;
    return this.open({ ...person, role: 'USER', orgId: org?.id ?? null, operator: false }, org, input, language);
  }

  /** Figures of the tickets opened between `from` and `to`, for support insights. */
  async stats(from: Date, to: Date): Promise<{ totals: Insights['tickets']; perDay: Map<string, number> }> {
    const [row] = await this.dataSource.query<Record<string, string | number | null>[]>(
      `SELECT count(*)::int AS opened,
              count(resolved_at)::int AS resolved,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_responded_at - created_at))
                FILTER (WHERE first_responded_at IS NOT NULL) AS first_response,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM resolved_at - created_at))
                FILTER (WHERE resolved_at IS NOT NULL) AS resolution,
              count(*) FILTER (WHERE coalesce(first_responded_at, now()) > first_response_due_at)::int AS breached_first,
              count(*) FILTER (WHERE coalesce(resolved_at, now()) > resolution_due_at)::int AS breached_resolution
         FROM tickets WHERE created_at >= $1 AND created_at < $2`,
      [from, to],
    );
    const days = await this.dataSource.query<{ day: string; n: number }[]>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM tickets WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
      [from, to],
    );
    const num = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v)));
    return {
      totals: {
        opened: Number(row?.opened ?? 0),
        resolved: Number(row?.resolved ?? 0),
        firstResponseMedianSeconds: num(row?.first_response),
        resolutionMedianSeconds: num(row?.resolution),
        breachedFirstResponse: Number(row?.breached_first ?? 0),
        breachedResolution: Number(row?.breached_resolution ?? 0),
      },
      perDay: new Map(days.map((d) => [d.day, d.n])),
    };
  }

  /** Stores a new ticket of `requester` with its service-level due times, and its first history entry. */
  private open(
    requester: Actor,
    org: { id: string; name: string } | null,
    input: CreateInput,
    language: LanguageCode | null,
  ): Promise<Ticket> {
    const now = Date.now();
    const sla = TICKET_SLA_HOURS[input.priority];
    const opened = this.dataSource.transaction(async (manager) => {
      const ticket = await manager.getRepository(Ticket).save(
        manager.getRepository(Ticket).create({
          orgId: org?.id ?? null,
          orgName: org?.name ?? null,
          requesterUserId: requester.userId,
          requesterName: requester.name,
          requesterEmail: requester.email,
          requesterLanguage: language,
          subject: input.subject,
          description: input.description,
          category: input.category,
          priority: input.priority,
          status: 'open',
          firstResponseDueAt: new Date(now + sla.firstResponse * HOUR_MS),
          resolutionDueAt: new Date(now + sla.resolution * HOUR_MS),
        }),
      );
      await this.record(manager, ticket, requester, 'created', null, ticket.status);
      return ticket;
    });
    return opened.then((ticket) => {
      this.announce(ticket, true);
      return ticket;
    });
  }

  async list(auth: Principal, query: ListQuery): Promise<TicketList> {
    const actor = this.actor(auth);
    const qb = this.tickets.createQueryBuilder('t');
    if (query.scope === 'mine') {
      qb.where('t.requester_user_id = :userId', { userId: actor.userId });
    } else if (query.scope === 'organization') {
      if (!actor.orgId || (actor.role !== 'ADMIN' && actor.role !== 'MANAGER')) {
        throw new DomainError('FORBIDDEN', 'ticket.organizationScope');
      }
      qb.where('t.org_id = :orgId', { orgId: actor.orgId });
    } else {
      if (!actor.operator) throw new DomainError('FORBIDDEN', 'ticket.operatorsOnly');
      qb.where('1 = 1');
    }
    if (query.status) qb.andWhere('t.status = :status', { status: query.status });
    if (query.priority) qb.andWhere('t.priority = :priority', { priority: query.priority });
    if (query.category) qb.andWhere('t.category = :category', { category: query.category });
    if (query.assignee === 'unassigned') qb.andWhere('t.assignee_user_id IS NULL');
    else if (query.assignee === 'mine') qb.andWhere('t.assignee_user_id = :me', { me: actor.userId });
    else if (query.assignee) qb.andWhere('t.assignee_user_id = :assigneeId', { assigneeId: query.assignee });
    if (query.q) {
      const number = /^#?(\d{1,9})$/.exec(query.q)?.[1];
      const words = query.q.split(/\s+/).filter(Boolean).slice(0, 8);
      qb.andWhere(
        new Brackets((outer) => {
          outer.where(
            new Brackets((w) => {
              words.forEach((word, i) => {
                w.andWhere(`t.subject ILIKE :w${String(i)}`, { [`w${String(i)}`]: `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
              });
            }),
          );
          if (number) outer.orWhere('t.number = :number', { number: Number(number) });
        }),
      );
    }
    if (query.sort === 'sla') {
      // The next service level due: the first response until it is given, then the resolution;
      // tickets already resolved or closed come last.
      qb.addSelect(
        `CASE WHEN t.status IN ('resolved', 'closed') THEN NULL WHEN t.first_responded_at IS NULL THEN LEAST(t.first_response_due_at, t.resolution_due_at) ELSE t.resolution_due_at END`,
        'next_due',
      )
        .orderBy('next_due', 'ASC', 'NULLS LAST')
        .addOrderBy('t.created_at', 'ASC');
    } else {
      qb.orderBy('t.created_at', 'DESC');
    }
    const [rows, total] = await qb.addOrderBy('t.id', 'DESC').take(query.limit).skip(query.offset).getManyAndCount();
    const now = Date.now();
    return { items: rows.map((t) => summaryOf(t, now)), total };
  }

  async get(auth: Principal, id: string): Promise<TicketDetail> {
    const actor = this.actor(auth);
    return this.detail(actor, await this.visible(actor, id));
  }

  async comment(auth: Principal, id: string, input: CommentInput): Promise<TicketDetail> {
    const actor = this.actor(auth);
    if (input.internal && !actor.operator) throw new DomainError('FORBIDDEN', 'ticket.internalOperatorsOnly');
    const ticket = await this.dataSource.transaction(async (manager) => {
      const locked = await this.visible(actor, id, manager);
      if (!actor.operator && locked.status === 'closed') throw new DomainError('CONFLICT', 'ticket.closed');
      await manager.getRepository(TicketComment).save(
        manager.getRepository(TicketComment).create({
          ticketId: locked.id,
          authorUserId: actor.userId,
          authorName: actor.name,
          authorEmail: actor.email,
          fromSupport: actor.operator,
          body: input.body,
          internal: input.internal,
        }),
      );
      await this.record(manager, locked, actor, input.internal ? 'internal_note' : 'comment', null, null);
      if (actor.operator && !input.internal && !locked.firstRespondedAt) locked.firstRespondedAt = new Date();
      // A customer's reply on a ticket waiting for them, or already resolved, puts it back in the queue.
      if (!actor.operator && (locked.status === 'pending' || locked.status === 'resolved')) {
        await this.record(manager, locked, actor, 'status', locked.status, 'open');
        locked.status = 'open';
        locked.resolvedAt = null;
      }
      return manager.getRepository(Ticket).save(locked);
    });
    this.announce(ticket, !input.internal);
    if (actor.operator && !input.internal && ticket.requesterUserId !== actor.userId) {
      const member = ticket.requesterUserId !== null;
      await this.notify(ticket, ticketReplyMail, {
        name: member ? ticket.requesterName : null,
        number: ticket.number,
        ticketSubject: member ? ticket.subject : null,
        author: actor.name,
        body: input.body,
      });
    }
    return this.detail(actor, ticket);
  }

  async update(auth: Principal, id: string, input: UpdateInput): Promise<TicketDetail> {
    const actor = this.actor(auth);
    if (!actor.operator) {
      // Say nothing of a ticket the actor cannot see.
      await this.visible(actor, id);
      throw new DomainError('FORBIDDEN', 'ticket.operatorsOnly');
    }
    let assignee: Account | null = null;
    if (input.assigneeId) {
      assignee = await this.accounts.findAccount({ id: input.assigneeId });
      if (!assignee || !hasRank(assignee.membership.role, 'SYSOPS')) {
        throw new InvalidFieldError('assigneeId', 'validation.notOperator');
      }
    }
    const { ticket, statusChange } = await this.dataSource.transaction(async (manager) => {
      const locked = await this.visible(actor, id, manager);
      let change: { from: TicketStatus; to: TicketStatus } | null = null;
      if (input.status !== undefined && input.status !== locked.status) {
        await this.record(manager, locked, actor, 'status', locked.status, input.status);
        change = { from: locked.status, to: input.status };
        this.applyStatus(locked, input.status);
      }
      if (input.priority !== undefined && input.priority !== locked.priority) {
        await this.record(manager, locked, actor, 'priority', locked.priority, input.priority);
        locked.priority = input.priority;
        // The service levels follow the new priority, counted from the ticket's creation.
        const sla = TICKET_SLA_HOURS[input.priority];
        locked.firstResponseDueAt = new Date(locked.createdAt.getTime() + sla.firstResponse * HOUR_MS);
        locked.resolutionDueAt = new Date(locked.createdAt.getTime() + sla.resolution * HOUR_MS);
      }
      if (input.assigneeId !== undefined && input.assigneeId !== locked.assigneeUserId) {
        const name = assignee ? displayName(assignee) : null;
        await this.record(manager, locked, actor, 'assignee', locked.assigneeName, name);
        locked.assigneeUserId = assignee?.user.id ?? null;
        locked.assigneeName = name;
      }
      return { ticket: await manager.getRepository(Ticket).save(locked), statusChange: change };
    });
    this.announce(ticket, true);
    if (statusChange) await this.notifyStatus(ticket, statusChange.from);
    return this.detail(actor, ticket);
  }

  /** Sets the status of several tickets in one transaction (support operators); each requester is emailed. */
  async bulkStatus(auth: Principal, input: BulkStatusInput): Promise<TicketBulkResult> {
    const actor = this.actor(auth);
    if (!actor.operator) throw new DomainError('FORBIDDEN', 'ticket.operatorsOnly');
    const ids = [...new Set(input.ids)].sort();
    const changed: { ticket: Ticket; from: TicketStatus }[] = [];
    const saved = await this.dataSource.transaction(async (manager) => {
      const out: Ticket[] = [];
      // Locked in id order, so two bulk changes never wait on each other in a cycle.
      for (const id of ids) {
        const locked = await this.visible(actor, id, manager);
        const from = locked.status;
        if (this.applyStatus(locked, input.status)) {
          await this.record(manager, locked, actor, 'status', from, input.status);
          const ticket = await manager.getRepository(Ticket).save(locked);
          changed.push({ ticket, from });
          out.push(ticket);
        } else {
          out.push(locked);
        }
      }
      return out;
    });
    for (const { ticket } of changed) this.announce(ticket, true);
    for (const { ticket, from } of changed) await this.notifyStatus(ticket, from);
    const order = new Map(input.ids.map((id, i) => [id, i]));
    const now = Date.now();
    return {
      items: saved.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map((t) => summaryOf(t, now)),
    };
  }

  /** Support operators a ticket can be assigned to. */
  async operators(auth: Principal): Promise<{ items: SupportOperator[] }> {
    const actor = this.actor(auth);
    if (!actor.operator) throw new DomainError('FORBIDDEN', 'ticket.operatorsOnly');
    const accounts = await this.accounts.accountsWithRank('SYSOPS');
    return { items: accounts.map((a) => ({ id: a.user.id, name: displayName(a), email: a.user.email })) };
  }

  /**
   * Attaches the uploaded file (type read from its content) to a ticket the actor can see.
   * Internal files are for support operators only; a customer cannot add files to a closed ticket.
   */
  async attach(auth: Principal, id: string, request: FastifyRequest, options: { internal: boolean }): Promise<TicketAttachmentRecord> {
    const actor = this.actor(auth);
    if (options.internal && !actor.operator) throw new DomainError('FORBIDDEN', 'ticket.internalAttachmentOperatorsOnly');
    const ticket = await this.visible(actor, id);
    if (!actor.operator && ticket.status === 'closed') throw new DomainError('CONFLICT', 'ticket.closedAttachment');
    if ((await this.attachments.count({ where: { ticketId: ticket.id } })) >= TICKET_ATTACHMENTS_MAX) {
      throw new DomainError('CONFLICT', 'ticket.tooManyAttachments');
    }
    const upload = await readUpload(request, { maxBytes: ATTACHMENT_MAX_BYTES, allowed: ATTACHMENT_TYPES });
    const attachmentId = randomUUID();
    const storageKey = `tickets/${ticket.orgId ?? 'platform'}/${ticket.id}/${attachmentId}`;
    await this.storage.put(storageKey, upload.body, upload.contentType);
    try {
      const saved = await this.dataSource.transaction(async (manager) => {
        const locked = await this.visible(actor, id, manager);
        const row = await manager.getRepository(TicketAttachment).save(
          manager.getRepository(TicketAttachment).create({
            id: attachmentId,
            orgId: locked.orgId,
            ticketId: locked.id,
            uploaderUserId: actor.userId,
            uploaderName: actor.name,
            filename: upload.filename,
            contentType: upload.contentType,
            size: upload.size,
            storageKey,
            internal: options.internal,
          }),
        );
        // The file counts against the organisation's storage. A customer's upload past a Basic or
        // Standard limit (overage off) is refused with the upgrade link; support's never is.
        if (locked.orgId) await this.usage.record(locked.orgId, 'storage', upload.size, { manager, enforce: !actor.operator });
        await this.record(
          manager,
          locked,
          actor,
          options.internal ? 'internal_attachment' : 'attachment',
          null,
          upload.filename.slice(0, 200),
        );
        return row;
      });
      this.announce(ticket, !options.internal);
      return attachmentOf(saved);
    } catch (err) {
      // Nothing refers to the stored file: do not keep it.
      await this.storage.remove(storageKey).catch(() => undefined);
      throw err;
    }
  }

  /** An attachment of a ticket the actor can see, opened for download. */
  async download(auth: Principal, id: string, attachmentId: string): Promise<{ attachment: TicketAttachment; file: StoredObject }> {
    const actor = this.actor(auth);
    const ticket = await this.visible(actor, id);
    const attachment = isUuid(attachmentId) ? await this.attachments.findOne({ where: { id: attachmentId, ticketId: ticket.id } }) : null;
    if (!attachment || (attachment.internal && !actor.operator)) throw new NotFoundError('attachment');
    return { attachment, file: await this.storage.read(attachment.storageKey) };
  }

  /** Applies a status to a ticket; false when it already has it. */
  private applyStatus(ticket: Ticket, status: TicketStatus): boolean {
    if (status === ticket.status) return false;
    ticket.status = status;
    if (status === 'resolved' || status === 'closed') ticket.resolvedAt ??= new Date();
    else ticket.resolvedAt = null;
    return true;
  }

  /** Tells the requester of a status change. Visitors (no account) hear from support only through replies. */
  private async notifyStatus(ticket: Ticket, from: TicketStatus): Promise<void> {
    // A status change would mail text a visitor wrote (the ticket's subject) to an address nobody confirmed.
    if (!ticket.requesterUserId) return;
    await this.notify(ticket, ticketStatusMail, {
      name: ticket.requesterName,
      number: ticket.number,
      ticketSubject: ticket.subject,
      from,
      to: ticket.status,
    });
  }

  private async record(
    manager: EntityManager,
    ticket: Ticket,
    actor: Actor,
    kind: TicketEvent['kind'],
    from: string | null,
    to: string | null,
  ): Promise<void> {
    await manager
      .getRepository(TicketEvent)
      .save(
        manager
          .getRepository(TicketEvent)
          .create({ ticketId: ticket.id, actorUserId: actor.userId, actorName: actor.name, kind, from, to }),
      );
  }

  /**
   * Emails the requester, in their language (a member's stored one, else the one they wrote the
   * ticket in). A visitor's ticket (no account) names neither the visitor nor the subject: both are
   * text anyone could have typed into the contact form for a stranger's address. A mail that
   * cannot be queued is logged; the change it reports is already saved.
   */
  private async notify<P, E extends Record<string, string>>(ticket: Ticket, template: MailTemplate<P, E>, params: P): Promise<void> {
    try {
      const language = await this.recipients.languageOf(
        ticket.requesterUserId ? { userId: ticket.requesterUserId } : { email: ticket.requesterEmail },
        ticket.requesterLanguage,
      );
      await this.mail.sendTemplate(template, params, {
        to: ticket.requesterEmail,
        orgId: ticket.orgId,
        language,
        timeZone: await this.organizations.timeZoneOf(ticket.orgId),
      });
    } catch (err) {
      this.logger.error(
        `The email about ticket #${String(ticket.number)} could not be queued`,
        err instanceof Error ? err.stack : undefined,
      );
    }
  }

  private async detail(actor: Member, ticket: Ticket): Promise<TicketDetail> {
    const [comments, history, attachments] = await Promise.all([
      this.comments.find({ where: { ticketId: ticket.id }, order: { seq: 'ASC' } }),
      this.events.find({ where: { ticketId: ticket.id }, order: { seq: 'ASC' } }),
      this.attachments.find({ where: { ticketId: ticket.id }, order: { createdAt: 'ASC', id: 'ASC' } }),
    ]);
    return {
      ...summaryOf(ticket, Date.now()),
      description: ticket.description,
      comments: comments
        .filter((c) => actor.operator || !c.internal)
        .map((c) => ({
          id: c.id,
          author: { id: c.authorUserId, name: c.authorName, email: actor.operator ? c.authorEmail : null },
          fromSupport: c.fromSupport,
          body: c.body,
          internal: c.internal,
          createdAt: c.createdAt.toISOString(),
        })),
      history: history
        .filter((e) => actor.operator || (e.kind !== 'internal_note' && e.kind !== 'internal_attachment'))
        .map((e) => ({
          id: e.id,
          kind: e.kind,
          actor: { id: e.actorUserId, name: e.actorName, email: null },
          from: e.from,
          to: e.to,
          createdAt: e.createdAt.toISOString(),
        })),
      attachments: attachments.filter((a) => actor.operator || !a.internal).map(attachmentOf),
    };
  }
}

export function attachmentOf(a: TicketAttachment): TicketAttachmentRecord {
  return {
    id: a.id,
    filename: a.filename,
    contentType: a.contentType,
    size: a.size,
    uploadedBy: { id: a.uploaderUserId, name: a.uploaderName },
    internal: a.internal,
    createdAt: a.createdAt.toISOString(),
  };
}

/** A ticket as lists show it, with its service levels judged at `now`. */
export function summaryOf(t: Ticket, now: number): TicketSummary {
  const late = (due: Date, metAt: Date | null) => (metAt ? metAt.getTime() > due.getTime() : now > due.getTime());
  return {
    id: t.id,
    number: t.number,
    subject: t.subject,
    category: t.category,
    priority: t.priority,
    status: t.status,
    organization: t.orgId ? { id: t.orgId, name: t.orgName ?? '' } : null,
    requester: { id: t.requesterUserId, name: t.requesterName, email: t.requesterEmail },
    assignee: t.assigneeUserId ? { id: t.assigneeUserId, name: t.assigneeName ?? '', email: null } : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    firstResponseDueAt: t.firstResponseDueAt.toISOString(),
    resolutionDueAt: t.resolutionDueAt.toISOString(),
    firstRespondedAt: t.firstRespondedAt?.toISOString() ?? null,
    resolvedAt: t.resolvedAt?.toISOString() ?? null,
    breached: { firstResponse: late(t.firstResponseDueAt, t.firstRespondedAt), resolution: late(t.resolutionDueAt, t.resolvedAt) },
  };
}
