import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, failOnMissingRecipes, signInAs, signInAsAuditor } from './support';

failOnMissingRecipes();

interface SpecRoute {
  path: string;
  layout: 'public' | 'app' | 'auditor' | 'none';
  minRole: string | null;
}
const spec = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../web/src/app/spec/routes.json'), 'utf8')) as {
  ranks: Record<string, number>;
  routes: SpecRoute[];
};

type Role = keyof typeof spec.ranks;

/** Where /app/dashboard sends each role (web-platform issue). */
const DASHBOARDS: Record<string, string> = {
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

/** The Navigation menu of each role, as spec §2 and §6 list it. */
const COMMON = ['Dashboard', 'Drill Templates', 'Drill Runs', 'My Tickets', 'Tickets', 'Help and Training'];
const ADMIN_MANAGER = ['Analytics', 'Compliance', 'Packets', 'Usage Dashboard', 'Subscription'];
const NAVIGATION: Record<string, string[]> = {
  USER: ['Profile', 'Drills', 'My Tickets', 'Usage Dashboard', 'Settings'],
  ADMIN: ['Admin Dashboard', ...COMMON, ...ADMIN_MANAGER, 'Settings', 'Members', 'SAML SSO', 'Evidence Vault', 'API Docs'],
  MANAGER: ['Admin Dashboard', ...COMMON, ...ADMIN_MANAGER, 'Settings'],
  ROOT_ADMIN: ['Admin Dashboard', ...COMMON, 'Settings', 'SYSOPS', 'Simulation', 'Root Admin', 'API Docs'],
  DEPUTY_ADMIN: ['Admin Dashboard', ...COMMON, 'Settings', 'SYSOPS', 'Simulation', 'Root Admin', 'API Docs'],
  SYSOPS: [...COMMON, 'Settings', 'SYSOPS', 'Simulation'],
  INTERNAL_AUDITOR: [...COMMON, 'Settings'],
  ACCOUNTANT: [...COMMON, 'Settings'],
};

/** Pages warmed after sign-in (spec §6). */
const WARMED: Record<string, string[]> = {
  ROOT_ADMIN: ['/app/root', '/app/admin/dashboard', '/app/sysops', '/app/tickets'],
  DEPUTY_ADMIN: ['/app/root', '/app/admin/dashboard', '/app/sysops', '/app/tickets'],
  ADMIN: ['/app/admin/dashboard', '/app/admin/billing', '/app/admin/security', '/app/tickets', '/app/drills/templates'],
  MANAGER: ['/app/manager', '/app/analytics/drills', '/app/drills/templates', '/app/tickets', '/app/compliance/profiles'],
  SYSOPS: ['/app/sysops', '/app/sysops/tickets', '/app/tickets'],
  USER: ['/app/profile', '/app/drills/runs', '/app/my-tickets', '/app/usage'],
  INTERNAL_AUDITOR: ['/app/dashboard', '/app/tickets'],
  ACCOUNTANT: ['/app/dashboard', '/app/tickets'],
};

const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '7f1c2a34-5b6d-4e8f-9a0b-1c2d3e4f5a6b').replace(/\*$/, 'pending-review');

type Outcome = { kind: 'page'; route: string } | { kind: 'denied' } | { kind: 'login' };

function expected(route: SpecRoute, role: Role | null): Outcome {
  if (!route.minRole) return { kind: 'page', route: route.path };
  if (!role) return { kind: 'login' };
  if (spec.ranks[role]! < spec.ranks[route.minRole]!) return { kind: 'denied' };
  if (route.path === '/app/dashboard') return { kind: 'page', route: DASHBOARDS[role]! };
  return { kind: 'page', route: route.path };
}

/**
 * Opens a route and waits for the outcome expected of it; when another shows instead, says
 * what the page shows (url, rendered route, Access Denied).
 */
async function outcomeOf(page: Page, path: string, want: Outcome): Promise<string> {
  // A client-side navigation (the router follows history), as the app's own links do: one
  // page load per test instead of one per route.
  await page.evaluate((url) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, concrete(path));
  const target =
    want.kind === 'page'
      ? page.locator(`[data-route="${want.route}"]`)
      : want.kind === 'denied'
        ? page.locator(`[data-testid="access-denied"][data-denied-path="${concrete(path)}"]`)
        : page.locator('[data-route="/login"]');
  try {
    await target.waitFor({ state: 'visible', timeout: 10_000 });
    if (want.kind === 'login') await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    if (want.kind === 'denied' && (await page.locator('[data-route]').count()) > 0) return 'denied, but the page rendered too';
    return describe(want);
  } catch {
    const routes = await page.locator('[data-route]').evaluateAll((els) => els.map((e) => e.getAttribute('data-route')));
    const denied = await page.getByTestId('access-denied').count();
    return `unexpected: at ${new URL(page.url()).pathname}, rendered [${routes.join(', ')}], access denied ${denied}`;
  }
}

const describe = (o: Outcome) => (o.kind === 'page' ? `page ${o.route}` : o.kind);

async function checkAllRoutes(page: Page, role: Role | null): Promise<void> {
  await page.goto('/?lng=en');
  const seen: string[] = [];
  const want: string[] = [];
  for (const route of spec.routes) {
    const outcome = expected(route, role);
    seen.push(`${route.path}: ${await outcomeOf(page, route.path, outcome)}`);
    want.push(`${route.path}: ${describe(outcome)}`);
  }
  expect(seen).toEqual(want);
}

test.describe('Routes, guards and navigation', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a signed-out visitor gets public pages, the sign-in screen for the rest, and Not Found for unknown paths', async ({ page }) => {
    await checkAllRoutes(page, null);
    await page.goto('/no/such/page?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Muster Page Not Found');
    for (const name of ['Go to Homepage', 'Live Chat Support']) await expect(page.getByRole('link', { name })).toBeVisible();
    for (const name of ['Pricing', 'Solutions', 'Documentation', 'FAQ', 'Login'])
      await expect(page.getByTestId('not-found').getByRole('link', { name, exact: true })).toBeVisible();
  });

  for (const role of Object.keys(DEMO_USERS) as (keyof typeof DEMO_USERS)[]) {
    test(`${role}: every route, the navigation menu and page warming`, async ({ page }) => {
      await page.goto('/?lng=en');
      await signInAs(page, DEMO_USERS[role]);

      await page.goto('/app/dashboard?lng=en');
      await expect(page.locator(`[data-route="${DASHBOARDS[role]}"]`)).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name.replace('muster:warm:', ''))))
        .toEqual(WARMED[role]);

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByTestId('nav-menu-trigger').click();
      await expect(page.getByTestId('nav-menu').getByRole('menuitem')).toHaveText(NAVIGATION[role]!);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('quick-create')).toHaveCount(role === 'ADMIN' || role === 'MANAGER' ? 1 : 0);
      await expect(page.getByTestId('user-badge').first()).toContainText(
        role === 'ROOT_ADMIN' || role === 'DEPUTY_ADMIN' || role === 'SYSOPS' ? 'Platform Admin' : 'Harbor Point Port Authority',
      );

      await checkAllRoutes(page, role);
    });
  }

  test('GUEST_AUDITOR: every route by rank, and the auditor portal', async ({ page }) => {
    await page.goto('/?lng=en');
    await signInAsAuditor(page);
    await checkAllRoutes(page, 'GUEST_AUDITOR');
    await page.goto('/auditor/evidence?lng=en');
    await expect(page.getByTestId('auditor-portal-title')).toHaveText('Auditor Portal');
    await expect(page.getByTestId('auditor-identity')).toHaveText('Grace Okoye from Seaward Audit LLP');
    await expect(page.getByTestId('auditor-tab-evidence')).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('auditor-tab-bundles').click();
    await expect(page).toHaveURL(/\/auditor\/bundles$/);
  });
});

test.describe('App shell', () => {
  test('the mobile menu mirrors the navigation and closes when an item is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/?lng=en');
    await signInAs(page, DEMO_USERS.MANAGER);
    await page.goto('/app/dashboard?lng=en');
    // The landing sends a manager on to their dashboard; a route change closes the menu, so open it after.
    await expect(page.locator('[data-route="/app/manager"]')).toBeVisible();
    await page.getByTestId('mobile-menu-trigger').click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu.locator('[data-nav-id]')).toHaveText(NAVIGATION.MANAGER!);
    await menu.getByRole('button', { name: 'Drill Runs' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('[data-route="/app/drills/runs"]')).toBeVisible();
  });

  test('the help-desk button opens its panel on desktop, closes on Escape and outside click, and goes to /mobile-chat on a phone', async ({
    page,
  }) => {
    await page.goto('/?lng=en');
    await page.getByTestId('help-desk-button').click();
    await expect(page.getByTestId('help-desk-panel')).toBeVisible();
    await expect(page.getByTestId('help-desk-panel')).toHaveCSS('width', '280px');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('help-desk-panel')).toBeHidden();
    await page.getByTestId('help-desk-button').click();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByTestId('help-desk-panel')).toBeHidden();
    await page.getByTestId('help-desk-button').click();
    await page.getByTestId('help-desk-panel').getByRole('button', { name: 'Open the help desk' }).click();
    await expect(page).toHaveURL(/\/app\/help-desk$/);
    await expect(page.getByTestId('help-desk-widget')).toHaveCount(0);

    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/pricing?lng=en');
    await expect(page.getByTestId('help-desk-button')).toHaveText('Chat with Skipper');
    await page.getByTestId('help-desk-button').click();
    await expect(page).toHaveURL(/\/mobile-chat$/);
    for (const path of ['/login', '/signup']) {
      await page.goto(`${path}?lng=en`);
      await expect(page.getByTestId('help-desk-widget')).toHaveCount(0);
    }
  });

  test('the logo goes to the profile for USER and to the dashboard otherwise', async ({ page }) => {
    await page.goto('/?lng=en');
    await signInAs(page, DEMO_USERS.USER);
    await page.goto('/app/usage?lng=en');
    await page.getByTestId('logo').click();
    await expect(page.locator('[data-route="/app/profile"]')).toBeVisible();
  });
});
