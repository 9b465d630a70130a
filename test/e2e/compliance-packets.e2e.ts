import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, signedInPage } from './support';

failOnMissingRecipes();

/**
 * Compliance packets end to end: a manager generates a packet with a progress bar reaching 100 %,
 * accepts the waiver, downloads it; a visitor opens /verify-packet from the QR's URL (verified
 * offline with the published key, then valid), chooses the downloaded file (match) and a copy with
 * one byte changed (mismatch); after a re-issue the old packet is superseded, after an ADMIN's
 * revocation the new one is revoked.
 */

const SHOTS = 'test-results/compliance-packets';

interface PacketView {
  id: string;
  version: number;
  state: string;
  shortCode: string;
  verifyUrl: string;
  profileId: string;
}

/** axe finds no serious or critical violation on the page as it is now. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: axe violations`).toEqual([]);
}

async function packetList(page: Page): Promise<PacketView[]> {
  return ((await (await page.request.get('/api/compliance/packets')).json()) as { packets: PacketView[] }).packets;
}

/** The QR's URL on this server (the token is what matters; the origin is the configured one). */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

test.describe('Compliance packets', () => {
  test.setTimeout(180_000);

  test('generate with progress, waiver, download; verify by QR, file, re-issue and revocation', async ({ browser }) => {
    mkdirSync(SHOTS, { recursive: true });
    const manager = await signedInPage(browser, DEMO_USERS.MANAGER);
    const profileName = `ISPS e2e ${Date.now().toString(36)}`;
    const created = await manager.request.post('/api/compliance/profiles', {
      data: { name: profileName, scope: 'organization', ruleIds: ['isps_b18_5', 'solas_iii_19_3'] },
      headers: await csrfHeaders(manager.request),
    });
    expect(created.status()).toBe(201);
    const profileId = ((await created.json()) as { id: string }).id;

    // The demo organisation's seeded packets: version 1 superseded by version 2, which is valid.
    const seeded = (await packetList(manager)).filter((p) => p.profileId !== profileId);
    expect(seeded.map((p) => [p.version, p.state])).toEqual([
      [2, 'issued'],
      [1, 'superseded'],
    ]);
    const demoVisitor = await (await browser.newContext()).newPage();
    for (const [packet, status] of [
      [seeded[0]!, 'valid'],
      [seeded[1]!, 'superseded'],
    ] as const) {
      await demoVisitor.goto(`${pathOf(packet.verifyUrl)}&lng=en`);
      await expect(demoVisitor.getByTestId('verify-offline')).toHaveAttribute('data-verdict', 'verified');
      await expect(demoVisitor.getByTestId('verify-result')).toHaveAttribute('data-status', status);
    }
    await demoVisitor.context().close();

    await manager.goto('/app/compliance/packets');
    await expect(manager.getByTestId('packets-page')).toBeVisible();
    await manager.getByTestId('packet-profile').selectOption(profileId);
    await manager.getByTestId('packet-generate-submit').click();

    // The waiver comes first, in a dialog; accepting it starts the packet.
    const waiver = manager.getByTestId('waiver-dialog');
    await expect(waiver).toBeVisible();
    await expect(manager.getByTestId('waiver-text')).toContainText('does not guarantee regulatory compliance');
    await manager.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await manager.screenshot({ path: `${SHOTS}/waiver-en.png` });
    await expectAccessible(manager, 'the waiver dialog');
    const firstDownload = manager.waitForEvent('download');
    await manager.getByTestId('waiver-accept').click();
    await expect(waiver).toBeHidden();
    await expect(manager.getByTestId('packet-generate-progress')).toBeVisible();
    await expect(manager.getByTestId('packet-generate-render')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(manager.getByTestId('packet-generate-progress')).toHaveAttribute('data-percent', '100');
    await (await firstDownload).path();

    const v1 = (await packetList(manager)).find((p) => p.profileId === profileId)!;
    expect(v1).toMatchObject({ version: 1, state: 'issued' });
    const row = manager.locator(`[data-testid="packet-row"][data-code="${v1.shortCode}"]`);
    await expect(row.getByTestId('packet-state')).toHaveText('Issued');

    // A download from the list: no waiver asked again (accepted once for this version).
    const downloading = manager.waitForEvent('download');
    await row.getByTestId('packet-download').click();
    const download = await downloading;
    const file = `${SHOTS}/packet-v1.pdf`;
    await download.saveAs(file);
    await expect(waiver).toBeHidden();
    const pdf = readFileSync(file);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(v1.shortCode);
    expect(text).toContain('Downloaded by Marcus Lee');
    await manager.screenshot({ path: `${SHOTS}/packets-en.png`, fullPage: true });
    await expectAccessible(manager, '/app/compliance/packets');

    // A visitor opens the QR's URL: verified offline with the published key, then valid.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${pathOf(v1.verifyUrl)}&lng=en`);
    await expect(visitor.getByTestId('verify-offline')).toHaveAttribute('data-verdict', 'verified');
    await expect(visitor.getByTestId('verify-offline')).toContainText('verified offline with key mk-');
    await expect(visitor.getByTestId('verify-result')).toHaveAttribute('data-status', 'valid');
    await expect(visitor.getByTestId('verify-profile')).toHaveText(profileName);
    await visitor.screenshot({ path: `${SHOTS}/verify-valid-en.png`, fullPage: true });

    // The downloaded file: hashed in the browser, a match; one byte changed: a mismatch.
    await visitor.getByTestId('verify-file-input').setInputFiles(file);
    await expect(visitor.getByTestId('verify-file')).toHaveAttribute('data-match', 'true');
    const changed = Buffer.from(pdf);
    changed.writeUInt8(changed.readUInt8(changed.length - 30) ^ 1, changed.length - 30);
    const changedFile = `${SHOTS}/packet-v1-changed.pdf`;
    writeFileSync(changedFile, changed);
    expect(createHash('sha256').update(changed).digest('hex')).not.toBe(createHash('sha256').update(pdf).digest('hex'));
    await visitor.getByTestId('verify-file-input').setInputFiles(changedFile);
    await expect(visitor.getByTestId('verify-file')).toHaveAttribute('data-match', 'false');
    await visitor.screenshot({ path: `${SHOTS}/verify-mismatch-en.png`, fullPage: true });
    await expectAccessible(visitor, '/verify-packet with a result');

    // Re-issue: version 2; the old packet is superseded, with a link to the current one.
    await row.getByTestId('packet-reissue').click();
    await expect(row.getByTestId('packet-reissue-render')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    const v2 = (await packetList(manager)).find((p) => p.profileId === profileId && p.version === 2)!;
    await expect(manager.locator(`[data-testid="packet-row"][data-code="${v1.shortCode}"]`).getByTestId('packet-state')).toHaveText(
      'Superseded',
    );
    await visitor.goto(`${pathOf(v1.verifyUrl)}&lng=en`);
    await expect(visitor.getByTestId('verify-result')).toHaveAttribute('data-status', 'superseded');
    await expect(visitor.getByTestId('verify-current')).toContainText(v2.shortCode);

    // An ADMIN revokes version 2 with a reason: the public page says revoked, with the reason.
    const admin = await signedInPage(browser, DEMO_USERS.ADMIN);
    await admin.goto('/app/compliance/packets');
    const v2row = admin.locator(`[data-testid="packet-row"][data-code="${v2.shortCode}"]`);
    await v2row.getByTestId('packet-revoke').click();
    await admin.getByTestId('packet-revoke-reason').fill('Issued for the wrong facility');
    await admin.getByTestId('packet-revoke-submit').click();
    await expect(v2row.getByTestId('packet-state')).toHaveText('Revoked');
    await visitor.goto(`/verify-packet?code=${v2.shortCode}&lng=en`);
    await expect(visitor.getByTestId('verify-result')).toHaveAttribute('data-status', 'revoked');
    await expect(visitor.getByTestId('verify-revoked')).toContainText('Issued for the wrong facility');

    // By typed code, in Arabic, at 390 px.
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto('/verify-packet?lng=ar');
    await visitor.getByTestId('verify-code').fill(v1.shortCode.toLowerCase());
    await visitor.getByTestId('verify-code-submit').click();
    await expect(visitor.getByTestId('verify-result')).toHaveAttribute('data-status', 'superseded');
    await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
    await visitor.screenshot({ path: `${SHOTS}/verify-superseded-ar-390.png`, fullPage: true });
    await visitor.goto('/verify-packet?code=ABC&lng=en');
    await expect(visitor.getByTestId('verify-error')).toContainText('10 letters and digits');

    await manager.setViewportSize({ width: 390, height: 844 });
    await manager.goto('/app/compliance/packets?lng=ar');
    await expect(manager.getByTestId('packets-list')).toBeVisible();
    await manager.screenshot({ path: `${SHOTS}/packets-ar-390.png`, fullPage: true });
    // A download in Arabic: the packet in the reader's language.
    const arabic = manager.waitForEvent('download');
    await manager.locator(`[data-testid="packet-row"][data-code="${v1.shortCode}"]`).getByTestId('packet-download').click();
    await (await arabic).saveAs(`${SHOTS}/packet-v1-ar.pdf`);
    expect(execFileSync('pdftotext', ['-enc', 'UTF-8', `${SHOTS}/packet-v1-ar.pdf`, '-'], { encoding: 'utf8' })).toContain('حزمة امتثال');
    await visitorContext.close();
  });
});
