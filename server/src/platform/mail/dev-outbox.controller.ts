import { Controller } from '@nestjs/common';
import { api, type OutboxEntry } from '@muster/contracts';
import { Endpoint } from '../http/endpoint.decorator.js';
import { OutboxStore } from './outbox.store.js';
import { Public } from '../auth/auth.decorators.js';

/** Development only: the messages that would have been emailed. Not mounted in production. */
@Controller()
@Public()
export class DevOutboxController {
  constructor(private readonly outbox: OutboxStore) {}

  @Endpoint(api.dev.outbox)
  list(): Promise<OutboxEntry[]> {
    return this.outbox.list();
  }
}
