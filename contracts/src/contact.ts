import { reason } from './reasons.js';
import { z } from 'zod';
import { emailSchema } from './auth.js';
import { defineEndpoint } from './http.js';
import { LANGUAGE_CODES, type LanguageCode } from './i18n.js';

/** Subjects of the contact form (spec §2). */
export const CONTACT_SUBJECTS = ['demo', 'pricing', 'technical_support', 'enterprise_inquiry', 'general_support', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_LIMITS = {
  nameMax: 120,
  companyMax: 200,
  messageMin: 10,
  messageMax: 5000,
} as const;

const required = reason('validation.required');

/**
 * The contact form. `website` is a honeypot: hidden from people, filled in by bots; a message
 * that fills it is answered like any other and dropped.
 */
export const contactMessageSchema = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(CONTACT_LIMITS.nameMax, reason('validation.maxLength')),
  email: emailSchema,
  company: z.string().trim().max(CONTACT_LIMITS.companyMax, reason('validation.maxLength')).optional(),
  subject: z.enum(CONTACT_SUBJECTS, { error: reason('validation.subject') }),
  message: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(CONTACT_LIMITS.messageMin, reason('validation.minLength'))
    .max(CONTACT_LIMITS.messageMax, reason('validation.maxLength')),
  website: z.string().max(500).optional(),
  /** Language of the page the message was sent from. */
  language: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]).optional(),
});
export type ContactMessageRequest = z.input<typeof contactMessageSchema>;

export const contactReceiptSchema = z.object({ received: z.literal(true) });

export const CONTACT_MESSAGE_STATUSES = ['new', 'ticket_opened', 'handled'] as const;

/** A stored contact message, as support operators see it. */
export const contactMessageRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string(),
  language: z.string(),
  status: z.enum(CONTACT_MESSAGE_STATUSES),
  /** The ticket opened for it, once tickets exist. */
  ticketId: z.uuid().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessageRecord = z.infer<typeof contactMessageRecordSchema>;

export const contactListQuerySchema = z.object({
  status: z.enum(CONTACT_MESSAGE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const contactListSchema = z.object({
  items: z.array(contactMessageRecordSchema),
  total: z.number().int(),
});
export type ContactList = z.infer<typeof contactListSchema>;

export const contactEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/api/contact',
    tag: 'contact',
    status: 202,
    summary: 'Sends a message from the public contact form (rate limited per address); a confirmation is emailed',
    body: contactMessageSchema,
    response: contactReceiptSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/contact/messages',
    tag: 'contact',
    summary: 'Contact messages for support operators (SYSOPS and above), newest first',
    query: contactListQuerySchema,
    response: contactListSchema,
  }),
};
