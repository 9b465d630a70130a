import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApprovalsModule } from '../approvals/approvals.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { BroadcastsController } from './broadcasts.controller.js';
import { BroadcastsProcessor } from './broadcasts.processor.js';
import { BroadcastsService } from './broadcasts.service.js';
import { BroadcastAckRow, BroadcastRow } from './entities/broadcast.entity.js';
import { PlatformOverviewService } from './platform-overview.service.js';

export const BROADCAST_ENTITIES = [BroadcastRow, BroadcastAckRow];

/** Platform broadcasts and the platform overview of the root and deputy dashboards (issue 22). */
@Module({
  imports: [TypeOrmModule.forFeature(BROADCAST_ENTITIES), NotificationsModule, ApprovalsModule],
  controllers: [BroadcastsController],
  providers: [BroadcastsService, BroadcastsProcessor, PlatformOverviewService],
})
export class BroadcastsModule {}
