import { randomBytes } from 'node:crypto';
import type { DrillMember } from '@muster/contracts';
import { expect, test } from '@playwright/test';
import { consoleSocket, csrfHeaders, failOnMissingRecipes, signInAs } from './support';

failOnMissingRecipes();

/** The built-in evacuation template (fixed id of the library). */
const LIBRARY_EVACUATION = '33ccc061-b5f5-5609-b9df-aaba32023f35';

/**
 * Usage alerts end to end: a new organisation is on the Basic trial (10 drill runs a month). With
 * the usage dashboard open in one browser, starting the 9th and the 10th run from another session
 * makes the urgent and then the critical banner appear, and the bar move, without a reload;
 * dismissing hides the banner.
 */
test('the usage banner follows the 90 % and 100 % alerts live and is dismissed', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const email = `usage-${randomBytes(4).toString('hex')}@basic-port.example`;
  const password = 'Basic-Harbour-Pass-42!';
  const watcher = await (await browser.newContext()).newPage();
  await watcher.goto('/?lng=en');
  const registered = await watcher.request.post('/api/auth/register', {
    headers: await csrfHeaders(watcher.request),
    data: { organizationName: 'Basic Harbour Ltd', email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  await signInAs(watcher, email, password);
  const actor = await (await browser.newContext()).newPage();
  await actor.goto('/?lng=en');
  await signInAs(actor, email, password);
  const { items } = (await (await actor.request.get('/api/drills/members')).json()) as { items: DrillMember[] };
  const socket = await consoleSocket(actor, baseURL!);

  /** Schedules a run through the API and starts it from the console, as the lead. */
  const startRun = async () => {
    const scheduled = await actor.request.post('/api/drills/runs', {
      headers: await csrfHeaders(actor.request),
      data: {
        templateId: LIBRARY_EVACUATION,
        leadUserId: items[0]!.id,
        location: 'Quay 1',
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(scheduled.status()).toBe(201);
    const { id } = (await scheduled.json()) as { id: string };
    expect(await socket.emitWithAck('console:control', { runId: id, action: 'start' })).toMatchObject({ ok: true });
  };

  try {
    for (let i = 0; i < 8; i += 1) await startRun();
    // The usage dashboard is open in the watcher's browser: its bar follows too.
    await watcher.goto('/app/usage?lng=en');
    await expect(watcher.getByRole('heading', { level: 1, name: 'Usage dashboard' })).toBeVisible();
    const runs = watcher.locator('[data-testid="usage-resource"][data-resource="drill"]');
    await expect(runs).toHaveAttribute('data-percent', '80');
    await expect(runs).toContainText('8 of 10');
    const banner = watcher.getByTestId('usage-alert-banner');
    await expect(banner).toHaveCount(0);

    await startRun();
    await expect(runs).toHaveAttribute('data-percent', '90');
    await expect(banner).toHaveAttribute('data-severity', 'urgent');
    await expect(banner).toContainText("Drill Runs has reached 90% of your plan's monthly limit.");
    await expect(banner).not.toContainText('blocked');

    await startRun();
    await expect(runs).toHaveAttribute('data-percent', '100');
    await expect(runs).toContainText('Stops at the limit');
    await expect(banner).toHaveAttribute('data-severity', 'critical');
    await expect(banner).toContainText("Drill Runs has reached 100% of your plan's monthly limit.");
    await expect(banner).toContainText('Adding more Drill Runs is blocked until you upgrade.');
    await expect(banner.getByTestId('usage-alert-upgrade')).toHaveAttribute('href', '/app/subscription');

    await banner.getByTestId('usage-alert-dismiss').click();
    await expect(banner).toHaveCount(0);
    // Dismissed for this member: still gone after a reload.
    await watcher.reload();
    await expect(runs).toHaveAttribute('data-percent', '100');
    await expect(banner).toHaveCount(0);
  } finally {
    socket.close();
    await watcher.context().close();
    await actor.context().close();
  }
});

/**
 * The demo organisation's usage dashboard shows what it stores (storage is a level carried from
 * month to month, not the bytes added this month) and six-month charts scaled to their figures.
 */
test('the usage dashboard shows the stored level this month and charts whose bars follow the figures', async ({ page }) => {
  await page.goto('/?lng=en');
  await signInAs(page, 'admin@harborpoint.example');
  await page.goto('/app/usage?lng=en');
  // 2.63 GB stored of Standard's 100 GB: 2 %, this month as last month.
  const storage = page.locator('[data-testid="usage-resource"][data-resource="storage"]');
  await expect(storage).toHaveAttribute('data-percent', '2');
  const history = page.locator('[data-testid="usage-history"][data-resource="storage"]');
  // The chart kit's bars: one per month, each named by its month.
  const bars = history.locator('g[data-series="used"] path');
  await expect(bars).toHaveCount(6);
  const heights = await bars.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().height));
  const plot = await history.locator('.recharts-cartesian-grid').boundingBox();
  // The tallest bar reaches most of the plot (not a sliver under a far-away limit), and the
  // history's growth from 1.35 GB shows as bars of different heights.
  expect(Math.max(...heights)).toBeGreaterThan(plot!.height * 0.8);
  expect(Math.min(...heights.slice(0, 5))).toBeLessThan(Math.max(...heights) * 0.6);
  // This month's bar stands out from the months before.
  const fills = await bars.evaluateAll((nodes) => nodes.map((n) => getComputedStyle(n).fill));
  expect(new Set(fills.slice(0, 5)).size).toBe(1);
  expect(fills[5]).not.toBe(fills[0]);
  await expect(history.getByTestId('usage-history-limit')).toHaveCount(0);
});
