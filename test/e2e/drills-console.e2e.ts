import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, signInAs } from './support';

/**
 * The live drill console end to end: the lead (a MANAGER) runs a drill in one browser, two
 * observers (a participant on the roster and an auditor who only watches) follow it in their
 * own browsers against the real server and sockets. Each change of the lead must reach both
 * observers within a second, measured from the lead's action to the moment each observer's
 * page shows it.
 */

failOnMissingRecipes();

/** The most the spread of a change from the lead to an observer may take. */
const WITHIN_MS = 1_000;

/** axe finds no serious or critical violation on the page as it is now. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: axe violations`).toEqual([]);
}

interface Person {
  context: BrowserContext;
  page: Page;
  recipeErrors: string[];
}

async function person(browser: Browser, email: string): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const recipeErrors: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('[muster] Chakra')) recipeErrors.push(message.text());
  });
  await signInAs(page, email);
  return { context, page, recipeErrors };
}

interface RunPlan {
  id: string;
  steps: { id: string; checklist: { id: string }[] }[];
  injects: { id: string; atMinute: number }[];
  participantId: string;
}

/** The manager schedules a run of a library template, leading it, with the USER on the roster. */
async function scheduleRun(request: APIRequestContext): Promise<RunPlan> {
  const headers = await csrfHeaders(request);
  const templates = (await (await request.get('/api/drills/templates?source=library&scenario=fire')).json()) as { items: { id: string }[] };
  expect(templates.items.length, 'a library fire template').toBeGreaterThan(0);
  const members = (await (await request.get('/api/drills/members')).json()) as { items: { id: string; email: string }[] };
  const idOf = (email: string) => members.items.find((m) => m.email === email)!.id;
  const res = await request.post('/api/drills/runs', {
    headers,
    data: {
      templateId: templates.items[0]!.id,
      title: `Quay fire drill ${Date.now().toString(36)}`,
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      location: 'Quay 4, container terminal',
      leadUserId: idOf(DEMO_USERS.MANAGER),
      participants: [{ userId: idOf(DEMO_USERS.USER) }, { userId: null, name: 'Gus Guest' }],
    },
  });
  expect(res.status(), 'the run is scheduled').toBe(201);
  const run = (await res.json()) as {
    id: string;
    template: { steps: RunPlan['steps']; injects: RunPlan['injects'] };
    participants: { id: string; userId: string | null }[];
  };
  return {
    id: run.id,
    steps: run.template.steps,
    injects: run.template.injects,
    participantId: run.participants.find((p) => p.userId === idOf(DEMO_USERS.USER))!.id,
  };
}

/**
 * Starts watching `page` for `selector`: resolves with the time (ms since the epoch, this
 * machine's clock) at which an element matching it is first in the page.
 */
function seenAt(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (sel) =>
      new Promise<number>((resolve, reject) => {
        if (document.querySelector(sel)) {
          resolve(Date.now());
          return;
        }
        const observer = new MutationObserver(() => {
          if (!document.querySelector(sel)) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          reject(new Error(`${sel} did not appear`));
        }, 10_000);
      }),
    selector,
  );
}

/** Resolves with the time (ms since the epoch) of the next click in `page`, as the page handles it. */
function clickedAt(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        document.addEventListener('click', () => resolve(Date.now()), { capture: true, once: true });
      }),
  );
}

/**
 * Does `action` (a click in `actor`'s browser) and measures how long after that click every
 * watcher's page shows `selector`; asserts each took less than WITHIN_MS.
 */
async function spreads(what: string, actor: Person, watchers: Person[], selector: string, action: () => Promise<void>): Promise<number[]> {
  expect(await Promise.all(watchers.map((w) => w.page.locator(selector).count())), `${what}: not shown before the action`).toEqual(
    watchers.map(() => 0),
  );
  const seen = watchers.map((w) => seenAt(w.page, selector));
  const clicked = clickedAt(actor.page);
  // The watchers' and the actor's listeners are in place once a round trip to each page is done.
  await Promise.all([...watchers, actor].map((p) => p.page.evaluate(() => true)));
  await action();
  const start = await clicked;
  const delays = (await Promise.all(seen)).map((at) => at - start);
  test.info().annotations.push({ type: 'spread (ms)', description: `${what}: ${delays.join(', ')}` });
  for (const delay of delays) expect(delay, `${what}: ms from the click to an observer seeing it`).toBeLessThan(WITHIN_MS);
  return delays;
}

test.describe('The live drill console', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the lead runs a drill and both observers see every change within a second', async ({ browser }) => {
    const lead = await person(browser, DEMO_USERS.MANAGER);
    const participant = await person(browser, DEMO_USERS.USER);
    const auditor = await person(browser, DEMO_USERS.INTERNAL_AUDITOR);
    const plan = await scheduleRun(lead.page.request);
    const everyone = [lead, participant, auditor];
    const observers = [participant, auditor];

    for (const p of everyone) {
      await p.page.goto(`/app/drills/console/${plan.id}`);
      await expect(p.page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live');
      await expect(p.page.getByTestId('console-status')).toHaveAttribute('data-status', 'scheduled');
    }
    await expect(lead.page).toHaveTitle('Drill console · Muster');
    // Observers have no controls.
    for (const o of observers) {
      await expect(o.page.getByTestId('console-start')).toHaveCount(0);
      await expect(o.page.getByTestId(`step-start-${plan.steps[0]!.id}`)).toHaveCount(0);
    }

    // Start.
    await spreads('start', lead, observers, '[data-testid="console-status"][data-status="in_progress"]', () =>
      lead.page.getByTestId('console-start').click(),
    );
    await expect(lead.page.getByTestId('console-status')).toHaveAttribute('data-status', 'in_progress');
    for (const o of observers) await expect(o.page.getByTestId('console-timer')).toHaveAttribute('data-running', 'true');

    // Steps: start the first, tick its first checklist item, mark it done.
    const [first] = plan.steps;
    const item = first!.checklist[0]!;
    await spreads('step started', lead, observers, `[data-testid="step-${first!.id}"][data-status="in_progress"]`, () =>
      lead.page.getByTestId(`step-start-${first!.id}`).click(),
    );
    await spreads('item checked', lead, observers, `[data-testid="item-${first!.id}-${item.id}"][data-checked="true"]`, () =>
      lead.page.getByTestId(`item-${first!.id}-${item.id}`).click(),
    );
    await expect(lead.page.getByTestId(`item-${first!.id}-${item.id}`)).toHaveAttribute('data-checked', 'true');
    await spreads('step done', lead, observers, `[data-testid="step-${first!.id}"][data-status="done"]`, () =>
      lead.page.getByTestId(`step-done-${first!.id}`).click(),
    );

    // An inject published by hand, before its time: observers learn of it only once it is published.
    const inject = [...plan.injects].sort((a, b) => b.atMinute - a.atMinute)[0]!;
    await expect(lead.page.getByTestId(`inject-${inject.id}`)).toHaveAttribute('data-published', 'false');
    for (const o of observers) await expect(o.page.getByTestId(`inject-${inject.id}`)).toHaveCount(0);
    await spreads('inject published', lead, observers, `[data-testid="inject-${inject.id}"][data-published="true"]`, () =>
      lead.page.getByTestId(`inject-publish-${inject.id}`).click(),
    );
    for (const o of observers) {
      await expect(o.page.getByTestId(`inject-published-by-${inject.id}`)).toContainText('Published by');
      await expect(o.page.locator('[data-testid="log-entry"][data-type="inject_published"]')).toHaveCount(1);
    }

    // An observation.
    const note = `Radio traffic was clear ${Date.now().toString(36)}`;
    const form = lead.page.getByTestId('observation-form');
    await form.getByTestId('observation-kind').getByText('Strength').click();
    await form.getByTestId('observation-note').fill(note);
    await spreads('observation', lead, observers, '[data-testid="observation-item"][data-kind="strength"]', () =>
      form.getByTestId('observation-submit').click(),
    );
    for (const o of observers) await expect(o.page.getByTestId('observation-item').first()).toContainText(note);
    // The participant may not write observations until the lead allows it.
    await expect(participant.page.getByTestId('observations-closed')).toBeVisible();
    await expect(participant.page.getByTestId('observation-form')).toHaveCount(0);

    // The participant checks themselves in; the lead and the auditor see it.
    const row = `[data-testid="participant-${plan.participantId}"][data-present="true"]`;
    await expect(participant.page.getByTestId(`checkin-${plan.participantId}`)).toHaveText('Check myself in');
    await spreads('check-in', participant, [lead, auditor], row, () =>
      participant.page.getByTestId(`checkin-${plan.participantId}`).click(),
    );
    await expect(participant.page.locator(row)).toHaveCount(1);
    await expect(auditor.page.getByTestId('attendance-count')).toHaveText('1 of 2 checked in');

    await expectAccessible(lead.page, "the lead's console");
    await expectAccessible(participant.page, "the participant's console");

    // The lead's own decision log has the lead's own changes (the server does not echo them back).
    await expect(lead.page.locator('[data-testid="log-entry"][data-type="observation"]')).toHaveCount(1);
    await expect(lead.page.locator('[data-testid="log-entry"][data-type="step_completed"]')).toHaveCount(1);

    // Complete, after the confirmation: the summary link appears for everyone.
    await lead.page.getByTestId('console-complete').click();
    await spreads('completed', lead, observers, '[data-testid="summary-link"]', () =>
      lead.page.getByTestId('console-complete-confirm').click(),
    );
    await expect(lead.page.getByTestId('summary-link')).toHaveAttribute('href', `/app/drills/runs/${plan.id}/summary`);
    for (const p of everyone) {
      await expect(p.page.getByTestId('console-status')).toHaveAttribute('data-status', 'completed');
      await expect(p.page.getByTestId('console-timer')).toHaveAttribute('data-running', 'false');
    }
    // A late joiner gets everything from the subscription.
    await auditor.page.reload();
    await expect(auditor.page.getByTestId('console-status')).toHaveAttribute('data-status', 'completed');
    await expect(auditor.page.getByTestId(`step-${first!.id}`)).toHaveAttribute('data-status', 'done');
    await expect(auditor.page.getByTestId('observation-item')).toContainText(note);

    for (const p of everyone) expect(p.recipeErrors).toEqual([]);
    await Promise.all(everyone.map((p) => p.context.close()));
  });

  test('a run of another organisation, or none, is not found in place', async ({ page }) => {
    await signInAs(page, DEMO_USERS.USER);
    await page.goto('/app/drills/console/00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('console-not-found')).toContainText('Drill run not found');
  });
});
