import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { LimiterService } from './limiter.service.js';
import { RateLimitGuard } from './rate-limit.guard.js';

/** Rate limits for every module: `LimiterService` for services, `@RateLimit` for endpoints. */
@Global()
@Module({
  providers: [LimiterService, { provide: APP_GUARD, useClass: RateLimitGuard }],
  exports: [LimiterService],
})
export class LimitsModule {}
