import { describe, expect, it } from '@jest/globals';
import type { DrillRunStatus, DrillRunSummary } from '@muster/contracts';
import { isIsoDay, listQuery, localParts, localToIso, runActions, RUN_PARAM_KEYS, type RunParams } from './params';

const LEAD = '8b68c22c-b6c0-4303-bfb4-add8fd072032';
const OTHER = '0b7980c5-35a5-4bdd-a07f-03f5ca731356';

const params = (values: Partial<RunParams>): RunParams =>
  ({ ...Object.fromEntries(RUN_PARAM_KEYS.map((k) => [k, ''])), ...values }) as RunParams;

function run(status: DrillRunStatus): DrillRunSummary {
  return {
    id: '2d0a78f1-fa53-4990-bace-4d4f340a8569',
    title: 'Full evacuation',
    type: 'drill',
    scenario: 'evacuation',
    status,
    scheduledAt: '2026-11-25T09:00:00.000Z',
    location: 'Berth 4',
    lead: { id: LEAD, name: 'Uma Patel' },
    participantCount: 2,
    templateId: null,
    startedAt: null,
    completedAt: null,
    approvedAt: null,
  };
}

describe('the list query from the address', () => {
  it('keeps known filters, drops unknown values and swaps a reversed range', () => {
    expect(
      listQuery(params({ status: 'scheduled', scenario: 'fire', from: '2026-03-31', to: '2026-03-01', mine: 'true' }), 40, 20),
    ).toEqual({ status: 'scheduled', scenario: 'fire', from: '2026-03-01', to: '2026-03-31', mine: 'true', limit: 20, offset: 40 });
    expect(listQuery(params({ status: 'exploded', scenario: 'alien', from: '2026-02-31', mine: 'yes' }), 0, 20)).toEqual({
      status: undefined,
      scenario: undefined,
      from: undefined,
      to: undefined,
      mine: undefined,
      limit: 20,
      offset: 0,
    });
  });

  it('accepts only real days', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-3-1')).toBe(false);
  });
});

describe('what a member may do with a run in the list', () => {
  it('lets managers change the plan of a scheduled run and cancel any run that has not finished', () => {
    const manager = { userId: OTHER, role: 'MANAGER' };
    expect(runActions(run('scheduled'), manager)).toEqual({ changePlan: true, cancel: true, summary: false });
    expect(runActions(run('in_progress'), manager)).toEqual({ changePlan: false, cancel: true, summary: false });
    expect(runActions(run('completed'), manager)).toEqual({ changePlan: false, cancel: false, summary: true });
    expect(runActions(run('approved'), manager)).toEqual({ changePlan: false, cancel: false, summary: true });
    expect(runActions(run('cancelled'), manager)).toEqual({ changePlan: false, cancel: false, summary: false });
  });

  it('lets the lead plan only while the run is scheduled, and others not at all', () => {
    const lead = { userId: LEAD, role: 'USER' };
    expect(runActions(run('scheduled'), lead)).toMatchObject({ changePlan: true, cancel: true });
    expect(runActions(run('paused'), lead)).toMatchObject({ changePlan: false, cancel: false });
    expect(runActions(run('scheduled'), { userId: OTHER, role: 'USER' })).toMatchObject({ changePlan: false, cancel: false });
    expect(runActions(run('scheduled'), { userId: OTHER, role: 'INTERNAL_AUDITOR' })).toMatchObject({ changePlan: false, cancel: false });
  });
});

describe('local date and time', () => {
  it('turns a local date and time into the instant, and back', () => {
    const iso = localToIso('2026-03-29', '09:30');
    expect(iso).toBe(new Date(2026, 2, 29, 9, 30).toISOString());
    expect(localParts(iso)).toEqual({ date: '2026-03-29', time: '09:30' });
  });

  it('answers nothing for a missing or impossible date or time', () => {
    expect(localToIso('', '09:30')).toBe('');
    expect(localToIso('2026-03-29', '')).toBe('');
    expect(localToIso('2026-02-30', '09:30')).toBe('');
  });
});
