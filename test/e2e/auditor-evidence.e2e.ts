import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { DEMO_USERS, csrfHeaders, failOnMissingRecipes, signInAs, signInAsAuditor, uniqueEmail } from './support';

failOnMissingRecipes();

/** The end-to-end run's own database (test/e2e/serve.mjs: one per port). */
function database(): pg.Client {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/muster_e2e_${process.env.E2E_PORT ?? '3900'}`;
  return new pg.Client({ connectionString: url.toString() });
}

/**
 * The product's local storage (serve.mjs starts it in test/ with the default DATA_DIR, .data). The
 * vault's own upload is another part of issue 20: here records are written as it stores them.
 */
const STORAGE = resolve(import.meta.dirname, '../.data/storage');

/** A 60×30 PNG of one colour. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60, 0);
  header.writeUInt32BE(30, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(180, 160)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 30 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function seedRecord(
  db: pg.Client,
  orgId: string,
  title: string,
  ruleId: string,
  body: Buffer,
): Promise<{ id: string; sha256: string }> {
  const id = randomUUID();
  const key = `evidence/${orgId}/${id}`;
  const object = join(STORAGE, 'objects', ...key.split('/'));
  mkdirSync(dirname(object), { recursive: true });
  writeFileSync(object, body);
  const meta = `${join(STORAGE, 'meta', ...key.split('/'))}.json`;
  mkdirSync(dirname(meta), { recursive: true });
  writeFileSync(meta, JSON.stringify({ contentType: 'image/png' }));
  const sha256 = createHash('sha256').update(body).digest('hex');
  await db.query(
    `INSERT INTO evidence_records (id, org_id, kind, title, description, rule_ids, period_from, period_to, file_name, content_type,
       size, sha256, storage_key, added_by_name, retain_until)
     VALUES ($1, $2, 'file', $3, 'Photo of the gate log', $4::jsonb, '2026-03-01', '2026-03-31', 'gate-log.png', 'image/png',
       $5, $6, $7, 'Harbor Point admin', now() + interval '7 years 1 day')`,
    [id, orgId, title, JSON.stringify([ruleId]), body.length, sha256, key],
  );
  return { id, sha256 };
}

/** Screenshots for a human to look at, when asked for (SHOTS_DIR; never committed). */
const SHOTS = process.env.SHOTS_DIR ? resolve(process.env.SHOTS_DIR) : null;
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage: true });
}

async function noHorizontalScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label} fits the width`).toBeLessThanOrEqual(0);
}

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 200)}`).join(', ')}`);
  expect(serious, `${label}: axe violations`).toEqual([]);
}

async function post(request: APIRequestContext, path: string, data: unknown): Promise<{ id: string }> {
  const res = await request.post(path, { data, headers: await csrfHeaders(request) });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: string };
}

test('a guest auditor reviews scoped evidence at 390 px, and an admin previews the portal read-only', async ({ browser }) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  const title = `Gate log ${tag}`;
  const auditorEmail = uniqueEmail('evidence-auditor');

  // The admin: a profile, a record in its scope, an invite.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/?lng=en');
  await signInAs(admin, DEMO_USERS.ADMIN);
  const orgId = ((await (await admin.request.get('/api/auth/me')).json()) as { org: { id: string } }).org.id;
  const profile = await post(admin.request, '/api/compliance/profiles', {
    name: `Audit ${tag}`,
    scope: 'organization',
    ruleIds: ['isps_b18_5'],
  });
  const db = database();
  await db.connect();
  let record: { id: string; sha256: string };
  try {
    record = await seedRecord(db, orgId, title, 'isps_b18_5', png());
  } finally {
    await db.end();
  }
  const invite = await post(admin.request, '/api/auditor-invites', {
    email: auditorEmail,
    auditorName: 'Nadia Auditor',
    firm: 'Quayside Assurance',
    expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    scope: { profileIds: [profile.id], facilities: [], from: '2026-01-01', to: '2026-06-30' },
  });

  // The auditor, on a phone.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/auditor-login?lng=en');
  await signInAsAuditor(page, auditorEmail);
  await page.goto('/auditor/dashboard');
  await expect(page.getByTestId('auditor-identity')).toHaveText('Nadia Auditor from Quayside Assurance');
  await expect(page.getByTestId('auditor-scope')).toContainText(`Audit ${tag}`);
  await expect(page.getByTestId('auditor-scope-period')).toContainText('2026');
  await expect(page.getByTestId('auditor-days-left')).toContainText(/(19|20) days left/);
  await expect(page.getByTestId('auditor-count-total').getByTestId('count-value')).not.toHaveText('0');
  await noHorizontalScroll(page, 'dashboard');
  await expectAccessible(page, 'auditor dashboard');
  await shot(page, 'auditor-dashboard-390');

  await page.getByTestId('auditor-tab-evidence').click();
  await page.getByTestId('evidence-search').fill(tag);
  await page.getByTestId('evidence-search-submit').click();
  const row = page.getByTestId('evidence-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('evidence-state')).toHaveAttribute('data-state', 'pending');
  await noHorizontalScroll(page, 'evidence list');
  await expectAccessible(page, 'evidence list');
  await shot(page, 'auditor-evidence-390');

  await row.getByTestId('evidence-open').click();
  await expect(page.getByTestId('evidence-sha256')).toHaveText(record.sha256);
  await page.getByTestId('evidence-view').click();
  await expect(page.getByTestId('evidence-viewer-image')).toBeVisible();
  expect(await page.getByTestId('evidence-viewer-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(60);
  await expect(page.getByTestId('custody-event').filter({ hasText: 'Viewed by Nadia Auditor (Quayside Assurance)' })).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('evidence-download').click();
  expect((await downloading).suggestedFilename()).toBe('gate-log-stamped.pdf');
  await expect(page.getByTestId('custody-event').filter({ hasText: 'Downloaded by Nadia Auditor' })).toHaveCount(1);

  await page.getByTestId('evidence-flag').click();
  await page.getByTestId('flag-submit').click();
  await expect(page.getByTestId('flag-dialog')).toContainText('Say what is wrong: a flag needs a comment');
  await page.getByTestId('flag-comment').fill('The photo shows no date');
  await page.getByTestId('flag-submit').click();
  await expect(page.getByTestId('flag-dialog')).toBeHidden();
  await expect(page.getByTestId('evidence-review').getByTestId('evidence-state')).toHaveAttribute('data-state', 'flagged');
  await expect(page.getByTestId('evidence-review-comment')).toHaveText('The photo shows no date');
  await noHorizontalScroll(page, 'record');

  // In Arabic the portal is mirrored and still fits the phone.
  await page.goto('/auditor/evidence?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('سجلات الأدلة');
  await expect(page.getByTestId('evidence-row').filter({ hasText: title }).getByTestId('evidence-state')).toHaveText('عليه ملاحظة');
  await noHorizontalScroll(page, 'evidence list in Arabic');
  await shot(page, 'auditor-evidence-390-ar');
  await page.goto(`/auditor/evidence?lng=en&record=${record.id}`);
  await expectAccessible(page, 'evidence record');
  await shot(page, 'auditor-record-390');

  // The admin previews the same invite: the auditor's name, a banner, no verdicts, the preview kept between tabs.
  await admin.goto(`/auditor/dashboard?preview=${invite.id}`);
  await expect(admin.getByTestId('auditor-preview-banner')).toContainText('Preview as Nadia Auditor from Quayside Assurance');
  await expect(admin.getByTestId('auditor-identity')).toHaveText('Nadia Auditor from Quayside Assurance');
  await expect(admin.getByTestId('auditor-count-flagged').getByTestId('count-value')).toHaveText('1');
  await admin.getByTestId('auditor-tab-evidence').click();
  await expect(admin).toHaveURL(new RegExp(`/auditor/evidence\\?preview=${invite.id}$`));
  await admin.getByTestId('evidence-search').fill(tag);
  await admin.getByTestId('evidence-search-submit').click();
  await admin.getByTestId('evidence-row').filter({ hasText: title }).getByTestId('evidence-open').click();
  await expect(admin.getByTestId('evidence-review-comment')).toHaveText('The photo shows no date');
  await expect(admin.getByTestId('evidence-accept')).toHaveCount(0);
  await expect(admin.getByTestId('evidence-flag')).toHaveCount(0);
  await expect(admin.getByTestId('auditor-preview-exit')).toBeVisible();
  await shot(admin, 'auditor-preview-record');

  await context.close();
  await adminContext.close();
});
