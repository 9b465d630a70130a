import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { MapDetail } from '@muster/contracts';
import { DEMO_USERS, failOnMissingRecipes, signedInPage } from './support';

failOnMissingRecipes();

const SHOTS = resolve(import.meta.dirname, '../../.shots');
mkdirSync(SHOTS, { recursive: true });

interface ListedSymbol {
  id: string;
  type: string;
  x: number;
  y: number;
  rotation: number;
}

/** The symbols as the accessible list beside the canvas shows them. */
async function listed(page: Page): Promise<ListedSymbol[]> {
  return page.getByTestId('map-symbol-item').evaluateAll((items) =>
    items.map((el) => ({
      id: el.getAttribute('data-symbol-id')!,
      type: el.getAttribute('data-type')!,
      x: Number(el.getAttribute('data-x')),
      y: Number(el.getAttribute('data-y')),
      rotation: Number(el.getAttribute('data-rotation')),
    })),
  );
}

const item = (page: Page, id: string) => page.locator(`[data-testid="map-symbol-item"][data-symbol-id="${id}"]`);

test('a manager makes a map with six symbols (one placed and moved by keyboard), saves it, reopens it identical and exports PNG and PDF posters; a user views it read-only', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, DEMO_USERS.MANAGER);
  await page.goto('/app/compliance/maps?lng=en');
  // The seeded site map is listed.
  await expect(page.getByTestId('map-row').first()).toContainText('Berth 4 terminal');
  await page.screenshot({ path: `${SHOTS}/maps-list-en.png` });

  await page.getByTestId('map-new').click();
  await expect(page.getByTestId('map-symbols-empty')).toBeVisible();
  const name = `Warehouse 2 — ground floor ${Date.now().toString(36)}`;
  await page.getByTestId('map-name').fill(name);
  await page.getByTestId('map-valid-until').fill('2027-09-30');
  await page.getByTestId('map-reviewed-by').fill('Dana Ruiz');

  // By keyboard: Enter on the palette places a first aid sign at the centre and focuses it in the list;
  // arrows move it (Shift: bigger steps), R turns it.
  await page.getByTestId('palette-first-aid').focus();
  await page.keyboard.press('Enter');
  await expect(item(page, 'aid-1')).toBeFocused();
  await expect(item(page, 'aid-1')).toHaveAttribute('data-x', '600');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('r');
  await expect(item(page, 'aid-1')).toHaveAttribute('data-x', '610');
  await expect(item(page, 'aid-1')).toHaveAttribute('data-y', '425');
  await expect(item(page, 'aid-1')).toHaveAttribute('data-rotation', '15');
  await expect(page.getByTestId('map-announcement')).toHaveText('First aid turned to 15°');

  // Five more with the mouse, labelled and placed in the panel.
  const place = async (type: string, x: number, y: number, label = '') => {
    await page.getByTestId(`palette-${type}`).click();
    await page.getByTestId('panel-x').fill(String(x));
    await page.getByTestId('panel-y').fill(String(y));
    if (label) await page.getByTestId('panel-label').fill(label);
  };
  await place('emergency-exit', 1150, 400, 'Gate B');
  await place('assembly-point', 1050, 100, 'Car park');
  await place('fire-extinguisher', 300, 600);
  await place('fire-alarm', 360, 600);
  await place('you-are-here', 200, 200, 'Lobby');
  await expect(page.getByTestId('map-symbol-item')).toHaveCount(6);
  // Delete removes the focused symbol; add it back.
  await item(page, 'alarm-1').focus();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('map-symbol-item')).toHaveCount(5);
  await place('fire-alarm', 360, 600);
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-symbols', '6');
  const before = await listed(page);

  await page.getByTestId('map-save').click();
  await expect(page).toHaveURL(/map=[0-9a-f-]{36}/);
  const id = new URL(page.url()).searchParams.get('map')!;
  await expect(page.getByTestId('map-version')).toHaveCount(1);

  // Reopened from the server: identical.
  await page.goto(`/app/compliance/maps?map=${id}&lng=en`);
  await expect(page.getByTestId('map-symbol-item')).toHaveCount(6);
  expect(await listed(page)).toEqual(before);
  await expect(page.getByTestId('map-name')).toHaveValue(name);
  await expect(page.getByTestId('map-valid-until')).toHaveValue('2027-09-30');
  const saved = (await (await page.request.get(`/api/maps/${id}`)).json()) as MapDetail;
  expect(saved.content.symbols.map(({ id: sid, type, x, y, rotation }) => ({ id: sid, type, x, y, rotation }))).toEqual(before);
  expect(saved.content.symbols.find((s) => s.type === 'assembly-point')?.label).toBe('Car park');

  // PNG (drawn in the browser) for the posting location "Lobby".
  await page.getByTestId('poster-for').selectOption({ label: 'Lobby' });
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('map-export-png').click()]);
  const pngBytes = readFileSync(await png.path());
  expect(pngBytes.length).toBeGreaterThan(1000);
  expect(pngBytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.suggestedFilename()).toBe('muster-poster-lobby.png');
  writeFileSync(`${SHOTS}/maps-poster-lobby.png`, pngBytes);

  // PDF through the render queue: a progress bar to 100 %, then the file.
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('map-export-pdf').click()]);
  await expect(page.getByTestId('map-export-pdf-progress')).toHaveAttribute('data-percent', '100');
  const pdfBytes = readFileSync(await pdf.path());
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfBytes.length).toBeGreaterThan(1000);
  writeFileSync(`${SHOTS}/maps-posters.pdf`, pdfBytes);

  // A second version keeps the first.
  await item(page, 'aid-1').focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await page.getByTestId('map-save').click();
  await expect(page.getByTestId('map-version')).toHaveCount(2);
  await page.locator('[data-testid="map-version"][data-version="1"] button').click();
  await expect(page.getByTestId('map-old-version')).toBeVisible();
  await expect(item(page, 'aid-1')).toHaveAttribute('data-x', '610');

  await page.goto(`/app/compliance/maps?map=${id}&lng=en`);
  await expect(item(page, 'aid-1')).toHaveAttribute('data-x', '585');
  await page.screenshot({ path: `${SHOTS}/maps-editor-en.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).include('[data-testid="map-editor"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await page.goto(`/app/compliance/maps?map=${id}&lng=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('map-symbol-item')).toHaveCount(6);
  await expect(page.getByTestId('palette-first-aid')).toContainText('الإسعافات الأولية');
  await page.screenshot({ path: `${SHOTS}/maps-editor-ar.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/compliance/maps?map=${id}&lng=en`);
  await expect(page.getByTestId('map-symbol-item')).toHaveCount(6);
  // Nothing wider than the screen but the canvas's own scroll box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await item(page, 'exit-1').focus();
  await page.keyboard.press('ArrowUp');
  await expect(item(page, 'exit-1')).toHaveAttribute('data-y', '395');
  await page.screenshot({ path: `${SHOTS}/maps-editor-390.png`, fullPage: true });

  // Every member views and exports; only managers and above edit.
  const user = await signedInPage(browser, DEMO_USERS.USER);
  await user.goto(`/app/compliance/maps?map=${id}&lng=en`);
  await expect(user.getByTestId('map-read-only')).toBeVisible();
  await expect(user.getByTestId('map-save')).toHaveCount(0);
  await expect(user.getByTestId('map-export-png')).toBeVisible();
  await expect(user.getByTestId('map-export-pdf')).toBeVisible();
});

/** A floor plan: a light PNG with dark walls every 100 px. */
function floorPlan(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(1 + width * 3, 236);
    row[0] = 0;
    for (let x = 0; x < width; x++) if (x % 100 < 5 || y % 100 < 5) row.fill(70, 1 + x * 3, 4 + x * 3);
    return row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a manager uploads a floor plan as the background: the map takes its size, and it is saved with the map', async ({ browser }) => {
  const page = await signedInPage(browser, DEMO_USERS.MANAGER);
  await page.goto('/app/compliance/maps?map=new&lng=en');
  await page.getByTestId('map-name').fill(`Floor plan ${Date.now().toString(36)}`);
  const image = page.waitForResponse((r) => /\/api\/maps\/images\/[0-9a-f-]{36}$/.test(r.url()) && r.status() === 200);
  await page.getByTestId('map-image-input').setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: floorPlan(800, 500) });
  await image;
  await page.getByTestId('palette-emergency-exit').click();
  await expect(page.getByTestId('map-symbol-item')).toHaveAttribute('data-x', '400');
  await expect(page.getByTestId('map-symbol-item')).toHaveAttribute('data-y', '250');
  await page.getByTestId('map-save').click();
  await expect(page).toHaveURL(/map=[0-9a-f-]{36}/);
  const id = new URL(page.url()).searchParams.get('map')!;
  const saved = (await (await page.request.get(`/api/maps/${id}`)).json()) as MapDetail;
  expect(saved.content).toMatchObject({ width: 800, height: 500, background: { kind: 'image' } });
  // Reopened: the saved map with its version and the floor plan behind it.
  await page.goto(`/app/compliance/maps?map=${id}&lng=en`);
  await expect(page.getByTestId('map-version')).toHaveCount(1);
  await expect(page.getByTestId('map-symbol-item')).toHaveAttribute('data-symbol-id', 'exit-1');
  await page.screenshot({ path: `${SHOTS}/maps-floor-plan-en.png`, fullPage: true });
});
