import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { csrfHeaders, failOnMissingRecipes, fingerprint, outbox, uniqueEmail, waitForMail } from './support';

failOnMissingRecipes();

/** The organisation's settings as its admin reads them through the API. */
async function zoneOf(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/organization/settings');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { timeZone: string }).timeZone;
}

/** axe finds no serious or critical violation on the page as it is now. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: axe violations`).toEqual([]);
}

test.describe('Time zones and languages', () => {
  // The browser is in Tokyo: the organisation it signs up starts in Tokyo's zone.
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('sign-up stores the browser’s zone, the admin changes it in the settings, and a chosen language is kept for emails', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A sign-up, two members' settings and two emails: 37 s on a loaded machine.
    test.setTimeout(90_000);
    const email = uniqueEmail('tz');
    const password = `Harbour-${randomBytes(4).toString('hex')}-2026`;
    await page.goto('/signup?lng=en');
    await page.getByTestId('signup-organization').fill(`Tokyo Bay Terminal ${randomBytes(3).toString('hex')}`);
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill(password);
    await page.getByTestId('signup-confirm-password').fill(password);
    await page.getByTestId('signup-submit').click();
    await expect(page).toHaveURL(/\/login$/);

    const login = await page.request.post('/api/auth/login', { data: { email, password }, headers: await csrfHeaders(page.request) });
    expect(login.status()).toBe(200);
    expect(await zoneOf(page.request)).toBe('Asia/Tokyo');

    // The settings screen shows it, and the admin chooses another by typing part of its name.
    await page.goto('/app/settings');
    const card = page.getByTestId('organization-settings');
    const input = card.getByTestId('time-zone-input');
    await expect(input).toHaveValue('Asia/Tokyo (GMT+9)');
    await expect(card.getByTestId('time-zone-save')).toBeDisabled();
    await input.click();
    await input.fill('lord how');
    const option = page.getByTestId('time-zone-options').getByRole('option', { name: /^Australia\/Lord Howe \(GMT\+1[01](:30)?\)$/ });
    await option.click();
    await expect(input).toHaveValue(/^Australia\/Lord Howe/);
    await card.getByTestId('time-zone-save').click();
    await expect(card.getByTestId('time-zone-saved')).toHaveText(/^Saved: the organisation now uses Australia\/Lord Howe/);
    await expect(card.getByTestId('time-zone-save')).toBeDisabled();
    expect(await zoneOf(page.request)).toBe('Australia/Lord_Howe');
    // After a reload the screen reads it back from the server.
    await page.reload();
    await expect(page.getByTestId('time-zone-input')).toHaveValue(/^Australia\/Lord Howe \(GMT\+1[01](:30)?\)$/);

    // Choosing Spanish while signed in is kept in the browser and stored for the account:
    // a sign-in code asked from another browser, in English, comes in Spanish.
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/auth/profile') && r.request().method() === 'PATCH');
    await page.getByTestId('language-select').first().selectOption('es');
    expect((await stored).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuración');
    expect(await page.evaluate(() => localStorage.getItem('muster.language'))).toBe('es');

    const before = new Set((await outbox(page.request)).map(fingerprint));
    const other = await browser.newContext({ baseURL, locale: 'en-US' });
    try {
      const res = await other.request.post('/api/auth/request-magic', { data: { email }, headers: await csrfHeaders(other.request) });
      expect(res.status()).toBe(200);
    } finally {
      await other.close();
    }
    const text = await waitForMail(page.request, email, /^Su código de inicio de sesión de Muster$/, before);
    expect(text).toMatch(/^Su código de inicio de sesión de Muster es \d{6}\./);
  });

  test('the organisation’s settings work at 390 px in Arabic, right to left', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    try {
      await page.goto('/?lng=ar');
      const login = await page.request.post('/api/auth/login', {
        data: { email: 'admin@harborpoint.example', password: 'Muster!Demo2026' },
        headers: await csrfHeaders(page.request),
      });
      expect(login.status()).toBe(200);
      await page.goto('/app/settings?lng=ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const card = page.getByTestId('organization-settings');
      await expect(card.getByRole('heading', { name: 'المؤسسة' })).toBeVisible();
      await expect(card.getByText('المنطقة الزمنية', { exact: true })).toBeVisible();
      await expect(card.getByTestId('time-zone-now')).toContainText('الساعة هناك الآن');
      await expectAccessible(page, 'settings in Arabic at 390 px');
      // Nothing runs off the side of a phone screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const box = await card.getByTestId('time-zone-input').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      // The list opens inside the screen too, and searching still works in Latin letters.
      await card.getByTestId('time-zone-input').click();
      await card.getByTestId('time-zone-input').fill('tokyo');
      const options = page.getByTestId('time-zone-options');
      await expect(options.getByRole('option')).toHaveText(['Asia/Tokyo (GMT+9)']);
      await expectAccessible(page, 'the time-zone list open');
      const list = await options.boundingBox();
      expect(list!.x).toBeGreaterThanOrEqual(0);
      expect(list!.x + list!.width).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
