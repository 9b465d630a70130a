import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, signedInPage } from './support';

failOnMissingRecipes();

const PASSWORD = 'Controls-Harbour-Pass-7!';
/** Screenshots for people to look at (not committed). */
const SHOTS = resolve(import.meta.dirname, '../../.shots');
mkdirSync(SHOTS, { recursive: true });

/** A new organisation whose ADMIN is signed in on a page of its own browser context. */
async function newMember(browser: Browser, tag: string): Promise<{ page: Page; email: string; organisation: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `${tag}-${randomBytes(4).toString('hex')}@controls-port.example`;
  const organisation = `${tag[0]!.toUpperCase()}${tag.slice(1)} Harbour ${randomBytes(2).toString('hex')}`;
  await page.goto('/?lng=en');
  const registered = await page.request.post('/api/auth/register', {
    headers: await csrfHeaders(page.request),
    data: { organizationName: organisation, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const signedIn = await page.request.post('/api/auth/login', {
    data: { email, password: PASSWORD },
    headers: await csrfHeaders(page.request),
  });
  expect(signedIn.status()).toBe(200);
  return { page, email, organisation };
}

/** Chooses the user or organisation in the restriction form by typing and picking the match. */
async function choose(page: Page, text: string): Promise<void> {
  await page.getByTestId('subject-search').fill(text);
  await page.getByTestId('subject-option').filter({ hasText: text }).first().click();
}

test.describe("Support's account controls", () => {
  // Several browsers and a server on two cores.
  test.describe.configure({ timeout: 90_000 });

  test('SYSOPS suspends a signed-in user: their tab goes to /login and signing in shows the message', async ({ browser }) => {
    const member = await newMember(browser, 'suspended');
    await member.page.goto('/app/profile');
    await expect(member.page.getByTestId('greeting')).toBeVisible();

    const sysops = await signedInPage(browser, DEMO_USERS.SYSOPS);
    await sysops.goto('/app/sysops/suspensions');
    await expect(sysops.getByTestId('restrictions-suspension')).toBeVisible();
    await choose(sysops, member.email);
    await sysops.getByTestId('restrict-reason').fill('Fraud report from the port authority');
    await sysops.getByTestId('restrict-message').fill('Call support on +1 555 0100 to restore access.');
    await sysops.getByTestId('restrict-submit').click();
    const row = sysops.getByTestId('restriction-row').filter({ hasText: member.email });
    await expect(row).toHaveAttribute('data-active', 'true');

    // The member's open tab: its socket is disconnected and the page goes to the sign-in screen.
    await expect(member.page).toHaveURL(/\/login/, { timeout: 5_000 });
    await member.page.getByTestId('login-email').fill(member.email);
    await member.page.getByTestId('login-password').fill(PASSWORD);
    await member.page.getByTestId('login-submit').click();
    const refusal = member.page.getByTestId('sign-in-refusal');
    await expect(refusal).toContainText('Your account is suspended.');
    await expect(refusal).toContainText('Call support on +1 555 0100 to restore access.');
    await member.page.screenshot({ path: `${SHOTS}/login-suspended-en.png` });

    await sysops.screenshot({ path: `${SHOTS}/suspensions-en.png`, fullPage: true });
    // Lifted: the member signs in again.
    await row.getByTestId('restriction-lift').click();
    await sysops.getByTestId('restriction-lift-confirm').click();
    await expect(row).toHaveCount(0);
    await member.page.getByTestId('login-password').fill(PASSWORD);
    await member.page.getByTestId('login-submit').click();
    await expect(member.page).not.toHaveURL(/\/login/);
  });

  test('SYSOPS freezes an organisation: a change in its app shows the read-only message and a banner', async ({ browser }) => {
    const member = await newMember(browser, 'frozen');
    await member.page.goto('/app/profile');
    await expect(member.page.getByTestId('greeting')).toBeVisible();

    const sysops = await signedInPage(browser, DEMO_USERS.SYSOPS);
    await sysops.goto('/app/sysops/frozen-accounts');
    await sysops.getByTestId('subject-organization').click();
    await choose(sysops, member.organisation);
    await sysops.getByTestId('restrict-reason').fill('Legal hold');
    await sysops.getByTestId('restrict-message').fill('Legal hold: your organisation is read-only.');
    await sysops.getByTestId('restrict-submit').click();
    await expect(sysops.getByTestId('restriction-row').filter({ hasText: member.organisation })).toHaveAttribute('data-active', 'true');
    await sysops.screenshot({ path: `${SHOTS}/frozen-accounts-en.png`, fullPage: true });

    // The open tab hears it: the banner shows; a change is refused with the message.
    await expect(member.page.getByTestId('frozen-banner')).toContainText('Legal hold: your organisation is read-only.');
    await member.page.getByTestId('save-profile').click();
    const toast = member.page.locator('[data-scope="toast"][data-part="root"]');
    await expect(toast).toContainText("Your organisation's account is read-only");
    await expect(toast).toContainText('Legal hold: your organisation is read-only.');
    await member.page.screenshot({ path: `${SHOTS}/frozen-member-en.png` });
  });

  test('SYSOPS unlocks an account locked by ten failed sign-ins', async ({ browser }) => {
    const member = await newMember(browser, 'locked');
    const stranger = await browser.newContext();
    const request = stranger.request;
    await (await stranger.newPage()).goto('/?lng=en');
    for (let i = 0; i < 10; i++) {
      const res = await request.post('/api/auth/login', {
        data: { email: member.email, password: `Wrong-Pass-${String(i)}` },
        headers: await csrfHeaders(request),
      });
      expect(res.status()).toBe(401);
    }
    const locked = await request.post('/api/auth/login', {
      data: { email: member.email, password: PASSWORD },
      headers: await csrfHeaders(request),
    });
    expect(locked.status()).toBe(429);

    const sysops = await signedInPage(browser, DEMO_USERS.SYSOPS);
    await sysops.goto('/app/sysops/unlock');
    const row = sysops.locator(`[data-testid="lockout-row"][data-email="${member.email}"]`);
    await expect(row).toHaveAttribute('data-locked', 'true');
    await expect(row.getByTestId('attempts').locator('tbody tr')).toHaveCount(11);
    await expect(row).toContainText('127.0.0.1');
    await sysops.screenshot({ path: `${SHOTS}/unlock-en.png`, fullPage: true });
    await row.getByTestId('unlock').click();
    await sysops.getByTestId('unlock-confirm').click();
    await expect(row).toHaveCount(0);
    const again = await request.post('/api/auth/login', {
      data: { email: member.email, password: PASSWORD },
      headers: await csrfHeaders(request),
    });
    expect(again.status()).toBe(200);
  });

  test('user management and account controls, in English on a desktop and in Arabic at 390 px', async ({ browser }) => {
    const member = await newMember(browser, 'managed');
    const sysops = await signedInPage(browser, DEMO_USERS.SYSOPS);
    await sysops.goto('/app/sysops/user-management');
    await sysops.getByTestId('user-search').fill(member.email);
    await sysops.getByTestId('user-result').filter({ hasText: member.email }).click();
    const detail = sysops.getByTestId('user-detail');
    await expect(detail.locator('[data-section]')).toHaveCount(7);
    await expect(detail.getByTestId('session-count')).toContainText('1 active session');
    // The ID verification state comes from the security area: a new member has not started.
    await expect(detail.getByTestId('support-verification-state')).toHaveText('Not started');
    await expect(detail.getByTestId('timeline-link')).toHaveAttribute('href', /\/app\/sysops\/customer-timeline\//);
    await sysops.screenshot({ path: `${SHOTS}/user-management-en.png`, fullPage: true });

    await sysops.goto(`/app/sysops/account-controls?email=${encodeURIComponent(member.email)}`);
    await sysops.getByTestId('sign-out-everywhere').click();
    await sysops.getByTestId('sign-out-everywhere-confirm').click();
    await expect(sysops.getByTestId('session-count')).toContainText('0 active sessions');
    // The caller's PIN check is one of the controls: this member has set no PIN.
    await expect(sysops.getByTestId('caller-pin-check').getByTestId('caller-no-pin')).toBeVisible();
    expect((await member.page.request.get('/api/auth/me')).status()).toBe(401);
    await sysops.screenshot({ path: `${SHOTS}/account-controls-en.png`, fullPage: true });

    // Arabic, right to left, at 390 px.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.goto('/?lng=ar');
    const res = await phone.request.post('/api/auth/login', {
      data: { email: DEMO_USERS.SYSOPS, password: 'Muster!Demo2026' },
      headers: await csrfHeaders(phone.request),
    });
    expect(res.status()).toBe(200);
    for (const [path, testId] of [
      ['/app/sysops/user-management?user=' + (await userIdOf(sysops, member.email)), 'user-detail'],
      ['/app/sysops/suspensions', 'restriction-list'],
      ['/app/sysops/frozen-accounts', 'restriction-list'],
      ['/app/sysops/unlock', 'unlock-page'],
      [`/app/sysops/account-controls?email=${encodeURIComponent(member.email)}`, 'user-detail'],
    ] as const) {
      await phone.goto(path);
      await expect(phone.getByTestId(testId)).toBeVisible();
      await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} fits 390 px`).toBeLessThanOrEqual(0);
      await phone.screenshot({ path: `${SHOTS}/${path.split('?')[0]!.split('/').pop()!}-ar-390.png`, fullPage: true });
    }
  });
});

async function userIdOf(page: Page, email: string): Promise<string> {
  const found = (await (await page.request.get(`/api/sysops/users?q=${encodeURIComponent(email)}`)).json()) as { items: { id: string }[] };
  return found.items[0]!.id;
}
