import { readFileSync } from 'node:fs';
import type { AuditorInvite, EvidenceList, TimelinePage } from '@muster/contracts';
import { expect, test, type Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, signedInPage, signInAsAuditor, uniqueEmail } from './support';

failOnMissingRecipes();

/**
 * Issue 20 end to end: an admin adds evidence (a file and an approved drill run) and invites an
 * auditor with a scope and an expiry; the auditor signs in with the emailed code, sees exactly the
 * scoped records, views one inline, flags one with a comment and raises a request; the admin
 * answers it with new evidence; the auditor accepts it, builds a bundle with a progress bar and
 * downloads it. The organisation's timeline shows the auditor's views and downloads.
 */

const RULE = 'Port facility security drill at least every 3 months';

function pdf(title: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(18).text(title);
    doc.fontSize(11).text('Signed muster list — berth 4 evacuation, all 23 crew accounted for.');
    doc.end();
  });
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Adds a file through the Records tab's dialog. */
async function addFile(admin: Page, title: string): Promise<void> {
  await admin.getByTestId('evidence-add-file').click();
  const form = admin.getByTestId('evidence-file-form');
  await form
    .getByTestId('evidence-file-input')
    .setInputFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: await pdf(title) });
  await form.getByTestId('evidence-file-title').fill(title);
  await form.getByText(RULE).click();
  await form.getByTestId('evidence-file-submit').click();
  await expect(form).toBeHidden({ timeout: 30_000 });
}

test.describe('evidence vault and the guest-auditor portal', () => {
  test.setTimeout(240_000);

  test('evidence, a scoped auditor, a flag, a request answered and accepted, a signed bundle downloaded', async ({ browser }) => {
    const stamp = Date.now().toString(36);
    const admin = await signedInPage(browser, DEMO_USERS.ADMIN);
    await admin.goto('/app/admin/evidence-vault?lng=en');

    // A file and an approved drill run, through the dialogs.
    await addFile(admin, `Muster list ${stamp}`);
    await expect(admin.getByTestId('evidence-card').filter({ hasText: `Muster list ${stamp}` })).toBeVisible();
    await admin.getByTestId('evidence-add-link').click();
    const link = admin.getByTestId('evidence-link-form');
    await link.getByTestId('evidence-link-kind').selectOption('drill_run');
    await link.getByTestId('evidence-link-object').selectOption({ index: 1 });
    await link.getByTestId('evidence-link-title').fill(`Approved drill ${stamp}`);
    await link.getByText(RULE).click();
    // The run's period is suggested from the run; the scope below covers the last year.
    await link.getByTestId('evidence-link-submit').click();
    await expect(link).toBeHidden({ timeout: 90_000 });
    await expect(admin.getByTestId('evidence-card').filter({ hasText: `Approved drill ${stamp}` })).toBeVisible();

    // A record outside the scope (another rule): the auditor must not see it.
    const outside = await admin.request.post(
      `/api/evidence?title=${encodeURIComponent(`Abandon-ship log ${stamp}`)}&ruleIds=solas_iii_19_3&from=${day(new Date())}&to=${day(new Date())}`,
      {
        headers: await csrfHeaders(admin.request),
        multipart: { file: { name: 'log.pdf', mimeType: 'application/pdf', buffer: await pdf('Abandon ship') } },
      },
    );
    expect(outside.status()).toBe(201);

    // The invite, through the Auditors tab.
    const email = uniqueEmail('auditor');
    await admin.getByTestId('vault-tab-auditors').click();
    await admin.getByTestId('invite-open').first().click();
    const dialog = admin.getByTestId('invite-dialog');
    await dialog.getByTestId('invite-name').fill('Iris Vogel');
    await dialog.getByTestId('invite-firm').fill('Seaward Audit LLP');
    await dialog.getByTestId('invite-email').fill(email);
    await dialog.getByText('ISPS — Terminal 2').click();
    await dialog.getByTestId('invite-from').fill(day(new Date(Date.now() - 365 * 86_400_000)));
    await dialog.getByTestId('invite-to').fill(day(new Date()));
    await dialog.getByTestId('invite-submit').click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByTestId(`invite-${email}`).getByTestId('invite-status')).toHaveText('Active');
    const invite = ((await (await admin.request.get('/api/auditor-invites')).json()) as AuditorInvite[]).find((i) => i.email === email)!;

    // The auditor signs in with the emailed code and sees exactly the scoped records.
    const auditorContext = await browser.newContext({ acceptDownloads: true });
    const auditor = await auditorContext.newPage();
    await auditor.goto('/auditor-login?lng=en');
    await signInAsAuditor(auditor, email);
    const inScope = (await (await auditor.request.get(`/api/auditor/evidence?q=${stamp}`)).json()) as EvidenceList;
    expect(inScope.items.map((r) => r.title).sort()).toEqual([`Approved drill ${stamp}`, `Muster list ${stamp}`]);
    await auditor.goto(`/auditor/evidence?q=${stamp}&lng=en`);
    const rows = auditor.getByTestId('evidence-row');
    await expect(rows).toHaveCount(2);
    await expect(auditor.getByText(`Abandon-ship log ${stamp}`)).toHaveCount(0);

    // Views the file inline.
    await rows
      .filter({ hasText: `Muster list ${stamp}` })
      .getByTestId('evidence-open')
      .click();
    const record = auditor.getByTestId('evidence-record');
    await expect(record).toContainText(`Muster list ${stamp}`);
    await record.getByTestId('evidence-view').click();
    await expect(record.getByTestId('evidence-viewer-pdf')).toBeVisible();

    // Flags the drill run with a comment.
    await record.getByTestId('evidence-back').click();
    await rows
      .filter({ hasText: `Approved drill ${stamp}` })
      .getByTestId('evidence-open')
      .click();
    await auditor.getByTestId('evidence-flag').click();
    await auditor.getByTestId('flag-comment').fill('Participants list is missing the night shift');
    await auditor.getByTestId('flag-submit').click();
    await expect(auditor.getByTestId('evidence-review').getByTestId('evidence-state')).toHaveText('Flagged');

    // Raises a request.
    await auditor.goto('/auditor/dashboard?lng=en');
    await auditor.getByTestId('request-open').click();
    const requestForm = auditor.getByTestId('request-form');
    await requestForm.getByTestId('request-text').fill(`Night shift muster list ${stamp}`);
    await requestForm.getByTestId('request-due').fill(day(new Date(Date.now() + 14 * 86_400_000)));
    await requestForm.getByTestId('request-submit').click();
    const requestCard = auditor
      .getByTestId('requests-list')
      .locator('[data-testid^="request-"]')
      .filter({ hasText: `Night shift muster list ${stamp}` });
    await expect(requestCard.getByTestId('request-state')).toHaveText('Open');

    // The admin answers it with new evidence.
    await admin.goto('/app/admin/evidence-vault?lng=en');
    await addFile(admin, `Night shift list ${stamp}`);
    await admin.goto('/app/admin/evidence-vault?tab=requests&lng=en');
    const orgRequest = admin
      .locator('[data-testid^="org-request-"]')
      .filter({ hasText: `Night shift muster list ${stamp}` })
      .first();
    await orgRequest.getByTestId('org-request-answer').click();
    const answer = admin.getByTestId('answer-form');
    await answer.getByTestId('answer-search').fill(stamp);
    await answer.getByTestId(`answer-record-Night shift list ${stamp}`).check({ force: true });
    await answer.getByTestId('answer-note').fill('Night shift list attached, signed by the duty officer');
    await answer.getByTestId('answer-submit').click();
    await expect(orgRequest.getByTestId('request-state')).toHaveText('Submitted');

    // The auditor accepts it.
    await auditor.reload();
    await expect(requestCard.getByTestId('request-state')).toHaveText('Submitted');
    await requestCard.getByTestId('request-accept').click();
    await expect(requestCard.getByTestId('request-state')).toHaveText('Accepted');

    // Builds a bundle and downloads it. (Its progress bar is not awaited here: a bundle this small
    // can be done before the page has drawn a frame of progress, and then none is shown; the
    // page's spec drives the progress with events, AuditorBundlesPage.spec.tsx.)
    await auditor.goto('/auditor/bundles?lng=en');
    await auditor.getByTestId('bundle-build-submit').click();
    const bundle = auditor.getByTestId('bundle').first();
    await expect(bundle.getByTestId('bundle-download')).toBeVisible({ timeout: 90_000 });
    await expect(bundle).toHaveAttribute('data-status', 'done');
    const [download] = await Promise.all([auditor.waitForEvent('download'), bundle.getByTestId('bundle-download').click()]);
    const zip = readFileSync(await download.path());
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    await expect(bundle.getByTestId('bundle-manifest-sha256')).toHaveText(/[0-9a-f]{64}/);
    await auditorContext.close();

    // The organisation's timeline shows the auditor's view and download.
    for (const action of ['evidence.viewed', 'audit_bundle.downloaded']) {
      const page = (await (await admin.request.get(`/api/admin/security/timeline?action=${action}&pageSize=100`)).json()) as TimelinePage;
      expect(
        page.items.some((e) => e.actor.inviteId === invite.id),
        action,
      ).toBe(true);
    }
    await admin.goto('/app/admin/security-timeline?lng=en');
    await expect(admin.getByText(email).first()).toBeVisible();
    await admin.context().close();
  });
});
