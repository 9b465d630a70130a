import { Injectable } from '@nestjs/common';
import { JobName, type JobPayloads } from '@muster/contracts';
import { QueueService } from '../queues/queue.service.js';

export type MailMessage = JobPayloads[typeof JobName.SendMail];

/** Sends mail through the `mail` queue, so a slow or failing SMTP server never blocks a request. */
@Injectable()
export class MailService {
  constructor(private readonly queues: QueueService) {}

  async send(message: MailMessage, options: { idempotencyKey?: string } = {}): Promise<void> {
    await this.queues.enqueue(JobName.SendMail, message, options.idempotencyKey ? { jobId: options.idempotencyKey } : {});
  }
}
