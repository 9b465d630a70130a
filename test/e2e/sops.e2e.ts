import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, failOnMissingRecipes, signedInPage } from './support';

failOnMissingRecipes();

const SHOTS = resolve(import.meta.dirname, '../../.shots');

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: axe violations`).toEqual([]);
}

/** The version panel's status, once it shows `status`. */
async function expectVersion(page: Page, number: number, status: string): Promise<void> {
  await expect(page.getByTestId('sop-version')).toHaveAttribute('data-number', String(number));
  await expect(page.getByTestId('sop-version')).toHaveAttribute('data-status', status);
}

/** Another member opens the SOP, approves the version in review and puts it in force from today. */
async function approveAndPutInForce(approver: Page, url: string, number: number): Promise<void> {
  await approver.goto(url);
  await expectVersion(approver, number, 'in_review');
  await approver.getByTestId('sop-approve').click();
  await expectVersion(approver, number, 'approved');
  await expect(approver.getByTestId('sop-approved-by')).toContainText('Amelia Hart');
  await approver.getByTestId('sop-make-effective').click();
  await expectVersion(approver, number, 'effective');
}

test('an SOP goes draft → in review → approved by another member → effective → acknowledged, with the redline between two versions', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const manager = await signedInPage(browser, DEMO_USERS.MANAGER);
  const admin = await signedInPage(browser, DEMO_USERS.ADMIN);
  const user = await signedInPage(browser, DEMO_USERS.USER);

  // The manager starts an SOP from the oil spill template: version 1, a draft in their language.
  await manager.goto('/app/compliance/sops');
  await expect(manager.getByTestId('sop-list')).toBeVisible();
  await manager.getByTestId('sop-create-open').click();
  await manager.getByTestId('sop-create-template').selectOption('oil_spill');
  await manager.getByTestId('sop-create-submit').click();
  await expect(manager.getByTestId('sop-title-heading')).toHaveText('Oil spill response');
  await expectVersion(manager, 1, 'draft');
  const url = new URL(manager.url()).pathname + new URL(manager.url()).search;
  expect(url).toMatch(/\/app\/compliance\/sops\?sop=[0-9a-f-]{36}$/);

  // Edited as sections and ordered steps: a step reworded, the first step moved down with the keyboard.
  const firstSection = manager.getByTestId('sop-edit-section').first();
  const steps = firstSection.getByTestId('sop-step-text');
  await expect(steps.first()).toHaveValue('Stop all transfers and close the valves involved.');
  await steps.nth(1).fill('Remove ignition sources and keep everyone upwind of the spill.');
  await firstSection.getByTestId('sop-edit-step').first().getByTestId('sop-move-down').focus();
  await manager.keyboard.press('Enter');
  await expect(steps.first()).toHaveValue('Remove ignition sources and keep everyone upwind of the spill.');
  await expect(steps.nth(1)).toHaveValue('Stop all transfers and close the valves involved.');
  // Focus stays with the moved step (now second: its "up" button, since "down" is disabled).
  await expect(firstSection.getByTestId('sop-edit-step').nth(1).getByTestId('sop-move-up')).toBeFocused();
  await manager.getByTestId('sop-save').click();
  await expect(manager.getByTestId('sop-save')).toBeEnabled();
  await manager.reload();
  await expect(manager.getByTestId('sop-edit-section').first().getByTestId('sop-step-text').first()).toHaveValue(
    'Remove ignition sources and keep everyone upwind of the spill.',
  );

  // Sent for review: its author may not approve it.
  await manager.getByTestId('sop-submit').click();
  await expectVersion(manager, 1, 'in_review');
  await expect(manager.getByTestId('sop-approve')).toBeDisabled();
  await expect(manager.getByTestId('sop-author-note')).toBeVisible();

  // Another member (the administrator) approves it and puts it in force.
  await approveAndPutInForce(admin, url, 1);

  // Version 2: a new draft copied from the effective one, reworded, approved and in force; version 1 superseded.
  await manager.reload();
  await expectVersion(manager, 1, 'effective');
  await manager.getByTestId('sop-new-version').click();
  await expectVersion(manager, 2, 'draft');
  await manager
    .getByTestId('sop-edit-section')
    .first()
    .getByTestId('sop-step-text')
    .first()
    .fill('Remove ignition sources and keep everyone upwind and uphill of the spill.');
  await manager.getByTestId('sop-edit-section').nth(1).getByTestId('sop-add-step').click();
  await manager.getByTestId('sop-edit-section').nth(1).getByTestId('sop-step-text').last().fill('Photograph the spill for the report.');
  await manager.getByTestId('sop-save').click();
  await expect(manager.getByTestId('sop-save')).toBeEnabled();
  await manager.getByTestId('sop-submit').click();
  await expectVersion(manager, 2, 'in_review');
  await approveAndPutInForce(admin, url, 2);
  await admin.getByTestId('sop-version-select').selectOption({ label: 'Version 1 (Superseded)' });
  await expectVersion(admin, 1, 'superseded');

  // The redline between versions 1 and 2.
  await admin.getByTestId('sop-tab-redline').click();
  const counts = admin.getByTestId('redline-counts');
  await expect(counts).toHaveAttribute('data-added', '1');
  await expect(counts).toHaveAttribute('data-changed', '1');
  await expect(counts).toHaveAttribute('data-removed', '0');
  const reworded = admin.locator('[data-testid="redline-step"][data-state="changed"]');
  await expect(reworded.locator('ins[data-op="added"]')).toContainText('uphill');
  await expect(admin.locator('[data-testid="redline-step"][data-state="added"]')).toContainText('Photograph the spill for the report.');
  await admin.screenshot({ path: `${SHOTS}/sops-redline-en.png`, fullPage: true });

  // A member acknowledges version 2, once; the SOP page shows who did and who is missing.
  await user.goto(url);
  await expect(user.getByTestId('sop-ack-card')).toHaveAttribute('data-acknowledged', 'false');
  await expect(user.getByTestId('sop-actions')).toHaveCount(0);
  await user.getByTestId('sop-acknowledge').click();
  await expect(user.getByTestId('sop-acknowledged')).toHaveText('You acknowledged version 2.');
  await user.getByTestId('sop-tab-acks').click();
  await expect(user.getByTestId('sop-acks-done')).toContainText('Uma Patel');
  await expect(user.getByTestId('sop-acks-missing')).toContainText('Marcus Lee');
  await user.screenshot({ path: `${SHOTS}/sops-acks-en.png`, fullPage: true });
});

for (const lng of ['en', 'ar'] as const) {
  test(`the SOP screens are accessible, right-to-left in Arabic and usable at 390 px, with the seeded fire SOP's redline (${lng})`, async ({
    browser,
  }) => {
    // Three screens, each checked by axe.
    test.setTimeout(90_000);
    const page = await signedInPage(browser, DEMO_USERS.MANAGER);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/app/compliance/sops?lng=${lng}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('sop-list')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `SOP list (${lng})`);
    await page.screenshot({ path: `${SHOTS}/sops-list-${lng}-390.png`, fullPage: true });

    await page.locator('[data-testid="sop-row"][data-title="Fire response"]').getByTestId('sop-open').click();
    await expectVersion(page, 2, 'effective');
    await expect(page.getByTestId('sop-procedure')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `SOP detail (${lng})`);
    await page.getByTestId('sop-tab-redline').click();
    await expect(page.getByTestId('redline-counts')).toHaveAttribute('data-changed', '1');
    await expect(page.locator('[data-testid="redline-step"][data-state="removed"]')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `SOP redline (${lng})`);
    await page.screenshot({ path: `${SHOTS}/sops-redline-${lng}-390.png`, fullPage: true });

    // The draft editor of the seeded cyber incident SOP.
    await page.getByTestId('sop-back').click();
    await page.locator('[data-testid="sop-row"][data-title="Cyber incident"]').getByTestId('sop-open').click();
    await expect(page.getByTestId('sop-editor')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `SOP editor (${lng})`);
    await page.screenshot({ path: `${SHOTS}/sops-editor-${lng}-390.png`, fullPage: true });
    await page.getByTestId('sop-back').click();
    await page.locator('[data-testid="sop-row"][data-title="Fire response"]').getByTestId('sop-open').click();

    // The PDF of the version through the render queue, with its progress to 100 %.
    await page.getByTestId('sop-tab-versions').click();
    await page.getByTestId('sop-pdf').click();
    await expect(page.getByTestId('sop-pdf-render')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
    await expect(page.getByTestId('sop-pdf-progress')).toHaveAttribute('data-percent', '100');
  });
}

test('a drill template links SOP steps: the builder shows the link, the console shows the step as written and marks who has not acknowledged the SOP', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, DEMO_USERS.MANAGER);
  // The seeded fire drill template (the organisation's) links its steps to the fire SOP. Other tests
  // add fire templates of their own to the shared organisation: find the seeded one by its name.
  const templates = (await (await page.request.get('/api/drills/templates?scenario=fire')).json()) as {
    items: { id: string; source: string; name: string }[];
  };
  const template = templates.items.find((t) => t.source === 'organization' && t.name === 'Berth 4 warehouse fire and evacuation')!;
  await page.goto(`/app/drills/builder/${template.id}`);
  // The builder's first load (its code, the template, the SOPs) can take a while on a busy machine.
  await expect(page.getByTestId('field-sop-link').first()).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('field-sop-link').first()).toHaveValue(/^[0-9a-f-]{36}:activate-alarm$/);
  await expect(page.getByTestId('field-sop-link').first().locator('option:checked')).toHaveText(
    /^1\.1 Activate the nearest fire alarm point/,
  );

  // The fire drill run scheduled from it: each linked step shows the SOP's step; the auditor has not acknowledged the SOP.
  const runs = (await (await page.request.get('/api/drills/runs?scenario=fire&status=completed')).json()) as {
    items: { id: string; title: string }[];
  };
  const run = runs.items.find((r) => r.title === 'Warehouse fire drill — berth 4')!;
  await page.goto(`/app/drills/console/${run.id}`);
  await expect(page.getByTestId('console-sop-step').first()).toContainText('SOP Fire response v2, step 1.1');
  await expect(page.getByTestId('console-sop-step').first()).toContainText('radio the control room on channel 16');
  const roster = page.getByTestId('console-attendance');
  await expect(roster.getByTestId('roster-sop-missing')).toHaveCount(1);
  await expect(roster.locator('li', { hasText: 'Ines Alvarez' }).getByTestId('roster-sop-missing')).toBeVisible();
  await expect(roster.locator('li', { hasText: 'Uma Patel' }).getByTestId('roster-sop-missing')).toHaveCount(0);
  await page
    .getByTestId('console-steps')
    .locator('li')
    .first()
    .screenshot({ path: `${SHOTS}/sops-console-step-en.png` });
  await roster.screenshot({ path: `${SHOTS}/sops-console-roster-en.png` });
});
