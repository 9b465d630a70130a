import type { AuditorInvite, EvidenceRequestView } from '@muster/contracts';
import { expect, test } from '@playwright/test';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, signedInPage, signInAsAuditor, uniqueEmail } from './support';

failOnMissingRecipes();

/**
 * The vault's Auditors and Requests tabs: an ADMIN invites an auditor with a scope through the
 * dialog, changes the invite's expiry and revokes it; a request the auditor raises shows on the
 * Requests tab, highlighted from the notification's link. At 390 px and in Arabic too.
 */
test.describe('guest-auditor invites and requests (vault tabs)', () => {
  test('an admin invites an auditor with a scope, changes the expiry and revokes the invite', async ({ browser }) => {
    const admin = await signedInPage(browser, DEMO_USERS.ADMIN);
    const email = uniqueEmail('invitee');
    await admin.goto('/app/admin/evidence-vault?tab=auditors&lng=en');
    await expect(admin.getByTestId('auditor-invites-panel')).toBeVisible();
    await admin.getByTestId('invite-open').first().click();
    const dialog = admin.getByTestId('invite-dialog');
    // Nothing chosen: the form says what is missing without asking the server.
    await dialog.getByTestId('invite-submit').click();
    await expect(dialog).toContainText('Choose at least one compliance profile the auditor may review');
    await dialog.getByTestId('invite-name').fill('Iris Vogel');
    await dialog.getByTestId('invite-firm').fill('Seaward Audit LLP');
    await dialog.getByTestId('invite-email').fill(email);
    await dialog.getByText('ISPS — Terminal 2').click();
    await dialog.getByText('Terminal 2, Harbor Point').click();
    await dialog.getByTestId('invite-from').fill('2026-01-01');
    await dialog.getByTestId('invite-to').fill('2026-06-30');
    await dialog.getByTestId('invite-submit').click();
    await expect(dialog).toBeHidden();

    const card = admin.getByTestId(`invite-${email}`);
    await expect(card).toContainText('Iris Vogel from Seaward Audit LLP');
    await expect(card).toContainText('Profiles: ISPS — Terminal 2');
    await expect(card).toContainText('Facilities: Terminal 2, Harbor Point');
    await expect(card.getByTestId('invite-status')).toHaveText('Active');
    await expect(card.getByTestId(`invite-preview-${email}`)).toHaveAttribute('href', /\/auditor\/dashboard\?preview=[0-9a-f-]{36}$/);

    // A longer expiry, within the year.
    await card.getByTestId(`invite-edit-${email}`).click();
    const edit = admin.getByTestId('invite-edit-dialog');
    const day = new Date(Date.now() + 90 * 86_400_000);
    const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    await edit.getByTestId('invite-expires').fill(iso);
    await edit.getByTestId('invite-submit').click();
    await expect(edit).toBeHidden();
    const invites = (await (await admin.request.get('/api/auditor-invites')).json()) as AuditorInvite[];
    const invite = invites.find((i) => i.email === email)!;
    const days = (Date.parse(invite.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThan(92);

    await card.getByTestId(`invite-revoke-${email}`).click();
    await admin.getByTestId('invite-revoke-confirm').click();
    await expect(card.getByTestId('invite-status')).toHaveText('Revoked');
    await expect(card.getByTestId(`invite-edit-${email}`)).toHaveCount(0);
    await admin.context().close();
  });

  test("an auditor's request shows on the Requests tab, at 390 px and in Arabic", async ({ browser }) => {
    const admin = await signedInPage(browser, DEMO_USERS.ADMIN);
    const profiles = (await (await admin.request.get('/api/compliance/profiles')).json()) as { items: { id: string; name: string }[] };
    const isps = profiles.items.find((p) => p.name === 'ISPS — Terminal 2')!;
    const email = uniqueEmail('requester');
    const created = await admin.request.post('/api/auditor-invites', {
      headers: await csrfHeaders(admin.request),
      data: {
        email,
        auditorName: 'Noor Haddad',
        expiresAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        scope: { profileIds: [isps.id], from: '2026-01-01', to: '2026-12-31' },
      },
    });
    expect(created.status()).toBe(201);

    const auditorContext = await browser.newContext();
    const auditor = await auditorContext.newPage();
    await auditor.goto('/auditor-login?lng=en');
    await signInAsAuditor(auditor, email);
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const asked = await auditor.request.post('/api/auditor/requests', {
      headers: await csrfHeaders(auditor.request),
      data: { text: 'Signed muster lists of the Q1 evacuation drills', ruleId: 'isps_b18_5', dueDate: due },
    });
    expect(asked.status()).toBe(201);
    const request = (await asked.json()) as EvidenceRequestView;
    await auditorContext.close();

    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`/app/admin/evidence-vault?tab=requests&request=${request.id}&lng=en`);
    const card = admin.getByTestId(`org-request-${request.id}`);
    await expect(card).toContainText('Signed muster lists of the Q1 evacuation drills');
    await expect(card).toContainText('From Noor Haddad');
    await expect(card.getByTestId('request-state')).toHaveText('Open');
    const width = await admin.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await admin.getByTestId('org-requests-filter').selectOption('accepted');
    await expect(card).toHaveCount(0);

    await admin.goto(`/app/admin/evidence-vault?tab=requests&request=${request.id}&lng=ar`);
    await expect(admin.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(admin.getByTestId(`org-request-${request.id}`).getByTestId('request-state')).toHaveText('مفتوح');
    await admin.context().close();
  });
});
