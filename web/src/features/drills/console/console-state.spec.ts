import { describe, expect, it } from '@jest/globals';
import {
  applyChange,
  consoleReducer,
  fromSnapshot,
  initialConsoleStore,
  laterTimer,
  logNewestFirst,
  observationsNewestFirst,
  permissionsOf,
  type ConsoleChange,
  type ConsoleModel,
  type ConsoleStore,
} from './console-state';
import {
  consoleState,
  inject,
  LEAD,
  logEntry,
  observation,
  obsId,
  P_GUEST,
  P_USER,
  participant,
  runState,
  step,
  timer,
  USER,
  WATCHER,
} from './test-support';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');

function model(...args: Parameters<typeof consoleState>): ConsoleModel {
  return fromSnapshot(consoleState(...args), NOW);
}

const stepChange = (version: number, status: 'in_progress' | 'done', seq: number): ConsoleChange => ({
  kind: 'step',
  step: step('raise-alarm', { version, status }),
  log: logEntry(seq, status === 'done' ? 'step_completed' : 'step_started', { data: { stepId: 'raise-alarm', step: 'Raise the alarm' } }),
});

const checkIn = (seq: number, present: boolean, id = P_USER): ConsoleChange => ({
  kind: 'attendance',
  participant: participant(
    id,
    present ? { checkedInAt: `2026-11-23T10:0${seq % 10}:00.000Z`, checkedInElapsedMs: seq * 1000, checkedInBy: 'self' } : {},
  ),
  log: logEntry(seq, present ? 'checked_in' : 'checked_out', {
    data: { participantId: id, name: 'Uma User', by: present ? 'self' : null },
  }),
});

const present = (m: ConsoleModel, id = P_USER) => m.run.participants.find((p) => p.id === id)!.checkedInAt !== null;
const seqs = (m: ConsoleModel) => m.log.map((e) => e.seq);

describe('the console state', () => {
  describe('steps', () => {
    it('are replaced only by a higher version, whatever order the events come in', () => {
      const later = applyChange(applyChange(model(), stepChange(3, 'done', 3)), stepChange(2, 'in_progress', 2));
      expect(later.steps['raise-alarm']).toMatchObject({ version: 3, status: 'done' });
      // Both log entries are kept, in seq order.
      expect(seqs(later)).toEqual([1, 2, 3]);
    });

    it('ignore a duplicate and a stale copy', () => {
      const once = applyChange(model(), stepChange(2, 'in_progress', 2));
      const twice = applyChange(once, stepChange(2, 'in_progress', 2));
      expect(twice).toBe(once);
      const stale = applyChange(once, { kind: 'step', step: step('raise-alarm', { version: 1 }), log: null });
      expect(stale.steps['raise-alarm']!.status).toBe('in_progress');
    });
  });

  describe('the run', () => {
    it('is replaced only by a higher version, and the log keeps each entry once', () => {
      const paused = runState({ status: 'paused', version: 4 });
      const started = runState({ status: 'in_progress', version: 3 });
      let m = applyChange(model(), { kind: 'run', run: paused, log: logEntry(4, 'paused'), receivedAt: NOW });
      m = applyChange(m, { kind: 'run', run: started, log: logEntry(3, 'started'), receivedAt: NOW });
      expect(m.run.status).toBe('paused');
      expect(m.run.version).toBe(4);
      const again = applyChange(m, { kind: 'run', run: { ...paused, title: 'A copy' }, log: logEntry(4, 'paused'), receivedAt: NOW });
      expect(again.run.title).toBe('Quay 4 fire drill');
      expect(seqs(again)).toEqual([1, 3, 4]);
    });

    it('has no permissions of its own: each member computes theirs', () => {
      const m = model({}, { observersMayWrite: true });
      expect(permissionsOf(m.run, { userId: LEAD.id, role: 'USER' })).toMatchObject({ control: true, observe: true, participantId: null });
      expect(permissionsOf(m.run, { userId: USER.id, role: 'USER' })).toMatchObject({
        control: false,
        observe: true,
        participantId: P_USER,
      });
      expect(permissionsOf(m.run, { userId: WATCHER.id, role: 'MANAGER' })).toMatchObject({ control: true, approve: true });
      const closed = applyChange(m, { kind: 'run', run: runState({ observersMayWrite: false, version: 2 }), log: null, receivedAt: NOW });
      expect(permissionsOf(closed.run, { userId: USER.id, role: 'USER' }).observe).toBe(false);
      expect('you' in closed.run).toBe(false);
    });

    it('keeps a newer check-in when an older run state arrives after it', () => {
      // The check-in (seq 5) was made after the settings change (seq 4), but arrives first.
      let m = applyChange(model(), checkIn(5, true));
      m = applyChange(m, {
        kind: 'run',
        run: runState({ observersMayWrite: true, version: 2 }),
        log: logEntry(4, 'settings'),
        receivedAt: NOW,
      });
      expect(m.run.observersMayWrite).toBe(true);
      expect(present(m)).toBe(true);
      // …while a run state written after a check-out wins over an older check-in that arrives late.
      m = applyChange(m, { kind: 'run', run: runState({ version: 3 }), log: logEntry(7, 'settings'), receivedAt: NOW });
      m = applyChange(m, checkIn(6, true, P_GUEST));
      expect(present(m, P_GUEST)).toBe(false);
    });
  });

  describe('the clock', () => {
    const running = timer({ status: 'in_progress', startedAt: '2026-11-23T10:00:00.000Z', serverTime: '2026-11-23T10:01:00.000Z' });
    const paused = timer({ ...running, status: 'paused', pausedAt: '2026-11-23T10:02:00.000Z', serverTime: '2026-11-23T10:02:00.000Z' });
    const resumed = timer({ ...running, pausedMs: 30_000, serverTime: '2026-11-23T10:02:30.000Z' });

    it('only moves forward', () => {
      expect(laterTimer(paused, running)).toBe(paused);
      expect(laterTimer(running, paused)).toBe(paused);
      expect(laterTimer(resumed, paused)).toBe(resumed);
      const done = timer({ ...resumed, status: 'completed', completedAt: '2026-11-23T10:05:00.000Z' });
      expect(laterTimer(done, resumed)).toBe(done);
      let m = applyChange(model(), { kind: 'timer', timer: paused, receivedAt: NOW });
      m = applyChange(m, { kind: 'timer', timer: running, receivedAt: NOW });
      expect(m.run.timer).toBe(paused);
    });

    it('is kept when an older run state arrives after a newer clock', () => {
      let m = applyChange(model(), { kind: 'timer', timer: paused, receivedAt: NOW });
      m = applyChange(m, { kind: 'run', run: runState({ status: 'in_progress', version: 2, timer: running }), log: null, receivedAt: NOW });
      expect(m.run.status).toBe('in_progress');
      expect(m.run.timer).toBe(paused);
    });

    it('estimates the server clock from the latest and best sample', () => {
      // The server's clock reads 10:00:05 when the local clock reads 10:00:00 (the snapshot's timer).
      const m = fromSnapshot(consoleState({}, { timer: timer({ serverTime: '2026-11-23T10:00:05.000Z' }) }), NOW);
      expect(m.clockOffsetMs).toBe(5_000);
      // A sample that travelled longer is a worse (smaller) estimate and changes nothing.
      const later = applyChange(m, { kind: 'timer', timer: timer({ serverTime: '2026-11-23T10:00:06.000Z' }), receivedAt: NOW + 2_000 });
      expect(later.clockOffsetMs).toBe(5_000);
      const better = applyChange(m, { kind: 'timer', timer: timer({ serverTime: '2026-11-23T10:00:07.000Z' }), receivedAt: NOW + 1_000 });
      expect(better.clockOffsetMs).toBe(6_000);
    });
  });

  describe('injects', () => {
    it('stay published once published', () => {
      const published = inject('smoke', { publishedAt: '2026-11-23T10:01:00.000Z', publishedElapsedMs: 60_000, publishedBy: LEAD });
      let m = applyChange(model(), { kind: 'inject', inject: published, log: logEntry(2, 'inject_published') });
      m = applyChange(m, { kind: 'inject', inject: inject('smoke'), log: null });
      expect(m.injects.smoke).toBe(published);
      // A second publication (the clock's, arriving late) does not replace the first.
      m = applyChange(m, { kind: 'inject', inject: { ...published, auto: true, publishedBy: null }, log: logEntry(2, 'inject_published') });
      expect(m.injects.smoke).toBe(published);
      expect(seqs(m)).toEqual([1, 2]);
    });

    it('are learnt at their publication by a member who was not shown them before', () => {
      const full = consoleState();
      const [smoke, casualty] = full.run.template.injects;
      // A watcher's snapshot holds only the published injects: none yet.
      const watcher = fromSnapshot(consoleState({ injects: [] }, { template: { ...full.run.template, injects: [] } }), NOW);
      const published = inject('casualty', { publishedAt: '2026-11-23T10:05:00.000Z', publishedElapsedMs: 300_000, publishedBy: LEAD });
      let m = applyChange(watcher, { kind: 'inject', inject: published, definition: casualty!, log: logEntry(2, 'inject_published') });
      expect(m.run.template.injects.map((i) => i.id)).toEqual(['casualty']);
      expect(m.injects.casualty).toBe(published);
      // Another, due earlier, goes before it; one already known is not added twice.
      const first = inject('smoke', { publishedAt: '2026-11-23T10:06:00.000Z', publishedElapsedMs: 360_000, publishedBy: LEAD });
      m = applyChange(m, { kind: 'inject', inject: first, definition: smoke!, log: logEntry(3, 'inject_published') });
      m = applyChange(m, { kind: 'inject', inject: first, definition: smoke!, log: logEntry(3, 'inject_published') });
      expect(m.run.template.injects.map((i) => i.id)).toEqual(['smoke', 'casualty']);
    });
  });

  describe('observations', () => {
    it('are a set by id, newest first', () => {
      const first = observation(obsId(1), { createdAt: '2026-11-23T10:01:00.000Z' });
      const second = observation(obsId(2), { createdAt: '2026-11-23T10:02:00.000Z', kind: 'improvement' });
      let m = applyChange(model(), { kind: 'observation', observation: second, log: logEntry(3, 'observation') });
      m = applyChange(m, { kind: 'observation', observation: first, log: logEntry(2, 'observation') });
      m = applyChange(m, { kind: 'observation', observation: second, log: null });
      expect(observationsNewestFirst(m.observations).map((o) => o.id)).toEqual([obsId(2), obsId(1)]);
      expect(logNewestFirst(m).map((e) => e.seq)).toEqual([3, 2, 1]);
    });
  });

  describe('attendance', () => {
    it('changes only for a higher seq than the last applied for that participant', () => {
      let m = applyChange(model(), checkIn(4, false));
      m = applyChange(m, checkIn(3, true));
      expect(present(m)).toBe(false);
      m = applyChange(m, checkIn(5, true));
      expect(present(m)).toBe(true);
      // Another participant's order is their own.
      m = applyChange(m, checkIn(2, true, P_GUEST));
      expect(present(m, P_GUEST)).toBe(true);
    });

    it('starts from the snapshot log', () => {
      const log = [logEntry(1, 'scheduled'), logEntry(6, 'checked_in', { data: { participantId: P_USER, name: 'Uma User', by: 'self' } })];
      const m = model(
        { log },
        { participants: [participant(P_USER, { checkedInAt: '2026-11-23T10:06:00.000Z', checkedInBy: 'self' }), participant(P_GUEST)] },
      );
      expect(m.attendanceSeq).toEqual({ [P_USER]: 6 });
      expect(present(applyChange(m, checkIn(5, false)))).toBe(true);
      expect(present(applyChange(m, checkIn(7, false)))).toBe(false);
    });

    it('trusts the log when the snapshot roster was read before the check-in it logged', () => {
      const log = [
        logEntry(1, 'scheduled'),
        logEntry(6, 'checked_in', { elapsedMs: 42_000, data: { participantId: P_USER, name: 'Uma User', by: 'lead' } }),
      ];
      const m = model({ log });
      expect(m.run.participants.find((p) => p.id === P_USER)).toMatchObject({
        checkedInAt: log[1]!.at,
        checkedInElapsedMs: 42_000,
        checkedInBy: 'lead',
      });
    });

    it('applies an acknowledged check-in by its log entry, not over a later change of that participant', () => {
      const mine = participant(P_USER, { checkedInAt: '2026-11-23T10:03:00.000Z', checkedInBy: 'self' });
      const m = model();
      const acknowledged = {
        kind: 'attendance' as const,
        participant: mine,
        log: logEntry(4, 'checked_in', { data: { participantId: P_USER } }),
      };
      expect(present(applyChange(m, acknowledged))).toBe(true);
      // Someone else's later change (seq 5) came first: the acknowledgement no longer says the last word.
      const moved = applyChange(m, checkIn(5, false));
      expect(present(applyChange(moved, acknowledged))).toBe(false);
      expect(seqs(applyChange(moved, acknowledged))).toEqual([1, 4, 5]);
    });
  });

  describe('subscriptions', () => {
    const subscribe = (store: ConsoleStore): ConsoleStore => consoleReducer(store, { type: 'subscribing' });
    const snapshot = (store: ConsoleStore, state = consoleState()) => consoleReducer(store, { type: 'snapshot', state, receivedAt: NOW });
    const event = (store: ConsoleStore, change: ConsoleChange) => consoleReducer(store, { type: 'change', change });

    it('applies the events heard while a subscription was in flight on top of its answer', () => {
      let store = subscribe(initialConsoleStore);
      store = event(store, stepChange(2, 'in_progress', 2));
      store = event(store, checkIn(3, true));
      store = snapshot(store);
      expect(store.inFlight).toBeNull();
      expect(store.model!.steps['raise-alarm']!.version).toBe(2);
      expect(present(store.model!)).toBe(true);
      expect(seqs(store.model!)).toEqual([1, 2, 3]);
    });

    it('lets the snapshot win over an in-flight event it already contains a later state of', () => {
      let store = subscribe(initialConsoleStore);
      store = event(store, stepChange(2, 'in_progress', 2));
      const newer = consoleState({
        steps: [step('raise-alarm', { version: 3, status: 'done' }), step('muster')],
        log: [logEntry(1, 'scheduled'), logEntry(2, 'step_started'), logEntry(3, 'step_completed')],
      });
      store = snapshot(store, newer);
      expect(store.model!.steps['raise-alarm']).toMatchObject({ version: 3, status: 'done' });
      expect(seqs(store.model!)).toEqual([1, 2, 3]);
    });

    it('replaces the state on a resubscription (a reconnect), dropping what the server no longer has', () => {
      let store = snapshot(subscribe(initialConsoleStore));
      store = event(store, { kind: 'observation', observation: observation(obsId(9)), log: logEntry(2, 'observation') });
      store = snapshot(subscribe(store), consoleState({}, { title: 'Renamed drill', version: 1 }));
      expect(store.model!.run.title).toBe('Renamed drill');
      expect(store.model!.observations).toEqual({});
    });

    it('drops events for which no state is held and no subscription is in flight', () => {
      expect(event(initialConsoleStore, stepChange(2, 'done', 2))).toEqual(initialConsoleStore);
    });
  });
});
