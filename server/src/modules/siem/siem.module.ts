import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsageModule } from '../usage/usage.module.js';
import { SiemDeliveryAttemptRow, SiemDeliveryRow } from './entities/siem-delivery.entity.js';
import { SiemDestinationRow } from './entities/siem-destination.entity.js';
import { SiemDeliveryService } from './siem-delivery.service.js';
import { SiemController } from './siem.controller.js';
import { SiemProcessor } from './siem.processor.js';
import { SiemService } from './siem.service.js';

export const SIEM_ENTITIES = [SiemDestinationRow, SiemDeliveryRow, SiemDeliveryAttemptRow];

/** The SIEM webhook stream: destinations, signed deliveries of every audit event, the delivery log. */
@Module({
  imports: [TypeOrmModule.forFeature(SIEM_ENTITIES), UsageModule],
  controllers: [SiemController],
  providers: [SiemService, SiemDeliveryService, SiemProcessor],
})
export class SiemModule {}
