import { expect, test } from '@playwright/test';
import { DEMO_USERS, failOnMissingRecipes, signedInPage, signInAs } from './support';

failOnMissingRecipes();

const SHOTS = 'test-results/simulation';

/** After a navigation the page's chunks load first: on a busy machine that takes a while. */
const LOADED = { timeout: 30_000 };

test('a SYSOPS user starts a simulation, plays it, pauses it and resets it; it never becomes a drill run', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/?lng=en');
  await signInAs(page, DEMO_USERS.SYSOPS);
  const templates = (await (await page.request.get('/api/simulations/templates')).json()) as { items: { id: string; scenario: string }[] };
  const fire = templates.items.find((t) => t.scenario === 'fire')!;

  await page.goto('/app/admin/simulation?lng=en');
  await expect(page.getByTestId('simulation-page')).toBeVisible(LOADED);
  await page.getByTestId('simulation-template').selectOption(fire.id);
  await page.getByTestId('simulation-participants').fill('5');
  await page.getByTestId('simulation-speed-start').selectOption('10');
  await page.getByTestId('simulation-start').click();

  const run = page.getByTestId('simulation-run');
  await expect(run.getByTestId('simulation-status')).toHaveAttribute('data-status', 'ready');
  await expect(run.getByTestId('simulation-marker')).toBeVisible();
  await expect(run.getByTestId('simulation-clock')).toHaveText('00:00');
  await expect(run.getByTestId('simulation-participant')).toHaveCount(5);
  const runId = await run.getAttribute('data-run-id');

  // Play at 10×: the first step starts at once, the clock runs and virtual participants check in.
  await run.getByTestId('simulation-play').click();
  await expect(run.getByTestId('simulation-status')).toHaveAttribute('data-status', 'playing');
  await expect(run.getByTestId('simulation-step').first()).toHaveAttribute('data-status', /in_progress|completed/);
  await expect(run.getByTestId('simulation-participant').and(page.locator('[data-present="true"]')).first()).toBeVisible(LOADED);
  await expect(run.getByTestId('simulation-clock')).not.toHaveText('00:00');
  await page.screenshot({ path: `${SHOTS}/simulation-playing-en.png`, fullPage: true });

  // Pause: the clock stops, and a reload (the server's stored clock) shows the same time.
  await run.getByTestId('simulation-pause').click();
  await expect(run.getByTestId('simulation-status')).toHaveAttribute('data-status', 'paused');
  const stopped = await run.getByTestId('simulation-clock').textContent();
  await page.reload();
  await expect(page.getByTestId('simulation-run').getByTestId('simulation-status')).toHaveAttribute('data-status', 'paused', LOADED);
  await expect(page.getByTestId('simulation-run').getByTestId('simulation-clock')).toHaveText(stopped!);

  // Speed 2× while paused, then reset: back to the start.
  await page.getByTestId('simulation-speed-2').click();
  await expect(page.getByTestId('simulation-speed-2')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('simulation-reset').click();
  await expect(page.getByTestId('simulation-run').getByTestId('simulation-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('simulation-run').getByTestId('simulation-clock')).toHaveText('00:00');
  await expect(page.getByTestId('simulation-timeline-empty')).toBeVisible();

  // Not a drill run: the organisation's runs list does not have it.
  const admin = await signedInPage(browser, DEMO_USERS.ADMIN);
  const runs = (await (await admin.request.get('/api/drills/runs?pageSize=100')).json()) as { items: { id: string }[] };
  expect(runs.items.map((r) => r.id)).not.toContain(runId);
  await admin.context().close();

  // Phone width and Arabic (right to left).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/admin/simulation?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('simulation-run')).toBeVisible(LOADED);
  await page.screenshot({ path: `${SHOTS}/simulation-390-ar.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/admin/simulation?lng=en');
  await expect(page.getByTestId('simulation-run')).toBeVisible(LOADED);
  await page.screenshot({ path: `${SHOTS}/simulation-390-en.png`, fullPage: true });
});

test('the root admin opens the database page and sees sizes, migrations, queues and the audit chains; the board is theirs only', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto('/?lng=en');
  await signInAs(page, DEMO_USERS.ROOT_ADMIN);
  await page.goto('/app/admin/database?lng=en');
  await expect(page.getByTestId('database-read-only')).toBeVisible(LOADED);
  await expect(page.getByTestId('database-size')).toHaveText(/\d/);
  await expect(page.getByTestId('database-tables').locator('tbody tr')).not.toHaveCount(0);
  await expect(page.getByTestId('database-tables')).toContainText('audit_events');
  await expect(page.getByTestId('database-no-pending')).toBeVisible();
  await expect(page.getByTestId('database-migrations')).toContainText('SimulationRuns1795825673234');
  await expect(page.getByTestId('database-queue-drills')).toBeVisible();
  await expect(page.getByTestId('database-chains')).toContainText('Harbor Point Port Authority');
  await page.screenshot({ path: `${SHOTS}/database-en.png`, fullPage: true });

  const link = page.getByTestId('database-board-link');
  expect(await link.getAttribute('href')).toBe('/api/admin/queues');
  const board = await page.request.get('/api/admin/queues');
  expect(board.status()).toBe(200);
  expect(await board.text()).toMatch(/<html/i);

  const sysops = await signedInPage(browser, DEMO_USERS.SYSOPS);
  expect((await sysops.request.get('/api/admin/queues')).status()).toBe(404);
  expect((await sysops.request.get('/api/admin/database')).status()).toBe(403);
  await sysops.context().close();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/admin/database?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('database-tables')).toBeVisible(LOADED);
  await page.screenshot({ path: `${SHOTS}/database-390-ar.png`, fullPage: true });
});
