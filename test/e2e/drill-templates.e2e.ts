import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, failOnMissingRecipes, signedInPage } from './support';

failOnMissingRecipes();

const tag = (what: string) => `${what} ${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

const field = (page: Page, path: string) => page.getByTestId(`field-${path}`);

test.describe('Drill templates', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a manager builds a template: problems in place, autosaved draft, published and listed', async ({ browser }) => {
    const name = tag('Berth 4 fire drill');
    const page = await signedInPage(browser, DEMO_USERS.MANAGER);
    await page.goto('/app/drills/templates?lng=en');
    await page.getByTestId('new-template').click();
    await expect(page).toHaveURL(/\/app\/drills\/builder$/);

    // An empty template says what it lacks, and is not saved.
    await expect(page.getByTestId('error-steps')).toHaveText('Add at least one step');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'clean');
    await expect(page.getByTestId('save-status')).toHaveText('Not saved yet');

    await field(page, 'name').fill(name);
    await field(page, 'scenario').selectOption('fire');
    await page.getByTestId('add-objectives').click();
    await expect(field(page, 'objectives.0')).toBeFocused();
    await field(page, 'objectives.0').fill('Raise the alarm within two minutes');
    await page.getByTestId('add-positions').click();
    await field(page, 'positions.0.name').fill('Incident commander');

    // A negative expected duration: its message under the field, and no save.
    await page.getByTestId('add-steps').click();
    await field(page, 'steps.0.title').fill('Raise the alarm');
    await field(page, 'steps.0.positionId').selectOption({ label: 'Incident commander' });
    await field(page, 'steps.0.expectedMinutes').fill('-5');
    const step = page.getByTestId('builder-step').first();
    await expect(step.getByText('Must be 0 minutes or more')).toBeVisible();
    await expect(field(page, 'steps.0.expectedMinutes')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'invalid');

    // An inject after the end of the drill (60 minutes by default).
    await page.getByTestId('add-injects').click();
    await field(page, 'injects.0.atMinute').fill('90');
    await field(page, 'injects.0.title').fill('Smoke spreads');
    await field(page, 'injects.0.message').fill('Smoke reaches warehouse B.');
    await expect(
      page.getByTestId('builder-inject').getByText('Due after the drill ends (at 60 min): move it earlier or lengthen the drill'),
    ).toBeVisible();
    await expect(page.getByTestId('problems-count')).toHaveText('Problems to fix: 2');

    // Fixed: the draft is created and autosaved, and the address becomes its own.
    await field(page, 'steps.0.expectedMinutes').fill('10');
    await field(page, 'injects.0.atMinute').fill('30');
    await expect(page.getByTestId('problems-count')).toHaveText('No problems: this template is ready to publish.');
    await expect(page.getByTestId('save-status')).toHaveText(/^Saved at /);
    await expect(page).toHaveURL(/\/app\/drills\/builder\/[0-9a-f-]{36}$/);
    const id = /builder\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

    // A later change is autosaved too, and a reload keeps everything.
    await field(page, 'description').fill('Smoke is seen at berth 4.');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'waiting');
    await expect(page.getByTestId('save-status')).toHaveText(/^Saved at /);
    await page.reload();
    // A whole page load (the app, its texts, the template): slower than a change on the page.
    await expect(page.getByTestId('builder-page')).toBeVisible({ timeout: 30_000 });
    await expect(field(page, 'name')).toHaveValue(name);
    await expect(field(page, 'description')).toHaveValue('Smoke is seen at berth 4.');
    await expect(field(page, 'steps.0.expectedMinutes')).toHaveValue('10');
    await expect(field(page, 'injects.0.atMinute')).toHaveValue('30');
    await expect(page.getByTestId('restore-offer')).toHaveCount(0);
    await expect(page.getByTestId('template-status')).toHaveAttribute('data-status', 'draft');

    await page.getByTestId('template-publish').click();
    await expect(page.getByTestId('builder-page')).toHaveAttribute('data-status', 'published');
    await expect(page.getByTestId('template-status')).toHaveAttribute('data-status', 'published');

    // Found in the list, published, with its numbers.
    await page.goto(`/app/drills/templates?lng=en&source=organization&q=${encodeURIComponent(name)}`);
    const card = page.locator(`[data-testid="template-card"][data-template-id="${id}"]`);
    await expect(card).toHaveAttribute('data-status', 'published');
    await expect(card.getByTestId('template-step-count')).toHaveText('1 step');
    await expect(card.getByTestId('template-inject-count')).toHaveText('1 inject');
    await card.getByTestId('template-open').click();
    await expect(page.getByTestId('template-page')).toHaveAttribute('data-template-id', id);
    await expect(page.getByTestId('template-inject')).toHaveAttribute('data-minute', '30');
    await expect(page.getByTestId('template-schedule')).toHaveAttribute('href', `/app/drills/quick-create?template=${id}`);
  });

  test('a manager duplicates a library template, then deletes the copy', async ({ browser }) => {
    const page = await signedInPage(browser, DEMO_USERS.MANAGER);
    await page.goto('/app/drills/templates?lng=en&source=library&scenario=oil_spill');
    const library = page.getByTestId('template-card');
    await expect(library).toHaveCount(1);
    await expect(library).toHaveAttribute('data-source', 'library');
    const libraryName = (await library.getByTestId('template-open').textContent())!;
    await library.getByTestId('template-duplicate').click();

    await expect(page).toHaveURL(/\/app\/drills\/builder\/[0-9a-f-]{36}$/);
    const id = /builder\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await expect(field(page, 'name')).toHaveValue(`${libraryName} (copy)`);
    await expect(page.getByTestId('builder-page')).toHaveAttribute('data-status', 'draft');
    await expect(page.getByTestId('problems-count')).toHaveText('No problems: this template is ready to publish.');

    // The library template itself stays read-only, even in the builder.
    await page.goto(`/app/drills/templates?lng=en&source=library&scenario=oil_spill`);
    await page.getByTestId('template-open').click();
    await expect(page.getByTestId('template-library-note')).toBeVisible();
    await expect(page.getByTestId('template-edit')).toHaveCount(0);
    await expect(page.getByTestId('template-delete')).toHaveCount(0);
    const libraryId = (await page.getByTestId('template-page').getAttribute('data-template-id'))!;
    await page.goto(`/app/drills/builder/${libraryId}?lng=en`);
    await expect(page.getByTestId('builder-page')).toHaveAttribute('data-reason', 'library');

    // The copy is the organisation's draft: it cannot be scheduled, and it can be deleted.
    await page.goto(`/app/drills/template/${id}?lng=en`);
    await expect(page.getByTestId('template-source')).toHaveAttribute('data-source', 'organization');
    await expect(page.getByTestId('template-schedule')).toHaveCount(0);
    await expect(page.getByTestId('template-unpublished-hint')).toBeVisible();
    await page.getByTestId('template-delete').click();
    await expect(page.getByTestId('delete-dialog')).toBeVisible();
    await page.getByTestId('delete-confirm').click();
    await expect(page).toHaveURL(/\/app\/drills\/templates$/);
    await page.goto(`/app/drills/template/${id}?lng=en`);
    await expect(page.getByTestId('template-error')).toHaveAttribute('data-status', '404');
  });

  test('quick generate: a preview from the answers, then edit it in the builder', async ({ browser }) => {
    const page = await signedInPage(browser, DEMO_USERS.MANAGER);
    await page.goto('/app/drills/templates?lng=en');
    await page.getByTestId('quick-generate-link').click();
    await expect(page.getByTestId('quick-generate-page')).toBeVisible();

    // Missing answers are said in place.
    await page.getByTestId('generate-submit').click();
    await expect(page.getByText('Choose a scenario', { exact: true })).toBeVisible();
    await page.getByTestId('generate-durationMinutes').fill('5');
    await expect(page.getByText('Must be at least 15 minutes')).toBeVisible();

    await page.getByTestId('generate-scenario').selectOption('evacuation');
    await page.getByTestId('generate-regulation').selectOption('solas_muster');
    await page.getByTestId('generate-durationMinutes').fill('45');
    await page.getByTestId('generate-teamSize').fill('20');
    await page.getByTestId('generate-submit').click();
    const preview = page.getByTestId('generate-preview');
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('data-generated-by', /^(library|model)$/);
    await expect(preview.getByTestId('template-step').first()).toBeVisible();
    await expect(preview.locator('[data-regulation="solas_muster"]')).toBeVisible();

    // A changed answer is noticed; generating again follows it.
    await page.getByTestId('generate-durationMinutes').fill('60');
    await expect(page.getByTestId('generate-changed')).toBeVisible();
    await page.getByTestId('generate-submit').click();
    await expect(page.getByTestId('generate-changed')).toHaveCount(0);
    const name = (await page.getByTestId('generate-name').textContent())!;

    await page.getByTestId('generate-edit').click();
    await expect(page).toHaveURL(/\/app\/drills\/builder\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('builder-page')).toHaveAttribute('data-status', 'draft');
    await expect(field(page, 'name')).toHaveValue(name);
    await expect(field(page, 'estimatedMinutes')).toHaveValue('60');
    await expect(page.getByTestId('problems-count')).toHaveText('No problems: this template is ready to publish.');
  });

  test('a member reads templates but cannot change them', async ({ browser }) => {
    const page = await signedInPage(browser, DEMO_USERS.USER);
    await page.goto('/app/drills/templates?lng=en');
    await expect(page.getByTestId('templates-read-only')).toBeVisible();
    await expect(page.getByTestId('template-card').first()).toBeVisible();
    await expect(page.getByTestId('new-template')).toHaveCount(0);
    await expect(page.getByTestId('template-duplicate')).toHaveCount(0);

    await page.getByTestId('template-open').first().click();
    await expect(page.getByTestId('template-page')).toBeVisible();
    await expect(page.getByTestId('template-step').first()).toBeVisible();
    await expect(page.getByTestId('template-actions')).toHaveCount(0);
    const id = (await page.getByTestId('template-page').getAttribute('data-template-id'))!;

    await page.goto(`/app/drills/builder/${id}?lng=en`);
    await expect(page.getByTestId('builder-read-only')).toBeVisible();
    await expect(page.getByTestId('builder-page')).toHaveAttribute('data-reason', 'member');
    await expect(page.getByTestId('template-publish')).toHaveCount(0);
    await page.goto('/app/drills/builder?lng=en');
    await expect(page.getByTestId('builder-read-only')).toBeVisible();
    await expect(page.getByTestId('field-name')).toHaveCount(0);

    // Quick generate shows the preview, but only managers keep it.
    await page.goto('/app/drills/quick-generate?lng=en');
    await page.getByTestId('generate-scenario').selectOption('fire');
    await page.getByTestId('generate-regulation').selectOption('isps_b18_5');
    await page.getByTestId('generate-submit').click();
    await expect(page.getByTestId('generate-preview')).toBeVisible();
    await expect(page.getByTestId('generate-read-only')).toBeVisible();
    await expect(page.getByTestId('generate-edit')).toHaveCount(0);
  });
});
