import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsageModule } from '../usage/usage.module.js';
import { EmergencyMapImageRow, EmergencyMapRow, EmergencyMapVersionRow } from './entities/emergency-map.entity.js';
import { MapsController } from './maps.controller.js';
import { MapsService } from './maps.service.js';

/** This module's own tables (database/entities.ts lists them). */
export const MAP_ENTITIES = [EmergencyMapRow, EmergencyMapVersionRow, EmergencyMapImageRow];

/** Emergency maps: the editor's versions, background images, posters and muster points. */
@Module({
  imports: [TypeOrmModule.forFeature(MAP_ENTITIES), UsageModule],
  controllers: [MapsController],
  providers: [MapsService],
  exports: [MapsService],
})
export class MapsModule {}
