import { reason } from './reasons.js';
import { z } from 'zod';
import { attachmentSchema } from './attachments.js';
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

const required = reason('validation.required');
const text = (max: number) => z.string({ error: required }).trim().min(1, required).max(max, reason('validation.maxLength'));

export const createTicketSchema = z.object({
  subject: text(TICKET_LIMITS.subjectMax).min(TICKET_LIMITS.subjectMin, reason('validation.minLength')),
  description: text(TICKET_LIMITS.bodyMax),
  category: z.enum(TICKET_CATEGORIES, { error: reason('validation.category') }),
  priority: z.enum(TICKET_PRIORITIES, { error: reason('validation.priority') }).default('normal'),
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
    assigneeId: z.uuid(reason('validation.notOperator')).nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.assigneeId !== undefined, {
    message: reason('validation.ticketChange'),
  });
export type UpdateTicketRequest = z.input<typeof updateTicketSchema>;

export const TICKET_SCOPES = ['mine', 'organization', 'all'] as const;
export type TicketScope = (typeof TICKET_SCOPES)[number];

/** List orders: newest first, or the nearest service-level due time first (the operator queue). */
export const TICKET_SORTS = ['newest', 'sla'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

/** The assignee filter: a support operator's id, the signed-in operator, or nobody. */
export const TICKET_ASSIGNEE_FILTERS = ['mine', 'unassigned'] as const;

export const ticketListQuerySchema = z.object({
  /** mine: tickets I asked; organization: my organisation's (ADMIN/MANAGER); all: every ticket (SYSOPS and above). */
  scope: z.enum(TICKET_SCOPES).default('mine'),
  status: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
  /** A support operator's id, "mine" (assigned to me) or "unassigned". */
  assignee: z.union([z.enum(TICKET_ASSIGNEE_FILTERS), z.uuid()]).optional(),
  /** Words of the subject, or a ticket number ("1042" or "#1042"). */
  q: z.string().trim().max(200).optional(),
  sort: z.enum(TICKET_SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

export const TICKET_BULK_MAX = 100;

export const bulkTicketStatusSchema = z.object({
  ids: z
    .array(z.uuid(reason('validation.chooseTickets')))
    .min(1, reason('validation.chooseAtLeastOneTicket'))
    .max(TICKET_BULK_MAX, reason('validation.chooseAtMostTickets')),
  status: z.enum(TICKET_STATUSES, { error: reason('validation.chooseStatus') }),
});
export type BulkTicketStatusRequest = z.input<typeof bulkTicketStatusSchema>;

/** Uploading an attachment: an internal one is seen by support operators only. */
export const ticketAttachmentQuerySchema = z.object({
  internal: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
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

export const TICKET_EVENT_KINDS = [
  'created',
  'status',
  'priority',
  'assignee',
  'comment',
  'internal_note',
  'attachment',
  'internal_attachment',
] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

export const ticketEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(TICKET_EVENT_KINDS),
  actor: personSchema,
  from: z.string().nullable(),
  to: z.string().nullable(),
  createdAt: z.string(),
});

export const ticketAttachmentSchema = attachmentSchema.extend({
  /** Seen by support operators only. */
  internal: z.boolean(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketDetailSchema = ticketSummarySchema.extend({
  description: z.string(),
  comments: z.array(ticketCommentRecordSchema),
  history: z.array(ticketEventSchema),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketListSchema = z.object({ items: z.array(ticketSummarySchema), total: z.number().int() });
export type TicketList = z.infer<typeof ticketListSchema>;

export const ticketBulkResultSchema = z.object({ items: z.array(ticketSummarySchema) });
export type TicketBulkResult = z.infer<typeof ticketBulkResultSchema>;

export const supportOperatorSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type SupportOperator = z.infer<typeof supportOperatorSchema>;
export const supportOperatorListSchema = z.object({ items: z.array(supportOperatorSchema) });

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
  bulkStatus: defineEndpoint({
    method: 'PATCH',
    path: '/api/tickets/bulk',
    tag: 'tickets',
    summary: 'Sets the status of several tickets at once (support operators); each requester is emailed',
    body: bulkTicketStatusSchema,
    response: ticketBulkResultSchema,
  }),
  operators: defineEndpoint({
    method: 'GET',
    path: '/api/tickets/operators',
    tag: 'tickets',
    summary: 'Support operators a ticket can be assigned to (support operators)',
    response: supportOperatorListSchema,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/tickets/:id/attachments',
    tag: 'tickets',
    status: 201,
    summary:
      'Attaches a file (multipart field "file": PNG, JPEG, GIF, WebP or PDF, at most 10 MB, type read from the content); ?internal=true for operators only',
    query: ticketAttachmentQuerySchema,
    response: ticketAttachmentSchema,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/tickets/:id/attachments/:attachmentId',
    tag: 'tickets',
    summary: 'Downloads an attachment of a ticket the caller can see',
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
