import type { Role } from '@muster/contracts';

/** One item of the app shell's Navigation menu. `labelKey` is in the `shell` namespace. */
export interface NavItem {
  id: string;
  labelKey: string;
  to: string;
}

const ADMINS: Role[] = ['ADMIN', 'MANAGER', 'ROOT_ADMIN', 'DEPUTY_ADMIN'];
const ADMIN_MANAGER: Role[] = ['ADMIN', 'MANAGER'];
const PLATFORM_OPS: Role[] = ['SYSOPS', 'ROOT_ADMIN', 'DEPUTY_ADMIN'];
const ROOTS: Role[] = ['ROOT_ADMIN', 'DEPUTY_ADMIN'];
const API_DOCS: Role[] = ['ADMIN', 'ROOT_ADMIN', 'DEPUTY_ADMIN'];

const item = (id: string, to: string): NavItem => ({ id, labelKey: `nav.${id}`, to });

/** The dashboard each role lands on from /app/dashboard. */
export const ROLE_DASHBOARDS: Readonly<Record<Role, string>> = {
  ROOT_ADMIN: '/app/root',
  DEPUTY_ADMIN: '/app/deputy-admin',
  SYSOPS: '/app/sysops',
  ADMIN: '/app/admin/dashboard',
  MANAGER: '/app/manager',
  INTERNAL_AUDITOR: '/app/internal-auditor',
  ACCOUNTANT: '/app/accountant',
  USER: '/app/user',
  GUEST_AUDITOR: '/auditor/dashboard',
};

/**
 * The Navigation items of a role, in order (spec §2 "App shell", §6 visibility).
 * USER: Profile, Drills, My Tickets, Usage Dashboard, Settings. Every other role: the
 * common items, then what its role adds.
 */
export function navigationFor(role: Role): NavItem[] {
  if (role === 'USER') {
    return [
      item('profile', '/app/profile'),
      item('drills', '/app/drills/runs'),
      item('myTickets', '/app/my-tickets'),
      item('usage', '/app/usage'),
      item('settings', '/app/settings'),
    ];
  }
  const has = (roles: Role[]) => roles.includes(role);
  return [
    // MANAGER cannot open /app/admin/*; its administration dashboard is /app/manager.
    ...(has(ADMINS) ? [item('adminDashboard', role === 'MANAGER' ? '/app/manager' : '/app/admin/dashboard')] : []),
    item('dashboard', '/app/dashboard'),
    item('drillTemplates', '/app/drills/templates'),
    item('drillRuns', '/app/drills/runs'),
    item('myTickets', '/app/my-tickets'),
    item('tickets', '/app/tickets'),
    item('helpTraining', '/docs'),
    ...(has(ADMIN_MANAGER)
      ? [
          item('analytics', '/app/analytics/drills'),
          item('compliance', '/app/compliance/profiles'),
          item('packets', '/app/compliance/packets'),
          item('usage', '/app/usage'),
          item('subscription', '/app/subscription'),
        ]
      : []),
    item('settings', '/app/settings'),
    // Members (issue 18) beside the other ADMIN-only items.
    ...(role === 'ADMIN'
      ? [item('members', '/app/admin/users'), item('saml', '/app/admin/saml'), item('evidenceVault', '/app/admin/evidence-vault')]
      : []),
    ...(has(PLATFORM_OPS) ? [item('sysops', '/app/sysops'), item('simulation', '/app/admin/simulation')] : []),
    ...(has(ROOTS) ? [item('rootAdmin', '/app/root-admin')] : []),
    ...(has(API_DOCS) ? [item('apiDocs', '/app/api-docs')] : []),
  ];
}

/** "Quick Create Drill" in the top bar: ADMIN and MANAGER only. */
export function canQuickCreate(role: Role): boolean {
  return role === 'ADMIN' || role === 'MANAGER';
}

/** The logo goes to the profile for USER, to the dashboard for everyone else. */
export function logoTarget(role: Role): string {
  return role === 'USER' ? '/app/profile' : '/app/dashboard';
}

/** Pages warmed in the background after sign-in, per role (spec §6). */
export const WARM_PAGES: Readonly<Record<Role | 'AUDITOR', readonly string[]>> = {
  ROOT_ADMIN: ['/app/root', '/app/admin/dashboard', '/app/sysops', '/app/tickets'],
  DEPUTY_ADMIN: ['/app/root', '/app/admin/dashboard', '/app/sysops', '/app/tickets'],
  ADMIN: ['/app/admin/dashboard', '/app/admin/billing', '/app/admin/security', '/app/tickets', '/app/drills/templates'],
  MANAGER: ['/app/manager', '/app/analytics/drills', '/app/drills/templates', '/app/tickets', '/app/compliance/profiles'],
  SYSOPS: ['/app/sysops', '/app/sysops/tickets', '/app/tickets'],
  USER: ['/app/profile', '/app/drills/runs', '/app/my-tickets', '/app/usage'],
  AUDITOR: ['/app/dashboard', '/app/tickets'],
  INTERNAL_AUDITOR: ['/app/dashboard', '/app/tickets'],
  ACCOUNTANT: ['/app/dashboard', '/app/tickets'],
  GUEST_AUDITOR: ['/auditor/dashboard', '/auditor/evidence', '/auditor/bundles'],
};

/** Delay before warming the page at `index`: 100 ms plus 50 ms per page. */
export function warmDelay(index: number): number {
  return 100 + 50 * index;
}
