import { randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

/**
 * The session lock (spec §2 "Session lock overlay", §4, §5, §8) against the real server. Every test
 * signs up its own account (so parallel tests share nothing) with auto-lock after 1 minute, and
 * makes idle time pass with Playwright's clock: installed before the first page loads, then moved
 * forward so the 10-second check fires.
 */

interface Account {
  email: string;
  password: string;
}

/** Headers for a mutating API call of this context: the `muster.csrf` cookie echoed. */
async function csrfHeaders(context: BrowserContext): Promise<Record<string, string>> {
  await context.request.get('/api/auth/me');
  const token = (await context.cookies()).find((c) => c.name === 'muster.csrf')?.value;
  expect(token, 'the muster.csrf cookie').toBeDefined();
  return { 'x-csrf-token': token! };
}

/** A new organisation's admin, signed in for the whole context, whose session locks after 1 idle minute. */
async function signedInAccount(context: BrowserContext): Promise<Account> {
  const id = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const account = { email: `e2e-lock-${id}@example.com`, password: `Lock-${randomBytes(4).toString('hex')}-2026` };
  const registered = await context.request.post('/api/auth/register', {
    headers: await csrfHeaders(context),
    data: {
      organizationName: `E2E Lock Harbour ${id}`,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
    },
  });
  expect(registered.status()).toBe(201);
  const login = await context.request.post('/api/auth/login', { headers: await csrfHeaders(context), data: account });
  expect(login.status()).toBe(200);
  const profile = await context.request.patch('/api/auth/profile', { headers: await csrfHeaders(context), data: { autoLogoutMinutes: 1 } });
  expect(profile.status()).toBe(200);
  expect(await profile.json()).toMatchObject({ user: { email: account.email, autoLogoutMinutes: 1 } });
  return account;
}

/** Opens a signed-in page and waits until the lock watches it (it records the first activity). */
async function openApp(page: Page, lng = 'en'): Promise<void> {
  await page.goto(`/app/dashboard?lng=${lng}`);
  // The landing sends the user on to their role's dashboard; the tests start from there.
  await expect(page).not.toHaveURL(/\/app\/dashboard(\?|$)/);
  await expect(page.locator('[data-route]').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('muster.lastActivity'))).not.toBeNull();
}

const lockDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Session Locked' });
const toast = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]');
const lockFlag = (page: Page) => page.evaluate(() => localStorage.getItem('muster.locked'));

test.describe('Session lock', () => {
  // Each test signs up a real account (password hashing) and drives up to three tabs.
  test.describe.configure({ timeout: 60_000 });

  test('an idle tab locks, the other tab shows the lock, and unlocking in the second clears the first', async ({ context, page }) => {
    const account = await signedInAccount(context);
    await context.clock.install();
    const first = page;
    const second = await context.newPage();
    await openApp(first);
    await openApp(second);
    await expect(lockDialog(first)).toBeHidden();

    // Two idle minutes later the check fires and the lock reaches the other tab too.
    await first.clock.fastForward('02:00');
    await expect(lockDialog(first)).toBeVisible();
    await expect(lockDialog(second)).toBeVisible();
    expect(await lockFlag(second)).toBe('true');

    // It shows who is signed in, and cannot be dismissed by Escape or a click outside.
    const dialog = lockDialog(second);
    const me = (await (await context.request.get('/api/auth/me')).json()) as { user: { username: string } };
    await expect(dialog.getByTestId('session-lock-initials')).toHaveText(me.user.username.slice(0, 2).toUpperCase());
    await expect(dialog.getByTestId('session-lock-email')).toHaveText(account.email);
    await expect(dialog.getByPlaceholder('Enter your password')).toBeFocused();
    await second.keyboard.press('Escape');
    await second.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0);

    // The password is required before anything is sent.
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await expect(dialog.getByText('Password is required')).toBeVisible();

    await dialog.getByPlaceholder('Enter your password').fill(account.password);
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(second)).toContainText('Session Unlocked');
    await expect(toast(second)).toContainText('Welcome back! Your session has been unlocked.');
    // The first tab was not touched: the unlock reached it from the second.
    await expect(lockDialog(first)).toBeHidden();
    expect(await lockFlag(first)).toBeNull();
  });

  test('the lock survives a reload', async ({ context, page }) => {
    await signedInAccount(context);
    await context.clock.install();
    await openApp(page);
    await page.clock.fastForward('02:00');
    await expect(lockDialog(page)).toBeVisible();

    await page.reload();
    await expect(lockDialog(page)).toBeVisible();
    expect(await lockFlag(page)).toBe('true');
    // A tab opened afterwards is locked as well.
    const later = await context.newPage();
    await later.goto('/app/dashboard?lng=en');
    await expect(lockDialog(later)).toBeVisible();
  });

  test('three wrong passwords log out, and the next sign-in returns to the page', async ({ context, page }) => {
    const account = await signedInAccount(context);
    await context.clock.install();
    await openApp(page);
    await page.clock.fastForward('02:00');
    const dialog = lockDialog(page);
    const password = dialog.getByPlaceholder('Enter your password');
    const unlock = dialog.getByRole('button', { name: 'Unlock' });
    await expect(dialog).toBeVisible();
    // The page the lock covers (wherever the dashboard landing led).
    const lockedAt = new URL(page.url());
    const returnUrl = `${lockedAt.pathname}${lockedAt.search}${lockedAt.hash}`;
    expect(returnUrl).toMatch(/^\/app\//);

    await password.fill('not-my-password-1');
    await unlock.click();
    await expect(dialog.getByText('Incorrect password. 2 attempts remaining.')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText('2 attempts remaining before session termination.');
    await expect(password).toHaveValue('');

    await password.fill('not-my-password-2');
    await unlock.click();
    await expect(dialog.getByText('Incorrect password. 1 attempt remaining.')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText('Last attempt! Your session will be terminated if you enter the wrong password.');

    await password.fill('not-my-password-3');
    await unlock.click();
    await expect(toast(page)).toContainText('Too Many Failed Attempts');
    await expect(toast(page)).toContainText('Your session has been terminated for security. Please log in again.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(dialog).toBeHidden();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('muster.returnUrl'))).toBe(returnUrl);
    expect(await lockFlag(page)).toBeNull();

    // Signing in again goes back to the page the lock ended, unlocked.
    await page.getByTestId('login-email').fill(account.email);
    await page.getByTestId('login-password').fill(account.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}${url.hash}` === returnUrl);
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('muster.returnUrl'))).toBeNull();
  });

  test('Sign Out logs out at once; the lock speaks Arabic right-to-left', async ({ context, page }) => {
    await signedInAccount(context);
    await context.clock.install();
    await openApp(page, 'ar');
    await page.clock.fastForward('02:00');
    const dialog = page.getByRole('alertdialog', { name: 'الجلسة مقفلة' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(dialog.getByPlaceholder('أدخل كلمة المرور')).toBeVisible();

    await dialog.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(dialog).toBeHidden();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('muster.returnUrl'))).toMatch(/^\/app\//);
  });
});
