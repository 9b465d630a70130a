import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DrillsModule } from '../drills/drills.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { SopAcknowledgement } from './entities/sop-acknowledgement.entity.js';
import { SopDocument } from './entities/sop-document.entity.js';
import { SopVersionRow } from './entities/sop-version.entity.js';
import { SopsController } from './sops.controller.js';
import { SopsProcessor } from './sops.processor.js';
import { SopsService } from './sops.service.js';

/** This module's own tables (database/entities.ts lists them). */
export const SOP_ENTITIES = [SopDocument, SopVersionRow, SopAcknowledgement];

/** Standard operating procedures under document control, acknowledgements, review reminders. */
@Module({
  imports: [TypeOrmModule.forFeature(SOP_ENTITIES), DrillsModule, NotificationsModule],
  controllers: [SopsController],
  providers: [SopsService, SopsProcessor],
  exports: [SopsService],
})
export class SopsModule {}
