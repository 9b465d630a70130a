import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { ComplianceRule, RenderView } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { FakeConsoleSocket } from '../drills/summary/fake-socket';
import { fakeResponse } from '../../lib/fake-response';
import { englishI18n, stubResizeObserver } from '../../lib/spec-support';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

const fake = new FakeConsoleSocket();
jest.unstable_mockModule('socket.io-client', () => ({ io: () => fake }));

const { AddLinkDialog } = await import('./AddEvidenceDialogs');
const { addAllRecipes } = await import('../../components/ui/all-recipes');
const { system } = await import('../../components/ui/system');
const { MemoryRouter } = await import('react-router-dom');

configure({ asyncUtilTimeout: 5_000 });

const i18n = englishI18n(['common', 'errors', 'evidence', 'compliance', 'documents']);

const RUN = '5d2a1c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const RENDER = '8e7d6c5b-4a3f-4e2d-9c1b-0a9f8e7d6c5b';
const RECORD = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const RULES: ComplianceRule[] = [
  { id: 'isps_b18_5', source: 'ISPS Code B/18.5', titleKey: null, title: 'Drills every 3 months', builtIn: true, kind: 'cadence' },
] as ComplianceRule[];

const view = (patch: Partial<RenderView>): RenderView => ({
  id: RENDER,
  kind: 'evidence-snapshot',
  status: 'queued',
  stage: 'queued',
  percent: 0,
  fileName: null,
  sizeBytes: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  reason: null,
  downloadUrl: null,
  recordId: null,
  ...patch,
});

let answers: Record<string, Response[]>;
let requests: { method: string; url: string; body?: unknown }[];

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <AddLinkDialog rules={RULES} facilities={[]} trigger={<button data-testid="open">Add from Muster</button>} />
          </MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>,
  );
}

/** Opens the dialog and fills it for the approved run. */
async function fillForRun() {
  renderDialog();
  fireEvent.click(screen.getByTestId('open'));
  const form = await screen.findByTestId('evidence-link-form');
  fireEvent.change(within(form).getByTestId('evidence-link-kind'), { target: { value: 'drill_run' } });
  const object = await within(form).findByTestId('evidence-link-object');
  fireEvent.change(object, { target: { value: RUN } });
  fireEvent.click(within(form).getByText(/Drills every 3 months/));
  return form;
}

beforeAll(() => {
  addAllRecipes();
  stubResizeObserver();
});

beforeEach(() => {
  fake.reset();
  requests = [];
  answers = {
    'GET /api/evidence/sources?kind=drill_run': [
      fakeResponse({
        items: [{ kind: 'drill_run', id: RUN, label: 'Quay evacuation — 2026-11-20', versions: [], from: '2026-11-20', to: '2026-11-20' }],
      }),
    ],
  };
  document.cookie = 'muster.csrf=test-token';
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, url: input, body });
    const queued = answers[`${method} ${input}`]?.shift();
    return Promise.resolve(queued ?? fakeResponse({ message: 'not found' }, 404));
  }) as unknown as typeof fetch;
});

afterEach(() => cleanup());

describe('Add from Muster: a snapshot made on the render queue', () => {
  it('starts the snapshot, shows its progress from the socket, and closes once the render names the record', async () => {
    answers['POST /api/evidence/links'] = [fakeResponse(view({}), 202)];
    answers[`GET /api/documents/renders/${RENDER}`] = [fakeResponse(view({}))];
    const form = await fillForRun();
    // The run's label and day were suggested.
    expect(within(form).getByTestId<HTMLInputElement>('evidence-link-title').value).toBe('Quay evacuation — 2026-11-20');
    fireEvent.click(within(form).getByTestId('evidence-link-submit'));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/api/evidence/links')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({
      kind: 'drill_run',
      objectId: RUN,
      title: 'Quay evacuation — 2026-11-20',
      ruleIds: ['isps_b18_5'],
      from: '2026-11-20',
      to: '2026-11-20',
    });
    await screen.findByTestId('evidence-link-progress');
    expect(within(form).getByTestId('evidence-link-submit').textContent).toContain('Making the snapshot');

    act(() => fake.fire('documents:render', view({ status: 'running', stage: 'rendering', percent: 40 })));
    await waitFor(() => expect(screen.getByTestId('evidence-link-progress').getAttribute('data-percent')).toBe('40'));
    expect(screen.getByTestId('evidence-link-progress').textContent).toContain('Making the file');
    // Another render's event moves nothing.
    act(() =>
      fake.fire('documents:render', view({ id: '00000000-0000-4000-8000-000000000000', status: 'done', stage: 'done', percent: 100 })),
    );
    expect(screen.getByTestId('evidence-link-form')).toBeTruthy();

    act(() => fake.fire('documents:render', view({ status: 'done', stage: 'done', percent: 100, recordId: RECORD })));
    await waitFor(() => expect(screen.queryByTestId('evidence-link-form')).toBeNull());
  });

  it('puts a refusal of the start on the form and lets the admin try again', async () => {
    answers['POST /api/evidence/links'] = [
      fakeResponse({ statusCode: 409, code: 'CONFLICT', reason: 'evidence.runNotApproved', params: {}, message: 'Not approved' }, 409),
    ];
    const form = await fillForRun();
    fireEvent.click(within(form).getByTestId('evidence-link-submit'));
    const refusal = await screen.findByTestId('evidence-refusal');
    expect(refusal.textContent).toContain(i18n.t('errors:evidence.runNotApproved'));
    expect(screen.queryByTestId('evidence-link-progress')).toBeNull();
    expect(within(form).getByTestId<HTMLButtonElement>('evidence-link-submit').disabled).toBe(false);
  });

  it('says why when the worker could not make the snapshot', async () => {
    answers['POST /api/evidence/links'] = [fakeResponse(view({}), 202)];
    answers[`GET /api/documents/renders/${RENDER}`] = [fakeResponse(view({}))];
    const form = await fillForRun();
    fireEvent.click(within(form).getByTestId('evidence-link-submit'));
    await screen.findByTestId('evidence-link-progress');
    act(() => fake.fire('documents:render', view({ status: 'failed', stage: 'failed', percent: 10, reason: 'evidence.runNotApproved' })));
    const error = await screen.findByTestId('evidence-link-error');
    expect(error.textContent).toBe(i18n.t('errors:evidence.runNotApproved'));
    expect(screen.getByTestId('evidence-link-form')).toBeTruthy();
  });
});
