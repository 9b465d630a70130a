import { simulationElapsed, simulationPlan, type SimulationRun, type TemplateContent } from '@muster/contracts';
import { simulationClock, simulationModel } from './simulation-view';

const MIN = 60_000;
const template: Pick<TemplateContent, 'positions' | 'steps' | 'injects' | 'estimatedMinutes' | 'musterTargetMinutes'> = {
  positions: [
    { id: 'lead', name: 'Lead', description: '' },
    { id: 'warden', name: 'Warden', description: '' },
  ],
  steps: [
    { id: 'alarm', title: 'Raise the alarm', instructions: '', positionId: 'lead', expectedMinutes: 2, checklist: [] },
    { id: 'sweep', title: 'Sweep the floor', instructions: '', positionId: 'warden', expectedMinutes: 5, checklist: [] },
  ],
  injects: [{ id: 'smoke', atMinute: 3, title: 'Smoke in stairwell B', message: 'Reroute', positionId: 'warden' }],
  estimatedMinutes: 15,
  musterTargetMinutes: 4,
};

describe('simulation plan and model', () => {
  const plan = simulationPlan(template, 3);

  it('spreads check-ins over the muster target, runs steps back to back and acknowledges injects a minute later', () => {
    expect(plan.filter((e) => e.kind === 'check_in').map((e) => e.atMs)).toEqual([1 * MIN, 2 * MIN, 3 * MIN]);
    expect(plan.filter((e) => e.stepId === 'sweep').map((e) => [e.kind, e.atMs, e.participant])).toEqual([
      ['step_started', 2 * MIN, 2],
      ['step_completed', 7 * MIN, 2],
    ]);
    expect(plan.find((e) => e.kind === 'inject_acknowledged')).toMatchObject({ atMs: 4 * MIN, participant: 2, injectId: 'smoke' });
    // Finished at the estimated duration, after the last event.
    expect(plan.at(-1)).toEqual({ atMs: 15 * MIN, kind: 'finished', participant: null, stepId: null, injectId: null });
    expect(plan.map((e) => e.atMs)).toEqual([...plan.map((e) => e.atMs)].sort((a, b) => a - b));
  });

  it('shows who has checked in and which steps and injects are done at a point of the clock', () => {
    const model = simulationModel({ participants: 3, events: plan.filter((e) => e.atMs <= 3 * MIN) }, template);
    expect(model.checkedIn).toBe(3);
    expect(model.steps.map((s) => s.status)).toEqual(['completed', 'in_progress']);
    expect(model.injects[0]).toMatchObject({ publishedAtMs: 3 * MIN, acknowledgedBy: null });
    expect(model.participants.map((p) => p.positionId)).toEqual(['lead', 'warden', 'lead']);
    const end = simulationModel({ participants: 3, events: plan }, template);
    expect([end.stepsCompleted, end.injectsAcknowledged]).toEqual([2, 1]);
  });

  it('moves the clock at its rate only while playing', () => {
    const run: Pick<SimulationRun, 'elapsedMs' | 'anchorAt' | 'rate' | 'status' | 'durationMs'> = {
      elapsedMs: 60_000,
      anchorAt: '2026-11-28T10:00:00.000Z',
      rate: 5,
      status: 'playing',
      durationMs: 15 * MIN,
    };
    expect(simulationElapsed(run, Date.parse('2026-11-28T10:00:10.000Z'))).toBe(110_000);
    expect(simulationElapsed({ ...run, status: 'paused', anchorAt: null }, Date.parse('2026-11-28T10:00:10.000Z'))).toBe(60_000);
    expect(simulationElapsed(run, Date.parse('2026-11-28T11:00:00.000Z'))).toBe(15 * MIN);
    expect(simulationClock(65_000)).toBe('01:05');
    expect(simulationClock(3_723_000)).toBe('1:02:03');
  });
});
