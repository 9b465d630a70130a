import { z } from 'zod';
import { defineEndpoint } from './http.js';

/** One message kept by the development outbox (mail sent without SMTP_URL). */
export const outboxEntrySchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part, when the mail has one (every templated mail: `lang` and `dir` of its language). */
  html: z.string().optional(),
  sentAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const devEndpoints = {
  outbox: defineEndpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    tag: 'development',
    summary: 'Messages kept by the development outbox, newest first (absent in production)',
    response: z.array(outboxEntrySchema),
  }),
};
