import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, signedInPage } from './support';

/**
 * The built-in drill library and the drill screens in the reader's language: library scenarios,
 * their steps and the default cadence labels translated (Spanish, Arabic), counts with plurals,
 * and the console's texts and badges for a participant and the lead.
 */

failOnMissingRecipes();

const LIBRARY = {
  bombThreat: '98cd07a8-4c9c-53b4-bfbb-aadc132ac5eb',
  fire: '7d254791-2c85-5070-8362-de33918ad5e3',
  /** The custom scenario's template has exactly one inject. */
  custom: '24e593f9-b3e5-5b45-8af6-ba42a9987675',
};

const card = (page: Page, id: string) => page.locator(`[data-testid="template-card"][data-template-id="${id}"]`);

const EXPECTED = {
  en: {
    bombThreat: 'Bomb threat received by telephone',
    oneInject: '1 inject',
    fireStep: 'Call the fire service',
    fireInject: 'A worker is missing',
    cadence: 'ISPS drill — at least every 3 months (B/18.5)',
  },
  es: {
    bombThreat: 'Amenaza de bomba recibida por teléfono',
    oneInject: '1 inyección',
    fireStep: 'Llamar a los bomberos',
    fireInject: 'Falta un trabajador',
    cadence: 'Simulacro PBIP: al menos cada 3 meses (B/18.5)',
  },
  ar: {
    bombThreat: 'تهديد بقنبلة عبر الهاتف',
    oneInject: '1 مُدخل',
    fireStep: 'الاتصال بالدفاع المدني',
    fireInject: 'عامل مفقود',
    cadence: 'تدريب ISPS — مرة كل 3 أشهر على الأقل (B/18.5)',
  },
} as const;

test.describe('The drill library in the reader’s language', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const lng of ['es', 'ar', 'en'] as const) {
    test(`shows library scenarios, their steps, a cadence label and inject counts in ${lng}`, async ({ browser }) => {
      const want = EXPECTED[lng];
      const page = await signedInPage(browser, DEMO_USERS.MANAGER);
      await page.goto(`/app/drills/templates?lng=${lng}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(card(page, LIBRARY.bombThreat).getByTestId('template-open')).toHaveText(want.bombThreat);
      await expect(card(page, LIBRARY.custom).getByTestId('template-inject-count')).toHaveText(want.oneInject);

      await page.goto(`/app/drills/template/${LIBRARY.fire}?lng=${lng}`);
      const steps = page.getByTestId('template-steps');
      await expect(steps).toContainText(want.fireStep);
      await expect(page.getByTestId('template-page')).toContainText(want.fireInject);
      if (lng !== 'en') await expect(steps).not.toContainText(EXPECTED.en.fireStep);

      await page.goto(`/app/drills/reminders?lng=${lng}`);
      await expect(page.getByTestId('cadence-status').first()).toContainText(want.cadence);
      await page.context().close();
    });
  }
});

test.describe('The drill console’s texts and badges', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a participant is told no inject is published yet and that they are on the roster once; only a running drill is Live; the muster waits for everyone', async ({
    browser,
  }) => {
    const lead = await signedInPage(browser, DEMO_USERS.MANAGER);
    const headers = await csrfHeaders(lead.request);
    const members = (await (await lead.request.get('/api/drills/members')).json()) as { items: { id: string; email: string }[] };
    const idOf = (email: string) => members.items.find((m) => m.email === email)!.id;
    const res = await lead.request.post('/api/drills/runs', {
      headers,
      data: {
        templateId: LIBRARY.fire,
        scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
        location: 'Quay 4',
        leadUserId: idOf(DEMO_USERS.MANAGER),
        participants: [{ userId: idOf(DEMO_USERS.USER) }, { name: 'Gus Guest' }, { name: 'Pia Pilot' }],
      },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };

    // Scheduled: connected, not "Live".
    await lead.goto(`/app/drills/console/${id}?lng=en`);
    await expect(lead.getByTestId('console-status')).toHaveAttribute('data-status', 'scheduled');
    await expect(lead.getByTestId('console-page')).toHaveAttribute('data-state', 'ready');
    await expect(lead.getByTestId('connection-state')).toHaveText('Connected');

    await lead.getByTestId('console-start').click();
    await expect(lead.getByTestId('console-status')).toHaveAttribute('data-status', 'in_progress');
    await expect(lead.getByTestId('connection-state')).toHaveText('Live');
    // Nobody has checked in: "Everyone mustered" is not offered, the hint says how many are missing.
    await expect(lead.getByTestId('muster-waiting')).toContainText('3 still to check in');
    await expect(lead.getByTestId('muster-button')).toHaveCount(0);

    const participant = await signedInPage(browser, DEMO_USERS.USER);
    await participant.goto(`/app/drills/console/${id}?lng=en`);
    await expect(participant.getByTestId('console-status')).toHaveAttribute('data-status', 'in_progress');
    await expect(participant.getByTestId('injects-none')).toHaveText('No inject has been published yet.');
    await expect(participant.getByText('You are on the roster of this drill.')).toHaveCount(1);

    // The same console in Spanish: the library's steps translated, the injects sentence too.
    await participant.goto(`/app/drills/console/${id}?lng=es`);
    await expect(participant.getByTestId('console-page')).toContainText('Llamar a los bomberos');
    await expect(participant.getByTestId('injects-none')).toHaveText('Todavía no se ha publicado ninguna inyección.');

    // One of three checked in: still no muster; all three: offered.
    const checkIns = lead.getByRole('button', { name: 'Check in' });
    await checkIns.first().click();
    await expect(lead.getByTestId('attendance-count')).toHaveText('1 of 3 checked in');
    await expect(lead.getByTestId('muster-button')).toHaveCount(0);
    await expect(lead.getByTestId('muster-waiting')).toContainText('2 still to check in');
    await checkIns.first().click();
    await expect(lead.getByTestId('attendance-count')).toHaveText('2 of 3 checked in');
    await checkIns.first().click();
    await expect(lead.getByTestId('attendance-count')).toHaveText('3 of 3 checked in');
    await expect(lead.getByTestId('muster-button')).toBeVisible();
    await lead.context().close();
    await participant.context().close();
  });
});
