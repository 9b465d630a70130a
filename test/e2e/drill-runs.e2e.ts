import { randomBytes } from 'node:crypto';
import { DEFAULT_REMINDER_RULES } from '@muster/contracts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, signedInPage } from './support';

failOnMissingRecipes();

/** The built-in library's evacuation template (library templates have fixed ids). */
const LIBRARY_EVACUATION = '33ccc061-b5f5-5609-b9df-aaba32023f35';

const tag = (what: string) => `${what} ${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

async function memberId(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.get('/api/drills/members');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; email: string }[] };
  const member = items.find((m) => m.email === email);
  expect(member, `member ${email}`).toBeDefined();
  return member!.id;
}

async function scheduleRun(
  request: APIRequestContext,
  body: { title: string; scheduledAt: string; leadUserId: string; location?: string },
): Promise<string> {
  const res = await request.post('/api/drills/runs', {
    headers: await csrfHeaders(request),
    data: { templateId: LIBRARY_EVACUATION, location: 'Muster station A', ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function saveRules(request: APIRequestContext, rules: unknown[]): Promise<void> {
  const res = await request.put('/api/drills/reminders/rules', { headers: await csrfHeaders(request), data: { rules } });
  expect(res.status(), await res.text()).toBe(200);
}

/** `YYYY-MM-DD` of a local day `days` from today, in the browser (the page's time zone). */
function localDay(page: Page, days: number): Promise<string> {
  return page.evaluate((d) => {
    const at = new Date();
    at.setDate(at.getDate() + d);
    return `${String(at.getFullYear())}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  }, days);
}

// The reminder rules are the organisation's: the tests that change them run one after the other.
test.describe.serial('Drill runs, quick create, reminders and the bell', () => {
  test.describe.configure({ timeout: 90_000 });

  test.afterAll(async ({ browser }) => {
    const manager = await signedInPage(browser, DEMO_USERS.MANAGER);
    await saveRules(manager.request, [...DEFAULT_REMINDER_RULES]);
    await manager.context().close();
  });

  test('a manager schedules a library drill through the wizard, finds it in the list and the calendar, moves it and cancels another', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, DEMO_USERS.MANAGER);
    const title = tag('Wizard evacuation');
    const day = await localDay(page, 3);

    // From the runs page to the wizard.
    await page.goto('/app/drills/runs?lng=en');
    await expect(page.getByTestId('runs-page')).toBeVisible();
    await page.getByTestId('runs-schedule').click();
    await expect(page.getByTestId('quick-create-page')).toBeVisible();

    // Scenario: Next without one says so in place.
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('wizard-form')).toContainText('Choose a scenario');
    await page.getByTestId('scenario-evacuation').click();
    await page.getByTestId('wizard-next').click();

    // Template: the library's.
    await expect(page.getByTestId('wizard-form')).toHaveAttribute('data-step', 'template');
    await page.locator(`[data-testid="wizard-template"][data-template-id="${LIBRARY_EVACUATION}"]`).click();
    await page.getByTestId('wizard-next').click();

    // Date, time and place; the location is required.
    await expect(page.getByTestId('wizard-form')).toHaveAttribute('data-step', 'when');
    await page.getByTestId('wizard-title').fill(title);
    await page.getByTestId('wizard-date').fill(day);
    await page.getByTestId('wizard-time').fill('10:30');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('wizard-form')).toContainText('Required');
    await page.getByTestId('wizard-location').fill('Berth 7, muster station C');
    // Back and forth keeps what was entered.
    await page.getByTestId('wizard-back').click();
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('wizard-location')).toHaveValue('Berth 7, muster station C');
    await page.getByTestId('wizard-next').click();

    // Lead (the manager, chosen already) and the roster: a member with a position, and a guest.
    await expect(page.getByTestId('wizard-form')).toHaveAttribute('data-step', 'people');
    await page.getByTestId('roster-member').selectOption({ label: `Uma Patel (${DEMO_USERS.USER})` });
    await page.getByTestId('roster-add-member').click();
    await page.getByTestId('roster-position').selectOption({ label: 'Muster warden' });
    await page.getByTestId('roster-guest').fill('Pilot Jonas');
    await page.getByTestId('roster-guest').press('Enter');
    await expect(page.getByTestId('roster-row')).toHaveCount(2);
    await page.getByTestId('wizard-next').click();

    // Review, then schedule: the console of the new run opens.
    await expect(page.getByTestId('review-title')).toContainText(title);
    await expect(page.getByTestId('review-roster')).toContainText('Pilot Jonas');
    await page.getByTestId('wizard-schedule').click();
    await expect(page).toHaveURL(/\/app\/drills\/console\/[0-9a-f-]{36}$/);
    const runId = /\/console\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    const stored = (await (await page.request.get(`/api/drills/runs/${runId}`)).json()) as {
      scheduledAt: string;
      participants: { name: string; positionId: string | null }[];
    };
    expect(stored.participants.map((p) => [p.name, p.positionId])).toEqual([
      ['Uma Patel', 'muster'],
      ['Pilot Jonas', null],
    ]);
    expect(stored.scheduledAt).toBe(await page.evaluate((d) => new Date(`${d}T10:30:00`).toISOString(), day));

    // The list (mine, scheduled) shows it.
    await page.goto('/app/drills/runs?lng=en&mine=true&status=scheduled');
    const row = page.getByTestId('run-row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-run-id', runId);
    await expect(row.getByTestId('run-status')).toHaveAttribute('data-status', 'scheduled');
    await expect(row.getByTestId('run-when')).toContainText('10:30 AM');
    await expect(row).toContainText('Participants: 2');

    // The calendar of its month shows it on its day.
    await page.getByTestId('runs-view-calendar').click();
    await expect(page).toHaveURL(/view=calendar/);
    await page.goto(`/app/drills/runs?lng=en&view=calendar&month=${day.slice(0, 7)}`);
    const cell = page.locator(`[data-testid="calendar-day"][data-day="${day}"]`);
    await expect(cell.locator(`[data-testid="calendar-run"][data-run-id="${runId}"]`)).toBeVisible();

    // Change its time: the past is refused in place, a later time is saved.
    await page.goto('/app/drills/runs?lng=en&mine=true&status=scheduled');
    await row.getByTestId('run-change-plan').click();
    const dialog = page.getByTestId('plan-dialog');
    await expect(page.getByTestId('plan-time')).toHaveValue('10:30');
    await page.getByTestId('plan-date').fill(await localDay(page, -1));
    await page.getByTestId('plan-submit').click();
    await expect(dialog).toContainText('Choose a time in the future');
    await page.getByTestId('plan-date').fill(day);
    await page.getByTestId('plan-time').fill('15:45');
    await page.getByTestId('plan-submit').click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByTestId('run-when')).toContainText('3:45 PM');
    const moved = (await (await page.request.get(`/api/drills/runs/${runId}`)).json()) as { scheduledAt: string };
    expect(moved.scheduledAt).toBe(await page.evaluate((d) => new Date(`${d}T15:45:00`).toISOString(), day));

    // Cancel another run, after the confirmation.
    const other = tag('Cancelled evacuation');
    const me = await memberId(page.request, DEMO_USERS.MANAGER);
    const otherId = await scheduleRun(page.request, {
      title: other,
      scheduledAt: new Date(Date.now() + 4 * 86_400_000).toISOString(),
      leadUserId: me,
    });
    await page.goto('/app/drills/runs?lng=en&mine=true');
    const otherRow = page.locator(`[data-testid="run-row"][data-run-id="${otherId}"]`);
    await otherRow.getByTestId('run-cancel').click();
    await expect(page.getByTestId('cancel-dialog')).toContainText(other);
    await page.getByTestId('cancel-confirm').click();
    await expect(otherRow).toHaveAttribute('data-status', 'cancelled');
    await expect(otherRow.getByTestId('run-cancel')).toHaveCount(0);
    await expect(otherRow.getByTestId('run-change-plan')).toHaveCount(0);
    // The first one is untouched.
    await expect(page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`)).toHaveAttribute('data-status', 'scheduled');
    await page.context().close();
  });

  test('reminder rules: a bad one is refused with its field’s message, a good one is saved', async ({ browser }) => {
    const page = await signedInPage(browser, DEMO_USERS.MANAGER);
    await saveRules(page.request, [...DEFAULT_REMINDER_RULES]);
    await page.goto('/app/drills/reminders?lng=en');
    await expect(page.getByTestId('reminders-page')).toBeVisible();
    await expect(page.getByTestId('rule-row')).toHaveCount(3);

    await page.getByTestId('rule-add').click();
    const added = page.getByTestId('rule-row').nth(3);
    await added.getByTestId('rule-lead-value').fill('2');
    await added.getByTestId('rule-lead-unit').selectOption('minutes');
    await page.getByTestId('rules-save').click();
    await expect(added.getByTestId('rule-lead-error')).toHaveText('Must be at least 5 minutes');
    await expect(page.getByTestId('rules-invalid')).toBeVisible();
    let saved = (await (await page.request.get('/api/drills/reminders')).json()) as { rules: { leadMinutes: number }[] };
    expect(saved.rules.map((r) => r.leadMinutes).sort((a, b) => a - b)).toEqual([60, 1440, 10080]);

    // A whole number of hours, two of them: saved, and the message is gone.
    await added.getByTestId('rule-lead-value').fill('2');
    await added.getByTestId('rule-lead-unit').selectOption('hours');
    await expect(added.getByTestId('rule-lead-error')).toHaveCount(0);
    // The button is disabled while the save is under way too: wait for the save's own answer.
    const savedRules = page.waitForResponse((r) => r.url().endsWith('/api/drills/reminders/rules') && r.request().method() !== 'GET');
    await page.getByTestId('rules-save').click();
    expect((await savedRules).ok()).toBe(true);
    await expect(page.getByTestId('rules-save')).toBeDisabled();
    saved = (await (await page.request.get('/api/drills/reminders')).json()) as { rules: { leadMinutes: number }[] };
    expect(saved.rules.map((r) => r.leadMinutes).sort((a, b) => a - b)).toEqual([60, 120, 1440, 10080]);
    // After a reload the form shows what was saved.
    await page.reload();
    await expect(page.getByTestId('rule-row')).toHaveCount(4);
    await page.context().close();
  });

  test('a USER sees the runs but cannot schedule, and reads the reminders without changing them', async ({ browser }) => {
    const manager = await signedInPage(browser, DEMO_USERS.MANAGER);
    const title = tag('Led by the manager');
    await scheduleRun(manager.request, {
      title,
      scheduledAt: new Date(Date.now() + 6 * 86_400_000).toISOString(),
      leadUserId: await memberId(manager.request, DEMO_USERS.MANAGER),
    });
    await manager.context().close();

    const page = await signedInPage(browser, DEMO_USERS.USER);
    await page.goto('/app/drills/runs?lng=en');
    await expect(page.getByTestId('runs-page')).toBeVisible();
    const row = page.getByTestId('run-row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('run-open-console')).toBeVisible();
    await expect(row.getByTestId('run-change-plan')).toHaveCount(0);
    await expect(row.getByTestId('run-cancel')).toHaveCount(0);
    await expect(page.getByTestId('runs-schedule')).toHaveCount(0);
    await expect(page.getByTestId('quick-create')).toHaveCount(0);

    await page.goto('/app/drills/reminders?lng=en');
    await expect(page.getByTestId('reminders-read-only')).toBeVisible();
    await expect(page.getByTestId('rule-row').first()).toBeVisible();
    await expect(page.getByTestId('rule-lead-value')).toHaveCount(0);
    await expect(page.getByTestId('rules-save')).toHaveCount(0);
    await expect(page.getByTestId('cadences-save')).toHaveCount(0);

    await page.goto('/app/drills/quick-create?lng=en');
    await expect(page.getByTestId('quick-create-denied')).toBeVisible();
    await expect(page.getByTestId('wizard-form')).toHaveCount(0);
    await page.context().close();
  });

  test('the bell of the lead rises live when a reminder goes out, and its notification opens the console', async ({ browser }) => {
    const manager = await signedInPage(browser, DEMO_USERS.MANAGER);
    const leadId = await memberId(manager.request, DEMO_USERS.USER);
    await saveRules(manager.request, [{ leadMinutes: 5, channels: ['in_app'], recipients: ['lead'], enabled: true }]);

    // The lead has the app open with the bell's list showing, everything read.
    const lead = await signedInPage(browser, DEMO_USERS.USER);
    expect((await lead.request.post('/api/notifications/read-all', { headers: await csrfHeaders(lead.request) })).status()).toBe(200);
    await lead.goto('/app/drills/runs?lng=en');
    await expect(lead.getByTestId('runs-page')).toBeVisible();
    await expect(lead.getByTestId('notification-count')).toHaveCount(0);
    await lead.getByTestId('notification-bell').click();
    await expect(lead.getByTestId('notification-panel')).toBeVisible();

    // A run whose five-minute reminder is due in three seconds.
    const title = tag('Bell evacuation');
    const runId = await scheduleRun(manager.request, {
      title,
      scheduledAt: new Date(Date.now() + 5 * 60_000 + 3_000).toISOString(),
      leadUserId: leadId,
    });

    // No reload: the count rises and the notification appears in the open list.
    await expect(lead.getByTestId('notification-count')).toHaveText('1', { timeout: 20_000 });
    await expect(lead.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications, 1 unread');
    const item = lead.getByTestId('notification-item').filter({ hasText: title });
    await expect(item).toContainText(`Drill reminder: ${title}`);
    await expect(item).toContainText('Where: Muster station A');
    await expect(item).toHaveAttribute('data-unread', 'true');
    await item.click();
    await expect(lead).toHaveURL(new RegExp(`/app/drills/console/${runId}$`));
    await expect(lead.getByTestId('notification-count')).toHaveCount(0);
    const list = (await (await lead.request.get('/api/notifications')).json()) as { unread: number };
    expect(list.unread).toBe(0);

    await Promise.all([manager.context().close(), lead.context().close()]);
  });
});
