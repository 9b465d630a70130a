import { reason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { LANGUAGE_CODES, type LanguageCode } from './i18n.js';

/**
 * Live chat between a customer (a signed-in member or an anonymous visitor) and a support
 * operator (SYSOPS and above). Messages travel over Socket.IO (events in `realtime.ts`);
 * starting, accepting, transferring, closing, rating and the operator's settings are REST.
 */
export const CHAT_STATUSES = ['queued', 'active', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export const OPERATOR_PRESENCES = ['online', 'away', 'offline'] as const;
export type OperatorPresence = (typeof OPERATOR_PRESENCES)[number];

/** Why a chat was closed. */
export const CHAT_CLOSE_REASONS = ['customer', 'operator', 'banned'] as const;
export type ChatCloseReason = (typeof CHAT_CLOSE_REASONS)[number];

export const CHAT_LIMITS = {
  messageMax: 4000,
  nameMax: 120,
  noteMax: 500,
  ratingCommentMax: 1000,
  capacityMin: 1,
  capacityMax: 20,
  shortcutMax: 32,
  cannedTitleMax: 120,
  cannedBodyMax: 2000,
  banReasonMax: 500,
  /** Longest ban, in hours (one year); permanent bans have no end. */
  banHoursMax: 24 * 365,
  /** Messages returned with a chat (the rest are paged with `beforeSeq`). */
  historyPage: 200,
} as const;

const required = reason('validation.required');
const languageSchema = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: reason('validation.language') });
const bodySchema = z.string({ error: required }).trim().min(1, required).max(CHAT_LIMITS.messageMax, reason('validation.maxLength'));
/** Client-generated message id: a retried send carries the same id and is stored once. */
export const clientIdSchema = z
  .string({ error: required })
  .min(8, reason('validation.minLength'))
  .max(64, reason('validation.maxLength'))
  .regex(/^[A-Za-z0-9_-]+$/, reason('validation.shortcut'));

// ---------------------------------------------------------------------------------------------
// Records

export const chatPersonSchema = z.object({ id: z.uuid().nullable(), name: z.string() });
export type ChatPerson = z.infer<typeof chatPersonSchema>;

export const chatCustomerSchema = z.object({
  kind: z.enum(['member', 'visitor']),
  userId: z.uuid().nullable(),
  name: z.string(),
  email: z.string(),
  organizationName: z.string().nullable(),
});
export type ChatCustomer = z.infer<typeof chatCustomerSchema>;

export const chatAttachmentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** What a system message says happened (its text is written by the client in its language). */
export const chatSystemEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('assigned'), operator: chatPersonSchema }),
  z.object({ type: z.literal('transferred'), from: chatPersonSchema, to: chatPersonSchema, note: z.string().nullable() }),
  z.object({ type: z.literal('closed'), by: z.enum(CHAT_CLOSE_REASONS) }),
]);
export type ChatSystemEvent = z.infer<typeof chatSystemEventSchema>;

export const CHAT_SENDER_KINDS = ['customer', 'operator', 'system'] as const;
export type ChatSenderKind = (typeof CHAT_SENDER_KINDS)[number];

export const chatMessageSchema = z.object({
  id: z.uuid(),
  chatId: z.uuid(),
  /** Order within the chat: strictly increasing. */
  seq: z.number().int(),
  clientId: z.string().nullable(),
  kind: z.enum(CHAT_SENDER_KINDS),
  sender: chatPersonSchema,
  body: z.string(),
  attachment: chatAttachmentSchema.nullable(),
  event: chatSystemEventSchema.nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSummarySchema = z.object({
  id: z.uuid(),
  status: z.enum(CHAT_STATUSES),
  customer: chatCustomerSchema,
  operator: chatPersonSchema.nullable(),
  /** The customer's first message, shortened. */
  subject: z.string(),
  language: languageSchema,
  createdAt: z.string(),
  assignedAt: z.string().nullable(),
  firstResponseAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedReason: z.enum(CHAT_CLOSE_REASONS).nullable(),
  lastMessageAt: z.string(),
  lastSeq: z.number().int(),
  /** Highest message seq each side has read (read receipts). */
  customerReadSeq: z.number().int(),
  operatorReadSeq: z.number().int(),
  rating: z.number().int().nullable(),
  ratingComment: z.string().nullable(),
  ticketId: z.uuid().nullable(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const chatDetailSchema = z.object({
  chat: chatSummarySchema,
  messages: z.array(chatMessageSchema),
});
export type ChatDetail = z.infer<typeof chatDetailSchema>;

export const operatorStateSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  presence: z.enum(OPERATOR_PRESENCES),
  capacity: z.number().int(),
  activeChats: z.number().int(),
});
export type OperatorState = z.infer<typeof operatorStateSchema>;

export const cannedResponseSchema = z.object({
  id: z.uuid(),
  shortcut: z.string(),
  title: z.string(),
  body: z.string(),
  shared: z.boolean(),
  owner: chatPersonSchema.nullable(),
  updatedAt: z.string(),
});
export type CannedResponse = z.infer<typeof cannedResponseSchema>;

export const CHAT_BAN_KINDS = ['account', 'email', 'ip'] as const;
export type ChatBanKind = (typeof CHAT_BAN_KINDS)[number];

export const chatBanSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CHAT_BAN_KINDS),
  value: z.string(),
  reason: z.string(),
  createdBy: chatPersonSchema,
  createdAt: z.string(),
  /** Null: permanent. */
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  active: z.boolean(),
});
export type ChatBan = z.infer<typeof chatBanSchema>;

// ---------------------------------------------------------------------------------------------
// Requests

export const startChatSchema = z.object({
  /** The customer's first message. */
  message: bodySchema,
  language: languageSchema.default('en'),
  /** Visitors only (signed-in members are known). */
  name: z.string().trim().min(1, required).max(CHAT_LIMITS.nameMax, reason('validation.maxLength')).optional(),
  email: z
    .email({ error: reason('validation.email') })
    .max(254)
    .optional(),
});
export type StartChatRequest = z.input<typeof startChatSchema>;

/** Starting a chat either opens one, or — nobody online — files a ticket with an email follow-up. */
export const startChatResultSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('chat'),
    chat: chatSummarySchema,
    /** Visitors only: proves the visitor owns the chat (keep it for this browser tab). */
    visitorToken: z.string().nullable(),
  }),
  z.object({ outcome: z.literal('ticket'), ticketId: z.uuid() }),
]);
export type StartChatResult = z.infer<typeof startChatResultSchema>;

export const chatAvailabilitySchema = z.object({ operatorsOnline: z.boolean() });
export type ChatAvailability = z.infer<typeof chatAvailabilitySchema>;

export const CHAT_LIST_SCOPES = ['queue', 'mine', 'all', 'customer'] as const;
export const chatListQuerySchema = z.object({
  /** queue: waiting; mine: assigned to me; all: every chat (operators); customer: my own chats as a customer. */
  scope: z.enum(CHAT_LIST_SCOPES).default('mine'),
  status: z.enum(CHAT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const chatListSchema = z.object({ items: z.array(chatSummarySchema) });
export type ChatList = z.infer<typeof chatListSchema>;

export const transferChatSchema = z.object({
  operatorId: z.uuid({ error: reason('validation.operator') }),
  note: z.string().trim().max(CHAT_LIMITS.noteMax, reason('validation.maxLength')).optional(),
});
export type TransferChatRequest = z.input<typeof transferChatSchema>;

export const rateChatSchema = z.object({
  score: z
    .number({ error: reason('validation.chooseScore') })
    .int()
    .min(1, reason('validation.chooseScore'))
    .max(5, reason('validation.chooseScore')),
  comment: z.string().trim().max(CHAT_LIMITS.ratingCommentMax, reason('validation.maxLength')).optional(),
});
export type RateChatRequest = z.input<typeof rateChatSchema>;

/** The transcript goes to the customer's own address only (members: their account; visitors: the one they gave). */
export const transcriptRequestSchema = z.object({});

export const updateOperatorSchema = z
  .object({
    presence: z.enum(OPERATOR_PRESENCES).optional(),
    capacity: z.number().int().min(CHAT_LIMITS.capacityMin).max(CHAT_LIMITS.capacityMax).optional(),
  })
  .refine((v) => v.presence !== undefined || v.capacity !== undefined, { message: reason('validation.nothingToChange') });
export type UpdateOperatorRequest = z.input<typeof updateOperatorSchema>;

export const cannedResponseInputSchema = z.object({
  shortcut: z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(CHAT_LIMITS.shortcutMax, reason('validation.maxLength'))
    .regex(/^[a-z0-9_-]+$/, reason('validation.shortcut')),
  title: z.string({ error: required }).trim().min(1, required).max(CHAT_LIMITS.cannedTitleMax),
  body: z.string({ error: required }).trim().min(1, required).max(CHAT_LIMITS.cannedBodyMax),
  /** Shared with every operator, or personal. */
  shared: z.boolean().default(false),
});
export type CannedResponseInput = z.input<typeof cannedResponseInputSchema>;

export const createChatBanSchema = z.object({
  kind: z.enum(CHAT_BAN_KINDS, { error: reason('validation.banKind') }),
  /** Account id (uuid), email address, or IP address. */
  value: z.string({ error: required }).trim().min(1, required).max(254),
  reason: z.string({ error: required }).trim().min(1, required).max(CHAT_LIMITS.banReasonMax),
  /** Null or absent: permanent. */
  hours: z.number().int().min(1).max(CHAT_LIMITS.banHoursMax).nullable().optional(),
});
export type CreateChatBanRequest = z.input<typeof createChatBanSchema>;

export const chatBanListSchema = z.object({ items: z.array(chatBanSchema) });

// ---------------------------------------------------------------------------------------------
// Socket payloads (event names in realtime.ts)

export const chatSubscribeSchema = z.object({
  chatId: z.uuid({ error: reason('notFound.chat') }),
  visitorToken: z.string().max(128).optional(),
});
export type ChatSubscribe = z.infer<typeof chatSubscribeSchema>;

export const chatSendSchema = z
  .object({
    chatId: z.uuid({ error: reason('notFound.chat') }),
    clientId: clientIdSchema,
    body: z.string().trim().max(CHAT_LIMITS.messageMax, reason('validation.maxLength')),
    attachmentId: z.uuid().optional(),
  })
  .refine((v) => v.body.length > 0 || v.attachmentId !== undefined, { message: required, path: ['body'] });
export type ChatSend = z.input<typeof chatSendSchema>;

export const chatTypingSchema = z.object({ chatId: z.uuid(), typing: z.boolean() });
export const chatReadSchema = z.object({ chatId: z.uuid(), seq: z.number().int().min(0) });

export interface ChatTypingEvent {
  chatId: string;
  side: 'customer' | 'operator';
  name: string;
  typing: boolean;
}
export interface ChatReadEvent {
  chatId: string;
  side: 'customer' | 'operator';
  seq: number;
}

// ---------------------------------------------------------------------------------------------
// Endpoints

export const CHAT_TOKEN_HEADER = 'x-chat-token';

export const chatEndpoints = {
  availability: defineEndpoint({
    method: 'GET',
    path: '/api/chats/availability',
    tag: 'live-chat',
    summary: 'Whether a support operator is online (otherwise a new chat becomes a ticket)',
    response: chatAvailabilitySchema,
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/api/chats',
    tag: 'live-chat',
    status: 201,
    summary: 'Starts a live chat (members and visitors); with nobody online the message becomes a ticket',
    body: startChatSchema,
    response: startChatResultSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/chats',
    tag: 'live-chat',
    summary: "Chats: the queue, mine, all (operators), or the signed-in customer's own",
    query: chatListQuerySchema,
    response: chatListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/chats/:id',
    tag: 'live-chat',
    summary: 'One chat with its latest messages (its customer, with the visitor token header for visitors, or an operator)',
    response: chatDetailSchema,
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/chats/:id/accept',
    tag: 'live-chat',
    summary: 'An operator takes a queued chat',
    response: chatSummarySchema,
  }),
  transfer: defineEndpoint({
    method: 'POST',
    path: '/api/chats/:id/transfer',
    tag: 'live-chat',
    summary: 'Hands the chat to another online operator, with a note',
    body: transferChatSchema,
    response: chatSummarySchema,
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/api/chats/:id/close',
    tag: 'live-chat',
    summary: 'Ends the chat (its customer or its operator)',
    response: chatSummarySchema,
  }),
  rate: defineEndpoint({
    method: 'POST',
    path: '/api/chats/:id/rating',
    tag: 'live-chat',
    summary: 'The customer rates an ended chat from 1 to 5, with a comment',
    body: rateChatSchema,
    response: chatSummarySchema,
  }),
  transcript: defineEndpoint({
    method: 'POST',
    path: '/api/chats/:id/transcript',
    tag: 'live-chat',
    status: 202,
    summary: 'Emails the transcript of the chat to its customer',
    body: transcriptRequestSchema,
    response: z.object({ sentTo: z.string() }),
  }),
  toTicket: defineEndpoint({
    method: 'POST',
    path: '/api/chats/:id/ticket',
    tag: 'live-chat',
    status: 201,
    summary: 'An operator turns the chat into a ticket carrying its transcript',
    response: z.object({ ticketId: z.uuid() }),
  }),
  uploadAttachment: defineEndpoint({
    method: 'POST',
    path: '/api/chats/:id/attachments',
    tag: 'live-chat',
    status: 201,
    summary: 'Uploads an image or PDF (up to 10 MB, multipart field "file") to send in the chat',
    response: chatAttachmentSchema,
  }),
  downloadAttachment: defineEndpoint({
    method: 'GET',
    path: '/api/chats/:id/attachments/:attachmentId',
    tag: 'live-chat',
    summary: 'Downloads an attachment of the chat',
  }),
  operators: defineEndpoint({
    method: 'GET',
    path: '/api/chat/operators',
    tag: 'live-chat',
    summary: 'Support operators with their presence, capacity and current load',
    response: z.object({ items: z.array(operatorStateSchema) }),
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/chat/operators/me',
    tag: 'live-chat',
    summary: "The signed-in operator's presence and capacity",
    response: operatorStateSchema,
  }),
  updateMe: defineEndpoint({
    method: 'PATCH',
    path: '/api/chat/operators/me',
    tag: 'live-chat',
    summary: 'Sets presence (online, away, offline) and capacity (concurrent chats)',
    body: updateOperatorSchema,
    response: operatorStateSchema,
  }),
  cannedList: defineEndpoint({
    method: 'GET',
    path: '/api/chat/canned-responses',
    tag: 'live-chat',
    summary: "Shared canned responses and the operator's own",
    response: z.object({ items: z.array(cannedResponseSchema) }),
  }),
  cannedCreate: defineEndpoint({
    method: 'POST',
    path: '/api/chat/canned-responses',
    tag: 'live-chat',
    status: 201,
    summary: 'Adds a canned response (personal or shared)',
    body: cannedResponseInputSchema,
    response: cannedResponseSchema,
  }),
  cannedUpdate: defineEndpoint({
    method: 'PUT',
    path: '/api/chat/canned-responses/:id',
    tag: 'live-chat',
    summary: 'Changes a canned response (its owner; shared ones any operator)',
    body: cannedResponseInputSchema,
    response: cannedResponseSchema,
  }),
  cannedDelete: defineEndpoint({
    method: 'DELETE',
    path: '/api/chat/canned-responses/:id',
    tag: 'live-chat',
    summary: 'Deletes a canned response',
    response: z.object({ deleted: z.literal(true) }),
  }),
  bans: defineEndpoint({
    method: 'GET',
    path: '/api/chat/bans',
    tag: 'live-chat',
    summary: 'Chat bans, active first',
    response: chatBanListSchema,
  }),
  ban: defineEndpoint({
    method: 'POST',
    path: '/api/chat/bans',
    tag: 'live-chat',
    status: 201,
    summary: "Bans an account, email address or IP address from live chat for a time (audited); the banned person's open chats end",
    body: createChatBanSchema,
    response: chatBanSchema,
  }),
  unban: defineEndpoint({
    method: 'DELETE',
    path: '/api/chat/bans/:id',
    tag: 'live-chat',
    summary: 'Lifts a ban (audited)',
    response: chatBanSchema,
  }),
};
