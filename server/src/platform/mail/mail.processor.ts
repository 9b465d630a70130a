import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { JobName, type JobPayloads } from '@muster/contracts';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../queues/job-handler.decorator.js';
import { OutboxStore } from './outbox.store.js';

/**
 * Delivers `mail.send` jobs: through SMTP_URL with nodemailer, or — in development without
 * SMTP_URL — into the development outbox (and the log). Failures throw, so BullMQ retries.
 */
@Injectable()
export class MailProcessor implements OnApplicationShutdown {
  private readonly logger = new Logger(MailProcessor.name);
  private transport: Transporter | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxStore,
  ) {}

  @JobHandler(JobName.SendMail)
  async send(message: JobPayloads[typeof JobName.SendMail]): Promise<void> {
    if (this.config.SMTP_URL) {
      this.transport ??= createTransport(this.config.SMTP_URL);
      await this.transport.sendMail({
        from: this.config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      this.logger.log({ to: message.to, subject: message.subject }, 'Mail sent');
      return;
    }
    if (this.config.NODE_ENV === 'production') {
      this.logger.warn({ to: message.to, subject: message.subject }, 'SMTP_URL is not set: mail not delivered');
      return;
    }
    await this.outbox.push({ to: message.to, subject: message.subject, text: message.text, sentAt: new Date().toISOString() });
    this.logger.log({ to: message.to, subject: message.subject }, 'Mail kept in the development outbox');
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
