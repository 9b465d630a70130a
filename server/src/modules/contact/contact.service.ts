import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  isLanguageCode,
  type ContactList,
  type ContactMessageRecord,
  type ContactSubject,
  type LanguageCode,
  type TicketCategory,
  type contactListQuerySchema,
  type contactMessageSchema,
} from '@muster/contracts';
import type { Repository } from 'typeorm';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { MailService } from '../../platform/mail/mail.service.js';
import { contactConfirmationMail, contactNoticeMail } from '../../platform/mail/templates/index.js';
import { RecipientsService } from '../identity/recipients.service.js';
import { LimiterService } from '../../platform/limits/limiter.service.js';
import { TicketsService } from '../tickets/tickets.service.js';
import { ContactMessage } from './entities/contact-message.entity.js';

type ContactInput = z.output<typeof contactMessageSchema>;
type ListQuery = z.output<typeof contactListQuerySchema>;

/** The ticket category a contact subject opens. */
const SUBJECT_CATEGORIES: Record<ContactSubject, TicketCategory> = {
  demo: 'question',
  pricing: 'billing',
  technical_support: 'technical',
  enterprise_inquiry: 'question',
  general_support: 'question',
  other: 'other',
};

/** English names of the subjects, for the ticket support works it as (the emails name them in the reader's language). */
const SUBJECT_NAMES: Record<ContactSubject, string> = {
  demo: 'Request a demo',
  pricing: 'Pricing',
  technical_support: 'Technical support',
  enterprise_inquiry: 'Enterprise inquiry',
  general_support: 'General support',
  other: 'Other',
};

/** Confirmations one address receives in a day, so the form cannot be used to flood someone's inbox. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;

/**
 * The public contact form: stores each message and opens a ticket for support operators,
 * confirms it to the sender and tells the support address, both through the mail
 * queue. Spam defence: a per-address rate limit, and a honeypot field that bots fill in —
 * such messages are answered like any other and dropped. The confirmation carries none of the
 * sender's text and goes to one address at most three times a day, so the form cannot relay
 * someone else's message to a stranger's inbox.
 */
@Injectable()
export class ContactService {
  private readonly logger = new Logger('Contact');

  constructor(
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    private readonly mail: MailService,
    private readonly tickets: TicketsService,
    private readonly limiter: LimiterService,
    private readonly recipients: RecipientsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `readerLanguage` is the page's language, for a message that does not name its own. */
  async send(input: ContactInput, client: ClientContext, readerLanguage: LanguageCode = 'en'): Promise<void> {
    await this.throttle(client.ip);
    if (input.website?.trim()) {
      this.logger.log(`Dropped a contact message whose honeypot field was filled (from ${client.ip})`);
      return;
    }
    const saved = await this.messages.save(
      this.messages.create({
        name: input.name,
        email: input.email,
        company: input.company?.trim() || null,
        subject: input.subject,
        message: input.message,
        language: input.language ?? readerLanguage,
        status: 'new',
        ip: client.ip,
        userAgent: client.userAgent,
      }),
    );
    const subject = SUBJECT_NAMES[saved.subject];
    // Support operators work it as a ticket; their replies are emailed to the sender.
    const language = isLanguageCode(saved.language) ? saved.language : null;
    const ticket = await this.tickets.openForVisitor(
      { name: saved.name, email: saved.email, language },
      {
        subject: `${subject} — ${saved.company ?? saved.name}`.slice(0, 200),
        description: saved.message,
        category: SUBJECT_CATEGORIES[saved.subject],
        priority: 'normal',
      },
    );
    saved.status = 'ticket_opened';
    saved.ticketId = ticket.id;
    await this.messages.save(saved);
    if (await this.mayConfirm(saved.email)) {
      await this.mail.sendTemplate(
        contactConfirmationMail,
        { topic: saved.subject, reference: saved.id },
        { to: saved.email, language: await this.recipients.languageOf({ email: saved.email }, language) },
        { idempotencyKey: `contact-confirmation-${saved.id}` },
      );
    }
    await this.mail.sendTemplate(
      contactNoticeMail,
      {
        topic: saved.subject,
        name: saved.name,
        email: saved.email,
        company: saved.company,
        language: saved.language,
        reference: saved.id,
        message: saved.message,
      },
      { to: this.config.SUPPORT_EMAIL, language: await this.recipients.languageOf({ email: this.config.SUPPORT_EMAIL }) },
      { idempotencyKey: `contact-notice-${saved.id}` },
    );
  }

  async list(query: ListQuery): Promise<ContactList> {
    const [rows, total] = await this.messages.findAndCount({
      where: query.status ? { status: query.status } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      take: query.limit,
      skip: query.offset,
    });
    return { items: rows.map(toRecord), total };
  }

  private throttle(ip: string): Promise<void> {
    return this.limiter
      .limit('contact', { points: this.config.CONTACT_MESSAGES_PER_HOUR, durationSeconds: 60 * 60 })
      .consume(ip, 'contact.tooMany');
  }

  /** Counts a confirmation to `email`; false once the address has had its confirmations for the day. */
  private mayConfirm(email: string): Promise<boolean> {
    return this.limiter
      .limit('contact-confirmation', { points: CONFIRMATIONS_PER_ADDRESS_PER_DAY, durationSeconds: 24 * 60 * 60 })
      .tryConsume(email);
  }
}

function toRecord(row: ContactMessage): ContactMessageRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    subject: row.subject,
    message: row.message,
    language: row.language,
    status: row.status,
    ticketId: row.ticketId,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}
