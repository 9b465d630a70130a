import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsageRecord } from './entities/usage-record.entity.js';
import { UsageService } from './usage.service.js';

/** Usage metering per organisation, resource type and billing month. */
@Module({
  imports: [TypeOrmModule.forFeature([UsageRecord])],
  providers: [UsageService],
  exports: [UsageService],
})
export class UsageModule {}
