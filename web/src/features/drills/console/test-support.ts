import type { ConsoleRun } from './console-state';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type {
  ConsoleState,
  DrillLogEntry,
  DrillRun,
  DrillTimer,
  Observation,
  RunInject,
  RunParticipant,
  RunStep,
  SessionInfo,
} from '@muster/contracts';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** A drill run and its console state for tests: a fire drill led by Lena Lead with two on the roster. */

export const RUN_ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const LEAD = { id: '11111111-1111-4111-8111-111111111111', name: 'Lena Lead' };
export const USER = { id: '22222222-2222-4222-8222-222222222222', name: 'Uma User' };
export const WATCHER = { id: '33333333-3333-4333-8333-333333333333', name: 'Walt Watcher' };
export const ORG = { id: '44444444-4444-4444-8444-444444444444', name: 'Harbor Point Port Authority' };
export const P_USER = '55555555-5555-4555-8555-555555555555';
export const P_GUEST = '66666666-6666-4666-8666-666666666666';

export function session(user: { id: string; name: string }, role: SessionInfo['role']): SessionInfo {
  const [firstName, lastName] = user.name.split(' ');
  return {
    authenticated: true,
    user: {
      id: user.id,
      username: firstName!.toLowerCase(),
      firstName: firstName!,
      lastName: lastName!,
      email: `${firstName!.toLowerCase()}@example.com`,
      autoLogoutMinutes: null,
    },
    org: ORG,
    role,
  };
}

export function timer(overrides: Partial<DrillTimer> = {}): DrillTimer {
  return {
    status: 'scheduled',
    startedAt: null,
    pausedAt: null,
    pausedMs: 0,
    completedAt: null,
    cancelledAt: null,
    serverTime: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

export function participant(id: string, overrides: Partial<RunParticipant> = {}): RunParticipant {
  return {
    id,
    userId: id === P_USER ? USER.id : null,
    name: id === P_USER ? USER.name : 'Gus Guest',
    positionId: id === P_USER ? 'gate' : null,
    checkedInAt: null,
    checkedInElapsedMs: null,
    checkedInBy: null,
    ...overrides,
  };
}

export function runState(overrides: Partial<ConsoleRun> = {}): ConsoleRun {
  return {
    id: RUN_ID,
    title: 'Quay 4 fire drill',
    type: 'drill',
    scenario: 'fire',
    status: 'scheduled',
    scheduledAt: '2026-11-23T09:55:00.000Z',
    location: 'Quay 4',
    lead: LEAD,
    participantCount: 2,
    templateId: null,
    startedAt: null,
    completedAt: null,
    approvedAt: null,
    template: {
      libraryTexts: {},
      name: 'Fire on the quay',
      type: 'drill',
      scenario: 'fire',
      description: 'Smoke is reported from a container stack on quay 4.',
      objectives: ['Raise the alarm within two minutes'],
      positions: [
        { id: 'lead', name: 'Drill lead', description: '' },
        { id: 'gate', name: 'Gate officer', description: '' },
      ],
      steps: [
        {
          id: 'raise-alarm',
          title: 'Raise the alarm',
          instructions: 'Sound the general alarm and announce the location.',
          positionId: 'lead',
          expectedMinutes: 2,
          checklist: [
            { id: 'sound', text: 'General alarm sounded' },
            { id: 'announce', text: 'Location announced' },
          ],
        },
        { id: 'muster', title: 'Muster at the gate', instructions: '', positionId: 'gate', expectedMinutes: 5, checklist: [] },
      ],
      injects: [
        { id: 'smoke', atMinute: 1, title: 'Smoke spreads', message: 'The wind turns: smoke reaches the gate house.', positionId: 'gate' },
        { id: 'casualty', atMinute: 5, title: 'A casualty', message: 'A driver is missing from the muster.', positionId: null },
      ],
      regulations: [],
      estimatedMinutes: 30,
      musterTargetMinutes: 10,
    },
    participants: [participant(P_USER), participant(P_GUEST)],
    observersMayWrite: false,
    autoInjects: true,
    musterTargetMinutes: 10,
    musterElapsedMs: null,
    timer: timer(),
    approvedBy: null,
    cancelledAt: null,
    version: 1,
    ...overrides,
  };
}

export function run(overrides: Partial<ConsoleRun> = {}, you: Partial<DrillRun['you']> = {}): DrillRun {
  return {
    ...runState(overrides),
    you: { control: false, observe: false, plan: false, approve: false, participantId: null, ...you },
  };
}

export function step(stepId: string, overrides: Partial<RunStep> = {}): RunStep {
  return {
    stepId,
    status: 'pending',
    checkedItems: [],
    startedElapsedMs: null,
    completedElapsedMs: null,
    version: 1,
    updatedBy: null,
    updatedAt: null,
    ...overrides,
  };
}

export function inject(injectId: string, overrides: Partial<RunInject> = {}): RunInject {
  return { injectId, publishedAt: null, publishedElapsedMs: null, publishedBy: null, auto: false, ...overrides };
}

export function observation(id: string, overrides: Partial<Observation> = {}): Observation {
  return {
    id,
    clientId: `client-${id.slice(0, 8)}`,
    kind: 'strength',
    note: 'Alarm raised quickly',
    stepId: null,
    injectId: null,
    author: LEAD,
    elapsedMs: 60_000,
    createdAt: '2026-11-23T10:01:00.000Z',
    ...overrides,
  };
}

export function logEntry(seq: number, type: DrillLogEntry['type'], overrides: Partial<DrillLogEntry> = {}): DrillLogEntry {
  return {
    seq,
    type,
    at: `2026-11-23T10:${String(seq).padStart(2, '0')}:00.000Z`,
    elapsedMs: null,
    actor: LEAD,
    data: {},
    ...overrides,
  };
}

export function consoleState(overrides: Partial<ConsoleState> = {}, runOverrides: Partial<ConsoleRun> = {}): ConsoleState {
  return {
    run: run(runOverrides),
    steps: [step('raise-alarm'), step('muster')],
    injects: [inject('smoke'), inject('casualty')],
    observations: [],
    log: [logEntry(1, 'scheduled', { data: { location: 'Quay 4', lead: LEAD.name, scheduledAt: '2026-11-23T09:55:00.000Z' } })],
    ...overrides,
  };
}

/** An observation id from a number. */
export const obsId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const locale = (ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../public/locales/en/${ns}.json`, import.meta.url)), 'utf8')) as object;

/** English texts of the console (its namespace, the drills' vocabulary, pages and common). */
export function consoleI18n(): I18n {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: {
        common: locale('common'),
        errors: locale('errors'),
        drills: locale('drills'),
        drillConsole: locale('drillConsole'),
        maps: locale('maps'),
        pages: locale('pages'),
      },
    },
    ns: ['common', 'errors', 'drills', 'drillConsole', 'pages'],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}
