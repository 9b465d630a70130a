import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders, failOnMissingRecipes, signInAs } from './support';

failOnMissingRecipes();

/** A new organisation (a Basic trial) signed up and signed in on `page`; answers its admin's email. */
async function newOrganisation(page: Page): Promise<string> {
  const email = `billing-${randomBytes(4).toString('hex')}@trial-port.example`;
  const password = 'Trial-Harbour-Pass-42!';
  await page.goto('/?lng=en');
  const registered = await page.request.post('/api/auth/register', {
    headers: await csrfHeaders(page.request),
    data: { organizationName: 'Trial Harbour Ltd', email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  await signInAs(page, email, password);
  return email;
}

/**
 * Checkout through the built-in provider, as an administrator of a new organisation would: the
 * trial is shown, annual prices are 20 % off, the order is reviewed and confirmed, the plan changes
 * at once, and the invoice reaches the accountant's page, where its payment is recorded.
 */
test('an administrator upgrades from the trial to Standard annual and the invoice reaches the accounts', async ({ page }) => {
  test.setTimeout(90_000);
  await newOrganisation(page);
  await page.goto('/app/subscription?lng=en');
  const current = page.getByTestId('current-plan');
  await expect(current).toHaveAttribute('data-status', 'trialing');
  await expect(current).toContainText('Basic plan');
  await expect(current).toContainText('14 days left in your free trial.');

  await expect(page.getByTestId('option-price-standard')).toHaveText('$399');
  await page.getByTestId('cycle-annual').click();
  await expect(page.getByTestId('option-price-standard')).toHaveText('$319.20');
  await page.getByTestId('choose-standard').click();

  const review = page.getByTestId('checkout-review');
  await expect(review).toBeVisible();
  await expect(page).toHaveURL(/\/app\/subscription\?checkout=/);
  await expect(review).toContainText('From Basic to Standard');
  await expect(review.getByTestId('review-total')).toHaveText('$3,830.40');
  await review.getByTestId('review-confirm').click();

  await expect(page).toHaveURL(/\/app\/subscription\/success\?checkout=/);
  await expect(page.getByTestId('checkout-completed')).toContainText('Your organisation is now on the Standard plan (Annual).');

  await page.getByRole('link', { name: 'Back to subscription' }).click();
  await expect(current).toHaveAttribute('data-status', 'active');
  await expect(current).toContainText('Standard plan');
  await expect(page.getByTestId('plan-option-standard')).toContainText('Current plan');

  // The administrator reaches the accounts page too; the invoice is open until its payment is recorded.
  await page.goto('/app/accountant?lng=en');
  const invoice = page.getByTestId('invoice').first();
  await expect(invoice).toHaveAttribute('data-status', 'open');
  await expect(invoice).toContainText('$3,830.40');
  await expect(page.getByTestId('figure-open')).toContainText('$3,830.40');
  await invoice.getByTestId('invoice-mark-paid').click();
  await expect(invoice).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('figure-paid')).toContainText('$3,830.40');
  const csv = await page.request.get('/api/billing/invoices.csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Muster Standard, annual billing');
});

test('a canceled checkout changes nothing, and members who are not administrators only read the plans', async ({ page, browser }) => {
  // Two browsers, a sign-up and five screens on a 2-core machine shared with another worker.
  test.setTimeout(60_000);
  await newOrganisation(page);
  await page.goto('/app/subscription?lng=en');
  await page.getByTestId('choose-enterprise').click();
  await page.getByTestId('checkout-review').getByTestId('review-cancel').click();
  await expect(page).toHaveURL(/\/app\/subscription\/canceled\?checkout=/);
  await expect(page.getByTestId('checkout-canceled')).toContainText('Nothing was charged and your plan has not changed.');
  await page.goto('/app/subscription?lng=en');
  await expect(page.getByTestId('current-plan')).toHaveAttribute('data-plan', 'basic');

  const manager = await (await browser.newContext()).newPage();
  try {
    await manager.goto('/?lng=en');
    await signInAs(manager, 'manager@harborpoint.example');
    await manager.goto('/app/subscription?lng=en');
    await expect(manager.getByTestId('plan-options')).toContainText('Only an administrator of your organisation can change the plan.');
    await expect(manager.getByTestId('choose-enterprise')).toHaveCount(0);
  } finally {
    await manager.context().close();
  }
});

/** Buys a plan through the built-in provider by API, which leaves an open invoice. */
async function buy(page: Page, plan: 'standard' | 'enterprise', cycle: 'monthly' | 'annual'): Promise<void> {
  const started = await page.request.post('/api/billing/checkout', { data: { plan, cycle }, headers: await csrfHeaders(page.request) });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  const completed = await page.request.post(`/api/billing/checkout/${id}/complete`, { headers: await csrfHeaders(page.request) });
  expect(completed.status()).toBe(200);
}

test('the invoices fit a 1280 px page with Total and Actions in view, and read as cards on a 390 px phone', async ({ page }) => {
  test.setTimeout(60_000);
  await newOrganisation(page);
  await buy(page, 'standard', 'monthly');
  await buy(page, 'enterprise', 'annual');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/app/admin/billing?lng=en');
  const invoices = page.getByTestId('invoices');
  await expect(invoices).toHaveAttribute('data-layout', 'table');
  await expect(page.getByTestId('invoice')).toHaveCount(2);
  // Nothing is cut off: the table needs no sideways scrolling, and its last columns are on screen.
  expect(await invoices.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('columnheader', { name: 'Total' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 });
  for (const invoice of await page.getByTestId('invoice').all()) {
    // Scrolled to (banners above may push it below the fold): what matters is that no column is cut off sideways.
    await invoice.scrollIntoViewIfNeeded();
    await expect(invoice.getByTestId('invoice-total')).toBeInViewport({ ratio: 1 });
    await expect(invoice.getByTestId('invoice-mark-paid')).toBeInViewport({ ratio: 1 });
  }
  await expect(page.getByTestId('invoice').first().getByTestId('invoice-total')).toHaveText('$14,390.40');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(invoices).toHaveAttribute('data-layout', 'cards');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const invoice of await page.getByTestId('invoice').all()) {
    for (const part of [invoice.getByTestId('invoice-total'), invoice.getByTestId('invoice-mark-paid')]) {
      await part.scrollIntoViewIfNeeded();
      await expect(part).toBeInViewport({ ratio: 1 });
    }
  }
  const last = page.getByTestId('invoice').last();
  await last.getByTestId('invoice-mark-paid').click();
  await expect(last).toHaveAttribute('data-status', 'paid');
  await expect(last.getByTestId('invoice-mark-paid')).toHaveCount(0);
});
