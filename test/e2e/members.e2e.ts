import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { InviteResult, MemberList, SeatUsage } from '@muster/contracts';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, fingerprint, outbox, signedInPage, uniqueEmail, waitForMail } from './support';

failOnMissingRecipes();

const PASSWORD = 'Harbour-Lights-42';
const INVITE_SUBJECT = /invited you to join Harbor Point Port Authority/;

/** The link of the newest invitation mailed to `to` since `before`. */
async function invitationLink(page: Page, to: string, before: Set<string>): Promise<string> {
  const text = await waitForMail(page.request, to, INVITE_SUBJECT, before);
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, `an invitation link in: ${text}`).toBeDefined();
  return link!;
}

/** Opens the link in a browser of its own and accepts it as a new person; answers the signed-in page. */
async function accept(browser: Browser, link: string, firstName: string, lastName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${link}?lng=en`);
  await expect(page.getByTestId('accept-organization')).toHaveText('Harbor Point Port Authority');
  await expect(page.getByTestId('accept-inviter')).toHaveText('Amelia Hart');
  await expect(page.getByTestId('accept-role')).toHaveText('User');
  await page.getByTestId('accept-first-name').fill(firstName);
  await page.getByTestId('accept-last-name').fill(lastName);
  await page.getByTestId('accept-password').fill(PASSWORD);
  await page.getByTestId('accept-confirm-password').fill(PASSWORD);
  await page.getByTestId('accept-submit').click();
  // The USER's dashboard, reached through /app/dashboard; the top bar names the person.
  await expect(page).toHaveURL(/\/app\/user$/);
  await expect(page.getByTestId('user-badge').first()).toContainText(`${firstName} ${lastName}`);
  return page;
}

function row(page: Page, email: string) {
  return page.locator(`[data-testid="member-row"][data-email="${email}"]`);
}

async function act(page: Page, email: string, action: string) {
  await row(page, email).getByTestId('member-actions').click();
  await page.getByTestId(`member-action-${action}`).click();
  await expect(page.getByTestId('member-action-dialog')).toBeVisible();
}

test('an admin invites two teammates (one by CSV), both accept, one is promoted and sees the manager navigation at once, the other is removed and signed out within a second', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await signedInPage(browser, DEMO_USERS.ADMIN);
  const [first, second] = [uniqueEmail('teammate-a'), uniqueEmail('teammate-b')];
  const before = new Set((await outbox(admin.request)).map(fingerprint));

  await admin.goto('/app/admin/users');
  await expect(admin.getByTestId('member-list')).toBeVisible();
  await expect(admin.getByTestId('member-seats')).toHaveAttribute('data-limit', '50');

  // One by email.
  await admin.getByTestId('invite-open').click();
  await admin.getByTestId('invite-email').fill(first);
  await admin.getByTestId('invite-role').selectOption('USER');
  await admin.getByTestId('invite-submit').click();
  await expect(admin.getByTestId('invite-dialog')).toBeHidden();
  await expect(row(admin, first)).toHaveAttribute('data-status', 'invited');

  // One by a CSV file.
  await admin.getByTestId('invite-open').click();
  await admin.getByTestId('invite-tab-file').click();
  await admin.getByTestId('invite-file').setInputFiles({
    name: 'teammates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,role,language\r\n${second},user,en\r\n`),
  });
  await expect(admin.getByTestId('invite-file-summary')).toHaveText('teammates.csv: 2 lines');
  await admin.getByTestId('invite-file-submit').click();
  await expect(admin.getByTestId('invite-dialog')).toBeHidden();
  await expect(row(admin, second)).toHaveAttribute('data-status', 'invited');

  // Both accept from the emailed links, each in a browser of their own.
  const firstPage = await accept(browser, await invitationLink(admin, first, before), 'Nia', 'Okoro');
  const secondPage = await accept(browser, await invitationLink(admin, second, before), 'Lars', 'Eklund');

  await admin.reload();
  await expect(row(admin, first)).toHaveAttribute('data-status', 'active');
  await expect(row(admin, second)).toHaveAttribute('data-status', 'active');
  await expect(row(admin, first).getByTestId('member-name')).toHaveText('Nia Okoro');

  // Promoted to MANAGER: the open tab shows the manager's navigation without signing in again
  // (and without a reload: the marker set in the page survives).
  await firstPage.evaluate(() => Object.assign(window, { __stillTheSamePage: true }));
  await act(admin, first, 'role');
  await admin.getByTestId('member-role-select').selectOption('MANAGER');
  await admin.getByTestId('member-role-save').click();
  await expect(row(admin, first)).toHaveAttribute('data-role', 'MANAGER');
  await expect(firstPage.getByTestId('user-badge').first()).toContainText('Manager');
  await firstPage.getByTestId('nav-menu-trigger').click();
  await expect(firstPage.getByTestId('nav-menu').getByRole('menuitem', { name: 'Analytics' })).toBeVisible();
  await expect(firstPage.getByTestId('nav-menu').getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
  await firstPage.keyboard.press('Escape');
  expect(await firstPage.evaluate(() => (window as unknown as { __stillTheSamePage?: boolean }).__stillTheSamePage)).toBe(true);
  expect(firstPage.url()).toMatch(/\/app\/user$/);

  // Removed: the other teammate's open tab goes to the sign-in screen within a second.
  await expect(secondPage.getByTestId('user-badge').first()).toBeVisible();
  await act(admin, second, 'remove');
  const removed = admin.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/members/'));
  await admin.getByTestId('member-action-confirm').click();
  expect((await removed).status()).toBe(200);
  const answeredAt = Date.now();
  await secondPage.waitForURL(/\/login$/, { timeout: 5_000 });
  expect(Date.now() - answeredAt).toBeLessThan(1_000);
  await expect(row(admin, second)).toHaveCount(0);
  expect((await secondPage.request.get('/api/auth/me')).status()).toBe(401);

  // The used link is refused with its reason and a screen of its own.
  const reused = await (await browser.newContext()).newPage();
  await reused.goto(`${await invitationLink(admin, first, before)}?lng=en`);
  await expect(reused.getByTestId('accept-unusable')).toHaveAttribute('data-reason', 'members.inviteUsed');
  await expect(reused.getByTestId('accept-unusable')).toContainText('This invitation has already been used');
});

test('a list with broken lines is refused line by line and nothing is invited; beyond the seats, the numbers and the upgrade link show', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, DEMO_USERS.ADMIN);
  await admin.goto('/app/admin/users');
  await expect(admin.getByTestId('member-list')).toBeVisible();
  const ok = uniqueEmail('listed');
  await admin.getByTestId('invite-open').click();
  await admin.getByTestId('invite-tab-list').click();
  await admin.getByTestId('invite-list').fill(`${ok}\nnot-an-email\n${uniqueEmail('x')},ROOT_ADMIN`);
  await admin.getByTestId('invite-list-submit').click();
  await expect(admin.getByTestId('invite-line-errors').getByRole('listitem')).toHaveText([
    'Line 2: Enter a valid email address',
    /^Line 3: Unknown role "ROOT_ADMIN"/,
  ]);
  await admin.keyboard.press('Escape');
  await expect(row(admin, ok)).toHaveCount(0);

  // Every seat taken (by invitations sent through the API), one more is refused with the numbers.
  const seats = (await (await admin.request.get('/api/members/seats')).json()) as SeatUsage;
  const tag = `seat-${Date.now().toString(36)}`;
  const fillers = Array.from({ length: seats.limit - seats.used }, (_, i) => `${tag}-${i}@example.com`);
  const headers = await csrfHeaders(admin.request);
  if (fillers.length) {
    const filled = await admin.request.post('/api/members/invites/bulk', { data: { text: fillers.join('\n') }, headers });
    expect(filled.status()).toBe(201);
    expect(((await filled.json()) as InviteResult).seats.used).toBe(seats.limit);
  }
  try {
    await admin.reload();
    await expect(admin.getByTestId('member-seats-full')).toBeVisible();
    await admin.getByTestId('invite-open').click();
    await admin.getByTestId('invite-email').fill(uniqueEmail('one-too-many'));
    await admin.getByTestId('invite-submit').click();
    await expect(admin.getByTestId('invite-refusal')).toHaveAttribute('data-status', '402');
    await expect(admin.getByTestId('invite-refusal')).toContainText(
      `Your plan has ${seats.limit} seats: ${seats.limit} are taken and 1 more were asked for.`,
    );
    await admin.getByTestId('invite-upgrade').click();
    await expect(admin).toHaveURL(/\/app\/subscription$/);
  } finally {
    const pending = (await (await admin.request.get(`/api/members?status=invited&q=${tag}&limit=100`)).json()) as MemberList;
    for (const invite of pending.items) {
      expect((await admin.request.post(`/api/members/invites/${invite.id}/revoke`, { headers })).status()).toBe(200);
    }
  }
});

/** axe finds no serious or critical violation on the page as it is now. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: axe violations`).toEqual([]);
}

for (const lng of ['en', 'ar'] as const) {
  test(`the member screens are accessible, right-to-left in Arabic and usable at 390 px (${lng})`, async ({ browser }) => {
    const admin = await signedInPage(browser, DEMO_USERS.ADMIN);
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`/app/admin/users?lng=${lng}`);
    await expect(admin.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    await expect(admin.getByTestId('member-list')).toBeVisible();
    // Nothing wider than the screen.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(admin, `members (${lng})`);
    await admin.getByTestId('invite-open').click();
    await expect(admin.getByTestId('invite-dialog')).toBeVisible();
    await expectAccessible(admin, `invite dialog (${lng})`);
    const address = uniqueEmail(`a11y-${lng}`);
    const before = new Set((await outbox(admin.request)).map(fingerprint));
    await admin.getByTestId('invite-email').fill(address);
    await admin.getByTestId('invite-submit').click();
    await expect(admin.getByTestId('invite-dialog')).toBeHidden();

    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const text = await waitForMail(admin.request, address, /invited you to join|دعاك/, before);
    const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(text)![0];
    await visitor.goto(`${link}?lng=${lng}`);
    await expect(visitor.getByTestId('accept-page')).toBeVisible();
    await expect(visitor.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(visitor, `invitation (${lng})`);
    await visitor.goto(`/invite/no-such-invitation-token-here?lng=${lng}`);
    await expect(visitor.getByTestId('accept-unusable')).toHaveAttribute('data-reason', 'members.inviteInvalid');
    await expectAccessible(visitor, `unusable invitation (${lng})`);
  });
}
