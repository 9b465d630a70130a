import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { csrfHeaders, DEMO_PASSWORD, failOnMissingRecipes, fingerprint, outbox, uniqueEmail, waitForMail } from './support';

failOnMissingRecipes();

test.describe('Identity screens', () => {
  test('signs up a new organisation, signs in to the dashboard, and logs out', async ({ page }) => {
    const email = uniqueEmail('signup');
    const password = `Harbour-${randomBytes(4).toString('hex')}-2026`;

    await page.goto('/signup?lng=en');
    await page.getByTestId('signup-organization').fill(`E2E Port Authority ${randomBytes(3).toString('hex')}`);
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill(password);
    await page.getByTestId('signup-confirm-password').fill(password);
    await page.getByTestId('signup-submit').click();

    // Registration creates no session: the user signs in next, with the email carried over.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Account created')).toBeVisible();
    await expect(page.getByTestId('login-email')).toHaveValue(email);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();

    // Through the landing controller (/app/dashboard) to the role's own dashboard.
    await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
    await expect(page.getByTestId('greeting')).toHaveText(/^Good (morning|afternoon|evening), \S+/);
    // The first sign-in in this browser is not a return.
    await expect(page.getByText(`Welcome to Muster, ${email}`)).toBeVisible();
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({
      authenticated: true,
      user: { email },
      role: 'ADMIN',
      org: { name: expect.stringMatching(/^E2E Port Authority/) },
    });

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    // Logging out is not an interrupted visit: nothing to return to.
    expect(await page.evaluate(() => localStorage.getItem('muster.returnUrl'))).toBeNull();
  });

  test('signs in with a 6-digit code from the email', async ({ page }) => {
    const email = 'manager@harborpoint.example';
    const before = new Set((await outbox(page.request)).map(fingerprint));

    await page.goto('/login?lng=en');
    await page.getByTestId('login-tab-code').click();
    await page.getByTestId('magic-email').fill(email);
    await page.getByTestId('magic-send').click();
    await expect(page.getByTestId('magic-sent')).toContainText(email);

    const text = await waitForMail(page.request, email, /sign-in code/i, before);
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code, `a 6-digit code in: ${text}`).toBeDefined();

    await page.getByTestId('magic-code').fill(code!);
    await page.getByTestId('magic-verify').click();
    await expect(page).toHaveURL(/\/app\/manager$/);
    await expect(page.getByTestId('greeting')).toHaveText(/^Good (morning|afternoon|evening), /);
    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({ authenticated: true, user: { email }, role: 'MANAGER' });
  });

  test('a wrong code says the magic link is invalid', async ({ page }) => {
    await page.goto('/login?lng=en');
    await page.getByTestId('login-tab-code').click();
    await page.getByTestId('magic-email').fill('accountant@harborpoint.example');
    await page.getByTestId('magic-send').click();
    await expect(page.getByTestId('magic-sent')).toBeVisible();
    await page.getByTestId('magic-code').fill('000000');
    await page.getByTestId('magic-verify').click();
    await expect(page.getByTestId('magic-error')).toHaveText('Invalid or expired magic link');
    await expect(page).toHaveURL(/\/login\?lng=en$/);
  });

  test('by keyboard alone: Tab goes from Email to Password, and Enter signs in', async ({ page }) => {
    await page.goto('/login?lng=en');
    await expect(page.getByTestId('login-email')).toBeFocused();
    await page.keyboard.type('user@harborpoint.example');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('login-password')).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/user$/);
    // "Forgot password?" is still reachable: after the password field, before the sign-in button.
    await page.goto('/login?lng=en');
    await page.getByTestId('login-password').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('login-forgot-password')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('login-submit')).toBeFocused();
  });

  test('the skip link is the first stop of the sign-in screen, and the test-session button stays secondary', async ({ page }) => {
    await page.goto('/login?lng=en');
    await expect(page.getByTestId('login-email')).toBeFocused();
    // The first focusable element of the document (the email field has the focus already).
    const first = await page.evaluate(
      () =>
        document.querySelector<HTMLElement>('a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])')
          ?.dataset.testid,
    );
    expect(first).toBe('skip-link');
    await expect(page.getByTestId('skip-link')).toHaveText('Skip to content');
    await page.getByTestId('skip-link').focus();
    await expect(page.getByTestId('skip-link')).toBeInViewport();
    // Smaller than the sign-in button, and not a filled one.
    const test = (await page.getByTestId('test-session').boundingBox())!;
    const submit = (await page.getByTestId('login-submit').boundingBox())!;
    expect(test.height).toBeLessThan(submit.height);
    expect(test.width).toBeLessThan(submit.width / 2);
    await expect(page.getByTestId('test-session')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  });

  test('a first sign-in in this browser is welcomed, a later one welcomed back', async ({ page }) => {
    await page.goto('/login?lng=en');
    expect(await page.evaluate(() => localStorage.getItem('muster.signedInBefore'))).toBeNull();
    const toast = page.locator('[data-scope="toast"][data-part="root"]');
    await page.getByTestId('login-email').fill('accountant@harborpoint.example');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/app\/accountant$/);
    await expect(toast).toContainText('Welcome to Muster, accountant@harborpoint.example');
    await expect(toast).not.toContainText('Welcome back');

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByTestId('login-email').fill('accountant@harborpoint.example');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/app\/accountant$/);
    await expect(page.getByText('Welcome back, accountant@harborpoint.example')).toBeVisible();
  });

  test('a wrong password shows the Login Failed toast', async ({ page }) => {
    await page.goto('/login?lng=en');
    await page.getByTestId('login-email').fill('user@harborpoint.example');
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    const toast = page.locator('[data-scope="toast"][data-part="root"]');
    await expect(toast).toContainText('Login Failed');
    await expect(toast).toContainText('Invalid email or password. Please try again.');
    await expect(page).toHaveURL(/\/login\?lng=en$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('the password form validates before calling the server', async ({ page }) => {
    await page.goto('/signup?lng=en');
    await page.getByTestId('signup-email').fill('not-an-email');
    await page.getByTestId('signup-password').fill('short');
    await page.getByTestId('signup-confirm-password').fill('other');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByText('Required')).toBeVisible();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page).toHaveURL(/\/signup\?lng=en$/);
  });

  test('the dashboard sends a signed-out visitor to /login and back after signing in', async ({ page }) => {
    await page.goto('/app/dashboard?lng=en');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('muster.returnUrl'))).toBe('/app/dashboard?lng=en');
    await page.getByTestId('login-email').fill('admin@harborpoint.example');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    // Back where the visitor was going: the landing controller, then the ADMIN dashboard.
    await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
    await expect(page.getByTestId('organization')).toHaveText('Harbor Point Port Authority');
    expect(await page.evaluate(() => localStorage.getItem('muster.returnUrl'))).toBeNull();
  });

  test('the test-session button tells a valid session from none', async ({ page }) => {
    await page.goto('/login?lng=en');
    await page.getByTestId('test-session').click();
    await expect(page.getByTestId('session-test-result')).toHaveText('Session invalid');
    await page.getByTestId('login-email').fill('sysops@muster.example');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/app\/sysops$/);
    await expect(page.getByTestId('organization')).toHaveText('Platform Admin');
    await page.goto('/login?lng=en');
    await page.getByTestId('test-session').click();
    await expect(page.getByTestId('session-test-result')).toHaveText('Session valid');
  });

  test('forgot password always answers the same sentence', async ({ page }) => {
    const email = uniqueEmail('nobody');
    await page.goto('/reset-password?lng=en');
    await page.getByTestId('reset-email').fill(email);
    await page.getByTestId('reset-send').click();
    await expect(page.getByTestId('reset-sent')).toContainText(
      `If an account exists for ${email}, we've sent a link to reset its password. It is valid for 30 minutes.`,
    );
  });

  test('resets a password with the emailed link, then signs in with the new one', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    const oldPassword = `Old-${randomBytes(4).toString('hex')}-2026`;
    const newPassword = `New-${randomBytes(4).toString('hex')}-2026`;
    const created = await request.post('/api/auth/register', {
      headers: await csrfHeaders(request),
      data: { organizationName: 'E2E Reset Harbour', email, password: oldPassword, confirmPassword: oldPassword },
    });
    expect(created.status()).toBe(201);
    const before = new Set((await outbox(request)).map(fingerprint));

    await page.goto('/reset-password?lng=en');
    await page.getByTestId('reset-email').fill(email);
    await page.getByTestId('reset-send').click();
    await expect(page.getByTestId('reset-sent')).toContainText(email);

    const text = await waitForMail(request, email, /reset/i, before);
    const link = /https?:\/\/[^\s]+(\/(?:auth\/)?reset-password\?token=[\w-]+)/.exec(text)?.[1];
    expect(link, `a reset link in: ${text}`).toBeDefined();
    await page.goto(`${link!}&lng=en`);
    await page.getByTestId('reset-password').fill(newPassword);
    await page.getByTestId('reset-confirm-password').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-done')).toBeVisible();
    await page.getByRole('link', { name: 'Go to sign in' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(newPassword);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);

    // The link works once.
    await page.goto(`${link!}&lng=en`);
    await page.getByTestId('reset-password').fill(`${newPassword}-again`);
    await page.getByTestId('reset-confirm-password').fill(`${newPassword}-again`);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-expired')).toHaveText('This password reset link is invalid or has expired');
  });

  test('a guest auditor signs in to the Auditor Portal with a code and logs out', async ({ page, request }) => {
    const auditorEmail = uniqueEmail('auditor');
    const headers = await csrfHeaders(request);
    const login = await request.post('/api/auth/login', { headers, data: { email: 'admin@harborpoint.example', password: DEMO_PASSWORD } });
    expect(login.status()).toBe(200);
    const profiles = (await (await request.get('/api/compliance/profiles')).json()) as { items: { id: string; name: string }[] };
    const isps = profiles.items.find((p) => p.name === 'ISPS — Terminal 2')!;
    const invite = await request.post('/api/auditor-invites', {
      headers: await csrfHeaders(request),
      data: {
        email: auditorEmail,
        auditorName: 'Dana Reyes',
        firm: 'Keel & Co Assurance',
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        scope: { profileIds: [isps.id], from: '2026-01-01', to: '2026-12-31' },
      },
    });
    expect(invite.status()).toBe(201);
    const before = new Set((await outbox(request)).map(fingerprint));

    await page.goto('/auditor-login?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Auditor Portal');
    await page.getByTestId('auditor-email').fill(auditorEmail);
    await page.getByTestId('auditor-send').click();
    await expect(page.getByTestId('auditor-sent')).toContainText(auditorEmail);
    const text = await waitForMail(request, auditorEmail, /sign-in code/i, before);
    await page.getByTestId('auditor-code').fill(/\b(\d{6})\b/.exec(text)![1]!);
    await page.getByTestId('auditor-verify').click();

    await expect(page).toHaveURL(/\/auditor\/dashboard$/);
    await expect(page.getByTestId('auditor-identity')).toHaveText('Dana Reyes from Keel & Co Assurance');
    await page.getByTestId('auditor-logout').click();
    await expect(page).toHaveURL(/\/auditor-login$/);
    const toast = page.locator('[data-scope="toast"][data-part="root"]');
    await expect(toast).toContainText('Logged out');
    await expect(toast).toContainText('You have been securely logged out.');
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('an invalid reset link says so and offers a new one', async ({ page }) => {
    await page.goto(`/auth/reset-password?lng=en&token=${'x'.repeat(43)}`);
    await page.getByTestId('reset-password').fill('Another-Password-2026');
    await page.getByTestId('reset-confirm-password').fill('Another-Password-2026');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-expired')).toHaveText('This password reset link is invalid or has expired');
    await page.getByTestId('reset-request-new').click();
    await expect(page.getByTestId('reset-email')).toBeVisible();
  });

  test('the Arabic login page is right-to-left', async ({ page }) => {
    await page.goto('/login?lng=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل الدخول إلى Muster');
  });
});
