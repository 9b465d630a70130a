import { mkdirSync } from 'node:fs';
import type { AdminDashboard, InternalAuditorDashboard, ManagerDashboard, SysopsDashboard, UserDashboard } from '@muster/contracts';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, failOnMissingRecipes, signedInPage } from './support';

failOnMissingRecipes();

const SHOTS = 'test-results/dashboards';
/** The first screen after sign-in loads the shell, the page and its namespaces: on a busy two-core machine that took up to 20 s. */
const FIRST_LOAD = 30_000;

/** A dashboard's figures as the API gives them to the signed-in page. */
async function figures<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
}

/** The figure shown with this test id, digits only (figures are shown with Latin digits in every language). */
const shown = (page: Page, testId: string) => page.getByTestId(testId);

test.describe('Role dashboards', () => {
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  test('ADMIN sees members, usage, compliance and security, each figure leading to its screen', async ({ browser }) => {
    // The first test of the file warms the server, then opens two screens.
    test.slow();
    const page = await signedInPage(browser, DEMO_USERS.ADMIN);
    const data = await figures<AdminDashboard>(page, '/api/dashboards/admin');
    await page.goto('/app/dashboard');
    await expect(page).toHaveURL(/\/app\/admin\/dashboard$/, { timeout: FIRST_LOAD });
    await expect(shown(page, 'figure-active-members')).toBeVisible({ timeout: FIRST_LOAD });
    await expect(shown(page, 'figure-active-members')).toHaveText(String(data.seats.activeMembers));
    await expect(shown(page, 'figure-pending-invites')).toHaveText(String(data.seats.pendingInvites));
    await expect(shown(page, 'figure-seats')).toHaveText(`${data.seats.used} of ${data.seats.limit}`);
    await expect(shown(page, 'figure-evidence-open')).toHaveText(String(data.evidenceRequests.open));
    await expect(shown(page, 'figure-failed-sign-ins')).toHaveText(String(data.security.failedSignIns));
    await expect(page.getByTestId('compliance-row')).toHaveCount(data.compliance.length);
    await expect(page.getByTestId('recent-audit').locator('tbody tr')).toHaveCount(data.recentAudit.length);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/admin-en.png`, fullPage: true });
    // A figure leads to the screen behind it.
    await page.getByText('Active members').click();
    await expect(page).toHaveURL(/\/app\/admin\/users$/, { timeout: FIRST_LOAD });
    await page.context().close();
  });

  test('MANAGER sees cadences, corrective actions, acknowledgements and the trend chart', async ({ browser }) => {
    // Three loads of the page (desktop, 390 px, Arabic).
    test.slow();
    const page = await signedInPage(browser, DEMO_USERS.MANAGER);
    const data = await figures<ManagerDashboard>(page, '/api/dashboards/manager');
    await page.goto('/app/dashboard');
    await expect(page).toHaveURL(/\/app\/manager$/, { timeout: FIRST_LOAD });
    await expect(shown(page, 'figure-cadences-overdue')).toBeVisible({ timeout: FIRST_LOAD });
    await expect(shown(page, 'figure-cadences-overdue')).toHaveText(String(data.cadences.overdue));
    await expect(shown(page, 'figure-cadences-due-soon')).toHaveText(String(data.cadences.dueSoon));
    await expect(shown(page, 'figure-actions-open')).toHaveText(String(data.correctiveActions.open));
    await expect(shown(page, 'figure-acks-missing')).toHaveText(String(data.sopAcknowledgements.missing));
    await expect(page.getByTestId('cadence')).toHaveCount(data.cadences.items.length);
    if (data.trend.some((m) => m.runs > 0)) await expect(page.getByTestId('trend-chart')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/manager-en.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/manager-390.png`, fullPage: true });
    await page.goto('/app/manager?lng=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(shown(page, 'figure-actions-open')).toHaveText(String(data.correctiveActions.open), { timeout: FIRST_LOAD });
    await settled(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/manager-ar.png`, fullPage: true });
    await page.context().close();
  });

  test('USER sees their next drills, tickets, SOPs to acknowledge and verification state', async ({ browser }) => {
    const page = await signedInPage(browser, DEMO_USERS.USER);
    const data = await figures<UserDashboard>(page, '/api/dashboards/me');
    await page.goto('/app/dashboard');
    await expect(page).toHaveURL(/\/app\/user$/, { timeout: FIRST_LOAD });
    await expect(shown(page, 'figure-next-drills')).toBeVisible({ timeout: FIRST_LOAD });
    await expect(shown(page, 'figure-next-drills')).toHaveText(String(data.nextDrills.length));
    await expect(shown(page, 'figure-attended')).toHaveText(String(data.checkIns.attended));
    await expect(shown(page, 'figure-open-tickets')).toHaveText(String(data.tickets.open));
    if (data.sopsToAcknowledge.length)
      await expect(page.getByTestId('sops-to-ack').locator('li')).toHaveCount(data.sopsToAcknowledge.length);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/user-en.png`, fullPage: true });
    await page.context().close();
  });

  test('INTERNAL_AUDITOR sees compliance, evidence freshness, flags and the chain check', async ({ browser }) => {
    const page = await signedInPage(browser, DEMO_USERS.INTERNAL_AUDITOR);
    const data = await figures<InternalAuditorDashboard>(page, '/api/dashboards/internal-auditor');
    await page.goto('/app/dashboard');
    await expect(page).toHaveURL(/\/app\/internal-auditor$/, { timeout: FIRST_LOAD });
    await expect(shown(page, 'figure-evidence-fresh')).toBeVisible({ timeout: FIRST_LOAD });
    await expect(shown(page, 'figure-evidence-fresh')).toHaveText(String(data.evidence.fresh));
    await expect(shown(page, 'figure-flagged')).toHaveText(String(data.flagged.records + data.flagged.requests));
    await expect(page.getByTestId('compliance-row')).toHaveCount(data.compliance.length);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/auditor-en.png`, fullPage: true });
    await page.context().close();
  });

  test('SYSOPS sees the support queues above the account controls and restore requests', async ({ browser }) => {
    const page = await signedInPage(browser, DEMO_USERS.SYSOPS);
    const data = await figures<SysopsDashboard>(page, '/api/dashboards/sysops');
    await page.goto('/app/dashboard');
    await expect(page).toHaveURL(/\/app\/sysops$/, { timeout: FIRST_LOAD });
    await expect(shown(page, 'figure-chat-queued')).toBeVisible({ timeout: FIRST_LOAD });
    await expect(shown(page, 'figure-chat-queued')).toHaveText(String(data.chat.queued));
    await expect(shown(page, 'figure-tickets-breached')).toHaveText(String(data.tickets.breached));
    await expect(shown(page, 'figure-tickets-on-track')).toHaveText(String(data.tickets.onTrack));
    await expect(shown(page, 'figure-id-waiting')).toHaveText(String(data.idVerification.waiting));
    await expect(shown(page, 'figure-articles')).toHaveText(String(data.knowledgeInReview));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/sysops-en.png`, fullPage: true });
    await page.context().close();
  });

  test('the executive summary exports its PDF through the render queue to 100 % and downloads', async ({ browser }) => {
    const page = await signedInPage(browser, DEMO_USERS.ADMIN);
    await page.goto('/app/admin/executive');
    test.slow();
    await expect(page.getByTestId('executive-org')).toContainText('Harbor', { timeout: FIRST_LOAD });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/executive-en.png`, fullPage: true });
    const downloading = page.waitForEvent('download');
    await page.getByTestId('executive-pdf').click();
    await expect(page.getByTestId('executive-pdf-render')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/executive summary .*\.pdf$/);
    await download.saveAs(`${SHOTS}/executive-en.pdf`);
    // The same in Arabic (right to left, the PDF's texts in Arabic).
    await page.goto('/app/admin/executive?lng=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('executive-org')).toBeVisible({ timeout: FIRST_LOAD });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/executive-ar.png`, fullPage: true });
    const arabic = page.waitForEvent('download');
    await page.getByTestId('executive-pdf').click();
    await expect(page.getByTestId('executive-pdf-render')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await (await arabic).saveAs(`${SHOTS}/executive-ar.pdf`);
    await page.context().close();
  });
});
