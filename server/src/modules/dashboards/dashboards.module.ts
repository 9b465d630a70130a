import { Module } from '@nestjs/common';
import { AuditTrailModule } from '../audit/audit.module.js';
import { ComplianceModule } from '../compliance/compliance.module.js';
import { DrillsModule } from '../drills/drills.module.js';
import { MembersModule } from '../members/members.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { DashboardsController } from './dashboards.controller.js';
import { DashboardsService } from './dashboards.service.js';

/** The role dashboards: read-only figures over live data, through the owning modules' services. */
@Module({
  imports: [MembersModule, UsageModule, ComplianceModule, DrillsModule, AuditTrailModule],
  controllers: [DashboardsController],
  providers: [DashboardsService],
  exports: [DashboardsService],
})
export class DashboardsModule {}
