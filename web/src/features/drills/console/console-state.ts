import {
  runPermissions,
  type ConsoleState,
  type DrillInject,
  type LibraryTexts,
  type DrillLogEntry,
  type DrillRun,
  type DrillRunState,
  type DrillTimer,
  type Observation,
  type RunInject,
  type RunParticipant,
  type RunPermissions,
  type RunStep,
  type TemplateContent,
} from '@muster/contracts';

/**
 * The console's state and the rules that merge what the server says into it. Events may come
 * late, twice, out of order, or while a subscription is in flight; every rule makes that harmless:
 *
 * - the run is replaced only by a higher `version` (a broadcast run has no `you`: see `permissionsOf`);
 * - a step is replaced only by a higher `version`;
 * - an inject once published stays published;
 * - observations are a set by `id`, the decision log a set by `seq` (kept in `seq` order);
 * - a participant's attendance changes only for a log entry with a higher `seq` than the last
 *   one applied for that participant (starting points: the snapshot's log);
 * - the drill clock only moves forward (see `timerRank`).
 *
 * A snapshot (the answer of `console:subscribe`) replaces the state; the changes heard while it
 * was in flight are kept and applied on top of it by the same rules.
 */

/**
 * The run as the console keeps it: what every watcher sees (no one's permissions), with the
 * template the snapshot gave this member — grown by each inject published since, for those who
 * see injects only once they are published.
 */
export type ConsoleRun = DrillRunState & { template: TemplateContent };

export interface ConsoleModel {
  run: ConsoleRun;
  /** Keyed by step id. */
  steps: Record<string, RunStep>;
  /** Keyed by inject id. */
  injects: Record<string, RunInject>;
  /** Keyed by observation id. */
  observations: Record<string, Observation>;
  /** The decision log, by `seq`, ascending, one entry per `seq`. */
  log: DrillLogEntry[];
  /** Per participant id, the `seq` of the last attendance change applied. */
  attendanceSeq: Record<string, number>;
  /** Server clock − local clock (ms), the best estimate heard since the last snapshot. */
  clockOffsetMs: number;
}

/** One thing the server told: a room event, or the record in a command's acknowledgement. */
export type ConsoleChange =
  | { kind: 'run'; run: DrillRunState; log: DrillLogEntry | null; receivedAt: number }
  | { kind: 'timer'; timer: DrillTimer; receivedAt: number }
  | { kind: 'step'; step: RunStep; log: DrillLogEntry | null }
  /** `definition`: the inject itself, for members who were not shown it before it was published. */
  | { kind: 'inject'; inject: RunInject; log: DrillLogEntry | null; definition?: DrillInject; libraryTexts?: LibraryTexts }
  | { kind: 'observation'; observation: Observation; log: DrillLogEntry | null }
  /**
   * An attendance event carries its log entry. An acknowledgement does not: it names the `seq`
   * that was the participant's last when the command was sent, and applies only if nothing
   * changed that participant since.
   */
  | { kind: 'attendance'; participant: RunParticipant; log: DrillLogEntry };

export interface ConsoleStore {
  model: ConsoleModel | null;
  /** Changes heard while a replacing subscription is in flight (null when none is). */
  inFlight: ConsoleChange[] | null;
}

export type ConsoleAction =
  /** A subscription that will replace the state was sent: keep what is heard meanwhile. */
  | { type: 'subscribing' }
  /** The answer of `console:subscribe` (on every (re)connection): it replaces the state. */
  | { type: 'snapshot'; state: ConsoleState; receivedAt: number }
  | { type: 'change'; change: ConsoleChange }
  | { type: 'reset' };

export const initialConsoleStore: ConsoleStore = { model: null, inFlight: null };

// ---------------------------------------------------------------------------------------------
// Small pieces

const ATTENDANCE_TYPES = new Set(['checked_in', 'checked_out']);

/** Strips what one member may do (`you`) from a run: the console keeps the shared state. */
export function runStateOf(run: DrillRun): ConsoleRun {
  const { you: _you, ...state } = run;
  return state;
}

/** The run's state without the template (the room's broadcasts carry none). */
export function sharedRunOf(run: DrillRun): DrillRunState {
  const { you: _you, template: _template, ...state } = run;
  return state;
}

/** What the signed-in member may do, computed from the run as every watcher sees it. */
export function permissionsOf(run: ConsoleRun, me: { userId: string; role: string }): RunPermissions {
  return runPermissions(
    { leadId: run.lead.id ?? '', status: run.status, observersMayWrite: run.observersMayWrite, participants: run.participants },
    me,
  );
}

/**
 * How far the drill clock has moved: not started < running/paused (more paused time is later,
 * and a pause is later than the run before it) < finished. Ties: the later server time.
 */
export function timerRank(timer: DrillTimer): [number, number, number, number] {
  const phase = timer.completedAt || timer.status === 'cancelled' ? 2 : timer.startedAt ? 1 : 0;
  return [phase, timer.pausedMs, timer.pausedAt ? 1 : 0, Date.parse(timer.serverTime) || 0];
}

function compareRank(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The later of two clocks. */
export function laterTimer(current: DrillTimer, incoming: DrillTimer): DrillTimer {
  return compareRank(timerRank(incoming), timerRank(current)) >= 0 ? incoming : current;
}

/** One estimate of server − local time; the larger is the better one (delays only make it smaller). */
function offsetSample(timer: DrillTimer, receivedAt: number): number | null {
  const server = Date.parse(timer.serverTime);
  return Number.isFinite(server) ? server - receivedAt : null;
}

function withOffset(model: ConsoleModel, timer: DrillTimer, receivedAt: number): ConsoleModel {
  const sample = offsetSample(timer, receivedAt);
  return sample === null || sample <= model.clockOffsetMs ? model : { ...model, clockOffsetMs: sample };
}

/** Adds entries to the log (a set by `seq`, ascending). */
export function mergeLog(log: DrillLogEntry[], entries: readonly (DrillLogEntry | null | undefined)[]): DrillLogEntry[] {
  const fresh = entries.filter((e): e is DrillLogEntry => Boolean(e) && !log.some((l) => l.seq === e!.seq));
  if (fresh.length === 0) return log;
  const bySeq = new Map<number, DrillLogEntry>();
  for (const entry of [...log, ...fresh]) if (!bySeq.has(entry.seq)) bySeq.set(entry.seq, entry);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The last check-in or check-out of each participant in a log. */
export function lastAttendanceEntries(log: readonly DrillLogEntry[]): Map<string, DrillLogEntry> {
  const last = new Map<string, DrillLogEntry>();
  for (const entry of log) {
    const id = entry.data.participantId;
    if (!ATTENDANCE_TYPES.has(entry.type) || typeof id !== 'string') continue;
    const known = last.get(id);
    if (!known || entry.seq > known.seq) last.set(id, entry);
  }
  return last;
}

/**
 * A participant as the log's last entry about them says. The roster and the log of a snapshot
 * are read separately: when they disagree, a check-in or -out fell between the reads, and the
 * log (whose `seq` orders the changes) is the one to trust.
 */
function reconcile(participant: RunParticipant, entry: DrillLogEntry | undefined): RunParticipant {
  if (!entry) return participant;
  const present = entry.type === 'checked_in';
  if (present === (participant.checkedInAt !== null)) return participant;
  if (!present) return { ...participant, checkedInAt: null, checkedInElapsedMs: null, checkedInBy: null };
  const by = entry.data.by === 'self' || entry.data.by === 'lead' ? entry.data.by : null;
  return { ...participant, checkedInAt: entry.at, checkedInElapsedMs: entry.elapsedMs, checkedInBy: by };
}

const attendanceOf = (p: RunParticipant) => ({
  checkedInAt: p.checkedInAt,
  checkedInElapsedMs: p.checkedInElapsedMs,
  checkedInBy: p.checkedInBy,
  checkedInPoint: p.checkedInPoint ?? null,
});

// ---------------------------------------------------------------------------------------------
// Snapshots and changes

/** The state of a snapshot. */
export function fromSnapshot(state: ConsoleState, receivedAt: number): ConsoleModel {
  const last = lastAttendanceEntries(state.log);
  const attendanceSeq: Record<string, number> = {};
  for (const [id, entry] of last) attendanceSeq[id] = entry.seq;
  const run = runStateOf(state.run);
  const model: ConsoleModel = {
    run: { ...run, participants: run.participants.map((p) => reconcile(p, last.get(p.id))) },
    steps: Object.fromEntries(state.steps.map((s) => [s.stepId, s])),
    injects: Object.fromEntries(state.injects.map((i) => [i.injectId, i])),
    observations: Object.fromEntries(state.observations.map((o) => [o.id, o])),
    log: mergeLog([], state.log),
    attendanceSeq,
    clockOffsetMs: Number.NEGATIVE_INFINITY,
  };
  const withClock = withOffset(model, run.timer, receivedAt);
  return withClock.clockOffsetMs === Number.NEGATIVE_INFINITY ? { ...withClock, clockOffsetMs: 0 } : withClock;
}

/**
 * A newer run replaces the one held, except for what moves by other rules: the clock only moves
 * forward, and a participant whose attendance changed after the run was read (a higher `seq`
 * than the run's log entry) keeps it.
 */
function applyRun(model: ConsoleModel, incoming: DrillRunState, log: DrillLogEntry | null, receivedAt: number): ConsoleModel {
  const logged = { ...model, log: mergeLog(model.log, [log]) };
  if (incoming.version <= model.run.version) return withOffset(logged, incoming.timer, receivedAt);
  const point = log?.seq ?? 0;
  const held = new Map(model.run.participants.map((p) => [p.id, p]));
  const attendanceSeq = { ...model.attendanceSeq };
  const participants = incoming.participants.map((p) => {
    const mine = held.get(p.id);
    if (mine && (attendanceSeq[p.id] ?? 0) > point) return { ...p, ...attendanceOf(mine) };
    attendanceSeq[p.id] = Math.max(attendanceSeq[p.id] ?? 0, point);
    return p;
  });
  // The template is the run's snapshot, taken when it was scheduled: it never changes (and keeping
  // the same object lets the panels that show it skip a redraw).
  const run: ConsoleRun = { ...incoming, template: model.run.template, timer: laterTimer(model.run.timer, incoming.timer), participants };
  return withOffset({ ...logged, run, attendanceSeq }, incoming.timer, receivedAt);
}

function applyAttendance(model: ConsoleModel, change: Extract<ConsoleChange, { kind: 'attendance' }>): ConsoleModel {
  const { participant, log } = change;
  const logged = { ...model, log: mergeLog(model.log, [log]) };
  const held = model.attendanceSeq[participant.id] ?? 0;
  if (log.seq <= held) return logged;
  if (!model.run.participants.some((p) => p.id === participant.id)) return logged;
  return {
    ...logged,
    run: {
      ...model.run,
      participants: model.run.participants.map((p) => (p.id === participant.id ? { ...p, ...attendanceOf(participant) } : p)),
    },
    attendanceSeq: { ...model.attendanceSeq, [participant.id]: log.seq },
  };
}

/** The run with an inject its member was not shown before it was published, in minute order. */
function withInject(run: ConsoleRun, definition: DrillInject | undefined, libraryTexts: LibraryTexts = {}): ConsoleRun {
  if (!definition || run.template.injects.some((i) => i.id === definition.id)) return run;
  const injects = [...run.template.injects, definition].sort((a, b) => a.atMinute - b.atMinute);
  return { ...run, template: { ...run.template, injects, libraryTexts: { ...run.template.libraryTexts, ...libraryTexts } } };
}

/** Applies one change by its rule. */
export function applyChange(model: ConsoleModel, change: ConsoleChange): ConsoleModel {
  switch (change.kind) {
    case 'run':
      return applyRun(model, change.run, change.log, change.receivedAt);
    case 'timer': {
      const timer = laterTimer(model.run.timer, change.timer);
      const moved = timer === model.run.timer ? model : { ...model, run: { ...model.run, timer } };
      return withOffset(moved, change.timer, change.receivedAt);
    }
    case 'step': {
      const log = mergeLog(model.log, [change.log]);
      const held = model.steps[change.step.stepId];
      if (held && held.version >= change.step.version) return log === model.log ? model : { ...model, log };
      return { ...model, log, steps: { ...model.steps, [change.step.stepId]: change.step } };
    }
    case 'inject': {
      const log = mergeLog(model.log, [change.log]);
      const held = model.injects[change.inject.injectId];
      if ((held && held.publishedAt !== null) || change.inject.publishedAt === null) return log === model.log ? model : { ...model, log };
      return {
        ...model,
        log,
        run: withInject(model.run, change.definition, change.libraryTexts),
        injects: { ...model.injects, [change.inject.injectId]: change.inject },
      };
    }
    case 'observation': {
      const log = mergeLog(model.log, [change.log]);
      if (model.observations[change.observation.id]) return log === model.log ? model : { ...model, log };
      return { ...model, log, observations: { ...model.observations, [change.observation.id]: change.observation } };
    }
    case 'attendance':
      return applyAttendance(model, change);
  }
}

export function consoleReducer(store: ConsoleStore, action: ConsoleAction): ConsoleStore {
  switch (action.type) {
    case 'subscribing':
      return store.inFlight ? store : { ...store, inFlight: [] };
    case 'snapshot': {
      let model = fromSnapshot(action.state, action.receivedAt);
      for (const change of store.inFlight ?? []) model = applyChange(model, change);
      return { model, inFlight: null };
    }
    case 'change': {
      const inFlight = store.inFlight ? [...store.inFlight, action.change] : null;
      return { model: store.model ? applyChange(store.model, action.change) : null, inFlight };
    }
    case 'reset':
      return initialConsoleStore;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the state

/** Observations, newest first. */
export function observationsNewestFirst(observations: ConsoleModel['observations']): Observation[] {
  return Object.values(observations).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** The decision log, newest first. */
export function logNewestFirst(model: ConsoleModel): DrillLogEntry[] {
  return [...model.log].reverse();
}
