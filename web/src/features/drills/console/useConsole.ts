import type {
  Ack,
  AckError,
  ConsoleAttendanceUpdated,
  ConsoleControl,
  ConsoleInjectPublished,
  ConsoleObservationAdded,
  ConsoleState,
  ConsoleStateChanged,
  ConsoleStepUpdated,
  ConsoleTimerChanged,
  DrillLogEntry,
  DrillRun,
  Observation,
  ObservationKind,
  RunInject,
  RunParticipant,
  RunPermissions,
  RunStep,
  StepStatus,
} from '@muster/contracts';
import { reasonText } from '@muster/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { getSocket, type MusterClientSocket } from '../../../lib/socket';
import { drillKeys } from '../api';
import { consoleReducer, initialConsoleStore, permissionsOf, sharedRunOf, type ConsoleChange, type ConsoleModel } from './console-state';

/** How long a command or a subscription waits for the server's answer. */
export const COMMAND_TIMEOUT_MS = 10_000;
/** A subscription that timed out is tried again after this long (while connected). */
export const SUBSCRIBE_RETRY_MS = 2_000;

export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

/** The outcome of a command: done, or refused with the server's code and message. */
export type CommandResult<T = object> = ({ ok: true } & T) | AckError;

export interface ObservationInput {
  clientId: string;
  kind: ObservationKind;
  note: string;
  stepId: string | null;
  injectId: string | null;
}

export interface ConsoleApi {
  model: ConsoleModel | null;
  /** What the signed-in member may do (from the run as everyone sees it). */
  you: RunPermissions | null;
  /** The subscription was refused: unknown run, another organisation's, no organisation. */
  error: AckError | null;
  connection: ConnectionState;
  control: (action: ConsoleControl) => Promise<CommandResult<{ run: DrillRun; log: DrillLogEntry }>>;
  /** Changes a step's status or one checklist item, on the step version this console holds. */
  step: (
    stepId: string,
    change: { status: StepStatus } | { item: { itemId: string; checked: boolean } },
  ) => Promise<CommandResult<{ step: RunStep; log: DrillLogEntry | null }> & { sentVersion: number }>;
  publishInject: (injectId: string) => Promise<CommandResult<{ inject: RunInject; log: DrillLogEntry }>>;
  observe: (input: ObservationInput) => Promise<CommandResult<{ observation: Observation; log: DrillLogEntry | null }>>;
  attendance: (
    participantId: string,
    present: boolean,
    /** Where the person checked in: a muster point named on an emergency map. */
    musterPoint?: { mapId: string; pointId: string },
  ) => Promise<CommandResult<{ participant: RunParticipant; log: DrillLogEntry | null }>>;
  muster: () => Promise<CommandResult<{ run: DrillRun; log: DrillLogEntry }>>;
  settings: (change: {
    observersMayWrite?: boolean;
    autoInjects?: boolean;
  }) => Promise<CommandResult<{ run: DrillRun; log: DrillLogEntry }>>;
  /** Subscribes again after a refusal. */
  retry: () => void;
}

/** A random id for a command that may be retried (crypto.randomUUID needs a secure context). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

type TimedSocket = ReturnType<MusterClientSocket['timeout']>;

/** The client's own refusals: not connected, or no acknowledgement in time. */
const OFFLINE: AckError = { ok: false, code: 'offline', reason: 'common.offline', params: {}, message: reasonText('common.offline') };
const TIMEOUT: AckError = { ok: false, code: 'timeout', reason: 'common.timeout', params: {}, message: reasonText('common.timeout') };

/**
 * Consoles open per run on this page. The room is left when the last one closes, a moment later,
 * so a console that closes and opens again at once (React's strict mode, a quick return) does not
 * send a leave that could overtake its new subscription.
 */
const open = new Map<string, number>();

function join(runId: string): void {
  open.set(runId, (open.get(runId) ?? 0) + 1);
}

function leave(runId: string): void {
  open.set(runId, (open.get(runId) ?? 1) - 1);
  setTimeout(() => {
    if ((open.get(runId) ?? 0) > 0) return;
    open.delete(runId);
    const socket = getSocket();
    if (socket.connected) socket.emit('console:unsubscribe', { runId });
  }, 0);
}

/**
 * The live side of one drill console, the only place the console talks to the socket. It
 * subscribes on mount and on every (re)connection, each time replacing its state with the
 * answer (changes heard meanwhile are applied on top); applies the room's events by the merge
 * rules of `console-state`; sends commands with acknowledgements (10 s), applying the
 * acknowledged record and its decision-log entry at once (the room's broadcast leaves out the
 * socket that made a change); and leaves the room on unmount.
 */
export function useConsole(runId: string, me: { userId: string; role: string }): ConsoleApi {
  const [store, dispatch] = useReducer(consoleReducer, initialConsoleStore);
  const [error, setError] = useState<AckError | null>(null);
  const [connected, setConnected] = useState(() => getSocket().connected);
  const [subscribed, setSubscribed] = useState(false);
  const everSubscribed = useRef(false);
  const modelRef = useRef(store.model);
  modelRef.current = store.model;
  /** The latest subscription; answers of earlier ones are ignored. */
  const attempt = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const change = useCallback((c: ConsoleChange) => dispatch({ type: 'change', change: c }), []);

  const subscribe = useCallback(() => {
    const socket = getSocket();
    if (!socket.connected) return;
    const token = ++attempt.current;
    setSubscribed(false);
    dispatch({ type: 'subscribing' });
    socket.timeout(COMMAND_TIMEOUT_MS).emit('console:subscribe', { runId }, (err: Error | null, answer: Ack<{ state: ConsoleState }>) => {
      if (token !== attempt.current) return;
      if (err) {
        if (retryTimer.current) clearTimeout(retryTimer.current);
        retryTimer.current = setTimeout(subscribe, SUBSCRIBE_RETRY_MS);
        return;
      }
      if (!answer.ok) {
        setError(answer);
        return;
      }
      setError(null);
      dispatch({ type: 'snapshot', state: answer.state, receivedAt: Date.now() });
      everSubscribed.current = true;
      setSubscribed(true);
    });
  }, [runId]);

  useEffect(() => {
    const socket = getSocket();
    join(runId);
    dispatch({ type: 'reset' });
    setError(null);
    setSubscribed(false);
    everSubscribed.current = false;
    subscribe();
    const onConnect = () => {
      setConnected(true);
      subscribe();
    };
    const onDisconnect = () => {
      setConnected(false);
      setSubscribed(false);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    // The socket may have connected between the first render and now (its 'connect' went unheard).
    setConnected(socket.connected);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      attempt.current += 1;
      if (retryTimer.current) clearTimeout(retryTimer.current);
      leave(runId);
    };
  }, [runId, subscribe]);

  // The room's events, each applied by its rule.
  useEffect(() => {
    const socket = getSocket();
    const onState = (p: ConsoleStateChanged) => {
      if (p.runId === runId) change({ kind: 'run', run: p.run, log: p.log, receivedAt: Date.now() });
    };
    const onTimer = (p: ConsoleTimerChanged) => {
      if (p.runId === runId) change({ kind: 'timer', timer: p.timer, receivedAt: Date.now() });
    };
    const onStep = (p: ConsoleStepUpdated) => {
      if (p.runId === runId) change({ kind: 'step', step: p.step, log: p.log });
    };
    const onInject = (p: ConsoleInjectPublished) => {
      if (p.runId === runId)
        change({ kind: 'inject', inject: p.inject, definition: p.definition, libraryTexts: p.libraryTexts, log: p.log });
    };
    const onObservation = (p: ConsoleObservationAdded) => {
      if (p.runId === runId) change({ kind: 'observation', observation: p.observation, log: p.log });
    };
    const onAttendance = (p: ConsoleAttendanceUpdated) => {
      if (p.runId === runId) change({ kind: 'attendance', participant: p.participant, log: p.log });
    };
    socket.on('console:state-changed', onState);
    socket.on('console:timer', onTimer);
    socket.on('console:step-updated', onStep);
    socket.on('console:inject-published', onInject);
    socket.on('console:observation-added', onObservation);
    socket.on('console:attendance-updated', onAttendance);
    return () => {
      socket.off('console:state-changed', onState);
      socket.off('console:timer', onTimer);
      socket.off('console:step-updated', onStep);
      socket.off('console:inject-published', onInject);
      socket.off('console:observation-added', onObservation);
      socket.off('console:attendance-updated', onAttendance);
    };
  }, [runId, change]);

  /** Sends one command and waits for its acknowledgement (or the timeout). */
  const command = useCallback(
    <T extends object>(send: (socket: TimedSocket, done: (err: Error | null, answer: Ack<T>) => void) => void) =>
      new Promise<CommandResult<T>>((resolve) => {
        const socket = getSocket();
        if (!socket.connected) {
          resolve(OFFLINE);
          return;
        }
        send(socket.timeout(COMMAND_TIMEOUT_MS), (err, answer) => {
          if (err) resolve(TIMEOUT);
          else resolve(answer);
        });
      }),
    [],
  );

  /** A changed run in an acknowledgement, with its log entry: applied at once by the run's rule. */
  const runAnswer = useCallback(
    (answer: CommandResult<{ run: DrillRun; log: DrillLogEntry }>) => {
      if (answer.ok) change({ kind: 'run', run: sharedRunOf(answer.run), log: answer.log, receivedAt: Date.now() });
      return answer;
    },
    [change],
  );
  const control = useCallback(
    async (action: ConsoleControl) =>
      runAnswer(await command<{ run: DrillRun; log: DrillLogEntry }>((s, done) => s.emit('console:control', { runId, action }, done))),
    [command, runAnswer, runId],
  );

  const step = useCallback<ConsoleApi['step']>(
    async (stepId, what) => {
      const sentVersion = modelRef.current?.steps[stepId]?.version ?? 1;
      const answer = await command<{ step: RunStep; log: DrillLogEntry | null }>((s, done) =>
        s.emit('console:step', { runId, stepId, version: sentVersion, ...what }, done),
      );
      if (answer.ok) change({ kind: 'step', step: answer.step, log: answer.log });
      return { ...answer, sentVersion };
    },
    [command, change, runId],
  );

  const publishInject = useCallback(
    async (injectId: string) => {
      const answer = await command<{ inject: RunInject; log: DrillLogEntry }>((s, done) =>
        s.emit('console:publish-inject', { runId, injectId }, done),
      );
      if (answer.ok) change({ kind: 'inject', inject: answer.inject, log: answer.log });
      return answer;
    },
    [command, change, runId],
  );

  const observe = useCallback(
    async (input: ObservationInput) => {
      const answer = await command<{ observation: Observation; log: DrillLogEntry | null }>((s, done) =>
        s.emit('console:observe', { runId, ...input }, done),
      );
      if (answer.ok) change({ kind: 'observation', observation: answer.observation, log: answer.log });
      return answer;
    },
    [command, change, runId],
  );

  const attendance = useCallback(
    async (participantId: string, present: boolean, musterPoint?: { mapId: string; pointId: string }) => {
      const answer = await command<{ participant: RunParticipant; log: DrillLogEntry | null }>((s, done) =>
        s.emit('console:attendance', { runId, participantId, present, ...(musterPoint ? { musterPoint } : {}) }, done),
      );
      // No log entry: nothing changed (the person already was so).
      if (answer.ok && answer.log) change({ kind: 'attendance', participant: answer.participant, log: answer.log });
      return answer;
    },
    [command, change, runId],
  );

  const muster = useCallback(
    async () => runAnswer(await command<{ run: DrillRun; log: DrillLogEntry }>((s, done) => s.emit('console:muster', { runId }, done))),
    [command, runAnswer, runId],
  );
  const settings = useCallback(
    async (c: { observersMayWrite?: boolean; autoInjects?: boolean }) =>
      runAnswer(await command<{ run: DrillRun; log: DrillLogEntry }>((s, done) => s.emit('console:settings', { runId, ...c }, done))),
    [command, runAnswer, runId],
  );

  const retry = useCallback(() => {
    setError(null);
    subscribe();
  }, [subscribe]);

  // The run's other screens (the runs list, the run, its summary) read again when they are next shown.
  const queryClient = useQueryClient();
  const runVersion = store.model?.run.version;
  useEffect(() => {
    if (runVersion === undefined) return;
    void queryClient.invalidateQueries({ queryKey: drillKeys.run(runId) });
    void queryClient.invalidateQueries({ queryKey: drillKeys.summary(runId) });
    void queryClient.invalidateQueries({ queryKey: ['drills', 'runs'] });
  }, [queryClient, runId, runVersion]);

  const run = store.model?.run ?? null;
  const { userId, role } = me;
  const you = useMemo(() => (run ? permissionsOf(run, { userId, role }) : null), [run, userId, role]);

  const connection: ConnectionState = connected && subscribed ? 'live' : everSubscribed.current ? 'reconnecting' : 'connecting';

  return { model: store.model, you, error, connection, control, step, publishInject, observe, attendance, muster, settings, retry };
}
