import { ROLES, type Role } from '@muster/contracts';
import { canQuickCreate, logoTarget, navigationFor, ROLE_DASHBOARDS, WARM_PAGES, warmDelay } from './navigation';
import { ROUTES } from './route-table';

const ids = (role: Role) => navigationFor(role).map((i) => i.id);
const COMMON = ['dashboard', 'drillTemplates', 'drillRuns', 'myTickets', 'tickets', 'helpTraining'];
const ADMIN_MANAGER = ['analytics', 'compliance', 'packets', 'usage', 'subscription'];

describe('navigation by role (spec §2, §6)', () => {
  it('gives USER exactly Profile, Drills, My Tickets, Usage Dashboard, Settings', () => {
    expect(ids('USER')).toEqual(['profile', 'drills', 'myTickets', 'usage', 'settings']);
  });

  it('gives each other role the common items and what its role adds', () => {
    expect(ids('ADMIN')).toEqual([
      'adminDashboard',
      ...COMMON,
      ...ADMIN_MANAGER,
      'settings',
      'members',
      'saml',
      'evidenceVault',
      'apiDocs',
    ]);
    expect(ids('MANAGER')).toEqual(['adminDashboard', ...COMMON, ...ADMIN_MANAGER, 'settings']);
    expect(ids('ROOT_ADMIN')).toEqual(['adminDashboard', ...COMMON, 'settings', 'sysops', 'simulation', 'rootAdmin', 'apiDocs']);
    expect(ids('DEPUTY_ADMIN')).toEqual(['adminDashboard', ...COMMON, 'settings', 'sysops', 'simulation', 'rootAdmin', 'apiDocs']);
    expect(ids('SYSOPS')).toEqual([...COMMON, 'settings', 'sysops', 'simulation']);
    expect(ids('INTERNAL_AUDITOR')).toEqual([...COMMON, 'settings']);
    expect(ids('ACCOUNTANT')).toEqual([...COMMON, 'settings']);
  });

  it('points every item at a route of the table', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const role of ROLES) for (const item of navigationFor(role)) expect(paths.has(item.to)).toBe(true);
  });

  it('offers Quick Create Drill to ADMIN and MANAGER only, and sends the USER logo to the profile', () => {
    expect(ROLES.filter(canQuickCreate)).toEqual(['ADMIN', 'MANAGER']);
    expect(logoTarget('USER')).toBe('/app/profile');
    expect(logoTarget('ADMIN')).toBe('/app/dashboard');
  });

  it('lands each role on its dashboard and warms only pages of the table', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const role of ROLES) expect(paths.has(ROLE_DASHBOARDS[role])).toBe(true);
    for (const list of Object.values(WARM_PAGES)) for (const p of list) expect(paths.has(p)).toBe(true);
    expect([0, 1, 4].map(warmDelay)).toEqual([100, 150, 300]);
  });
});
