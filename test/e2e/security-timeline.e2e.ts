import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders, failOnMissingRecipes, signInAs } from './support';

failOnMissingRecipes();

/** A new organisation signed up through the API; answers its administrator's credentials (not signed in). */
async function newOrganisation(page: Page): Promise<{ email: string; password: string }> {
  const email = `audit-${randomBytes(4).toString('hex')}@timeline-port.example`;
  const password = 'Timeline-Harbour-Pass-42!';
  await page.goto('/?lng=en');
  const registered = await page.request.post('/api/auth/register', {
    headers: await csrfHeaders(page.request),
    data: { organizationName: 'Timeline Harbour Ltd', email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  return { email, password };
}

/**
 * The security timeline of a member: signed in through the API, they find that sign-in at the top of
 * /app/security-timeline (newest first), open its details, and read the page in Arabic, right to left.
 */
test('a member sees their own sign-in on the security timeline, also in Arabic', async ({ page }) => {
  const { email, password } = await newOrganisation(page);
  await signInAs(page, email, password);

  await page.goto('/app/security-timeline?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Security timeline' })).toBeVisible();
  const signIn = page.locator('[data-testid="audit-event"][data-action="auth.login"][data-outcome="success"]').first();
  await expect(signIn).toBeVisible();
  await expect(signIn.getByTestId('event-action')).toHaveText('Signed in');
  await expect(signIn.getByTestId('event-outcome')).toHaveText('Success');
  await expect(signIn.getByTestId('event-ip')).not.toHaveText('—');
  // Newest first: the sign-in came after the registration.
  await expect(page.getByTestId('audit-event').first()).toHaveAttribute('data-action', 'auth.login');
  await expect(page.locator('[data-testid="audit-event"][data-action="auth.register"]')).toHaveCount(1);

  await signIn.getByTestId('event-toggle').click();
  const details = page.getByTestId('event-details');
  await expect(details).toContainText('Authentication (3002)');
  await expect(details.getByTestId('event-metadata')).toContainText('"method": "password"');

  // The filters reach the server, and the export carries them.
  await page.getByTestId('filter-outcome').selectOption('failure');
  await expect(page).toHaveURL(/outcome=failure/);
  await expect(page.getByTestId('timeline-empty')).toBeVisible();
  await expect(page.getByTestId('export-csv')).toHaveAttribute('href', '/api/security/timeline.csv?outcome=failure');
  await page.getByTestId('filter-outcome').selectOption('');
  const csv = await page.request.get('/api/security/timeline.csv');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(csv.headers()['content-disposition']).toContain('attachment');
  // A header line and at least the registration and the sign-in.
  expect((await csv.text()).trim().split('\n').length).toBeGreaterThanOrEqual(3);

  await page.goto('/app/security-timeline?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'السجل الزمني للأمان' })).toBeVisible();
  await expect(
    page.locator('[data-testid="audit-event"][data-action="auth.login"][data-outcome="success"]').first().getByTestId('event-action'),
  ).toHaveText('تسجيل الدخول');
});

/**
 * The organisation's timeline: a wrong password for the administrator's account (from another
 * browser) is among the organisation's events with its reason and its address; the administrator
 * filters for failures and verifies the audit chain, which holds.
 */
test("an administrator sees the organisation's failed sign-in and verifies the audit chain", async ({ page, browser }) => {
  const { email, password } = await newOrganisation(page);

  const stranger = await browser.newContext();
  try {
    const strangerPage = await stranger.newPage();
    await strangerPage.goto('/?lng=en');
    const refused = await strangerPage.request.post('/api/auth/login', {
      data: { email, password: 'Not-The-Right-Password-1!' },
      headers: await csrfHeaders(strangerPage.request),
    });
    expect(refused.status()).toBe(401);
  } finally {
    await stranger.close();
  }

  await signInAs(page, email, password);
  await page.goto('/app/admin/security-timeline?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Organisation security timeline' })).toBeVisible();
  const failed = page.locator('[data-testid="audit-event"][data-action="auth.login"][data-outcome="failure"]');
  await expect(failed).toHaveCount(1);
  await expect(failed.getByTestId('event-reason')).toHaveText('Wrong password');
  await expect(failed).toContainText(email);
  await expect(failed).toContainText('Admin');
  await expect(page.locator('[data-testid="audit-event"][data-action="auth.login"][data-outcome="success"]').first()).toBeVisible();

  await page.getByTestId('filter-outcome').selectOption('failure');
  await expect(page).toHaveURL(/outcome=failure/);
  await expect(page.getByTestId('audit-event')).toHaveCount(1);
  // The export is made by the documents engine: its progress bar reaches 100 % and the file holds
  // the events on screen.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  await expect(page.getByTestId('export-csv-progress')).toHaveAttribute('data-percent', '100');
  const rows = readFileSync(await csv.path(), 'utf8');
  expect(rows).toContain('auth.login');
  expect(rows).toContain('failure');
  expect(rows).not.toContain(',success,');

  await page.getByTestId('verify-chain-button').click();
  const result = page.getByTestId('chain-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText('The audit chain is intact');
  await expect(result).toContainText('every link holds');
  expect(Number(await result.getAttribute('data-checked'))).toBeGreaterThanOrEqual(3);
});
