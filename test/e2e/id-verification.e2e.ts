import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, signedInPage, signInAs } from './support';

failOnMissingRecipes();

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A small PNG of one colour, with a text chunk that the server removes. */
function png(rgb: [number, number, number], width = 48, height = 32): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: width }, () => Buffer.from(rgb)))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from('Comment\0Taken at home', 'latin1')),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A new organisation's administrator, signed in through the API. */
async function newMember(page: Page): Promise<string> {
  const email = `idv-${randomBytes(4).toString('hex')}@verify-port.example`;
  const password = 'Verify-Harbour-Pass-42!';
  await page.goto('/?lng=en');
  const registered = await page.request.post('/api/auth/register', {
    headers: await csrfHeaders(page.request),
    data: { organizationName: 'Verify Harbour Ltd', email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  await signInAs(page, email, password);
  return email;
}

/**
 * A member completes ID verification (two pictures uploaded from the browser, sent for review); a
 * support operator claims the case in the queue, looks at the pictures through their one-time
 * links and approves it; the member then sees "Approved".
 */
test('a member completes ID verification and an operator claims and approves it', async ({ page, browser }) => {
  const email = await newMember(page);
  await page.goto('/app/id-verification?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'ID verification' })).toBeVisible();
  await expect(page.getByTestId('verification-state')).toHaveText('Not started');
  await expect(page.getByTestId('verification-submit')).toBeDisabled();

  await page.getByTestId('file-document').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png([40, 90, 160]) });
  await expect(page.getByTestId('picker-document')).toHaveAttribute('data-uploaded', 'true');
  // A file that is not a picture is refused with the reason, in the page's language.
  await page
    .getByTestId('file-second')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
  await expect(page.getByTestId('upload-error-second')).toHaveText('Only JPEG, PNG and WebP images can be used');
  await page.getByTestId('file-second').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: png([160, 90, 40], 32, 48) });
  await expect(page.getByTestId('picker-second')).toHaveAttribute('data-uploaded', 'true');
  await expect(page.getByTestId('verification-state')).toHaveText('Not sent yet');
  await page.getByTestId('verification-submit').click();
  await expect(page.getByTestId('verification-state')).toHaveText('Submitted');

  const operator = await signedInPage(browser, DEMO_USERS.SYSOPS);
  await operator.goto('/app/sysops/id-verification?lng=en');
  await expect(operator.getByRole('heading', { level: 1, name: 'ID verification queue' })).toBeVisible();
  const item = operator.locator(`[data-testid="verification-case"][data-email="${email}"]`);
  await expect(item).toHaveAttribute('data-state', 'submitted');
  await item.getByTestId('case-claim').click();
  await expect(item.getByTestId('case-claimed-by')).toHaveText('You are reviewing this case');
  await item.getByTestId('case-show-images').click();
  for (const slot of ['document', 'second']) {
    const image = item.getByTestId(`case-image-${slot}`);
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  await item.getByTestId('case-approve').click();
  await expect(item).toHaveCount(0);
  await operator.getByTestId('view-decided').click();
  await expect(operator.locator(`[data-testid="verification-case"][data-email="${email}"]`)).toHaveAttribute('data-state', 'approved');

  await page.reload();
  await expect(page.getByTestId('verification-state')).toHaveText('Approved');
  await expect(page.getByTestId('verification-explanation')).toContainText('Your identity is verified');
  await operator.context().close();
});

/** axe finds no serious or critical violation on the page as it is now. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: axe violations`).toEqual([]);
}

/**
 * The security screens, in English on a desktop and in Arabic at 390 px (right to left): each
 * renders its content and axe finds nothing serious; the Arabic pages are mirrored.
 */
for (const [lng, width] of [
  ['en', 1280],
  ['ar', 390],
] as const) {
  test(`the security screens are accessible (${lng}, ${width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const visit = async (path: string, ready: string) => {
      await page.goto(`${path}?lng=${lng}`);
      await expect(page.getByTestId(ready).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
      await expectAccessible(page, `${path} (${lng})`);
    };
    await page.goto(`/?lng=${lng}`);
    await signInAs(page, DEMO_USERS.ADMIN);
    await visit('/app/admin/security', 'security-policy-form');
    await visit('/app/admin/security-pins', 'pin-member');
    await visit('/app/admin/verification', 'verification-policy-form');
    await visit('/app/profile', 'pin-card');
    await page.context().clearCookies();
    await signInAs(page, DEMO_USERS.INTERNAL_AUDITOR);
    await visit('/app/profile/id-verification', 'verification-message');
    await page.context().clearCookies();
    await signInAs(page, DEMO_USERS.SYSOPS);
    await visit('/app/sysops/id-verification', 'verification-case');
  });
}
