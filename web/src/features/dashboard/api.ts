import type {
  AdminDashboard,
  InternalAuditorDashboard,
  ManagerDashboard,
  Onboarding,
  SysopsDashboard,
  UserDashboard,
} from '@muster/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const dashboardKeys = {
  onboarding: ['dashboards', 'onboarding'] as const,
  admin: ['dashboards', 'admin'] as const,
  manager: ['dashboards', 'manager'] as const,
  me: ['dashboards', 'me'] as const,
  internalAuditor: ['dashboards', 'internal-auditor'] as const,
  sysops: ['dashboards', 'sysops'] as const,
};

export const useOnboarding = (enabled = true) =>
  useQuery({
    queryKey: dashboardKeys.onboarding,
    queryFn: () => apiRequest<Onboarding>('GET', '/api/dashboards/onboarding'),
    enabled,
  });
export const useAdminDashboard = () =>
  useQuery({ queryKey: dashboardKeys.admin, queryFn: () => apiRequest<AdminDashboard>('GET', '/api/dashboards/admin') });
export const useManagerDashboard = () =>
  useQuery({ queryKey: dashboardKeys.manager, queryFn: () => apiRequest<ManagerDashboard>('GET', '/api/dashboards/manager') });
export const useUserDashboard = () =>
  useQuery({ queryKey: dashboardKeys.me, queryFn: () => apiRequest<UserDashboard>('GET', '/api/dashboards/me') });
export const useInternalAuditorDashboard = () =>
  useQuery({
    queryKey: dashboardKeys.internalAuditor,
    queryFn: () => apiRequest<InternalAuditorDashboard>('GET', '/api/dashboards/internal-auditor'),
  });
export const useSysopsDashboard = () =>
  useQuery({ queryKey: dashboardKeys.sysops, queryFn: () => apiRequest<SysopsDashboard>('GET', '/api/dashboards/sysops') });
