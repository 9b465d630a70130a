import { Inject, Injectable } from '@nestjs/common';
import type { OutboxEntry } from '@muster/contracts';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../redis/redis.tokens.js';

/** How many messages the development outbox keeps. */
export const OUTBOX_CAPACITY = 200;

/**
 * The development outbox: messages "sent" without SMTP_URL, kept in Redis so that the worker
 * that sends and the api that lists them may be different processes. Newest first.
 */
@Injectable()
export class OutboxStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get key(): string {
    return `${this.config.REDIS_PREFIX}:dev:outbox`;
  }

  async push(entry: OutboxEntry): Promise<void> {
    await this.redis
      .multi()
      .lpush(this.key, JSON.stringify(entry))
      .ltrim(this.key, 0, OUTBOX_CAPACITY - 1)
      .exec();
  }

  async list(): Promise<OutboxEntry[]> {
    const raw = await this.redis.lrange(this.key, 0, OUTBOX_CAPACITY - 1);
    return raw.map((r) => JSON.parse(r) as OutboxEntry);
  }
}
