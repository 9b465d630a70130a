import { expect, test } from '@playwright/test';
import { LANGUAGES, locale } from './locales';

test.describe('Home page', () => {
  for (const { code, dir } of LANGUAGES) {
    test(`renders in ${code} with dir="${dir}"`, async ({ page }) => {
      const home = locale(code, 'home');
      const common = locale(code, 'common');
      await page.goto(`/?lng=${code}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero!.title!);
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByRole('contentinfo')).toContainText(common.footer!.disclaimer!.replace('{{product}}', 'Muster'));
      // No raw translation key may show.
      await expect(page.locator('body')).not.toContainText(/\b(hero|features|footer)\.[a-z]+/);
    });
  }

  test('switches language from the selector, mirrors for Arabic, and remembers the choice', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByTestId('language-select').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale('ar', 'home').hero!.title!);
    expect(await page.evaluate(() => localStorage.getItem('muster.language'))).toBe('ar');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});

test.describe('Status page', () => {
  test('shows every part up and completes a realtime round trip through the worker', async ({ page }) => {
    await page.goto('/status?lng=en');
    await expect(page.getByTestId('overall-status')).toContainText('All systems operational');
    for (const part of ['database', 'redis', 'queues']) await expect(page.getByTestId(`part-${part}`)).toContainText('Up');
    await page.getByTestId('run-round-trip').click();
    await expect(page.getByTestId('round-trip-result')).toContainText(/Socket ping \d+ ms · job round trip \d+ ms/);
  });

  test('an unknown page shows Not Found, while an unknown API path answers JSON', async ({ page, request }) => {
    await page.goto('/no/such/page?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Muster Page Not Found');
    const res = await request.get('/api/no/such/route');
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});
