import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditTrailModule } from '../audit/audit.module.js';
import { CompliancePacketsModule } from '../compliance-packets/compliance-packets.module.js';
import { DashboardsModule } from '../dashboards/dashboards.module.js';
import { DrillsModule } from '../drills/drills.module.js';
import { MapsModule } from '../maps/maps.module.js';
import { SopsModule } from '../sops/sops.module.js';
import { RenderRow } from './entities/render.entity.js';
import { RenderJobsModule } from './render-jobs.module.js';
import { RendersController } from './renders.controller.js';
import { RendersProcessor } from './renders.processor.js';
import { RendersService } from './renders.service.js';

/** The documents engine's renders: long outputs made by the `render` queue, with progress, kept 24 hours. */
@Module({
  imports: [
    TypeOrmModule.forFeature([RenderRow]),
    RenderJobsModule,
    DrillsModule,
    AuditTrailModule,
    MapsModule,
    CompliancePacketsModule,
    SopsModule,
    DashboardsModule,
  ],
  controllers: [RendersController],
  providers: [RendersService, RendersProcessor],
})
export class DocumentsModule {}
