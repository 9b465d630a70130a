import { Injectable } from '@nestjs/common';
import { JobName, type JobPayloads, type LanguageCode } from '@muster/contracts';
import { QueueService } from '../queues/queue.service.js';
import { renderMail, type MailTemplate } from './templates/template.js';

export type MailMessage = JobPayloads[typeof JobName.SendMail];

/** Who an email goes to, and how it is written for them. */
export interface MailRecipient {
  to: string;
  /** The recipient's language (see `recipientLanguage`). */
  language: LanguageCode;
  /** The organisation's time zone, for the dates the email shows (UTC when absent). */
  timeZone?: string;
  /** The organisation the mail is sent for (counted as its `email` usage). */
  orgId?: string | null;
}

/**
 * The language an email is written in: the user's stored language, else the language the person
 * used when it is known (the one a contact message or a chat was written in, the page a request
 * came from), else English.
 */
export function recipientLanguage(stored: LanguageCode | null | undefined, used?: LanguageCode | null): LanguageCode {
  return stored ?? used ?? 'en';
}

/** Sends mail through the `mail` queue, so a slow or failing SMTP server never blocks a request. */
@Injectable()
export class MailService {
  constructor(private readonly queues: QueueService) {}

  async send(message: MailMessage, options: { idempotencyKey?: string } = {}): Promise<void> {
    await this.queues.enqueue(JobName.SendMail, message, options.idempotencyKey ? { jobId: options.idempotencyKey } : {});
  }

  /** Writes an email of a kind in the recipient's language and organisation's zone, and sends it. */
  async sendTemplate<P, E extends Record<string, string>>(
    template: MailTemplate<P, E>,
    params: P,
    recipient: MailRecipient,
    options: { idempotencyKey?: string } = {},
  ): Promise<void> {
    const mail = renderMail(template, params, { language: recipient.language, timeZone: recipient.timeZone });
    await this.send({ to: recipient.to, orgId: recipient.orgId ?? null, ...mail }, options);
  }
}
