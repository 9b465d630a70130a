import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import { reasonText, type DrillSummary, type ErrorReason, type RenderView } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { addAllRecipes } from '../../../components/ui/all-recipes';
import { system } from '../../../components/ui/system';
import { FakeConsoleSocket } from './fake-socket';
import { CONTROL, drillSummary, IMPROVEMENT_ID, LEAD, MANAGER, RUN_ID, USER, WATCHER } from './summary-test-support';
import { fakeResponse } from '../../../lib/fake-response';
import { englishI18n, stubResizeObserver } from '../../../lib/spec-support';

// jsdom has no TextEncoder (React Router), no scrollIntoView and no ResizeObserver (Chakra's dialog).
Object.assign(globalThis, { TextEncoder, TextDecoder });
Element.prototype.scrollIntoView = () => undefined;
stubResizeObserver();

const fake = new FakeConsoleSocket();
const RENDER_ID = '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b';
jest.unstable_mockModule('socket.io-client', () => ({ io: () => fake }));

const { default: SummaryPage } = await import('./SummaryPage');
const { MemoryRouter, Route, Routes } = await import('react-router-dom');

const NAMESPACES = ['common', 'errors', 'pages', 'drills', 'drillSummary', 'documents'];
const i18n = englishI18n(NAMESPACES);

configure({ asyncUtilTimeout: 5_000 });

const response = fakeResponse;

/** A refusal as the server writes it: its reason, the English message, and its fields' reasons. */
const refusal = (status: number, code: string, reason: ErrorReason, fields?: string[]) =>
  response(
    {
      statusCode: status,
      error: 'Refused',
      message: reasonText(reason),
      code,
      reason,
      params: {},
      requestId: 'r',
      ...(fields
        ? {
            fields: Object.fromEntries(fields.map((f) => [f, reasonText(reason)])),
            fieldReasons: Object.fromEntries(fields.map((f) => [f, { reason, params: {} }])),
          }
        : {}),
    },
    status,
  );

let current: DrillSummary | { status: number; body: unknown };
let answers: Record<string, Response[]>;
let requests: { method: string; url: string; body: unknown }[];

beforeAll(() => addAllRecipes());
beforeEach(() => {
  fake.reset();
  current = drillSummary();
  answers = {};
  requests = [];
  document.cookie = 'muster.csrf=test-token';
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ method, url: input, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const queued = answers[`${method} ${input}`]?.shift();
    if (queued) return Promise.resolve(queued);
    if (input === `/api/drills/runs/${RUN_ID}/summary`)
      return Promise.resolve('status' in current ? response(current.body, current.status) : response(current));
    if (input === '/api/drills/members')
      return Promise.resolve(
        response({
          items: [LEAD, MANAGER, USER].map((m) => ({ ...m, email: `${m.name.split(' ')[0]!.toLowerCase()}@example.com`, role: 'USER' })),
        }),
      );
    return Promise.resolve(response({ message: 'not found' }, 404));
  }) as unknown as typeof fetch;
});
afterEach(cleanup);

function renderPage(id = RUN_ID) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[`/app/drills/runs/${id}/summary`]}>
            <Routes>
              <Route path="/app/drills/runs/:id/summary" element={<SummaryPage pageId="drillSummary" />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>,
  );
}

/** Text without the isolates that keep typed text in its own direction. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

const posted = (path: string) => requests.filter((r) => r.method !== 'GET' && r.url === path);

/** Lets react-hook-form's check of a submitted form (asynchronous) finish. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('the after-action summary', () => {
  it('shows the steps with their variance, the attendance against the muster target, the inject and the observations', async () => {
    renderPage();
    expect(await screen.findByTestId('summary-page')).toBeTruthy();
    expect(document.title).toBe('After-action summary · Muster');
    expect(screen.getByTestId('summary-status').getAttribute('data-status')).toBe('completed');

    const steps = screen.getAllByTestId('summary-step');
    expect(steps.map((s) => [s.getAttribute('data-step-id'), s.getAttribute('data-variance')])).toEqual([
      ['alarm', 'over'],
      ['sweep', 'within'],
      ['assist', 'none'],
    ]);
    expect(steps[0]!.textContent).toContain('01:00 over');
    expect(steps[1]!.textContent).toContain('01:00 under');
    // Screen readers read the same figures as a table.
    const table = screen.getByRole('table', { name: 'Steps: expected time, time taken and variance' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    const muster = screen.getByTestId('summary-muster');
    expect(muster.getAttribute('data-met')).toBe('false');
    expect(muster.textContent).toContain('06:00');
    expect(muster.textContent).toContain('Target missed');
    expect(muster.textContent).toContain('Target: 05:00');
    expect(screen.getAllByTestId('summary-participant').map((p) => p.getAttribute('data-present'))).toEqual(['true', 'false']);

    const inject = screen.getByTestId('summary-inject');
    expect(inject.getAttribute('data-inject-id')).toBe('blocked-exit');
    expect(inject.textContent).toContain('Planned at 08:00');
    expect(inject.textContent).toContain('Published at 08:00 by the drill clock');
    expect(within(inject).getByTestId('summary-inject-response').textContent).toContain('The public address was inaudible on the quay.');

    expect(screen.getAllByTestId('summary-observation').map((o) => o.getAttribute('data-kind'))).toEqual(['strength', 'improvement']);
    expect(screen.getAllByTestId('summary-timeline-entry').map((e) => e.getAttribute('data-type'))).toEqual([
      'scheduled',
      'started',
      'inject_published',
      'observation',
      'completed',
    ]);
    expect(screen.getAllByTestId('summary-timeline-entry')[2]!.textContent).toContain('was published at its time.');
    expect(screen.getByTestId('export-csv').getAttribute('href')).toBe(`/api/drills/runs/${RUN_ID}/summary/export?format=csv&language=en`);
    // The page joined the run's room, to stay live.
    expect(fake.sent('console:subscribe').map((e) => e.payload)).toEqual([{ runId: RUN_ID }]);
  });

  it('has the PDF made by the documents engine: a progress bar with its stage up to 100 %, then a link to save it again', async () => {
    renderPage();
    const view = (stage: RenderView['stage'], percent: number, status: RenderView['status'] = 'running'): RenderView => ({
      id: RENDER_ID,
      kind: 'drill-summary-pdf',
      status,
      stage,
      percent,
      fileName: status === 'done' ? 'quay-fire-drill.pdf' : null,
      sizeBytes: status === 'done' ? 1024 : null,
      createdAt: '2026-11-27T09:00:00.000Z',
      finishedAt: status === 'done' ? '2026-11-27T09:00:02.000Z' : null,
      expiresAt: status === 'done' ? '2026-11-28T09:00:02.000Z' : null,
      reason: null,
      downloadUrl: status === 'done' ? `/api/documents/renders/${RENDER_ID}/download` : null,
      recordId: null,
    });
    answers['POST /api/documents/renders'] = [response(view('queued', 0, 'queued'), 202)];
    answers[`GET /api/documents/renders/${RENDER_ID}`] = [response(view('queued', 0, 'queued'))];
    fireEvent.click(await screen.findByTestId('export-pdf'));
    await waitFor(() => expect(screen.getByTestId('export-pdf-progress').dataset.percent).toBe('0'));
    expect(requests.find((r) => r.method === 'POST' && r.url === '/api/documents/renders')?.body).toEqual({
      kind: 'drill-summary-pdf',
      runId: RUN_ID,
      language: 'en',
    });
    act(() => fake.fire('documents:render', view('rendering', 40)));
    expect(screen.getByTestId('export-pdf-progress').textContent).toContain('Making the file');
    expect(screen.getByTestId('export-pdf-progress').dataset.percent).toBe('40');
    // Another render's news is not this one's.
    act(() => fake.fire('documents:render', { ...view('done', 100, 'done'), id: '00000000-0000-4000-8000-000000000000' }));
    expect(screen.getByTestId('export-pdf-progress').dataset.percent).toBe('40');
    // Once done, the file is saved: the page follows its download link.
    const saved: (string | null)[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.getAttribute('href'));
    });
    act(() => fake.fire('documents:render', view('done', 100, 'done')));
    click.mockRestore();
    expect(saved).toEqual([`/api/documents/renders/${RENDER_ID}/download`]);
    expect(screen.getByTestId('export-pdf-progress').dataset.percent).toBe('100');
    expect(screen.getByTestId('export-pdf-download').getAttribute('href')).toBe(`/api/documents/renders/${RENDER_ID}/download`);
  });

  it('checks a new action with the contracts schema in place, then adds it from an area for improvement', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('action-submit'));
    await settle();
    const form = screen.getByTestId('action-form');
    expect([...form.querySelectorAll('[data-part="error-text"]')].map((e) => e.textContent)).toEqual([
      'Required',
      'Choose an owner',
      'Choose a due date',
    ]);
    expect(posted(`/api/drills/runs/${RUN_ID}/actions`)).toHaveLength(0);

    const improvement = screen.getAllByTestId('summary-observation').find((o) => o.getAttribute('data-kind') === 'improvement')!;
    fireEvent.click(within(improvement).getByTestId('observation-create-action'));
    expect(screen.getByTestId<HTMLInputElement>('action-title').value).toBe('The public address was inaudible on the quay.');
    expect(screen.getByTestId<HTMLSelectElement>('action-observation').value).toBe(IMPROVEMENT_ID);
    await waitFor(() => expect(screen.getByTestId('action-owner').querySelectorAll('option')).toHaveLength(4));
    fireEvent.change(screen.getByTestId('action-owner'), { target: { value: USER.id } });
    fireEvent.change(screen.getByTestId('action-due'), { target: { value: '2026-12-15' } });
    answers[`POST /api/drills/runs/${RUN_ID}/actions`] = [response({}, 201)];
    fireEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(posted(`/api/drills/runs/${RUN_ID}/actions`)).toHaveLength(1));
    expect(posted(`/api/drills/runs/${RUN_ID}/actions`)[0]!.body).toEqual({
      title: 'The public address was inaudible on the quay.',
      ownerUserId: USER.id,
      dueDate: '2026-12-15',
      status: 'open',
      observationId: IMPROVEMENT_ID,
    });
  });

  it('shows the server refusal of an action in the reader language, and its field errors under their inputs', async () => {
    renderPage();
    fireEvent.change(await screen.findByTestId('action-title'), { target: { value: 'Replace the PA speakers' } });
    await waitFor(() => expect(screen.getByTestId('action-owner').querySelectorAll('option')).toHaveLength(4));
    fireEvent.change(screen.getByTestId('action-owner'), { target: { value: USER.id } });
    fireEvent.change(screen.getByTestId('action-due'), { target: { value: '2026-12-15' } });
    answers[`POST /api/drills/runs/${RUN_ID}/actions`] = [
      refusal(400, 'VALIDATION_FAILED', 'drillRun.ownerNotMember', ['ownerUserId']),
      refusal(409, 'RUN_LOCKED', 'drillRun.locked'),
    ];
    fireEvent.click(screen.getByTestId('action-submit'));
    expect(await within(screen.getByTestId('action-form')).findByText('The owner must be a member of your organisation')).toBeTruthy();
    fireEvent.click(screen.getByTestId('action-submit'));
    expect((await screen.findByTestId('action-error')).textContent).toBe(
      'This drill run is approved and locked: add a dated addendum instead',
    );
  });

  it('changes only what changed of an action', async () => {
    current = drillSummary({
      actions: [
        {
          id: '21b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
          title: 'Replace the PA speakers',
          owner: USER,
          dueDate: '2026-12-15',
          status: 'open',
          observationId: IMPROVEMENT_ID,
          createdAt: '2026-11-23T11:00:00.000Z',
          updatedAt: '2026-11-23T11:00:00.000Z',
        },
      ],
    });
    renderPage();
    const row = await screen.findByTestId('action-row');
    expect(plain(row.textContent)).toContain('From: The public address was inaudible on the quay.');
    fireEvent.click(within(row).getByTestId('action-edit'));
    fireEvent.change(within(row).getByTestId('action-edit-status'), { target: { value: 'in_progress' } });
    const path = `/api/drills/runs/${RUN_ID}/actions/21b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d`;
    answers[`PATCH ${path}`] = [response({})];
    fireEvent.click(within(row).getByTestId('action-edit-save'));
    await waitFor(() => expect(posted(path)).toHaveLength(1));
    expect(posted(path)[0]!.body).toEqual({ status: 'in_progress' });
  });

  it('approves a completed run only after a confirmation that says it locks the run', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('approve-button'));
    const dialog = await screen.findByTestId('approve-dialog');
    expect(dialog.textContent).toContain('locks the drill run');
    expect(posted(`/api/drills/runs/${RUN_ID}/approve`)).toHaveLength(0);
    answers[`POST /api/drills/runs/${RUN_ID}/approve`] = [refusal(409, 'RUN_STATE', 'drillRun.notCompleted')];
    fireEvent.click(screen.getByTestId('approve-confirm'));
    expect((await screen.findByTestId('approve-error')).textContent).toBe('Only a completed drill run can be approved');
    expect(posted(`/api/drills/runs/${RUN_ID}/approve`)).toHaveLength(1);
  });

  it('shows an approved run locked: the action controls are gone, addenda are still taken', async () => {
    current = drillSummary({
      run: { status: 'approved', approvedAt: '2026-11-23T12:00:00.000Z', approvedBy: MANAGER },
      addenda: [
        {
          id: '31b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
          body: 'The PA contractor is booked.',
          author: LEAD,
          createdAt: '2026-11-24T09:00:00.000Z',
        },
      ],
    });
    renderPage();
    const locked = await screen.findByTestId('summary-locked');
    expect(locked.textContent).toContain('Marcus Lee');
    expect(screen.queryByTestId('action-form')).toBeNull();
    expect(screen.queryByTestId('observation-create-action')).toBeNull();
    expect(screen.queryByTestId('approve-button')).toBeNull();
    expect(screen.getAllByTestId('addendum-item')[0]!.textContent).toContain('The PA contractor is booked.');

    fireEvent.click(screen.getByTestId('addendum-submit'));
    await settle();
    expect(within(screen.getByTestId('addendum-form')).getByText('Required')).toBeTruthy();
    fireEvent.change(screen.getByTestId('addendum-body'), { target: { value: 'Speakers replaced on 2 December.' } });
    answers[`POST /api/drills/runs/${RUN_ID}/addenda`] = [response({}, 201)];
    fireEvent.click(screen.getByTestId('addendum-submit'));
    await waitFor(() => expect(posted(`/api/drills/runs/${RUN_ID}/addenda`)).toHaveLength(1));
    expect(posted(`/api/drills/runs/${RUN_ID}/addenda`)[0]!.body).toEqual({ body: 'Speakers replaced on 2 December.' });
  });

  it('gives a member who does not control the run the report without its controls', async () => {
    current = drillSummary({ run: { you: WATCHER } });
    renderPage();
    await screen.findByTestId('summary-page');
    expect(screen.queryByTestId('action-form')).toBeNull();
    expect(screen.queryByTestId('addendum-form')).toBeNull();
    expect(screen.queryByTestId('approve-button')).toBeNull();
    expect(screen.queryByTestId('observation-create-action')).toBeNull();
    expect(screen.getByTestId('summary-approval').textContent).toContain('waits for approval');
    expect(requests.some((r) => r.url === '/api/drills/members')).toBe(false);
  });

  it('says a run not started yet is summarised once it runs, with the way to its console', async () => {
    current = drillSummary({ run: { status: 'scheduled', startedAt: null, completedAt: null, you: CONTROL }, durationMs: null });
    renderPage();
    expect((await screen.findByTestId('summary-not-started')).textContent).toContain('The summary is written once the drill runs');
    expect(screen.getByTestId('summary-console-link').getAttribute('href')).toBe(`/app/drills/console/${RUN_ID}`);
    expect(screen.queryByTestId('summary-step')).toBeNull();
    expect(screen.queryByTestId('export-pdf')).toBeNull();
  });

  it('says in place that a run of another organisation or an unknown id is not found', async () => {
    current = {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Drill run not found', code: 'NOT_FOUND', requestId: 'r' },
    };
    renderPage();
    expect((await screen.findByTestId('summary-not-found')).textContent).toContain('Drill run not found');
    expect(screen.getByRole('link', { name: 'All drill runs' }).getAttribute('href')).toBe('/app/drills/runs');
  });
});
