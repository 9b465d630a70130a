import { siteMetaValues } from '@muster/contracts';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, failOnMissingRecipes, signInAs, signInAsAuditor } from './support';
import { locale } from './locales';

failOnMissingRecipes();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A title of `site:meta` as the page fills it in a language. */
function metaTitle(lng: string, id: string): string {
  const values = siteMetaValues(lng);
  const meta = locale(lng, 'site').meta as unknown as Record<string, { title: string }>;
  return meta[id]!.title.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/**
 * Scrolled to the very bottom: how far below the last content of `container` the floating
 * help-desk button starts (negative when the button covers it).
 */
async function clearanceAtBottom(page: Page, container: string): Promise<number> {
  return page.evaluate((selector) => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const box = document.querySelector(selector);
    const button = document.querySelector('[data-testid="help-desk-button"]');
    if (!box || !button) throw new Error(`missing ${box ? 'help-desk button' : selector}`);
    const contentBottom = Math.max(...[...box.children].map((child) => child.getBoundingClientRect().bottom));
    return button.getBoundingClientRect().top - contentBottom;
  }, container);
}

test.describe('The floating help-desk button', () => {
  test('is absent on the operators’ screens, the live-chat console first, at desktop and phone widths', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/?lng=en');
    await signInAs(page, DEMO_USERS.SYSOPS);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/app/sysops/live-chat?lng=en');
      await expect(page.getByTestId('presence-controls')).toBeVisible();
      // Nothing floats over the console, so nothing can cover the operator's Send button.
      await expect(page.getByTestId('help-desk-widget')).toHaveCount(0);
    }
    await page.setViewportSize(DESKTOP);
    for (const path of ['/app/sysops', '/app/sysops/tickets', '/app/sysops/chat-bans']) {
      await page.goto(`${path}?lng=en`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('help-desk-widget'), path).toHaveCount(0);
    }
    // The operator's own account pages still offer it.
    await page.goto('/app/profile?lng=en');
    await expect(page.getByTestId('help-desk-button')).toHaveText('Chat with Skipper');
  });

  test('is a small round button on a phone, and the end of every page scrolls clear of it', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/pricing?lng=en');
    const button = page.getByTestId('help-desk-button');
    await expect(button).toHaveAccessibleName('Chat with Skipper');
    const box = (await button.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(48);
    expect(box.height).toBeLessThanOrEqual(48);
    // The public footer's last line ends above the button.
    expect(await clearanceAtBottom(page, 'footer')).toBeGreaterThanOrEqual(0);

    await signInAs(page, DEMO_USERS.ADMIN);
    for (const path of ['/app/settings', '/app/tickets/new']) {
      await page.goto(`${path}?lng=en`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(button).toBeVisible();
      expect(await clearanceAtBottom(page, '#main'), path).toBeGreaterThanOrEqual(0);
    }
    await page.setViewportSize(DESKTOP);
    await page.goto('/app/tickets/new?lng=en');
    await expect(button).toHaveText('Chat with Skipper');
    expect(await clearanceAtBottom(page, '#main')).toBeGreaterThanOrEqual(0);
  });
});

test.describe('Skip to content', () => {
  /** The first Tab of a fresh page reaches the skip link, which hands the focus to the main region. */
  async function expectSkipLink(page: Page, label: string): Promise<void> {
    await page.keyboard.press('Tab');
    const link = page.getByTestId('skip-link');
    await expect(link, label).toBeFocused();
    await expect(link).toHaveText('Skip to content');
    await expect(link).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main'), label).toBeFocused();
    // The next Tab continues after the header, not back through it.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.querySelector('header')!.contains(document.activeElement)),
      `${label}: focus after the skip`,
    ).toBe(false);
  }

  test('is the first stop of the public, app and auditor layouts', async ({ page, browser }) => {
    test.setTimeout(60_000);
    await page.goto('/pricing?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectSkipLink(page, 'public layout');

    await signInAs(page, DEMO_USERS.ADMIN);
    await page.goto('/app/settings?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectSkipLink(page, 'app layout');

    const auditor = await (await browser.newContext()).newPage();
    try {
      await auditor.goto('/auditor-login?lng=en');
      await signInAsAuditor(auditor);
      await auditor.goto('/auditor/dashboard?lng=en');
      await expect(auditor.getByTestId('auditor-portal-title')).toBeVisible();
      await expectSkipLink(auditor, 'auditor layout');
    } finally {
      await auditor.context().close();
    }
  });

  test('reads in Arabic and sits at the start edge', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/?lng=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const link = page.getByTestId('skip-link');
    await expect(link).toBeFocused();
    await expect(link).toHaveText(locale('ar', 'common').skipToContent as unknown as string);
    const box = (await link.boundingBox())!;
    // Right-to-left: the start edge is the right one.
    expect(box.x + box.width).toBeGreaterThan(PHONE.width - 40);
  });
});

test.describe('Page titles', () => {
  const PAGES = [
    { path: '/login', id: 'login' },
    { path: '/signup', id: 'signup' },
    { path: '/auditor-login', id: 'auditorLogin' },
    { path: '/reset-password', id: 'resetPassword' },
    { path: '/auth/reset-password', id: 'resetPassword' },
    { path: '/verify-packet', id: 'verifyPacket' },
    { path: '/recovery', id: 'recovery' },
    { path: '/restore', id: 'restore' },
  ];

  test('every identity and public page has its own translated title', async ({ page }) => {
    test.setTimeout(60_000);
    for (const { path, id } of PAGES) {
      await page.goto(`${path}?lng=en`);
      await expect(page, path).toHaveTitle(metaTitle('en', id));
    }
    await expect(page).not.toHaveTitle('Muster');
    await page.goto('/login?lng=en');
    await expect(page).toHaveTitle('Sign in — Muster');
    for (const lng of ['es', 'zh', 'ar']) {
      await page.goto(`/login?lng=${lng}`);
      await expect(page, lng).toHaveTitle(metaTitle(lng, 'login'));
    }
    // The language selector retitles the page at once.
    await page.goto('/signup?lng=en');
    await expect(page).toHaveTitle('Sign up — Muster');
    await page.getByTestId('language-select').selectOption('es');
    await expect(page).toHaveTitle(metaTitle('es', 'signup'));
  });

  test('the not-found page is titled like its heading', async ({ page }) => {
    await page.goto('/no-such-page?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Muster Page Not Found');
    await expect(page).toHaveTitle('Muster Page Not Found');
  });
});
