import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JobName, type JobPayloads } from '@muster/contracts';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobHandler } from '../queues/job-handler.decorator.js';
import { MAIL_METER, type MailMeter } from './mail-meter.js';
import { OutboxStore } from './outbox.store.js';

/**
 * Delivers `mail.send` jobs: through SMTP_URL with nodemailer, or — in development without
 * SMTP_URL — into the development outbox (and the log). Failures throw, so BullMQ retries. A mail
 * sent for an organisation counts as its `email` usage once it is handed over.
 */
@Injectable()
export class MailProcessor implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MailProcessor.name);
  private transport: Transporter | null = null;
  private meter: MailMeter | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxStore,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    try {
      this.meter = this.moduleRef.get<MailMeter>(MAIL_METER, { strict: false });
    } catch {
      this.meter = null; // An application without the usage module (a tool) delivers uncounted.
    }
  }

  /** Counts a delivered mail; a failure is logged, never retried (that would send the mail again). */
  private async count(message: JobPayloads[typeof JobName.SendMail]): Promise<void> {
    if (!message.orgId || !this.meter) return;
    try {
      await this.meter.delivered(message.orgId);
    } catch (err) {
      this.logger.error(`The mail to ${message.to} could not be counted: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

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
      await this.count(message);
      return;
    }
    if (this.config.NODE_ENV === 'production') {
      this.logger.warn({ to: message.to, subject: message.subject }, 'SMTP_URL is not set: mail not delivered');
      return;
    }
    await this.outbox.push({
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      sentAt: new Date().toISOString(),
    });
    this.logger.log({ to: message.to, subject: message.subject }, 'Mail kept in the development outbox');
    await this.count(message);
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
