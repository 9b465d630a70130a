import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { csrfHeaders, failOnMissingRecipes, signInAs } from './support';

failOnMissingRecipes();

/**
 * SCIM end to end: an administrator creates a SCIM token on the page and sees it once; an identity
 * provider (the test, with that token) provisions a user; the request and the user appear on the
 * page without a reload, and the token shows its last use. Then the page in Arabic on a phone.
 */
test('an administrator creates a SCIM token, and the requests made with it and the user they provision appear', async ({ page }) => {
  test.setTimeout(60_000);
  const email = `scim-${randomBytes(4).toString('hex')}@scim-port.example`;
  const password = 'Scim-Harbour-Pass-42!';
  await page.goto('/?lng=en');
  const registered = await page.request.post('/api/auth/register', {
    headers: await csrfHeaders(page.request),
    data: { organizationName: 'Scim Harbour Ltd', email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  await signInAs(page, email, password);

  await page.goto('/app/admin/scim?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'SCIM provisioning' })).toBeVisible();
  const endpoint = await page.getByTestId('scim-endpoint').inputValue();
  expect(endpoint).toMatch(/^https?:\/\/[^/]+\/api\/scim\/v2$/);
  await expect(page.getByTestId('scim-tokens-empty')).toBeVisible();
  await expect(page.getByTestId('scim-requests-empty')).toBeVisible();

  await page.getByTestId('scim-token-add').click();
  const form = page.getByTestId('scim-token-form-dialog');
  await form.getByTestId('scim-token-create').click();
  await expect(form).toContainText('Enter a name');
  await form.getByTestId('scim-token-name').fill('Okta production');
  await form.getByTestId('scim-token-create').click();

  const reveal = page.getByTestId('scim-token-dialog');
  await expect(reveal).toContainText('shown only this once');
  const token = await reveal.getByTestId('scim-token-value').inputValue();
  expect(token).toMatch(/^mscim_[A-Za-z0-9_-]{43}$/);
  await reveal.getByTestId('scim-token-done').click();
  await expect(reveal).toBeHidden();
  const row = page.getByTestId('scim-token');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Okta production');
  await expect(row.getByTestId('scim-token-last-used')).toHaveText('Never');
  expect(await page.content()).not.toContain(token);

  // The identity provider's calls, with the token (no session, no CSRF).
  const userName = `Grace.Hopper-${randomBytes(3).toString('hex')}@scim-port.example`;
  const scim = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/scim+json' };
  const created = await page.request.fetch(`${endpoint}/Users`, {
    method: 'POST',
    headers: scim,
    data: JSON.stringify({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ value: userName, type: 'work', primary: true }],
      active: true,
    }),
  });
  expect(created.status()).toBe(201);
  const missing = await page.request.fetch(`${endpoint}/Users?filter=${encodeURIComponent('userName eq "nobody@scim-port.example"')}`, {
    headers: scim,
  });
  expect(((await missing.json()) as { totalResults: number }).totalResults).toBe(0);

  // The page reads again on its own: the requests, the provisioned user, the token's last use.
  const requests = page.getByTestId('scim-request');
  await expect(requests).toHaveCount(2, { timeout: 15_000 });
  await expect(requests.nth(1)).toContainText('POST');
  await expect(requests.nth(1)).toContainText('/Users');
  await expect(requests.nth(1)).toContainText('201');
  await expect(requests.nth(0)).toContainText('userName eq "nobody@scim-port.example"');
  const user = page.getByTestId('scim-user');
  await expect(user).toHaveCount(1);
  await expect(user).toContainText(userName);
  await expect(user).toContainText('Grace Hopper');
  await expect(user).toContainText('Active');
  await expect(row.getByTestId('scim-token-last-used')).not.toHaveText('Never');
  await page.screenshot({ path: test.info().outputPath('scim-en.png'), fullPage: true });

  // Arabic, right to left, on a 390 px phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/admin/scim?lng=ar');
  await expect(page.getByRole('heading', { level: 1, name: 'التزويد عبر SCIM' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('scim-user')).toContainText('نشط');
  await expect(page.getByRole('heading', { name: 'الطلبات الأخيرة' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('scim-ar-390.png'), fullPage: true });
});
