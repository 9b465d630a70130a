import { type CadenceState, type DrillRunStatus, type StepStatus, type TemplateStatus } from '@muster/contracts';

/** Colour palettes of the drills' states, the same on every screen. */
export const RUN_STATUS_PALETTE: Record<DrillRunStatus, string> = {
  scheduled: 'blue',
  in_progress: 'green',
  paused: 'orange',
  completed: 'purple',
  approved: 'teal',
  cancelled: 'gray',
};
export const STEP_STATUS_PALETTE: Record<StepStatus, string> = { pending: 'gray', in_progress: 'blue', done: 'green', skipped: 'orange' };
export const TEMPLATE_STATUS_PALETTE: Record<TemplateStatus, string> = { draft: 'yellow', published: 'green' };
export const CADENCE_PALETTE: Record<CadenceState, string> = { ok: 'green', due_soon: 'orange', overdue: 'red' };

/** Drill time as mm:ss, or h:mm:ss from an hour (Latin digits in every language). */
export function formatClock(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${String(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
