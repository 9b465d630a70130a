import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, signedInPage } from './support';

failOnMissingRecipes();

test.describe('Root administration', () => {
  test('a root admin asks for an approval, cannot approve it, and a deputy approves it', async ({ browser }) => {
    const root = await signedInPage(browser, DEMO_USERS.ROOT_ADMIN);
    const deputy = await signedInPage(browser, DEMO_USERS.DEPUTY_ADMIN);
    const reason = `Rotation drill ${randomBytes(3).toString('hex')}`;

    await root.goto('/app/root-admin/approvals');
    await expect(root.getByTestId('approvals-page')).toBeVisible();
    await root.getByTestId('approval-request-open').click();
    const dialog = root.getByTestId('approval-request-dialog');
    await dialog.getByTestId('approval-kind').selectOption('signing_key_rotate');
    // A request needs its reason.
    await dialog.getByTestId('approval-request-submit').click();
    await expect(dialog.getByText('Say why (at least 3 characters)')).toBeVisible();
    await dialog.getByTestId('approval-reason').fill(reason);
    const asked = root.waitForResponse((r) => r.url().endsWith('/api/approvals') && r.request().method() === 'POST');
    await dialog.getByTestId('approval-request-submit').click();
    const approval = (await (await asked).json()) as { id: string };
    await expect(dialog).toBeHidden();

    // The requester sees it pending, with the decision closed to them; the server refuses them too.
    const mine = root.locator(`[data-testid="approval-card"][data-id="${approval.id}"]`);
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId('approval-own')).toBeVisible();
    await expect(mine.getByTestId('approval-approve')).toBeDisabled();
    const refused = await root.request.post(`/api/approvals/${approval.id}/approve`, {
      data: {},
      headers: await csrfHeaders(root.request),
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { reason: string }).reason).toBe('approvals.selfApproval');

    // The deputy decides it from their dashboard; the requester's page follows live.
    await deputy.goto('/app/deputy-admin');
    await expect(deputy.getByTestId('platform-dashboard')).toBeVisible();
    const theirs = deputy.locator(`[data-testid="approval-card"][data-id="${approval.id}"]`);
    await expect(theirs.getByText(reason)).toBeVisible();
    await theirs.getByTestId('approval-note').fill('Checked with security');
    await theirs.getByTestId('approval-approve').click();
    await expect(theirs).toBeHidden();
    await expect(mine).toBeHidden();
    await root.getByTestId('approvals-tab-history').click();
    const decided = root.locator(`[data-testid="approval-card"][data-id="${approval.id}"]`);
    await expect(decided).toHaveAttribute('data-status', 'approved');
    await expect(decided.getByTestId('approval-decided-by')).toContainText('Daniel Brandt');
    await root.context().close();
    await deputy.context().close();
  });

  test("a broadcast for one organisation's managers reaches their open tab live and no one else's; acknowledgements are listed", async ({
    browser,
  }) => {
    // Four signed-in browsers (a new organisation's among them) and a live round trip: more than one test's minute.
    test.slow();
    const title = `Berth 4 closed ${randomBytes(3).toString('hex')}`;
    const manager = await signedInPage(browser, DEMO_USERS.MANAGER);
    const member = await signedInPage(browser, DEMO_USERS.USER);
    const outsider = await (async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('/?lng=en');
      const email = `outsider-${randomBytes(4).toString('hex')}@other-port.example`;
      const password = 'Other-Harbour-Pass-42!';
      const registered = await page.request.post('/api/auth/register', {
        headers: await csrfHeaders(page.request),
        data: { organizationName: 'Other Port Ltd', email, password, confirmPassword: password },
      });
      expect(registered.status()).toBe(201);
      expect(
        (await page.request.post('/api/auth/login', { data: { email, password }, headers: await csrfHeaders(page.request) })).status(),
      ).toBe(200);
      return page;
    })();
    for (const page of [manager, member, outsider]) {
      await page.goto('/app/tickets');
      await expect(page.getByRole('main')).toBeVisible();
    }

    const root = await signedInPage(browser, DEMO_USERS.ROOT_ADMIN);
    await root.goto('/app/admin/broadcasts');
    await root.getByTestId('broadcast-new').click();
    const form = root.getByTestId('broadcast-dialog');
    await form.getByTestId('broadcast-title-en').fill(title);
    await form.getByTestId('broadcast-body-en').fill('Use berth 5 until Friday.');
    await form.getByTestId('broadcast-severity').selectOption('warning');
    await form.getByTestId('broadcast-requires-ack').click();
    await form.getByTestId('broadcast-orgs').getByText('Harbor Point Port Authority', { exact: true }).click();
    await form.getByTestId('broadcast-roles').getByText('Manager', { exact: true }).click();
    await form.getByTestId('broadcast-submit').click();
    await expect(form).toBeHidden();
    const card = root.getByTestId('broadcast-card').filter({ hasText: title });
    await expect(card.getByTestId('broadcast-state')).toHaveText('Active');

    // Live in the manager's open tab; not in the others' (nor after a reload: it is not theirs).
    const banner = manager.getByTestId('broadcast-banner').filter({ hasText: title });
    await expect(banner).toBeVisible();
    for (const page of [member, outsider]) {
      await expect(page.getByTestId('broadcast-banner').filter({ hasText: title })).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByTestId('broadcast-banner').filter({ hasText: title })).toHaveCount(0);
    }

    await banner.getByTestId('broadcast-acknowledge').click();
    await expect(banner).toBeHidden();
    await card.getByTestId('broadcast-show-acks').click();
    const org = card.locator('[data-testid="broadcast-ack-org"][data-org="Harbor Point Port Authority"]');
    await expect(org).toBeVisible();
    await expect(org.getByTestId('broadcast-ack-person')).toContainText(DEMO_USERS.MANAGER);
    await expect(card.getByTestId('broadcast-ack-org')).toHaveCount(1);
    for (const page of [root, manager, member, outsider]) await page.context().close();
  });
});
