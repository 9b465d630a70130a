import { takesActions, takesAddenda, type CorrectiveAction, type DrillRun, type DrillSummary, type SummaryStep } from '@muster/contracts';

/** The figures of the after-action summary that the screen derives from the server's answer. */

export type SummaryStage = 'not_started' | 'live' | 'finished';

/**
 * Where the run stands for its summary: nothing to summarise before the drill started (a run
 * cancelled before its start included), filling in while it runs, written once it finished.
 */
export function summaryStage(run: Pick<DrillRun, 'status' | 'startedAt'>): SummaryStage {
  if (run.status === 'scheduled' || (run.status === 'cancelled' && run.startedAt === null)) return 'not_started';
  if (run.status === 'in_progress' || run.status === 'paused') return 'live';
  return 'finished';
}

/** Corrective actions may be added and changed by those who control the run, from its start until it is approved. */
export function canEditActions(run: Pick<DrillRun, 'status' | 'you'>): boolean {
  return run.you.control && takesActions(run.status);
}

/** Addenda are added by those who control the run once it finished (completed or approved). */
export function canAddAddendum(run: Pick<DrillRun, 'status' | 'you'>): boolean {
  return run.you.control && takesAddenda(run.status);
}

/** ADMIN and MANAGER approve a completed run. */
export function canApprove(run: Pick<DrillRun, 'status' | 'you'>): boolean {
  return run.you.approve && run.status === 'completed';
}

/** A step that took longer than expected is `over`; one done within its time is `within`; untimed is null. */
export function varianceState(step: Pick<SummaryStep, 'varianceMs'>): 'over' | 'within' | null {
  if (step.varianceMs === null) return null;
  return step.varianceMs > 0 ? 'over' : 'within';
}

/** How far from its planned minute an inject went out (positive: late); null when it was not published. */
export function injectOffsetMs(inject: { plannedMinute: number; publishedElapsedMs: number | null }): number | null {
  return inject.publishedElapsedMs === null ? null : inject.publishedElapsedMs - inject.plannedMinute * 60_000;
}

/** Today as YYYY-MM-DD in the reader's time zone (due dates are calendar days). */
export function localToday(now: number = Date.now()): string {
  const d = new Date(now);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** An action not done whose due day has passed. */
export function isOverdue(action: Pick<CorrectiveAction, 'dueDate' | 'status'>, today: string): boolean {
  return action.status !== 'done' && action.dueDate < today;
}

/** The counts the "at a glance" figures show. */
export function glance(summary: DrillSummary) {
  const published = summary.injects.filter((i) => i.publishedElapsedMs !== null).length;
  return {
    stepsDone: summary.stepCompletion.done,
    stepsSkipped: summary.stepCompletion.skipped,
    stepsTotal: summary.stepCompletion.total,
    stepsOver: summary.steps.filter((s) => varianceState(s) === 'over').length,
    injectsPublished: published,
    injectsTotal: summary.injects.length,
    strengths: summary.observations.strengths.length,
    improvements: summary.observations.improvements.length,
    actionsOpen: summary.actions.filter((a) => a.status !== 'done').length,
    actionsTotal: summary.actions.length,
  };
}
