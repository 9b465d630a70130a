import { COMPLIANCE_RULES, type ComplianceRule } from '@muster/contracts';
import { dueAfter, evaluateRule, stateFor, whatOf, type CountableRun } from './rule-evaluator.js';

const rule = (id: string): ComplianceRule => COMPLIANCE_RULES.find((r) => r.id === id)!;

let seq = 0;
function run(completedAt: string, over: Partial<CountableRun> = {}): CountableRun {
  seq += 1;
  return {
    runId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    status: 'approved',
    completedAt: new Date(completedAt),
    templateName: 'Bomb threat drill',
    scenario: 'bomb_threat',
    type: 'drill',
    ...over,
  };
}

/** Noon UTC of a day `days` after 2026-01-01 (the evaluation moment). */
const dayAfter = (start: string, days: number): Date => new Date(Date.parse(`${start}T12:00:00Z`) + days * 86_400_000);

describe('the cadence arithmetic', () => {
  it('adds days, or calendar months clamped to the month end, and caps at the next calendar year', () => {
    expect(dueAfter({ every: 90, unit: 'days', calendarYear: false, dueSoonDays: 14 }, '2026-01-01')).toEqual({
      due: '2026-04-01',
      byCalendarYear: false,
    });
    expect(dueAfter({ every: 3, unit: 'months', calendarYear: false, dueSoonDays: 14 }, '2025-11-30').due).toBe('2026-02-28');
    expect(dueAfter({ every: 18, unit: 'months', calendarYear: true, dueSoonDays: 30 }, '2026-03-10')).toEqual({
      due: '2027-09-10',
      byCalendarYear: false,
    });
    expect(dueAfter({ every: 18, unit: 'months', calendarYear: true, dueSoonDays: 30 }, '2026-08-10')).toEqual({
      due: '2027-12-31',
      byCalendarYear: true,
    });
  });

  it('is due soon in the last dueSoonDays days up to the due date, failing the day after', () => {
    expect(stateFor('2026-04-01', '2026-03-18', 14)).toBe('passing');
    expect(stateFor('2026-04-01', '2026-03-19', 14)).toBe('due_soon');
    expect(stateFor('2026-04-01', '2026-04-01', 14)).toBe('due_soon');
    expect(stateFor('2026-04-01', '2026-04-02', 14)).toBe('failing');
  });

  it('names what counts', () => {
    expect(whatOf(['fire'], ['drill'])).toBe('fire');
    expect(whatOf(rule('isps_b18_5').counts.scenarios, rule('isps_b18_5').counts.types)).toBe('security_drill');
    expect(whatOf(rule('isps_b18_6').counts.scenarios, rule('isps_b18_6').counts.types)).toBe('exercise');
    expect(whatOf(['fire', 'evacuation'], ['drill'])).toBe('drill');
  });
});

describe('ISPS Code B/18.5: at most 90 days apart', () => {
  const last = run('2026-01-01T10:00:00Z');
  const at = (days: number) =>
    evaluateRule({ rule: rule('isps_b18_5'), runs: [last], asOf: dayAfter('2026-01-01', days), timeZone: 'UTC' });

  it('passes through day 76, is due soon on days 77 to 90, fails on day 91', () => {
    expect(at(76).state).toBe('passing');
    expect(at(77).state).toBe('due_soon');
    expect(at(90)).toMatchObject({ state: 'due_soon', nextDueAt: '2026-04-01', reason: { key: 'lastRunDueSoon', params: { days: 90 } } });
    expect(at(91)).toMatchObject({
      state: 'failing',
      reason: { key: 'lastRunOverdue', params: { what: 'security_drill', days: 91, every: 90, unit: 'days', due: '2026-04-01' } },
    });
  });

  it('lists the satisfying run and when it was last satisfied', () => {
    const evaluation = at(10);
    expect(evaluation.lastSatisfiedAt).toBe('2026-01-01T10:00:00.000Z');
    expect(evaluation.satisfyingRuns).toEqual([
      {
        runId: last.runId,
        completedAt: '2026-01-01T10:00:00.000Z',
        templateName: 'Bomb threat drill',
        scenario: 'bomb_threat',
        kind: 'drill',
      },
    ]);
  });

  it('counts days in the organisation’s time zone', () => {
    // 23:30 UTC on 1 January is 2 January in Tokyo: day 91 in UTC is day 90 in Tokyo.
    const late = run('2026-01-01T23:30:00Z');
    const asOf = new Date('2026-04-02T03:00:00Z');
    expect(evaluateRule({ rule: rule('isps_b18_5'), runs: [late], asOf, timeZone: 'UTC' }).state).toBe('failing');
    expect(evaluateRule({ rule: rule('isps_b18_5'), runs: [late], asOf, timeZone: 'Asia/Tokyo' }).state).toBe('due_soon');
  });

  it('never counts cancelled, unapproved, other-scenario or future runs', () => {
    const asOf = dayAfter('2026-01-01', 10);
    const runs = [
      run('2026-01-05T10:00:00Z', { status: 'cancelled' }),
      run('2026-01-05T10:00:00Z', { status: 'completed' }),
      run('2026-01-05T10:00:00Z', { scenario: 'fire' }),
      run('2026-02-05T10:00:00Z'),
    ];
    const evaluation = evaluateRule({ rule: rule('isps_b18_5'), runs, asOf, timeZone: 'UTC' });
    expect(evaluation).toMatchObject({
      state: 'failing',
      reason: { key: 'never' },
      satisfyingRuns: [],
      lastSatisfiedAt: null,
      nextDueAt: null,
    });
  });
});

describe('ISPS Code B/18.6: an exercise each calendar year, at most 18 months apart', () => {
  const r = rule('isps_b18_6');

  it('fails 18 months + 1 day after the last exercise', () => {
    const last = run('2026-03-10T09:00:00Z', { type: 'tabletop' });
    const at = (day: string) => evaluateRule({ rule: r, runs: [last], asOf: new Date(`${day}T12:00:00Z`), timeZone: 'UTC' }).state;
    expect(at('2027-08-11')).toBe('passing');
    expect(at('2027-08-12')).toBe('due_soon');
    expect(at('2027-09-10')).toBe('due_soon');
    expect(at('2027-09-11')).toBe('failing');
  });

  it('fails after 31 December of the following year when that comes first', () => {
    const last = run('2026-08-10T09:00:00Z', { type: 'full_scale' });
    const evaluation = evaluateRule({ rule: r, runs: [last], asOf: new Date('2028-01-01T12:00:00Z'), timeZone: 'UTC' });
    expect(evaluation).toMatchObject({
      state: 'failing',
      nextDueAt: '2027-12-31',
      reason: { key: 'calendarYearOverdue', params: { year: '2027' } },
    });
  });

  it('does not count a plain drill as an exercise', () => {
    const evaluation = evaluateRule({
      rule: r,
      runs: [run('2026-03-10T09:00:00Z', { type: 'drill' })],
      asOf: new Date('2026-04-01T00:00:00Z'),
      timeZone: 'UTC',
    });
    expect(evaluation.state).toBe('failing');
  });
});

describe('ISPS Code B/13.6: a drill within a week after more than 25 % of the crew changed', () => {
  const r = rule('isps_b13_6');
  const last = run('2026-03-01T10:00:00Z');
  const evaluate = (changed: number, day: string, runs = [last]) =>
    evaluateRule({
      rule: r,
      runs,
      asOf: new Date(`${day}T12:00:00Z`),
      timeZone: 'UTC',
      crewSize: 100,
      crewChanges: [{ date: '2026-03-10', changed }],
    });

  it('is not triggered by 25 %, is due within a week at 26 %', () => {
    expect(evaluate(25, '2026-03-12').state).toBe('passing');
    expect(evaluate(26, '2026-03-12')).toMatchObject({
      state: 'due_soon',
      nextDueAt: '2026-03-17',
      reason: {
        key: 'crewChangeDueSoon',
        params: { percent: 26, threshold: 25, changedOn: '2026-03-10', due: '2026-03-17', withinDays: 7 },
      },
    });
    expect(evaluate(26, '2026-03-17').state).toBe('due_soon');
    expect(evaluate(26, '2026-03-18')).toMatchObject({ state: 'failing', reason: { key: 'crewChangeOverdue' } });
  });

  it('is satisfied by an approved drill on or after the change', () => {
    expect(evaluate(26, '2026-03-18', [last, run('2026-03-14T10:00:00Z')]).state).toBe('passing');
  });
});

describe('rules over several scenarios and the records rule', () => {
  it('SOLAS III/19.3 needs both a fire and an abandon-ship drill each month', () => {
    const r = rule('solas_iii_19_3');
    const fire = run('2026-03-01T10:00:00Z', { scenario: 'fire' });
    const asOf = new Date('2026-03-05T12:00:00Z');
    expect(evaluateRule({ rule: r, runs: [fire], asOf, timeZone: 'UTC' })).toMatchObject({
      state: 'failing',
      reason: { key: 'scenariosMissing', params: { missing: 'evacuation' } },
    });
    const evacuation = run('2026-02-20T10:00:00Z', { scenario: 'evacuation' });
    expect(evaluateRule({ rule: r, runs: [fire, evacuation], asOf, timeZone: 'UTC' })).toMatchObject({
      state: 'passing',
      nextDueAt: '2026-03-20',
      lastSatisfiedAt: '2026-02-20T10:00:00.000Z',
    });
  });

  it('SOLAS III/19.3 per crew member: everyone of the crew checks in to each drill within the month', () => {
    const r = rule('solas_iii_19_3');
    const asOf = new Date('2026-03-05T12:00:00Z');
    const fire = run('2026-03-01T10:00:00Z', { scenario: 'fire', attendees: ['a', 'b'] });
    const evacuation = run('2026-02-20T10:00:00Z', { scenario: 'evacuation', attendees: ['a', 'b', 'c'] });
    expect(evaluateRule({ rule: r, runs: [fire, evacuation], asOf, timeZone: 'UTC', crewSize: 3 })).toMatchObject({
      state: 'failing',
      reason: { key: 'crewNotAllDrilled', params: { what: 'fire', attended: 2, crewSize: 3, every: 1, unit: 'months' } },
    });
    // A second fire drill the same month for the one who missed it.
    const catchUp = run('2026-03-03T10:00:00Z', { scenario: 'fire', attendees: ['c'] });
    expect(evaluateRule({ rule: r, runs: [fire, catchUp, evacuation], asOf, timeZone: 'UTC', crewSize: 3 }).state).toBe('passing');
    // Without a crew size, the monthly drills alone decide.
    expect(evaluateRule({ rule: r, runs: [fire, evacuation], asOf, timeZone: 'UTC' }).state).toBe('passing');
  });

  it('33 CFR 105.225 is due soon while a completed run awaits approval, failing after 14 days', () => {
    const r = rule('cfr33_105_225');
    const runs = [run('2026-03-01T10:00:00Z', { status: 'completed', scenario: 'fire' }), run('2026-02-01T10:00:00Z')];
    expect(evaluateRule({ rule: r, runs: [runs[1]!], asOf: new Date('2026-03-05T12:00:00Z'), timeZone: 'UTC' })).toMatchObject({
      state: 'passing',
      reason: { key: 'recordsKept', params: { count: 1, years: 2, keptYears: 7 } },
    });
    expect(evaluateRule({ rule: r, runs, asOf: new Date('2026-03-15T12:00:00Z'), timeZone: 'UTC' })).toMatchObject({
      state: 'due_soon',
      reason: { key: 'recordsPendingApproval', params: { pending: 1, days: 14 } },
    });
    expect(evaluateRule({ rule: r, runs, asOf: new Date('2026-03-16T12:00:00Z'), timeZone: 'UTC' }).state).toBe('failing');
  });

  it('lists only runs within a period when one is given', () => {
    const runs = [run('2026-01-10T10:00:00Z'), run('2026-03-10T10:00:00Z')];
    const evaluation = evaluateRule({
      rule: rule('isps_b18_5'),
      runs,
      asOf: new Date('2026-03-31T12:00:00Z'),
      timeZone: 'UTC',
      period: { from: '2026-01-01', to: '2026-01-31' },
    });
    expect(evaluation.satisfyingRuns.map((s) => s.runId)).toEqual([runs[0]!.runId]);
    expect(evaluation.state).toBe('passing');
  });
});
