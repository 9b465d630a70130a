import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from './redis.tokens.js';

/** Options for a new ioredis connection to REDIS_URL (BullMQ workers need `maxRetriesPerRequest: null`). */
export function redisConnection(config: AppConfig, extra: { blocking?: boolean; name?: string; autoPipelining?: boolean } = {}): Redis {
  return new Redis(config.REDIS_URL, {
    // Commands issued in one tick go out in one write (the socket adapter's XADDs under load).
    enableAutoPipelining: extra.autoPipelining ?? false,
    connectionName: extra.name ? `${config.REDIS_PREFIX}:${extra.name}` : undefined,
    maxRetriesPerRequest: extra.blocking ? null : 3,
    enableReadyCheck: true,
    lazyConnect: false,
  });
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => redisConnection(config, { name: 'commands', autoPipelining: true }),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
