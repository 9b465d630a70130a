import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller.js';
import { AuditQueryService } from './audit-query.service.js';
import { AuditTrailService } from './audit-trail.service.js';

/** Reading the audit trail: security timelines, the threats view, exports and the chain check. */
@Module({
  controllers: [AuditController],
  providers: [AuditQueryService, AuditTrailService],
  exports: [AuditTrailService],
})
export class AuditTrailModule {}
