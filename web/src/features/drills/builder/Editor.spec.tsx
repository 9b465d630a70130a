import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { DrillTemplate } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { addAllRecipes } from '../../../components/ui/all-recipes';
import { system } from '../../../components/ui/system';
import { storageKey } from './storage';
import { fakeResponse } from '../../../lib/fake-response';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
let Editor: typeof import('./Editor').Editor;
let MemoryRouter: typeof import('react-router-dom').MemoryRouter;

const locale = (ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../public/locales/en/${ns}.json`, import.meta.url)), 'utf8')) as object;
const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: {
    en: { common: locale('common'), errors: locale('errors'), drills: locale('drills'), drillTemplates: locale('drillTemplates') },
  },
  ns: ['common', 'errors', 'drills', 'drillTemplates'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

configure({ asyncUtilTimeout: 5_000 });

const ID = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

function template(overrides: Partial<DrillTemplate> = {}): DrillTemplate {
  return {
    id: ID,
    source: 'organization',
    status: 'draft',
    version: 3,
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:30:00.000Z',
    updatedBy: { id: null, name: 'Marcus Lee' },
    editable: true,
    libraryTexts: {},
    name: 'Berth 4 fire drill',
    type: 'drill',
    scenario: 'fire',
    description: 'Smoke is seen in warehouse B.',
    objectives: ['Raise the alarm within two minutes'],
    positions: [
      { id: 'commander', name: 'Incident commander', description: '' },
      { id: 'warden', name: 'Muster warden', description: '' },
    ],
    steps: [
      { id: 'alarm', title: 'Raise the alarm', instructions: '', positionId: 'commander', expectedMinutes: 5, checklist: [] },
      { id: 'sweep', title: 'Sweep the zones', instructions: '', positionId: 'warden', expectedMinutes: 10, checklist: [] },
      { id: 'count', title: 'Count everyone', instructions: '', positionId: 'warden', expectedMinutes: 10, checklist: [] },
    ],
    injects: [{ id: 'smoke', atMinute: 20, title: 'Smoke spreads', message: 'Smoke reaches warehouse B.', positionId: null }],
    regulations: ['isps_b18_5'],
    estimatedMinutes: 45,
    musterTargetMinutes: null,
    ...overrides,
  };
}

const response = fakeResponse;

/** The saves the editor sent, and what the stand-in server answers to the next one. */
let saves: { method: string; url: string; body: Record<string, unknown> }[];
let answer: (body: Record<string, unknown>) => { status: number; body: unknown };

beforeAll(async () => {
  addAllRecipes();
  Element.prototype.scrollIntoView = () => undefined;
  ({ Editor } = await import('./Editor'));
  ({ MemoryRouter } = await import('react-router-dom'));
});

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'muster.csrf=test-token';
  saves = [];
  answer = (body) => ({
    status: 200,
    body: { ...template(), ...body, version: Number(body.version ?? 0) + 1, updatedAt: new Date().toISOString() },
  });
  globalThis.fetch = jest.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT' || init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      saves.push({ method: init.method, url, body });
      const next = answer(body);
      return Promise.resolve(response(next.body, next.status));
    }
    return Promise.resolve(response({ message: 'not found' }, 404));
  }) as unknown as typeof fetch;
});

afterEach(cleanup);

/** The editor of `t`, or of a new template (null). */
function renderEditor(t: DrillTemplate | null = template()) {
  const onCreated = jest.fn();
  const onReload = jest.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <Editor template={t ?? undefined} onCreated={onCreated} onReload={onReload} />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { onCreated, onReload };
}

const field = (path: string) => screen.getByTestId<HTMLInputElement>(`field-${path}`);
const type = (path: string, value: string) => fireEvent.change(field(path), { target: { value } });
const status = () => screen.getByTestId('save-status');
const stepTitles = () =>
  screen.getAllByTestId('builder-step').map((s) => within(s).getByTestId<HTMLInputElement>(/field-steps\.\d+\.title/).value);

describe('the template builder', () => {
  it('shows every problem on its field and counts them in the summary', () => {
    renderEditor(null);
    expect(screen.getByTestId('error-steps').textContent).toBe('Add at least one step');
    expect(screen.getByTestId('problems-count').textContent).toBe('Problems to fix: 5');

    fireEvent.click(screen.getByTestId('add-steps'));
    type('steps.0.title', 'Raise the alarm');
    type('steps.0.expectedMinutes', '-5');
    expect(screen.queryByTestId('error-steps')).toBeNull();
    expect(field('steps.0.expectedMinutes').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Must be 0 minutes or more')).toBeTruthy();
    const problem = screen.getAllByTestId('problem').find((p) => p.dataset.path === 'steps.0.expectedMinutes')!;
    expect(problem.textContent).toBe('Step 1, Expected duration (minutes): Must be 0 minutes or more');

    // The summary takes the reader to the field.
    fireEvent.click(within(problem).getByRole('button'));
    expect(document.activeElement).toBe(field('steps.0.expectedMinutes'));
  });

  it('says when an inject falls after the end of the drill', () => {
    renderEditor();
    type('injects.0.atMinute', '50');
    expect(screen.getByText('Due after the drill ends (at 45 min): move it earlier or lengthen the drill')).toBeTruthy();
    type('estimatedMinutes', '60');
    expect(screen.queryByText(/Due after the drill ends/)).toBeNull();
  });

  it('moves steps with the keyboard-operable buttons and keeps focus on the moved step', () => {
    renderEditor();
    const firstDown = within(screen.getAllByTestId('builder-step')[0]!).getByTestId('move-down');
    firstDown.focus();
    fireEvent.click(firstDown);
    expect(stepTitles()).toEqual(['Sweep the zones', 'Raise the alarm', 'Count everyone']);
    expect(document.activeElement).toBe(within(screen.getAllByTestId('builder-step')[1]!).getByTestId('move-down'));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Step 2 down');

    // At the bottom its "down" is disabled: focus goes to its "up".
    fireEvent.click(document.activeElement as HTMLElement);
    expect(stepTitles()).toEqual(['Sweep the zones', 'Count everyone', 'Raise the alarm']);
    const last = screen.getAllByTestId('builder-step')[2]!;
    expect(within(last).getByTestId<HTMLButtonElement>('move-down').disabled).toBe(true);
    expect(document.activeElement).toBe(within(last).getByTestId('move-up'));
  });

  it('keeps every value of a step (and its checklist) as steps are added, moved and removed', async () => {
    renderEditor();
    const steps = () => screen.getAllByTestId('builder-step');
    // Values typed into the steps' inputs (react-hook-form holds them, the inputs are its own).
    type('steps.0.instructions', 'Press the red button.');
    type('steps.1.expectedMinutes', '12');
    fireEvent.click(within(steps()[1]!).getByTestId('add-steps.1.checklist'));
    type('steps.1.checklist.0.text', 'Zone A swept');
    fireEvent.click(screen.getByTestId('add-steps'));
    type('steps.3.title', 'Report to the harbour master');
    type('steps.3.expectedMinutes', '3');
    expect(stepTitles()).toEqual(['Raise the alarm', 'Sweep the zones', 'Count everyone', 'Report to the harbour master']);

    // The new step up one place, then the second step (with its checklist) to the top.
    // A step's own buttons come first in its card (its checklist items have theirs).
    fireEvent.click(within(steps()[3]!).getAllByTestId('move-up')[0]!);
    fireEvent.click(within(steps()[1]!).getAllByTestId('move-up')[0]!);
    expect(stepTitles()).toEqual(['Sweep the zones', 'Raise the alarm', 'Report to the harbour master', 'Count everyone']);
    expect(field('steps.0.expectedMinutes').value).toBe('12');
    expect(field('steps.0.checklist.0.text').value).toBe('Zone A swept');
    expect(field('steps.1.instructions').value).toBe('Press the red button.');
    expect(field('steps.2.expectedMinutes').value).toBe('3');

    // Removing the first step leaves the others' values where they went.
    fireEvent.click(within(steps()[0]!).getAllByTestId('remove-item')[0]!);
    expect(stepTitles()).toEqual(['Raise the alarm', 'Report to the harbour master', 'Count everyone']);
    expect(field('steps.0.instructions').value).toBe('Press the red button.');
    expect(field('steps.1.expectedMinutes').value).toBe('3');
    expect(screen.queryByTestId('field-steps.0.checklist.0.text')).toBeNull();

    // What is saved is the list as it is on screen.
    await waitFor(() => expect(saves).toHaveLength(1));
    const saved = saves[0]!.body.steps as {
      id: string;
      title: string;
      instructions: string;
      expectedMinutes: number;
      checklist: unknown[];
    }[];
    expect(saved.map((step) => [step.id, step.title, step.expectedMinutes])).toEqual([
      ['alarm', 'Raise the alarm', 5],
      [expect.stringMatching(/^step-/), 'Report to the harbour master', 3],
      ['count', 'Count everyone', 10],
    ]);
    expect(saved[0]!.instructions).toBe('Press the red button.');
  });

  it('sorts injects by minute', () => {
    renderEditor(
      template({
        injects: [
          { id: 'late', atMinute: 30, title: 'Late', message: 'Late', positionId: null },
          { id: 'early', atMinute: 5, title: 'Early', message: 'Early', positionId: null },
        ],
      }),
    );
    fireEvent.click(screen.getByTestId('sort-injects'));
    expect(field('injects.0.title').value).toBe('Early');
    expect(field('injects.1.title').value).toBe('Late');
  });

  it('autosaves a draft after a pause, naming the version it started from', async () => {
    renderEditor();
    type('name', 'Berth 4 fire drill, night shift');
    expect(status().dataset.state).toBe('waiting');
    expect(localStorage.getItem(storageKey(ID))).toContain('night shift');
    await waitFor(() => expect(status().dataset.state).toBe('clean'));
    expect(saves).toHaveLength(1);
    expect(saves[0]!.method).toBe('PUT');
    expect(saves[0]!.url).toBe(`/api/drills/templates/${ID}`);
    expect(saves[0]!.body).toMatchObject({ name: 'Berth 4 fire drill, night shift', status: 'draft', version: 3 });
    expect(status().textContent).toMatch(/^Saved at /);
    // Saved: nothing is left in the browser.
    expect(localStorage.getItem(storageKey(ID))).toBeNull();

    // The next save names the version the server answered.
    type('name', 'Berth 4 fire drill, day shift');
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.body.version).toBe(4);
  });

  it('does not send a draft the server would refuse, and says why', async () => {
    renderEditor();
    type('name', '');
    expect(status().dataset.state).toBe('invalid');
    expect(status().textContent).toBe('Not saved: fix the problems below first (1)');
    await new Promise((r) => setTimeout(r, 1800));
    expect(saves).toHaveLength(0);
  });

  it('keeps an incomplete published template in the browser instead of saving it, and offers it back', async () => {
    renderEditor(template({ status: 'published' }));
    fireEvent.click(within(screen.getAllByTestId('builder-step')[0]!).getByTestId('remove-item'));
    fireEvent.click(within(screen.getAllByTestId('builder-step')[0]!).getByTestId('remove-item'));
    fireEvent.click(within(screen.getAllByTestId('builder-step')[0]!).getByTestId('remove-item'));
    expect(status().dataset.state).toBe('invalid');
    expect(status().textContent).toContain('a published template must be complete');
    await new Promise((r) => setTimeout(r, 1800));
    expect(saves).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(storageKey(ID))!)).toMatchObject({ status: 'published', version: 3, copy: { steps: [] } });

    // After a reload the kept copy is offered back.
    cleanup();
    renderEditor(template({ status: 'published' }));
    expect(screen.getAllByTestId('builder-step')).toHaveLength(3);
    fireEvent.click(screen.getByTestId('restore-accept'));
    expect(screen.queryAllByTestId('builder-step')).toHaveLength(0);
    expect(screen.getByTestId('error-steps').textContent).toBe('Add at least one step');
  });

  it('stops and offers to reload when someone else saved first', async () => {
    answer = () => ({
      status: 409,
      body: {
        statusCode: 409,
        code: 'VERSION_CONFLICT',
        message: 'Someone saved this template after you opened it: reload it to see their changes',
      },
    });
    const { onReload } = renderEditor();
    type('description', 'Smoke and flames are seen in warehouse B.');
    await waitFor(() => expect(screen.getByTestId('conflict')).toBeTruthy());
    expect(status().textContent).toBe('Not saved: someone else saved this template');
    // No more saves until the template is reloaded; the changes stay in this browser.
    type('description', 'Flames are seen in warehouse B.');
    await new Promise((r) => setTimeout(r, 1800));
    expect(saves).toHaveLength(1);
    expect(localStorage.getItem(storageKey(ID))).toContain('Flames are seen');
    fireEvent.click(screen.getByTestId('conflict-reload'));
    expect(onReload).toHaveBeenCalled();
  });

  it('publishes only a complete template, and creates a new one on its first save', async () => {
    const { onCreated } = renderEditor(null);
    fireEvent.click(screen.getByTestId('template-publish'));
    expect(saves).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByTestId('problems'));

    type('name', 'Gate drill');
    fireEvent.change(field('scenario'), { target: { value: 'unauthorised_access' } });
    fireEvent.click(screen.getByTestId('add-objectives'));
    expect(document.activeElement).toBe(field('objectives.0'));
    type('objectives.0', 'Stop the intruder');
    fireEvent.click(screen.getByTestId('add-positions'));
    type('positions.0.name', 'Gate guard');
    fireEvent.click(screen.getByTestId('add-steps'));
    type('steps.0.title', 'Close the gate');
    expect(screen.getByTestId('problems-count').textContent).toBe('No problems: this template is ready to publish.');

    answer = (body) => ({ status: 201, body: { ...template(), ...body, id: ID, version: 1 } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('template-publish'));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(saves).toHaveLength(1);
    expect(saves[0]!.method).toBe('POST');
    expect(saves[0]!.body).toMatchObject({ name: 'Gate drill', status: 'published' });
    expect(saves[0]!.body).not.toHaveProperty('version');
    expect(onCreated).toHaveBeenCalledWith(ID);
    await waitFor(() => expect(screen.getByTestId('builder-page').dataset.status).toBe('published'));
  });
});
