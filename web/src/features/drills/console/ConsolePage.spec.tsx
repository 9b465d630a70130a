import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import { reasonText, type AckError, type ConsoleState, type ErrorReason, type SessionInfo } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { addAllRecipes } from '../../../components/ui/all-recipes';
import { system } from '../../../components/ui/system';
import { toaster } from '../../../components/ui/toaster';
import { FakeSocket } from '../../live-chat/test-support';
import {
  consoleI18n,
  consoleState,
  inject,
  LEAD,
  logEntry,
  observation,
  obsId,
  P_GUEST,
  P_USER,
  participant,
  RUN_ID,
  runState,
  session,
  step,
  timer,
  USER,
  WATCHER,
} from './test-support';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

/** The page's one socket, driven by the test (which so stands in for the server). */
class ConsoleSocket extends FakeSocket {
  /** Lets an emitted command time out (its acknowledgement called with an error). */
  readonly expire = new Map<object, () => void>();
  override timeout(_ms: number) {
    return {
      emit: (event: string, payload: unknown, ack: (err: Error | null, answer?: unknown) => void) => {
        const entry = { event, payload, ack: (answer: unknown) => ack(null, answer) };
        this.emitted.push(entry);
        this.expire.set(entry, () => ack(new Error('operation has timed out')));
      },
    };
  }
}
const fake = new ConsoleSocket();
jest.unstable_mockModule('socket.io-client', () => ({ io: () => fake }));

const { default: ConsolePage } = await import('./ConsolePage');
const { getSocket } = await import('../../../lib/socket');
const { SessionGate } = await import('../../../app/session-gate');
const { SESSION_QUERY_KEY } = await import('../../auth/session');
const { MemoryRouter, Route, Routes } = await import('react-router-dom');

configure({ asyncUtilTimeout: 5_000 });

const i18n = consoleI18n();
let toasts: { title?: unknown; description?: unknown }[];

beforeAll(() => addAllRecipes());
beforeEach(() => {
  fake.connected = true;
  fake.emitted.length = 0;
  getSocket();
  toasts = [];
  jest.spyOn(toaster, 'create').mockImplementation((options) => {
    toasts.push(options as { title?: unknown; description?: unknown });
  });
});
afterEach(async () => {
  jest.useRealTimers();
  // Chakra's inputs settle asynchronously after they mount: let them, inside act.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  cleanup();
  jest.restoreAllMocks();
});

function renderConsole(who: SessionInfo, runId = RUN_ID, musterPoints: { mapId: string; pointId: string; name: string }[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(SESSION_QUERY_KEY, who);
  // The emergency maps' named muster points (none unless the test gives some).
  client.setQueryData(['maps', 'muster-points'], { items: musterPoints });
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[`/app/drills/console/${runId}`]}>
            <SessionGate>
              <Routes>
                <Route path="/app/drills/console/:id" element={<ConsolePage pageId="drillConsole" />} />
              </Routes>
            </SessionGate>
          </MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>,
  );
}

/** The server answers the latest `console:subscribe`. */
function answerSubscribe(state: ConsoleState = consoleState()) {
  const subscribe = fake.last('console:subscribe');
  expect(subscribe?.payload).toEqual({ runId: RUN_ID });
  act(() => subscribe!.ack!({ ok: true, state }));
}

/** An element's text without the Unicode isolates around names and titles. */
const txt = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u2068\u2069]/g, '');
const fire = (event: string, payload: unknown) => act(() => fake.fire(event, { runId: RUN_ID, ...(payload as object) }));
/** The server answers the latest `event` command; what follows the answer runs before this resolves. */
const answer = (event: string, reply: unknown) =>
  act(async () => {
    fake.last(event)!.ack!(reply);
    await Promise.resolve();
  });
/** Lets the components' deferred work run (Chakra's inputs report their changes asynchronously). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

const asLead = () => session(LEAD, 'USER');
const asUser = () => session(USER, 'USER');
const running = (overrides = {}) =>
  consoleState(
    {},
    { status: 'in_progress', version: 2, timer: timer({ status: 'in_progress', startedAt: '2026-11-23T10:00:00.000Z' }), ...overrides },
  );

/** A refused socket request as the server answers it. */
function refused(code: string, reason: ErrorReason, params: Record<string, string> = {}): AckError {
  return { ok: false, code, reason, params, message: reasonText(reason, params) };
}

describe('the drill console', () => {
  it('subscribes on mount, shows the run, and leaves the room on unmount', async () => {
    const view = renderConsole(asLead());
    expect(screen.getByTestId('console-loading')).toBeTruthy();
    answerSubscribe();
    expect(await screen.findByRole('heading', { name: 'Quay 4 fire drill' })).toBeTruthy();
    expect(screen.getByTestId('console-status').dataset.status).toBe('scheduled');
    // A scheduled drill is not live: the console says it is connected, not "Live".
    expect(txt(screen.getByTestId('connection-state'))).toBe('Connected');
    expect(txt(screen.getByTestId('console-timer'))).toBe('00:00');
    expect(screen.getByTestId('step-raise-alarm').dataset.status).toBe('pending');
    expect(document.title).toBe('Drill console · Muster');
    view.unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(fake.last('console:unsubscribe')?.payload).toEqual({ runId: RUN_ID });
  });

  it('shows "not found" in place for an unknown run or another organisation’s', async () => {
    renderConsole(asLead());
    await answer('console:subscribe', refused('NOT_FOUND', 'notFound.drillRun'));
    expect(txt(await screen.findByTestId('console-not-found'))).toContain('Drill run not found');
    expect(screen.getByTestId('console-page').dataset.state).toBe('not-found');
  });

  it('shows a refused subscription in the reader’s language', async () => {
    renderConsole(asLead());
    await answer('console:subscribe', refused('FORBIDDEN', 'drillRun.cannotControl'));
    expect(txt(await screen.findByTestId('console-error'))).toContain('Only the lead, an administrator or a manager can do this');
  });

  it('lets the lead start the drill, applying the acknowledged run at once', async () => {
    renderConsole(asLead());
    answerSubscribe();
    fireEvent.click(await screen.findByTestId('console-start'));
    expect(fake.last('console:control')?.payload).toEqual({ runId: RUN_ID, action: 'start' });
    const started = runState({
      status: 'in_progress',
      version: 2,
      timer: timer({ status: 'in_progress', startedAt: '2026-11-23T10:00:00.000Z' }),
    });
    await answer('console:control', {
      ok: true,
      run: { ...started, you: { control: true, observe: true, plan: false, approve: false, participantId: null } },
    });
    expect(screen.getByTestId('console-status').dataset.status).toBe('in_progress');
    expect(screen.getByTestId('console-pause')).toBeTruthy();
    expect(screen.queryByTestId('console-start')).toBeNull();
  });

  it('shows a refused command in the reader’s language', async () => {
    renderConsole(asLead());
    answerSubscribe(running());
    fireEvent.click(await screen.findByTestId('console-pause'));
    await answer('console:control', refused('RUN_STATE', 'drillRun.alreadyPaused'));
    expect(toasts).toEqual([{ type: 'error', title: 'Not done', description: 'The drill is already paused' }]);
  });

  it('completes the drill only after a confirmation, then links to the summary', async () => {
    renderConsole(asLead());
    answerSubscribe(running());
    fireEvent.click(await screen.findByTestId('console-complete'));
    expect(fake.sent('console:control')).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('console-complete-confirm'));
    expect(fake.last('console:control')?.payload).toEqual({ runId: RUN_ID, action: 'complete' });
    const done = runState({
      status: 'completed',
      version: 3,
      completedAt: '2026-11-23T10:20:00.000Z',
      timer: timer({ status: 'completed', startedAt: '2026-11-23T10:00:00.000Z', completedAt: '2026-11-23T10:20:00.000Z' }),
    });
    await answer('console:control', {
      ok: true,
      run: { ...done, you: { control: true, observe: true, plan: true, approve: true, participantId: null } },
    });
    const link = await screen.findByTestId('summary-link');
    expect(link.getAttribute('href')).toBe(`/app/drills/runs/${RUN_ID}/summary`);
    expect(txt(screen.getByTestId('console-timer'))).toBe('20:00');
    expect(screen.queryByTestId('console-locked')).toBeNull();
    // Approval (by a manager, elsewhere) locks it for everyone.
    fire('console:state-changed', {
      run: { ...done, status: 'approved', version: 4, approvedBy: { id: WATCHER.id, name: 'Walt Watcher' } },
      log: logEntry(9, 'approved', { actor: WATCHER }),
    });
    expect(screen.getByTestId('console-locked')).toBeTruthy();
    expect(txt(screen.getByTestId('console-finished'))).toContain('Approved by Walt Watcher');
  });

  it('applies the room’s events by their rules: out of order, duplicated and stale events change nothing wrong', async () => {
    renderConsole(asUser());
    answerSubscribe(running());
    await screen.findByTestId('step-raise-alarm');
    fire('console:step-updated', {
      step: step('raise-alarm', { version: 3, status: 'done', startedElapsedMs: 0, completedElapsedMs: 150_000 }),
      log: logEntry(4, 'step_completed', { elapsedMs: 150_000, data: { step: 'Raise the alarm', durationMs: 150_000 } }),
    });
    fire('console:step-updated', {
      step: step('raise-alarm', { version: 2, status: 'in_progress', startedElapsedMs: 0 }),
      log: logEntry(3, 'step_started', { elapsedMs: 0, data: { step: 'Raise the alarm' } }),
    });
    expect(screen.getByTestId('step-raise-alarm').dataset.status).toBe('done');
    // Done in 2:30 against 2 minutes expected: shown as over.
    expect(screen.getByTestId('step-took').dataset.over).toBe('true');
    expect(txt(screen.getByTestId('step-took'))).toBe('Took 02:30, longer than the 2 min expected');
    // The log has each entry once, newest first, in words.
    fire('console:step-updated', {
      step: step('raise-alarm', { version: 3, status: 'done' }),
      log: logEntry(4, 'step_completed', { elapsedMs: 150_000, data: { step: 'Raise the alarm', durationMs: 150_000 } }),
    });
    const entries = screen.getAllByTestId('log-entry');
    expect(entries.map((e) => e.dataset.type)).toEqual(['step_completed', 'step_started', 'scheduled']);
    expect(txt(entries[0]!)).toContain('Lena Lead completed the step “Raise the alarm” in 02:30.');
    expect(txt(entries[0]!)).toContain('02:30 drill time');
    // Events of another run are not this console's.
    act(() =>
      fake.fire('console:step-updated', {
        runId: '9f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        step: step('muster', { version: 5, status: 'done' }),
        log: logEntry(5, 'step_completed'),
      }),
    );
    expect(screen.getByTestId('step-muster').dataset.status).toBe('pending');
  });

  it('shows an inject to players once published, and keeps it published', async () => {
    renderConsole(asUser());
    answerSubscribe(running());
    const row = await screen.findByTestId('inject-smoke');
    expect(row.dataset.published).toBe('false');
    expect(txt(row)).not.toContain('Smoke spreads');
    expect(txt(row)).toContain('You will see this inject when it is published.');
    const published = inject('smoke', {
      publishedAt: '2026-11-23T10:01:00.000Z',
      publishedElapsedMs: 60_000,
      publishedBy: null,
      auto: true,
    });
    fire('console:inject-published', {
      inject: published,
      log: logEntry(3, 'inject_published', { actor: null, data: { inject: 'Smoke spreads', auto: true } }),
    });
    expect(screen.getByTestId('inject-smoke').dataset.published).toBe('true');
    expect(txt(screen.getByTestId('inject-smoke'))).toContain('Smoke spreads');
    expect(txt(screen.getByTestId('inject-published-by-smoke'))).toContain('Published by the drill clock at 01:00 drill time');
    expect(txt(screen.getAllByTestId('log-entry')[0]!)).toContain('The inject “Smoke spreads” was published at its time.');
    fire('console:inject-published', { inject: inject('smoke'), log: null });
    expect(screen.getByTestId('inject-smoke').dataset.published).toBe('true');
    // Players have no controls.
    expect(screen.queryByTestId('inject-publish-casualty')).toBeNull();
    expect(screen.queryByTestId('step-done-raise-alarm')).toBeNull();
    expect(screen.queryByTestId('console-pause')).toBeNull();
  });

  it('lets the lead publish an inject and check a step’s item on the version it holds', async () => {
    renderConsole(asLead());
    answerSubscribe(running({ autoInjects: false }));
    expect(txt(await screen.findByTestId('inject-smoke'))).toContain('Smoke spreads');
    fireEvent.click(screen.getByTestId('inject-publish-smoke'));
    expect(fake.last('console:publish-inject')?.payload).toEqual({ runId: RUN_ID, injectId: 'smoke' });
    await answer('console:publish-inject', {
      ok: true,
      inject: inject('smoke', { publishedAt: '2026-11-23T10:01:00.000Z', publishedElapsedMs: 61_000, publishedBy: LEAD }),
      log: logEntry(3, 'inject_published', { actor: LEAD, data: { injectId: 'smoke', inject: 'Smoke spreads', auto: false } }),
    });
    expect(screen.getByTestId('inject-smoke').dataset.published).toBe('true');
    expect(txt(screen.getByTestId('inject-published-by-smoke'))).toContain('Published by Lena Lead at 01:01 drill time');
    // The room leaves the sender out: its own log entry comes with the acknowledgement.
    expect(screen.getAllByTestId('log-entry')[0]!.dataset.type).toBe('inject_published');

    fire('console:step-updated', {
      step: step('raise-alarm', { version: 4, status: 'in_progress', startedElapsedMs: 0 }),
      log: logEntry(3, 'step_started'),
    });
    fireEvent.click(within(screen.getByTestId('item-raise-alarm-sound')).getByRole('checkbox'));
    await settle();
    expect(fake.last('console:step')?.payload).toEqual({
      runId: RUN_ID,
      stepId: 'raise-alarm',
      version: 4,
      item: { itemId: 'sound', checked: true },
    });
    // While it is on its way the box shows what was asked for.
    expect(screen.getByTestId('item-raise-alarm-sound').dataset.checked).toBe('true');
    await answer('console:step', {
      ok: true,
      step: step('raise-alarm', { version: 5, status: 'in_progress', startedElapsedMs: 0, checkedItems: ['sound'], updatedBy: LEAD }),
    });
    expect(screen.getByTestId('step-raise-alarm').dataset.version).toBe('5');
    expect(screen.getByTestId('item-raise-alarm-sound').dataset.checked).toBe('true');
  });

  it('says who won when another change of the step came first', async () => {
    renderConsole(asLead());
    answerSubscribe(running());
    fireEvent.click(await screen.findByTestId('step-start-raise-alarm'));
    expect(fake.last('console:step')?.payload).toMatchObject({ stepId: 'raise-alarm', version: 1, status: 'in_progress' });
    // The winner's step arrives as an event; the command is refused.
    fire('console:step-updated', {
      step: step('raise-alarm', { version: 2, status: 'skipped', updatedBy: WATCHER }),
      log: logEntry(3, 'step_skipped'),
    });
    await answer('console:step', refused('VERSION_CONFLICT', 'drillRun.stepConflict', { name: 'Walt Watcher' }));
    expect(String(toasts[0]?.description).replace(/[\u2068\u2069]/g, '')).toBe(
      'Walt Watcher changed this step first. Your change was not applied; you now see theirs.',
    );
    expect(screen.getByTestId('step-raise-alarm').dataset.status).toBe('skipped');
  });

  it('records an observation with a client id, checked in place, retried with the same id after a lost answer', async () => {
    renderConsole(asLead());
    answerSubscribe(running());
    const form = await screen.findByTestId('observation-form');
    fireEvent.click(within(form).getByTestId('observation-submit'));
    // react-hook-form checks the form asynchronously.
    await settle();
    expect(txt(form)).toContain('Choose strength or area for improvement');
    expect(txt(form)).toContain('Required');
    expect(fake.sent('console:observe')).toHaveLength(0);

    fireEvent.click(within(screen.getByTestId('observation-kind')).getByText('Area for improvement'));
    await settle();
    fireEvent.change(screen.getByTestId('observation-note'), { target: { value: '  The gate radio was flat.  ' } });
    fireEvent.change(screen.getByTestId('observation-link'), { target: { value: 'inject:smoke' } });
    fireEvent.click(screen.getByTestId('observation-submit'));
    await settle();
    const first = fake.last('console:observe')!;
    const { clientId } = first.payload as { clientId: string };
    expect(clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(first.payload).toEqual({
      runId: RUN_ID,
      clientId,
      kind: 'improvement',
      note: 'The gate radio was flat.',
      stepId: null,
      injectId: 'smoke',
    });

    await act(async () => {
      fake.expire.get(first)!();
      await Promise.resolve();
    });
    expect(txt(await screen.findByTestId('observation-error'))).toBe('The server did not answer. Check your connection and try again.');
    fireEvent.click(screen.getByTestId('observation-submit'));
    await settle();
    const second = fake.last('console:observe')!;
    expect(second).not.toBe(first);
    expect((second.payload as { clientId: string }).clientId).toBe(clientId);

    const stored = observation(obsId(1), {
      clientId,
      kind: 'improvement',
      note: 'The gate radio was flat.',
      injectId: 'smoke',
      elapsedMs: 90_000,
    });
    await act(async () => {
      second.ack!({ ok: true, observation: stored });
      await Promise.resolve();
    });
    const item = await screen.findByTestId('observation-item');
    expect(txt(item)).toContain('The gate radio was flat.');
    expect(txt(item)).toContain('Inject: Smoke spreads');
    expect(txt(item)).toContain('Lena Lead at 01:30 drill time');
    expect(screen.getByTestId<HTMLTextAreaElement>('observation-note').value).toBe('');
    // The room's copy of the same observation changes nothing; the next one has a new id.
    fire('console:observation-added', { observation: stored, log: logEntry(5, 'observation') });
    expect(screen.getAllByTestId('observation-item')).toHaveLength(1);
    fireEvent.click(within(screen.getByTestId('observation-kind')).getByText('Strength'));
    await settle();
    fireEvent.change(screen.getByTestId('observation-note'), { target: { value: 'Quick headcount' } });
    fireEvent.click(screen.getByTestId('observation-submit'));
    await settle();
    expect((fake.last('console:observe')!.payload as { clientId: string }).clientId).not.toBe(clientId);
    await settle();
  });

  it('offers observers the form only when the lead allows it', async () => {
    renderConsole(asUser());
    answerSubscribe(running());
    expect(await screen.findByTestId('observations-closed')).toBeTruthy();
    expect(screen.queryByTestId('observation-form')).toBeNull();
    fire('console:state-changed', {
      run: runState({ ...running().run, observersMayWrite: true, version: 3 }),
      log: logEntry(3, 'settings', { data: { observersMayWrite: true } }),
    });
    await settle();
    expect(screen.getByTestId('observation-form')).toBeTruthy();
    expect(txt(screen.getAllByTestId('log-entry')[0]!)).toContain('Lena Lead let observers add observations.');
  });

  it('offers the muster points named on the emergency maps as check-in points, and shows where each person checked in', async () => {
    const MAP = '5b0c6a58-7d7e-4b8f-9a55-0c3f1c1e2a10';
    renderConsole(asLead(), RUN_ID, [
      { mapId: MAP, pointId: 'muster-1', name: 'Car park' },
      { mapId: MAP, pointId: 'muster-2', name: 'Quay apron' },
    ]);
    answerSubscribe(running());
    const select = await screen.findByTestId<HTMLSelectElement>('checkin-point');
    expect([...select.options].map((o) => o.text)).toEqual(['No muster point', 'Car park', 'Quay apron']);
    fireEvent.change(select, { target: { value: `${MAP}/muster-2` } });
    fireEvent.click(screen.getByTestId(`checkin-${P_GUEST}`));
    expect(fake.last('console:attendance')?.payload).toEqual({
      runId: RUN_ID,
      participantId: P_GUEST,
      present: true,
      musterPoint: { mapId: MAP, pointId: 'muster-2' },
    });
    await answer('console:attendance', {
      ok: true,
      participant: participant(P_GUEST, {
        checkedInAt: '2026-11-23T10:05:00.000Z',
        checkedInElapsedMs: 300_000,
        checkedInBy: 'lead',
        checkedInPoint: 'Quay apron',
      }),
      log: logEntry(3, 'checked_in', { data: { participantId: P_GUEST, name: 'Gus Guest', by: 'lead', point: 'Quay apron' } }),
    });
    expect(screen.getByTestId(`participant-${P_GUEST}`).dataset.present).toBe('true');
    expect(txt(await screen.findByTestId(`checkin-point-${P_GUEST}`))).toBe(' at Quay apron');
  });

  it('lets a participant check themselves in, and shows everyone’s check-ins as they come', async () => {
    renderConsole(asUser());
    answerSubscribe(running());
    expect((await screen.findByTestId(`participant-${P_USER}`)).dataset.present).toBe('false');
    expect(screen.queryByTestId(`checkin-${P_GUEST}`)).toBeNull();
    fireEvent.click(screen.getByTestId('self-checkin'));
    expect(fake.last('console:attendance')?.payload).toEqual({ runId: RUN_ID, participantId: P_USER, present: true });
    await answer('console:attendance', {
      ok: true,
      participant: participant(P_USER, { checkedInAt: '2026-11-23T10:04:00.000Z', checkedInElapsedMs: 240_000, checkedInBy: 'self' }),
      log: logEntry(3, 'checked_in', { data: { participantId: P_USER, name: 'Uma User', by: 'self' } }),
    });
    expect(screen.getByTestId(`participant-${P_USER}`).dataset.present).toBe('true');
    expect(txt(screen.getByTestId(`participant-${P_USER}`))).toContain('Checked in at 04:00');
    expect(screen.queryByTestId('self-checkin')).toBeNull();
    expect(txt(screen.getByTestId('attendance-count'))).toBe('1 of 2 checked in');
    // The lead checks the guest in, then out; a late copy of the check-in changes nothing.
    const guestIn = {
      participant: participant(P_GUEST, { checkedInAt: '2026-11-23T10:05:00.000Z', checkedInElapsedMs: 300_000, checkedInBy: 'lead' }),
      log: logEntry(6, 'checked_in', { data: { participantId: P_GUEST, name: 'Gus Guest', by: 'lead' } }),
    };
    fire('console:attendance-updated', guestIn);
    fire('console:attendance-updated', {
      participant: participant(P_GUEST),
      log: logEntry(7, 'checked_out', { data: { participantId: P_GUEST, name: 'Gus Guest', by: null } }),
    });
    fire('console:attendance-updated', guestIn);
    expect(screen.getByTestId(`participant-${P_GUEST}`).dataset.present).toBe('false');
    expect(txt(screen.getAllByTestId('log-entry')[0]!)).toContain('Lena Lead checked out Gus Guest.');
  });

  it('shows "Live" on a running drill only, and "Connected" once it is completed', async () => {
    renderConsole(asLead());
    answerSubscribe(running());
    expect((await screen.findByTestId('connection-state')).dataset.state).toBe('live');
    expect(txt(screen.getByTestId('connection-state'))).toBe('Live');
    const { template: _template, ...state } = runState({
      ...running().run,
      status: 'completed',
      version: 3,
      timer: timer({ status: 'completed', startedAt: '2026-11-23T10:00:00.000Z', completedAt: '2026-11-23T10:20:00.000Z' }),
    });
    fire('console:state-changed', { run: state, log: logEntry(5, 'completed') });
    expect(screen.getByTestId('console-status').dataset.status).toBe('completed');
    expect(txt(screen.getByTestId('connection-state'))).toBe('Connected');
  });

  it('offers "Everyone mustered" only once everyone on the roster has checked in', async () => {
    renderConsole(asLead());
    answerSubscribe(running({ participants: [participant(P_USER, { checkedInAt: '2026-11-23T10:03:00.000Z' }), participant(P_GUEST)] }));
    const waiting = await screen.findByTestId('muster-waiting');
    expect(txt(waiting)).toContain('1 still to check in');
    expect(screen.queryByTestId('muster-button')).toBeNull();
    expect(txt(screen.getByTestId('attendance-count'))).toBe('1 of 2 checked in');
  });

  it('tells a player that no inject has been published yet, and that they are on the roster once', async () => {
    renderConsole(asUser());
    answerSubscribe(
      consoleState(
        { injects: [] },
        {
          status: 'in_progress',
          version: 2,
          timer: timer({ status: 'in_progress', startedAt: '2026-11-23T10:00:00.000Z' }),
          template: { ...runState().template, injects: [] },
          participants: [participant(P_USER, { positionId: null }), participant(P_GUEST)],
        },
      ),
    );
    expect(txt(await screen.findByTestId('injects-none'))).toBe('No inject has been published yet.');
    expect(document.body.textContent?.match(/You are on the roster/g)).toHaveLength(1);
  });

  it('records the muster against its target', async () => {
    renderConsole(asLead());
    const checkedIn = { checkedInAt: '2026-11-23T10:05:00.000Z', checkedInElapsedMs: 300_000, checkedInBy: 'lead' as const };
    answerSubscribe(running({ participants: [participant(P_USER, checkedIn), participant(P_GUEST, checkedIn)] }));
    fireEvent.click(await screen.findByTestId('muster-button'));
    expect(fake.last('console:muster')?.payload).toEqual({ runId: RUN_ID });
    const mustered = runState({ ...running().run, musterElapsedMs: 11 * 60_000 + 5_000, version: 3 });
    await answer('console:muster', {
      ok: true,
      run: { ...mustered, you: { control: true, observe: true, plan: false, approve: false, participantId: null } },
    });
    const time = screen.getByTestId('muster-time');
    expect(time.dataset.met).toBe('false');
    expect(txt(time)).toContain('Everyone mustered at 11:05');
    expect(txt(time)).toContain('01:05 over the 10 min target');
  });

  it('says it is reconnecting, and resubscribes on reconnection, keeping what it heard meanwhile', async () => {
    renderConsole(asUser());
    answerSubscribe(running());
    await screen.findByTestId('step-raise-alarm');
    act(() => {
      fake.connected = false;
      fake.fire('disconnect');
    });
    expect(screen.getByTestId('connection-state').dataset.state).toBe('reconnecting');
    act(() => {
      fake.connected = true;
      fake.fire('connect');
    });
    expect(fake.sent('console:subscribe')).toHaveLength(2);
    // A change made while the answer was on its way is kept on top of it.
    fire('console:observation-added', {
      observation: observation(obsId(7), { note: 'Heard meanwhile' }),
      log: logEntry(4, 'observation', { data: { kind: 'strength', note: 'Heard meanwhile' } }),
    });
    answerSubscribe(running({ title: 'Quay 4 fire drill (renamed)' }));
    expect(screen.getByRole('heading', { name: 'Quay 4 fire drill (renamed)' })).toBeTruthy();
    expect(txt(screen.getByTestId('observation-item'))).toContain('Heard meanwhile');
    expect(screen.getByTestId('connection-state').dataset.state).toBe('live');
  });

  it('shows the drill time on the server’s clock, ticking while running and frozen while paused', () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T09:00:00.000Z'), doNotFake: ['queueMicrotask'] });
    renderConsole(asUser());
    // The server's clock is an hour ahead of this device's: the drill started 65 s ago on its clock.
    answerSubscribe(
      consoleState(
        {},
        {
          status: 'in_progress',
          version: 2,
          timer: timer({ status: 'in_progress', startedAt: '2026-11-23T09:58:55.000Z', serverTime: '2026-11-23T10:00:00.000Z' }),
        },
      ),
    );
    const clock = screen.getByTestId('console-timer');
    expect(txt(clock)).toBe('01:05');
    expect(clock.dataset.running).toBe('true');
    act(() => jest.advanceTimersByTime(2_000));
    expect(txt(screen.getByTestId('console-timer'))).toBe('01:07');
    fire('console:timer', {
      timer: timer({
        status: 'paused',
        startedAt: '2026-11-23T09:58:55.000Z',
        pausedAt: '2026-11-23T10:00:10.000Z',
        serverTime: '2026-11-23T10:00:10.000Z',
      }),
    });
    act(() => jest.advanceTimersByTime(5_000));
    expect(txt(screen.getByTestId('console-timer'))).toBe('01:15');
    expect(screen.getByTestId('console-timer').dataset.running).toBe('false');
  });
});
