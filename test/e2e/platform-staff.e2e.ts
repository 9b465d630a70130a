import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_USERS, failOnMissingRecipes, signInAs } from './support';

failOnMissingRecipes();

/**
 * Platform staff (ROOT_ADMIN, DEPUTY_ADMIN, SYSOPS) have no organisation. The routes the spec
 * allows them whose content an organisation keeps say so plainly — never a red error panel or
 * a refusal meant for someone else ("Only administrators can do this").
 */
const id = randomUUID();
const PAGES: readonly [string, 'drills' | 'billing'][] = [
  ['/app/drills/templates', 'drills'],
  [`/app/drills/template/${id}`, 'drills'],
  [`/app/drills/builder/${id}`, 'drills'],
  [`/app/drills/console/${id}`, 'drills'],
  [`/app/drills/runs/${id}/summary`, 'drills'],
  ['/app/admin/billing', 'billing'],
  ['/app/admin/billing-portal', 'billing'],
];

test.describe('Platform staff on pages of an organisation', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const role of ['ROOT_ADMIN', 'DEPUTY_ADMIN', 'SYSOPS'] as const) {
    test(`${role} is told what each page needs, with no error panel`, async ({ page }) => {
      await page.goto('/?lng=en');
      await signInAs(page, DEMO_USERS[role]);
      for (const [path, area] of PAGES) {
        await page.goto(`${path}?lng=en`);
        const notice = page.getByTestId('no-organisation');
        await expect(notice, path).toHaveAttribute('data-area', area);
        await expect(notice).toContainText('This page belongs to an organisation');
        // The notice stands in for the page: nothing of it renders, so nothing of it is refused.
        await expect(page.getByRole('main').getByRole('heading', { level: 1 }), path).toHaveText(['This page belongs to an organisation']);
        await expect(page.getByText(/could not be loaded|Only administrators/), path).toHaveCount(0);
      }
    });
  }

  test('the notice reads right to left in Arabic on a phone', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/?lng=ar');
    await signInAs(page, DEMO_USERS.ROOT_ADMIN);
    await page.goto('/app/drills/templates?lng=ar');
    const notice = page.getByTestId('no-organisation');
    await expect(notice).toContainText('هذه الصفحة تخص مؤسسة');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const box = await notice.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
