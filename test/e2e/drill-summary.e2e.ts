import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Ack, ConsoleState, DrillMember, DrillRun, DrillTemplateSummary } from '@muster/contracts';
import { expect, test, type Page } from '@playwright/test';
import { consoleSocket, csrfHeaders, DEMO_USERS, failOnMissingRecipes, signedInPage } from './support';

failOnMissingRecipes();

/**
 * The after-action summary end to end: a run is scheduled through the API and driven through the
 * live console over Socket.IO (as the lead would from the console), then read, completed with a
 * corrective action, approved and locked, and given an addendum in the browser, by the lead and
 * a manager in their own browser contexts.
 */

/** Typed text (names, titles) as the page writes it inside a translated sentence: bidi-isolated. */
const typed = (text: string) => `\u2068${text}\u2069`;

const tag = (what: string) => `${what} ${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

const STRENGTH = 'The gate team sealed the perimeter within two minutes.';
const IMPROVEMENT = 'The public address announcement was inaudible on the quay.';
const RESPONSE = 'The duty officer took three minutes to acknowledge the inject.';

/** axe finds no serious or critical violation on the page as it is now. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: axe violations`).toEqual([]);
}

function ok<T>(answer: Ack<T>): T {
  if (!answer.ok) throw new Error(`The console refused: ${answer.code} ${answer.message}`);
  return answer;
}

interface FinishedRun {
  id: string;
  title: string;
  state: ConsoleState;
  lead: DrillMember;
  manager: DrillMember;
  /** The owner the lead gives the corrective action. */
  owner: DrillMember;
}

/**
 * Schedules a run of the library's evacuation drill (as the manager, led by the USER) and runs it
 * from the console: the first step done with its checklist, the second skipped, the first inject
 * published, one participant checked in, a strength, an area for improvement and a response to
 * the inject recorded, then completed.
 */
async function finishedRun(manager: Page, lead: Page, baseURL: string): Promise<FinishedRun> {
  const templates = (await (await manager.request.get('/api/drills/templates?source=library&limit=100')).json()) as {
    items: DrillTemplateSummary[];
  };
  const template = templates.items.find((t) => t.scenario === 'evacuation' && t.injectCount > 0);
  expect(template, 'a library evacuation template with injects').toBeDefined();
  const members = ((await (await manager.request.get('/api/drills/members')).json()) as { items: DrillMember[] }).items;
  const byEmail = (email: string) => members.find((m) => m.email === email)!;
  const title = tag('Quay evacuation');
  const scheduled = await manager.request.post('/api/drills/runs', {
    headers: await csrfHeaders(manager.request),
    data: {
      templateId: template!.id,
      title,
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      location: 'Berth 4, north gate',
      leadUserId: byEmail(DEMO_USERS.USER).id,
      participants: [{ userId: byEmail(DEMO_USERS.INTERNAL_AUDITOR).id }, { name: 'Kai Contractor' }],
      musterTargetMinutes: 10,
    },
  });
  expect(scheduled.status()).toBe(201);
  const run = (await scheduled.json()) as DrillRun;

  const socket = await consoleSocket(lead, baseURL);
  try {
    ok(await socket.emitWithAck('console:subscribe', { runId: run.id }));
    ok(await socket.emitWithAck('console:control', { runId: run.id, action: 'start' }));
    const { state } = ok(await socket.emitWithAck('console:subscribe', { runId: run.id }));
    const [first, second] = state.run.template.steps;
    const versions = new Map(state.steps.map((s) => [s.stepId, s.version]));
    const step = async (
      stepId: string,
      change: { status?: 'in_progress' | 'done' | 'skipped'; item?: { itemId: string; checked: boolean } },
    ) => {
      const { step: updated } = ok(
        await socket.emitWithAck('console:step', { runId: run.id, stepId, version: versions.get(stepId)!, ...change }),
      );
      versions.set(stepId, updated.version);
    };
    await step(first!.id, { status: 'in_progress' });
    for (const item of first!.checklist) await step(first!.id, { item: { itemId: item.id, checked: true } });
    await step(first!.id, { status: 'done' });
    await step(second!.id, { status: 'skipped' });
    const inject = state.run.template.injects[0]!;
    ok(await socket.emitWithAck('console:publish-inject', { runId: run.id, injectId: inject.id }));
    const present = state.run.participants.find((p) => p.name !== 'Kai Contractor')!;
    ok(await socket.emitWithAck('console:attendance', { runId: run.id, participantId: present.id, present: true }));
    const observe = async (kind: 'strength' | 'improvement', note: string, link: { stepId?: string; injectId?: string } = {}) =>
      ok(
        await socket.emitWithAck('console:observe', {
          runId: run.id,
          clientId: `e2e-${randomBytes(6).toString('hex')}`,
          kind,
          note,
          ...link,
        }),
      );
    await observe('strength', STRENGTH, { stepId: first!.id });
    await observe('improvement', IMPROVEMENT);
    await observe('improvement', RESPONSE, { injectId: inject.id });
    ok(await socket.emitWithAck('console:control', { runId: run.id, action: 'complete' }));
    return {
      id: run.id,
      title,
      state,
      lead: byEmail(DEMO_USERS.USER),
      manager: byEmail(DEMO_USERS.MANAGER),
      owner: byEmail(DEMO_USERS.ADMIN),
    };
  } finally {
    socket.close();
  }
}

test.describe('Drill after-action summary', () => {
  test.describe.configure({ timeout: 120_000 });

  test('reads a finished run, takes a corrective action from an improvement, is approved and locked, then takes an addendum', async ({
    browser,
    baseURL,
  }) => {
    // The lead is a member of the USER role: they control the run but may not approve it.
    const lead = await signedInPage(browser, DEMO_USERS.USER);
    const manager = await signedInPage(browser, DEMO_USERS.MANAGER);
    const run = await finishedRun(manager, lead, baseURL!);
    const { template } = run.state.run;
    const summaryUrl = `/app/drills/runs/${run.id}/summary?lng=en`;

    // The lead reads what happened: steps, the inject and its response, observations, attendance.
    await lead.goto(summaryUrl);
    await expect(lead.getByTestId('summary-page')).toBeVisible();
    await expect(lead.getByRole('heading', { level: 1 })).toHaveText(run.title);
    await expect(lead.getByTestId('summary-status')).toHaveAttribute('data-status', 'completed');
    await expect(lead.getByTestId('summary-step')).toHaveCount(template.steps.length);
    const firstStep = lead.locator(`[data-testid="summary-step"][data-step-id="${template.steps[0]!.id}"]`);
    await expect(firstStep).toHaveAttribute('data-status', 'done');
    await expect(firstStep).toHaveAttribute('data-variance', 'within');
    await expect(firstStep).toContainText(
      `${String(template.steps[0]!.checklist.length)} of ${String(template.steps[0]!.checklist.length)}`,
    );
    await expect(lead.locator(`[data-testid="summary-step"][data-step-id="${template.steps[1]!.id}"]`)).toHaveAttribute(
      'data-status',
      'skipped',
    );
    const inject = lead.locator(`[data-testid="summary-inject"][data-inject-id="${template.injects[0]!.id}"]`);
    await expect(inject).toHaveAttribute('data-published', 'true');
    await expect(inject).toContainText(`by ${typed(run.lead.name)}`);
    await expect(inject.getByTestId('summary-inject-response')).toContainText(RESPONSE);
    await expect(lead.locator('[data-testid="summary-observation"][data-kind="strength"]')).toContainText(STRENGTH);
    await expect(lead.locator('[data-testid="summary-observation"][data-kind="improvement"]')).toHaveCount(2);
    await expect(lead.getByTestId('summary-muster')).toHaveAttribute('data-met', 'true');
    await expect(lead.getByTestId('summary-muster')).toContainText('Target: 10:00');
    await expect(lead.getByTestId('summary-participant').filter({ hasText: 'Kai Contractor' })).toHaveAttribute('data-present', 'false');
    await expect(lead.locator('[data-testid="summary-timeline-entry"][data-type="completed"]')).toContainText(
      `${typed(run.lead.name)} completed the drill`,
    );

    await expectAccessible(lead, 'the summary with its forms');

    // The manager has the summary open while the lead works on it.
    await manager.goto(summaryUrl);
    await expect(manager.getByTestId('summary-page')).toBeVisible();
    await expect(manager.getByTestId('action-row')).toHaveCount(0);

    // The lead makes a corrective action from the area for improvement; the form checks it first.
    const improvement = lead.locator('[data-testid="summary-observation"][data-kind="improvement"]').filter({ hasText: IMPROVEMENT });
    await improvement.getByTestId('observation-create-action').click();
    await expect(lead.getByTestId('action-title')).toHaveValue(IMPROVEMENT);
    await expect(lead.getByTestId('action-title')).toBeFocused();
    await lead.getByTestId('action-submit').click();
    await expect(lead.getByTestId('action-form')).toContainText('Choose an owner');
    await expect(lead.getByTestId('action-form')).toContainText('Choose a due date');
    await lead.getByTestId('action-title').fill('Replace the quay loudspeakers');
    await lead.getByTestId('action-owner').selectOption(run.owner.id);
    await lead.getByTestId('action-due').fill('2030-01-31');
    await lead.getByTestId('action-submit').click();
    const row = lead.getByTestId('action-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Replace the quay loudspeakers');
    await expect(row).toContainText(run.owner.name);
    await expect(row).toContainText('January 31, 2030');
    await expect(row).toContainText('From: ');
    await expect(improvement.getByTestId('observation-action')).toContainText('Replace the quay loudspeakers');
    // The manager's open page follows without a reload.
    await expect(manager.getByTestId('action-row')).toHaveCount(1);

    // The lead moves it on.
    await row.getByTestId('action-edit').click();
    await row.getByTestId('action-edit-status').selectOption('in_progress');
    await row.getByTestId('action-edit-save').click();
    await expect(row).toHaveAttribute('data-status', 'in_progress');

    // The lead may not approve; the manager does, after a confirmation that says it locks the run.
    await expect(lead.getByTestId('approve-button')).toHaveCount(0);
    await manager.getByTestId('approve-button').click();
    await expect(manager.getByRole('alertdialog')).toContainText('locks the drill run');
    await manager.getByTestId('approve-confirm').click();
    await expect(manager.getByTestId('summary-locked')).toContainText(`${typed(run.manager.name)} approved this summary`);
    await expect(manager.getByTestId('summary-status')).toHaveAttribute('data-status', 'approved');
    await expect(manager.getByTestId('approve-button')).toHaveCount(0);

    // The lead's page shows the lock live: the action controls are gone, and the server refuses a change.
    await expect(lead.getByTestId('summary-locked')).toBeVisible();
    await expect(lead.getByTestId('action-form')).toHaveCount(0);
    await expect(lead.getByTestId('action-edit')).toHaveCount(0);
    await expect(lead.getByTestId('observation-create-action')).toHaveCount(0);
    const refused = await lead.request.post(`/api/drills/runs/${run.id}/actions`, {
      headers: await csrfHeaders(lead.request),
      data: { title: 'Too late', ownerUserId: run.owner.id, dueDate: '2030-02-01' },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('RUN_LOCKED');

    // Anything new goes in a dated addendum.
    const note = 'The contractor replaced the quay loudspeakers; tested on the next drill.';
    await lead.getByTestId('addendum-submit').click();
    await expect(lead.getByTestId('addendum-form')).toContainText('Required');
    await lead.getByTestId('addendum-body').fill(note);
    await lead.getByTestId('addendum-submit').click();
    await expect(lead.getByTestId('addendum-item')).toHaveCount(1);
    await expect(lead.getByTestId('addendum-item')).toContainText(note);
    await expect(lead.getByTestId('addendum-item')).toContainText(run.lead.name);
    await expect(lead.getByTestId('addendum-body')).toHaveValue('');
    await expect(manager.getByTestId('addendum-item')).toContainText(note);

    // The PDF is made by the documents engine: a progress bar that reaches 100 %, then the file.
    const [pdf] = await Promise.all([lead.waitForEvent('download'), lead.getByTestId('export-pdf').click()]);
    await expect(lead.getByTestId('export-pdf-progress')).toHaveAttribute('data-percent', '100');
    await expect(lead.getByTestId('export-pdf-render')).toHaveAttribute('data-state', 'done');
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    // The CSV answers at once.
    const csv = await lead.request.get((await lead.getByTestId('export-csv').getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(csv.headers()['content-disposition']).toContain('attachment');
    expect((await csv.body()).toString()).toContain('Replace the quay loudspeakers');

    // The locked report is accessible, in English and in Arabic (right to left, nothing overflowing).
    for (const lng of ['en', 'ar']) {
      await lead.goto(`/app/drills/runs/${run.id}/summary?lng=${lng}`);
      await expect(lead.getByTestId('summary-locked')).toBeVisible();
      await expect(lead.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
      await expectAccessible(lead, `the locked summary (${lng})`);
      expect(await lead.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    }
  });

  test('a run not started yet says its summary comes once it runs; an unknown run is not found', async ({ browser }) => {
    const manager = await signedInPage(browser, DEMO_USERS.MANAGER);
    const templates = (await (await manager.request.get('/api/drills/templates?source=library&limit=100')).json()) as {
      items: DrillTemplateSummary[];
    };
    const members = ((await (await manager.request.get('/api/drills/members')).json()) as { items: DrillMember[] }).items;
    const scheduled = await manager.request.post('/api/drills/runs', {
      headers: await csrfHeaders(manager.request),
      data: {
        templateId: templates.items[0]!.id,
        title: tag('Not yet'),
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
        location: 'Gate 2',
        leadUserId: members.find((m) => m.email === DEMO_USERS.MANAGER)!.id,
      },
    });
    expect(scheduled.status()).toBe(201);
    const { id } = (await scheduled.json()) as DrillRun;

    await manager.goto(`/app/drills/runs/${id}/summary?lng=en`);
    await expect(manager.getByTestId('summary-not-started')).toContainText('The summary is written once the drill runs');
    await expect(manager.getByTestId('summary-console-link')).toHaveAttribute('href', `/app/drills/console/${id}`);
    await expect(manager.getByTestId('summary-step')).toHaveCount(0);

    await manager.goto('/app/drills/runs/00000000-0000-4000-8000-000000000000/summary?lng=en');
    await expect(manager.getByTestId('summary-not-found')).toContainText('Drill run not found');
  });
});
