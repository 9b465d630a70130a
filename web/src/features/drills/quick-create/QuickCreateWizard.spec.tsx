import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { DrillTemplate, DrillTemplateSummary } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { fakeResponse } from '../../../lib/fake-response';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
const { QuickCreateWizard } = await import('./QuickCreateWizard');
const { addAllRecipes } = await import('../../../components/ui/all-recipes');
const { system } = await import('../../../components/ui/system');
const { MemoryRouter, Route, Routes, useLocation } = await import('react-router-dom');

configure({ asyncUtilTimeout: 5_000 });

const locale = (ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../public/locales/en/${ns}.json`, import.meta.url)), 'utf8')) as object;
const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { common: locale('common'), errors: locale('errors'), drills: locale('drills'), drillRuns: locale('drillRuns') } },
  ns: ['common', 'errors', 'drills', 'drillRuns'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

const ME = '0b7980c5-35a5-4bdd-a07f-03f5ca731356';
const UMA = '8b68c22c-b6c0-4303-bfb4-add8fd072032';
const TEMPLATE = '33ccc061-b5f5-5609-b9df-aaba32023f35';
const RUN = '2d0a78f1-fa53-4990-bace-4d4f340a8569';

const summary: DrillTemplateSummary = {
  id: TEMPLATE,
  source: 'library',
  status: 'published',
  name: 'Full evacuation and muster',
  type: 'drill',
  scenario: 'evacuation',
  regulations: [],
  estimatedMinutes: 40,
  stepCount: 7,
  injectCount: 2,
  updatedAt: '2026-11-01T00:00:00.000Z',
  nameText: null,
};
const template: DrillTemplate = {
  ...summary,
  libraryTexts: {},
  description: '',
  objectives: ['Everyone musters'],
  positions: [{ id: 'muster', name: 'Muster warden', description: '' }],
  steps: [],
  injects: [],
  musterTargetMinutes: 10,
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedBy: null,
  editable: false,
};

let posted: unknown[];
let scheduleAnswers: { status: number; body: unknown }[];

const response = fakeResponse;

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderWizard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/app/drills/quick-create']}>
            <Routes>
              <Route path="/app/drills/quick-create" element={<QuickCreateWizard me={{ userId: ME }} presetTemplateId={null} />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>,
  );
}

const step = () => screen.getByTestId('wizard-form').getAttribute('data-step');
const next = () => fireEvent.click(screen.getByTestId('wizard-next'));
const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);

beforeAll(() => {
  addAllRecipes();
});

beforeEach(() => {
  posted = [];
  scheduleAnswers = [];
  document.cookie = 'muster.csrf=test-token';
  globalThis.fetch = jest.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/drills/templates?status=published') return Promise.resolve(response({ items: [summary] }));
    if (method === 'GET' && url === `/api/drills/templates/${TEMPLATE}`) return Promise.resolve(response(template));
    if (method === 'GET' && url === '/api/drills/members')
      return Promise.resolve(
        response({
          items: [
            { id: ME, name: 'Marcus Lee', email: 'manager@harborpoint.example', role: 'MANAGER' },
            { id: UMA, name: 'Uma Patel', email: 'user@harborpoint.example', role: 'USER' },
          ],
        }),
      );
    if (method === 'POST' && url === '/api/drills/runs') {
      posted.push(JSON.parse(init!.body as string));
      const answer = scheduleAnswers.shift() ?? { status: 201, body: { id: RUN, title: 'Full evacuation and muster' } };
      return Promise.resolve(response(answer.body, answer.status));
    }
    return Promise.resolve(response({ message: 'not found' }, 404));
  }) as typeof fetch;
});

afterEach(cleanup);

describe('the quick drill wizard', () => {
  it('checks each step in place, keeps what was entered going back, and schedules the local time as an instant', async () => {
    renderWizard();
    expect(step()).toBe('scenario');
    next();
    expect(await screen.findByText('Choose a scenario')).toBeTruthy();
    expect(step()).toBe('scenario');

    const evacuation = await screen.findByTestId('scenario-evacuation');
    fireEvent.click(within(evacuation).getByRole('radio'));
    await waitFor(() => expect(evacuation.getAttribute('data-state')).toBe('checked'));
    // Choosing clears the message.
    expect(screen.queryByText('Choose a scenario')).toBeNull();
    next();
    // The scenario's one template is chosen already.
    await waitFor(() => expect(step()).toBe('template'));
    const card = await screen.findByTestId('wizard-template');
    await waitFor(() => expect(card.getAttribute('data-state')).toBe('checked'));

    await waitFor(() => expect(screen.getByTestId('wizard-next').hasAttribute('data-loading')).toBe(false));
    next();
    await waitFor(() => expect(step()).toBe('when'));
    expect(input('wizard-muster').placeholder).toBe('10');
    next();
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(step()).toBe('when');

    fireEvent.change(input('wizard-location'), { target: { value: 'Berth 4' } });
    fireEvent.change(input('wizard-date'), { target: { value: '2030-06-01' } });
    fireEvent.change(input('wizard-time'), { target: { value: '14:45' } });
    fireEvent.click(screen.getByTestId('wizard-back'));
    await waitFor(() => expect(step()).toBe('template'));
    next();
    await waitFor(() => expect(step()).toBe('when'));
    expect(input('wizard-location').value).toBe('Berth 4');
    expect(input('wizard-time').value).toBe('14:45');

    next();
    await waitFor(() => expect(step()).toBe('people'));
    const lead = await screen.findByTestId<HTMLSelectElement>('wizard-lead');
    expect(lead.value).toBe(ME);
    fireEvent.change(screen.getByTestId('roster-member'), { target: { value: UMA } });
    fireEvent.click(screen.getByTestId('roster-add-member'));
    fireEvent.change(screen.getByTestId('roster-position'), { target: { value: 'muster' } });
    fireEvent.change(screen.getByTestId('roster-guest'), { target: { value: 'Pilot Jonas' } });
    fireEvent.click(screen.getByTestId('roster-add-guest'));
    expect(screen.getAllByTestId('roster-row')).toHaveLength(2);

    next();
    await waitFor(() => expect(step()).toBe('review'));
    expect(screen.getByTestId('review-location').textContent).toContain('Berth 4');
    expect(screen.getByTestId('review-roster').textContent).toContain('Pilot Jonas');

    // The server finds the time in the past: the wizard goes back to the step that holds it.
    scheduleAnswers.push({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        reason: 'drillRun.inPast',
        params: {},
        message: 'Choose a time in the future',
        fields: { scheduledAt: 'Choose a time in the future' },
        fieldReasons: { scheduledAt: { reason: 'drillRun.inPast', params: {} } },
      },
    });
    fireEvent.click(screen.getByTestId('wizard-schedule'));
    await waitFor(() => expect(step()).toBe('when'));
    expect(screen.getByText('Choose a time in the future')).toBeTruthy();
    expect(posted[0]).toEqual({
      templateId: TEMPLATE,
      scheduledAt: new Date(2030, 5, 1, 14, 45).toISOString(),
      location: 'Berth 4',
      leadUserId: ME,
      participants: [
        { userId: UMA, name: '', positionId: 'muster' },
        { userId: null, name: 'Pilot Jonas', positionId: null },
      ],
    });

    fireEvent.change(input('wizard-date'), { target: { value: '2030-06-02' } });
    next();
    await waitFor(() => expect(step()).toBe('people'));
    next();
    await waitFor(() => expect(step()).toBe('review'));
    fireEvent.click(screen.getByTestId('wizard-schedule'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/app/drills/console/${RUN}`));
    expect((posted[1] as { scheduledAt: string }).scheduledAt).toBe(new Date(2030, 5, 2, 14, 45).toISOString());
  });
});
