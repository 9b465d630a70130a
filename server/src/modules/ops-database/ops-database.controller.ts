import { Controller } from '@nestjs/common';
import { api, type AuditChains, type DatabaseOverview } from '@muster/contracts';
import { MinRole } from '../../platform/auth/auth.decorators.js';
import { Endpoint } from '../../platform/http/endpoint.decorator.js';
import { OpsDatabaseService } from './ops-database.service.js';

/** The platform's database page (ROOT_ADMIN only): read-only facts, no SQL console. */
@Controller()
@MinRole('ROOT_ADMIN')
export class OpsDatabaseController {
  constructor(private readonly ops: OpsDatabaseService) {}

  @Endpoint(api.opsDatabase.overview)
  overview(): Promise<DatabaseOverview> {
    return this.ops.overview();
  }

  @Endpoint(api.opsDatabase.auditChains)
  auditChains(): Promise<AuditChains> {
    return this.ops.auditChains();
  }
}
