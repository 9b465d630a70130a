import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthGateway } from './health.gateway.js';
import { HealthProcessor } from './health.processor.js';
import { HealthService } from './health.service.js';

@Module({
  controllers: [HealthController],
  providers: [HealthService, HealthProcessor, HealthGateway],
})
export class HealthModule {}
