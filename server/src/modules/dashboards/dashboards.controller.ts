import { Controller } from '@nestjs/common';
import {
  api,
  type AdminDashboard,
  type ExecutiveSummary,
  type InternalAuditorDashboard,
  type ManagerDashboard,
  type MemberPrincipal,
  type Onboarding,
  type OrgPrincipal,
  type SysopsDashboard,
  type UserDashboard,
} from '@muster/contracts';
import { MemberAuth, MinRole, OrgAuth } from '../../platform/auth/auth.decorators.js';
import { Endpoint } from '../../platform/http/endpoint.decorator.js';
import { DashboardsService } from './dashboards.service.js';

/** One read per role dashboard; each answers figures of the viewer's organisation. */
@Controller()
export class DashboardsController {
  constructor(private readonly dashboards: DashboardsService) {}

  @Endpoint(api.dashboards.onboarding)
  @MinRole('MANAGER')
  onboarding(@OrgAuth() auth: OrgPrincipal): Promise<Onboarding> {
    return this.dashboards.onboarding(auth);
  }

  @Endpoint(api.dashboards.admin)
  @MinRole('ADMIN')
  admin(@OrgAuth() auth: OrgPrincipal): Promise<AdminDashboard> {
    return this.dashboards.admin(auth);
  }

  @Endpoint(api.dashboards.manager)
  @MinRole('MANAGER')
  manager(@OrgAuth() auth: OrgPrincipal): Promise<ManagerDashboard> {
    return this.dashboards.manager(auth);
  }

  @Endpoint(api.dashboards.me)
  @MinRole('USER')
  me(@MemberAuth() auth: MemberPrincipal): Promise<UserDashboard> {
    return this.dashboards.me(auth);
  }

  @Endpoint(api.dashboards.internalAuditor)
  @MinRole('INTERNAL_AUDITOR')
  internalAuditor(@OrgAuth() auth: OrgPrincipal): Promise<InternalAuditorDashboard> {
    return this.dashboards.internalAuditor(auth);
  }

  @Endpoint(api.dashboards.executive)
  @MinRole('ADMIN')
  executive(@OrgAuth() auth: OrgPrincipal): Promise<ExecutiveSummary> {
    return this.dashboards.executive(auth);
  }

  @Endpoint(api.dashboards.sysops)
  @MinRole('SYSOPS')
  sysops(): Promise<SysopsDashboard> {
    return this.dashboards.sysops();
  }
}
