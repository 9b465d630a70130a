import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, signInAs, signInAsAuditor } from './support';

failOnMissingRecipes();

/** Resolves once every animation of the element and what it holds has finished. */
async function settled(locator: Locator): Promise<void> {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/**
 * axe finds no serious or critical violation on the page once its transitions have ended (a
 * page fading in is measured against a blend of colours); endless animations (spinners) are not
 * waited for.
 */
async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: axe violations`).toEqual([]);
}

const PUBLIC = [
  '/',
  '/about',
  '/solutions',
  '/pricing',
  '/faq',
  '/contact',
  '/docs',
  '/verify-packet',
  '/legal/privacy',
  '/legal/terms',
  '/login',
  '/signup',
  '/auditor-login',
  '/reset-password',
  '/no/such/page',
];

for (const lng of ['en', 'ar']) {
  test.describe(`Accessibility (${lng})`, () => {
    // Each test visits many pages in turn.
    test.describe.configure({ timeout: 120_000 });
    test('public pages and the sign-in screens', async ({ page }) => {
      for (const path of PUBLIC) {
        await page.goto(`${path}?lng=${lng}`);
        await expect(page.locator('[data-route], [data-testid="not-found"]').first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expectAccessible(page, `${path} (${lng})`);
      }
    });

    test('the app shell, its navigation and mobile menu', async ({ page }) => {
      await page.goto(`/?lng=${lng}`);
      await signInAs(page, DEMO_USERS.ADMIN);
      for (const path of ['/app/dashboard', '/app/profile', '/app/settings', '/app/drills/runs', '/app/api-docs', '/app/help']) {
        await page.goto(`${path}?lng=${lng}`);
        await expect(page.locator('[data-route]').first()).toBeVisible();
        await expectAccessible(page, `${path} (${lng})`);
      }
      await page.getByTestId('nav-menu-trigger').click();
      await expect(page.getByTestId('nav-menu')).toBeVisible();
      await settled(page.getByTestId('nav-menu'));
      await expectAccessible(page, `navigation menu (${lng})`);
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 390, height: 800 });
      await page.getByTestId('mobile-menu-trigger').click();
      await expect(page.getByTestId('mobile-menu')).toBeVisible();
      // Checked once it has slid in: mid-animation, its text is measured against a blend of colours.
      await settled(page.getByTestId('mobile-menu'));
      await expectAccessible(page, `mobile menu (${lng})`);
    });

    test('the knowledge screens of support operators and the help centre', async ({ page }) => {
      await page.goto(`/?lng=${lng}`);
      await signInAs(page, DEMO_USERS.SYSOPS);
      for (const path of ['/app/sysops/knowledge', '/app/sysops/knowledge?new=1', '/app/sysops/knowledge-review', '/app/help?q=QR']) {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
        await expect(page.locator('[data-route]').first()).toBeVisible();
        await expect(
          page.locator('[data-testid="knowledge-page"], [data-testid="knowledge-review-page"], [data-testid="help-center"]'),
        ).toBeVisible();
        await expectAccessible(page, `${path} (${lng})`);
      }
      await page.goto(`/app/help?lng=${lng}`);
      await page.getByTestId('open-help-article').first().click();
      await expect(page.getByTestId('help-article-body')).toBeVisible();
      await expectAccessible(page, `help article (${lng})`);
    });

    test('the support insights', async ({ page }) => {
      await page.goto(`/?lng=${lng}`);
      await signInAs(page, DEMO_USERS.SYSOPS);
      await page.goto(`/app/sysops/insights?lng=${lng}`);
      await expect(page.getByTestId('insights-operators')).toBeVisible();
      await expectAccessible(page, `/app/sysops/insights (${lng})`);
    });

    test('the ticket screens', async ({ page }) => {
      await page.goto(`/?lng=${lng}`);
      await signInAs(page, DEMO_USERS.USER);
      const created = await page.request.post('/api/tickets', {
        headers: await csrfHeaders(page.request),
        data: { subject: `Accessibility check ${lng}`, description: 'Seeded for the accessibility check.', category: 'question' },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      // Operators see every control of the ticket screens.
      await signInAs(page, DEMO_USERS.SYSOPS);
      for (const path of ['/app/my-tickets', '/app/tickets', '/app/tickets/new', `/app/tickets/${id}`, '/app/sysops/tickets']) {
        await page.goto(`${path}?lng=${lng}`);
        await expect(page.locator('[data-route]').first()).toBeVisible();
        await expect(page.locator('[data-testid$="-page"]').first()).toBeVisible();
        await expectAccessible(page, `${path} (${lng})`);
      }
    });

    test('the drill template screens', async ({ page }) => {
      await page.goto(`/?lng=${lng}`);
      await signInAs(page, DEMO_USERS.MANAGER);
      // A template of the organisation (a copy of a library one), for the read view and the builder.
      const library = (await (await page.request.get('/api/drills/templates?source=library')).json()) as { items: { id: string }[] };
      const copied = await page.request.post(`/api/drills/templates/${library.items[0]!.id}/duplicate`, {
        headers: await csrfHeaders(page.request),
      });
      expect(copied.status()).toBe(201);
      const { id } = (await copied.json()) as { id: string };
      for (const path of ['/app/drills/templates', `/app/drills/template/${id}`, `/app/drills/builder/${id}`, '/app/drills/builder']) {
        await page.goto(`${path}?lng=${lng}`);
        await expect(page.locator('[data-route]').first()).toBeVisible();
        await expect(
          page.locator('[data-testid="templates-page"], [data-testid="template-page"], [data-testid="builder-page"]'),
        ).toBeVisible();
        await expectAccessible(page, `${path} (${lng})`);
      }
      await page.goto(`/app/drills/quick-generate?lng=${lng}`);
      await page.getByTestId('generate-scenario').selectOption('fire');
      await page.getByTestId('generate-regulation').selectOption('isps_b18_5');
      await page.getByTestId('generate-submit').click();
      await expect(page.getByTestId('generate-preview')).toBeVisible();
      await expectAccessible(page, `/app/drills/quick-generate (${lng})`);
    });

    test('the drill run screens and the notification bell', async ({ page }) => {
      await page.goto(`/?lng=${lng}`);
      await signInAs(page, DEMO_USERS.MANAGER);
      const members = (await (await page.request.get('/api/drills/members')).json()) as { items: { id: string; email: string }[] };
      const created = await page.request.post('/api/drills/runs', {
        headers: await csrfHeaders(page.request),
        data: {
          templateId: '33ccc061-b5f5-5609-b9df-aaba32023f35',
          title: `Accessibility check ${lng}`,
          scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          location: 'Berth 4',
          leadUserId: members.items.find((m) => m.email === DEMO_USERS.MANAGER)!.id,
        },
      });
      expect(created.status()).toBe(201);
      for (const path of ['/app/drills/runs', '/app/drills/runs?view=calendar', '/app/drills/quick-create', '/app/drills/reminders']) {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
        await expect(page.locator('[data-route]').first()).toBeVisible();
        await expect(page.locator('[data-testid$="-page"]').first()).toBeVisible();
        await expect(
          page.locator('[data-testid="list-loading"], [data-testid="runs-loading"], [data-testid="reminders-loading"]'),
        ).toHaveCount(0);
        await expectAccessible(page, `${path} (${lng})`);
      }
      await page.goto(`/app/drills/runs?lng=${lng}`);
      await page.getByTestId('run-change-plan').first().click();
      await expect(page.getByTestId('plan-form')).toBeVisible();
      await expectAccessible(page, `change plan dialog (${lng})`);
      await page.keyboard.press('Escape');
      await page.getByTestId('notification-bell').click();
      await expect(page.getByTestId('notification-panel')).toBeVisible();
      await expectAccessible(page, `notification bell (${lng})`);
    });

    test('the auditor shell', async ({ page }) => {
      await page.goto(`/?lng=${lng}`);
      await signInAsAuditor(page);
      for (const path of ['/auditor/dashboard', '/auditor/evidence', '/auditor/bundles']) {
        await page.goto(`${path}?lng=${lng}`);
        await expect(page.getByTestId('auditor-portal-title')).toBeVisible();
        await expect(page.locator('[data-route]').first()).toBeVisible();
        await expectAccessible(page, `${path} (${lng})`);
      }
    });
  });
}
