import type { DrillLogEntry, DrillSummary, Observation, RunPermissions } from '@muster/contracts';

/** A finished run's summary for the summary's tests, with the parts each test changes. */

export const RUN_ID = '7d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a';
export const LEAD = { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Amelia Hart' };
export const MANAGER = { id: 'b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Marcus Lee' };
export const USER = { id: 'c1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Uma Patel' };

export const STRENGTH_ID = 'd1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
export const IMPROVEMENT_ID = 'e1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

export const CONTROL: RunPermissions = { control: true, observe: true, plan: true, approve: true, participantId: null };
export const WATCHER: RunPermissions = { control: false, observe: false, plan: false, approve: false, participantId: null };

const observation = (id: string, kind: Observation['kind'], note: string, extra: Partial<Observation> = {}): Observation => ({
  id,
  clientId: `client-${id.slice(0, 8)}`,
  kind,
  note,
  stepId: null,
  injectId: null,
  author: LEAD,
  elapsedMs: 95_000,
  createdAt: '2026-11-23T10:01:35.000Z',
  ...extra,
});

const log = (
  seq: number,
  type: DrillLogEntry['type'],
  data: DrillLogEntry['data'] = {},
  actor: DrillLogEntry['actor'] = LEAD,
): DrillLogEntry => ({
  seq,
  type,
  at: `2026-11-23T10:0${String(Math.min(seq, 9))}:00.000Z`,
  elapsedMs: seq === 1 ? null : (seq - 2) * 60_000,
  actor,
  data,
});

export function drillSummary(overrides: { run?: Partial<DrillSummary['run']> } & Partial<Omit<DrillSummary, 'run'>> = {}): DrillSummary {
  const strength = observation(STRENGTH_ID, 'strength', 'The gate team sealed the perimeter within two minutes.', { stepId: 'alarm' });
  const improvement = observation(IMPROVEMENT_ID, 'improvement', 'The public address was inaudible on the quay.', {
    injectId: 'blocked-exit',
  });
  const { run, ...rest } = overrides;
  return {
    run: {
      id: RUN_ID,
      title: 'Quay evacuation',
      type: 'drill',
      scenario: 'evacuation',
      status: 'completed',
      scheduledAt: '2026-11-23T10:00:00.000Z',
      location: 'Berth 4',
      lead: LEAD,
      participantCount: 2,
      templateId: null,
      startedAt: '2026-11-23T10:00:00.000Z',
      completedAt: '2026-11-23T10:20:00.000Z',
      approvedAt: null,
      template: {
        libraryTexts: {},
        name: 'Quay evacuation',
        type: 'drill',
        scenario: 'evacuation',
        description: 'The alarm sounds on the quay.',
        objectives: ['Everyone reaches the assembly point'],
        positions: [],
        steps: [],
        injects: [],
        regulations: ['solas_muster'],
        estimatedMinutes: 30,
        musterTargetMinutes: 5,
      },
      participants: [],
      observersMayWrite: false,
      autoInjects: true,
      musterTargetMinutes: 5,
      musterElapsedMs: null,
      timer: {
        status: 'completed',
        startedAt: '2026-11-23T10:00:00.000Z',
        pausedAt: null,
        pausedMs: 0,
        completedAt: '2026-11-23T10:20:00.000Z',
        cancelledAt: null,
        serverTime: '2026-11-23T10:30:00.000Z',
      },
      approvedBy: null,
      cancelledAt: null,
      version: 3,
      you: CONTROL,
      ...run,
    },
    durationMs: 1_200_000,
    timeline: [
      log(1, 'scheduled', { location: 'Berth 4', lead: LEAD.name }, MANAGER),
      log(2, 'started'),
      log(3, 'inject_published', { injectId: 'blocked-exit', inject: 'Exit route blocked', auto: true }, null),
      log(4, 'observation', { kind: 'improvement', note: improvement.note }),
      log(5, 'completed'),
    ],
    steps: [
      {
        stepId: 'alarm',
        title: 'Sound the alarm',
        position: 'Control room',
        status: 'done',
        expectedMinutes: 3,
        startedElapsedMs: 0,
        completedElapsedMs: 240_000,
        durationMs: 240_000,
        varianceMs: 60_000,
        checklistDone: 2,
        checklistTotal: 2,
      },
      {
        stepId: 'sweep',
        title: 'Sweep the zones',
        position: null,
        status: 'done',
        expectedMinutes: 10,
        startedElapsedMs: 240_000,
        completedElapsedMs: 780_000,
        durationMs: 540_000,
        varianceMs: -60_000,
        checklistDone: 1,
        checklistTotal: 3,
      },
      {
        stepId: 'assist',
        title: 'Help people out',
        position: null,
        status: 'skipped',
        expectedMinutes: 5,
        startedElapsedMs: null,
        completedElapsedMs: null,
        durationMs: null,
        varianceMs: null,
        checklistDone: 0,
        checklistTotal: 2,
      },
    ],
    stepCompletion: { done: 2, skipped: 1, total: 3 },
    attendance: {
      roster: 2,
      present: 1,
      participants: [
        {
          id: 'f1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
          userId: USER.id,
          name: USER.name,
          positionId: null,
          checkedInAt: '2026-11-23T10:06:00.000Z',
          checkedInElapsedMs: 360_000,
          checkedInBy: 'self',
        },
        {
          id: 'f2b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
          userId: null,
          name: 'Kai Contractor',
          positionId: null,
          checkedInAt: null,
          checkedInElapsedMs: null,
          checkedInBy: null,
        },
      ],
      musterMs: 360_000,
      musterTargetMs: 300_000,
      metTarget: false,
    },
    injects: [
      {
        injectId: 'blocked-exit',
        title: 'Exit route blocked',
        message: 'The main stairway is blocked by smoke.',
        plannedMinute: 8,
        position: null,
        publishedElapsedMs: 480_000,
        publishedBy: null,
        auto: true,
        responses: [improvement],
      },
    ],
    observations: { strengths: [strength], improvements: [improvement] },
    actions: [],
    addenda: [],
    ...rest,
  };
}
