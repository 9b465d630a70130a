import { z } from 'zod';
import { defineEndpoint } from './http.js';

/** Ticket vocabularies (issue: support operations). */
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_STATUSES = ['open', 'pending', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_CATEGORIES = ['question', 'incident', 'drills', 'compliance', 'billing', 'account', 'technical', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/**
 * Service levels by priority, in hours from the ticket's creation: the first public reply of a
 * support operator, and the resolution. A ticket past a due time without meeting it is breached.
 */
export const TICKET_SLA_HOURS: Readonly<Record<TicketPriority, { firstResponse: number; resolution: number }>> = {
  urgent: { firstResponse: 1, resolution: 8 },
  high: { firstResponse: 4, resolution: 24 },
  normal: { firstResponse: 8, resolution: 72 },
  low: { firstResponse: 24, resolution: 120 },
};

export const TICKET_LIMITS = { subjectMin: 3, subjectMax: 200, bodyMax: 10_000 } as const;

const required = 'Required';
const text = (max: number) => z.string({ error: required }).trim().min(1, required).max(max, `Must be at most ${max} characters`);

export const createTicketSchema = z.object({
  subject: text(TICKET_LIMITS.subjectMax).min(TICKET_LIMITS.subjectMin, `Must be at least ${TICKET_LIMITS.subjectMin} characters`),
  description: text(TICKET_LIMITS.bodyMax),
  category: z.enum(TICKET_CATEGORIES, { error: 'Choose a category' }),
  priority: z.enum(TICKET_PRIORITIES, { error: 'Choose a priority' }).default('normal'),
});
export type CreateTicketRequest = z.input<typeof createTicketSchema>;

export const ticketCommentSchema = z.object({
  body: text(TICKET_LIMITS.bodyMax),
  /** An internal note, seen by support operators only. */
  internal: z.boolean().default(false),
});
export type TicketCommentRequest = z.input<typeof ticketCommentSchema>;

export const updateTicketSchema = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    /** A support operator (SYSOPS or above), or null to unassign. */
    assigneeId: z.uuid('Choose a support operator').nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.assigneeId !== undefined, {
    message: 'Change at least one of status, priority or assignee',
  });
export type UpdateTicketRequest = z.input<typeof updateTicketSchema>;

export const TICKET_SCOPES = ['mine', 'organization', 'all'] as const;

export const ticketListQuerySchema = z.object({
  /** mine: tickets I asked; organization: my organisation's (ADMIN/MANAGER); all: every ticket (SYSOPS and above). */
  scope: z.enum(TICKET_SCOPES).default('mine'),
  status: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  assigneeId: z.uuid().optional(),
  /** Words of the subject. */
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

const personSchema = z.object({ id: z.uuid().nullable(), name: z.string(), email: z.string().nullable() });

export const ticketSummarySchema = z.object({
  id: z.uuid(),
  /** Human reference, "#1042". */
  number: z.number().int(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  requester: personSchema,
  assignee: personSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  firstResponseDueAt: z.string(),
  resolutionDueAt: z.string(),
  firstRespondedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** Which service levels are missed (now, or when they were met late). */
  breached: z.object({ firstResponse: z.boolean(), resolution: z.boolean() }),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketCommentRecordSchema = z.object({
  id: z.uuid(),
  author: personSchema,
  /** Written by a support operator. */
  fromSupport: z.boolean(),
  body: z.string(),
  internal: z.boolean(),
  createdAt: z.string(),
});

export const TICKET_EVENT_KINDS = ['created', 'status', 'priority', 'assignee', 'comment', 'internal_note'] as const;

export const ticketEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(TICKET_EVENT_KINDS),
  actor: personSchema,
  from: z.string().nullable(),
  to: z.string().nullable(),
  createdAt: z.string(),
});

export const ticketDetailSchema = ticketSummarySchema.extend({
  description: z.string(),
  comments: z.array(ticketCommentRecordSchema),
  history: z.array(ticketEventSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketListSchema = z.object({ items: z.array(ticketSummarySchema), total: z.number().int() });
export type TicketList = z.infer<typeof ticketListSchema>;

export const ticketEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/tickets',
    tag: 'tickets',
    status: 201,
    summary: 'Opens a ticket for the signed-in member, with its service-level due times',
    body: createTicketSchema,
    response: ticketDetailSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/tickets',
    tag: 'tickets',
    summary: "Tickets: mine, my organisation's (ADMIN, MANAGER) or all (SYSOPS and above), newest first",
    query: ticketListQuerySchema,
    response: ticketListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/tickets/:id',
    tag: 'tickets',
    summary: 'One ticket with its comments and history (internal notes for support operators only)',
    response: ticketDetailSchema,
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: '/api/tickets/:id/comments',
    tag: 'tickets',
    status: 201,
    summary: 'Adds a reply, or an internal note (support operators); the requester is emailed on an operator reply',
    body: ticketCommentSchema,
    response: ticketDetailSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/tickets/:id',
    tag: 'tickets',
    summary: 'Changes status, priority or assignee (support operators); the requester is emailed on a status change',
    body: updateTicketSchema,
    response: ticketDetailSchema,
  }),
};
