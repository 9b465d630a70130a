import { describe, expect, it } from '@jest/globals';
import {
  canAddAddendum,
  canApprove,
  canEditActions,
  glance,
  injectOffsetMs,
  isOverdue,
  localToday,
  summaryStage,
  varianceState,
} from './summary-figures';
import { CONTROL, drillSummary, WATCHER } from './summary-test-support';

describe('summary figures', () => {
  it('tells a run not started (or cancelled before its start) from a live and a finished one', () => {
    expect(summaryStage({ status: 'scheduled', startedAt: null })).toBe('not_started');
    expect(summaryStage({ status: 'cancelled', startedAt: null })).toBe('not_started');
    expect(summaryStage({ status: 'cancelled', startedAt: '2026-11-23T10:00:00Z' })).toBe('finished');
    expect(summaryStage({ status: 'in_progress', startedAt: '2026-11-23T10:00:00Z' })).toBe('live');
    expect(summaryStage({ status: 'paused', startedAt: '2026-11-23T10:00:00Z' })).toBe('live');
    expect(summaryStage({ status: 'completed', startedAt: '2026-11-23T10:00:00Z' })).toBe('finished');
    expect(summaryStage({ status: 'approved', startedAt: '2026-11-23T10:00:00Z' })).toBe('finished');
  });

  it('lets those who control a run change its actions from the start until the approval, as the server does', () => {
    for (const status of ['in_progress', 'paused', 'completed'] as const) expect(canEditActions({ status, you: CONTROL })).toBe(true);
    for (const status of ['scheduled', 'approved', 'cancelled'] as const) expect(canEditActions({ status, you: CONTROL })).toBe(false);
    expect(canEditActions({ status: 'completed', you: WATCHER })).toBe(false);
  });

  it('takes addenda once the run finished, also when approved; approval only of a completed run by an approver', () => {
    expect(canAddAddendum({ status: 'completed', you: CONTROL })).toBe(true);
    expect(canAddAddendum({ status: 'approved', you: CONTROL })).toBe(true);
    expect(canAddAddendum({ status: 'in_progress', you: CONTROL })).toBe(false);
    expect(canAddAddendum({ status: 'approved', you: WATCHER })).toBe(false);
    expect(canApprove({ status: 'completed', you: CONTROL })).toBe(true);
    expect(canApprove({ status: 'approved', you: CONTROL })).toBe(false);
    expect(canApprove({ status: 'completed', you: { ...CONTROL, approve: false } })).toBe(false);
  });

  it('colours a step over its time, within it, or not at all when it was not timed', () => {
    expect(varianceState({ varianceMs: 1 })).toBe('over');
    expect(varianceState({ varianceMs: 0 })).toBe('within');
    expect(varianceState({ varianceMs: -30_000 })).toBe('within');
    expect(varianceState({ varianceMs: null })).toBeNull();
  });

  it('measures an inject against its planned minute', () => {
    expect(injectOffsetMs({ plannedMinute: 8, publishedElapsedMs: 540_000 })).toBe(60_000);
    expect(injectOffsetMs({ plannedMinute: 8, publishedElapsedMs: 420_000 })).toBe(-60_000);
    expect(injectOffsetMs({ plannedMinute: 8, publishedElapsedMs: null })).toBeNull();
  });

  it('calls an action overdue when its day has passed and it is not done', () => {
    expect(isOverdue({ dueDate: '2026-11-20', status: 'open' }, '2026-11-23')).toBe(true);
    expect(isOverdue({ dueDate: '2026-11-23', status: 'open' }, '2026-11-23')).toBe(false);
    expect(isOverdue({ dueDate: '2026-11-20', status: 'done' }, '2026-11-23')).toBe(false);
    expect(localToday(new Date(2026, 0, 5, 12).getTime())).toBe('2026-01-05');
  });

  it('counts the figures at a glance', () => {
    const g = glance(
      drillSummary({
        actions: [
          {
            id: '11b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
            title: 'Fix the PA',
            owner: { id: null, name: 'Ops' },
            dueDate: '2026-12-01',
            status: 'done',
            observationId: null,
            createdAt: '2026-11-23T11:00:00.000Z',
            updatedAt: '2026-11-23T11:00:00.000Z',
          },
        ],
      }),
    );
    expect(g).toEqual({
      stepsDone: 2,
      stepsSkipped: 1,
      stepsTotal: 3,
      stepsOver: 1,
      injectsPublished: 1,
      injectsTotal: 1,
      strengths: 1,
      improvements: 1,
      actionsOpen: 0,
      actionsTotal: 1,
    });
  });
});
