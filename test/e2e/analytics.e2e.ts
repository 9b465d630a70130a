import { readFile } from 'node:fs/promises';
import type { AnalyticsRunList, ChartSeries, DrillAnalytics } from '@muster/contracts';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, failOnMissingRecipes, signInAs } from './support';

failOnMissingRecipes();

/** The rows a chart's CSV must hold: its columns, then each row's cells as text (null as empty). */
function csvRowsOf(series: ChartSeries): string[][] {
  return [series.columns, ...series.rows.map((row) => series.columns.map((c) => (row[c] === null ? '' : String(row[c]))))];
}

/** Opens drill analytics and answers the figures the page drew (the API answer it rendered). */
async function openDrillAnalytics(page: Page, query: string): Promise<DrillAnalytics> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/analytics/drills?') && r.status() === 200);
  await page.goto(`/app/analytics/drills?${query}`);
  const data = (await (await answer).json()) as DrillAnalytics;
  // The chart kit is a chunk of its own, loaded when the first chart draws.
  await expect(page.getByTestId('bars-runsByMonth').locator('.recharts-surface')).toBeVisible({ timeout: 30_000 });
  return data;
}

test.describe('drill analytics', () => {
  test('a manager filters, opens the runs behind a bar, and exports the chart as CSV with the same rows', async ({ page }) => {
    await page.goto('/?lng=en');
    await signInAs(page, DEMO_USERS.MANAGER);
    await openDrillAnalytics(page, 'lng=en');

    // Filter to fire drills: the page asks again, with the scenario.
    const filtered = page.waitForResponse((r) => r.url().includes('/api/analytics/drills?') && r.url().includes('scenario=fire'));
    await page.getByTestId('filter-scenario').selectOption('fire');
    const data = (await (await filtered).json()) as DrillAnalytics;
    await expect(page).toHaveURL(/scenario=fire/);
    const series = data.charts.runsByMonth;
    const total = (row: (typeof series.rows)[number]) => Number(row.completed) + Number(row.planned) + Number(row.cancelled);
    const index = series.rows.findIndex((row) => Number(row.completed) > 0);
    expect(index, 'a month with completed fire drills in the demo data').toBeGreaterThanOrEqual(0);
    const row = series.rows[index]!;

    // The bar of that month opens the runs behind it, each linking to its summary.
    const expected = (await (
      await page.request.get(`/api/analytics/drills/runsByMonth/runs?scenario=fire&key=${String(row.key)}`)
    ).json()) as AnalyticsRunList;
    expect(expected.items).toHaveLength(total(row));
    await page
      .getByTestId('bars-runsByMonth')
      .locator(`[data-point="${String(row.key)}"][data-series="completed"]`)
      .click();
    const drawer = page.getByTestId('point-drawer');
    await expect(drawer.getByTestId('point-run')).toHaveCount(total(row));
    for (const run of expected.items) {
      await expect(drawer.getByRole('link', { name: run.title }).first()).toHaveAttribute('href', `/app/drills/runs/${run.id}/summary`);
    }
    await page.screenshot({ path: 'test-results/analytics-drawer-en.png' });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The CSV is the chart's own rows.
    const download = page.waitForEvent('download');
    await page.getByTestId('csv-runsByMonth').click();
    const file = await (await download).path();
    const csv = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(csv).toEqual(csvRowsOf(series));

    // The figures table lists the same rows; its first cell opens the same runs (the keyboard way).
    await page.getByTestId('chart-runsByMonth').getByRole('button', { name: 'Figures' }).click();
    await expect(page.getByTestId('figures-runsByMonth').locator('tbody tr')).toHaveCount(series.rows.length);
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.screenshot({ path: 'test-results/analytics-drills-en.png', fullPage: true });
  });

  test('charts render in Arabic with mirrored axes, and at 390 px', async ({ page }) => {
    await page.goto('/?lng=ar');
    await signInAs(page, DEMO_USERS.MANAGER);
    const data = await openDrillAnalytics(page, 'lng=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const chart = page.getByTestId('bars-runsByMonth');
    await expect(chart).toHaveAttribute('data-chart-dir', 'rtl');

    // The y axis stands on the right, and time runs right to left: the first month is the rightmost tick.
    // Every y-axis label stands right of every bar (recharts may draw empty tick groups: boxes of no size are left out).
    const drawnXs = (selector: string) =>
      chart.locator(selector).evaluateAll((els) =>
        els
          .map((e) => e.getBoundingClientRect())
          .filter((box) => box.width > 0)
          .map((box) => box.x),
      );
    // The y-axis labels are the chart's numeric texts (the x axis names months).
    const yLabelXs = () =>
      chart.locator('svg text').evaluateAll((els) =>
        els
          .filter((e) => /^[\d.,٠-٩٫]+$/.test((e.textContent ?? '').trim()))
          .map((e) => e.getBoundingClientRect())
          .filter((box) => box.width > 0)
          .map((box) => box.x),
      );
    await expect.poll(async () => (await yLabelXs()).length).toBeGreaterThan(0);
    const yLabels = await yLabelXs();
    const bars = await drawnXs('.recharts-bar-rectangle');
    expect(bars.length).toBeGreaterThan(0);
    expect(Math.min(...yLabels)).toBeGreaterThan(Math.max(...bars));
    // The x-axis labels (the months, in the order of the data): the first stands rightmost.
    const months = await chart
      .locator('svg text')
      .evaluateAll((els) =>
        els
          .filter((e) => !/^[\d.,٠-٩٫]+$/.test((e.textContent ?? '').trim()) && e.getBoundingClientRect().width > 0)
          .map((e) => ({ x: e.getBoundingClientRect().x, text: e.textContent ?? '' })),
      );
    expect(months.length).toBeGreaterThan(1);
    expect(months[0]!.x).toBeGreaterThan(months[months.length - 1]!.x);
    expect(months[0]!.text).toContain(String(data.charts.runsByMonth.rows[0]!.key).slice(0, 4));
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.screenshot({ path: 'test-results/analytics-drills-ar.png', fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(chart.locator('.recharts-surface')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/analytics-drills-ar-390.png', fullPage: true });
  });

  test('ticket analytics draw the organisation’s tickets', async ({ page }) => {
    await page.goto('/?lng=en');
    await signInAs(page, DEMO_USERS.MANAGER);
    const answer = page.waitForResponse((r) => r.url().includes('/api/analytics/tickets?') && r.status() === 200);
    await page.goto('/app/analytics/tickets?lng=en');
    await answer;
    await expect(page.getByTestId('chart-byPriority').locator('.recharts-surface')).toBeVisible({ timeout: 30_000 });
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.screenshot({ path: 'test-results/analytics-tickets-en.png', fullPage: true });
  });
});
