import type { DrillLogEntry } from '@muster/contracts';

/** mm:ss (or h:mm:ss) of a drill time. */
export function clock(ms: number | null): string {
  if (ms === null) return '';
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${String(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

const str = (v: string | number | boolean | null | undefined): string => (v === null || v === undefined ? '' : String(v));

/**
 * One decision-log entry as an English sentence, for the exported summaries (the web writes
 * the same entries in the reader's language).
 */
export function logText(entry: DrillLogEntry): string {
  const d = entry.data;
  const who = entry.actor?.name ?? 'The drill clock';
  switch (entry.type) {
    case 'scheduled':
      return `${who} scheduled the drill at ${str(d.location)}, led by ${str(d.lead)}`;
    case 'rescheduled':
      return `${who} changed the plan`;
    case 'started':
      return `${who} started the drill`;
    case 'paused':
      return `${who} paused the drill`;
    case 'resumed':
      return `${who} resumed the drill`;
    case 'completed':
      return `${who} completed the drill`;
    case 'cancelled':
      return `${who} cancelled the drill`;
    case 'approved':
      return `${who} approved and locked the summary`;
    case 'step_started':
      return `${who} started step "${str(d.step)}"`;
    case 'step_completed':
      return `${who} completed step "${str(d.step)}"`;
    case 'step_skipped':
      return `${who} skipped step "${str(d.step)}"`;
    case 'step_reopened':
      return `${who} reopened step "${str(d.step)}"`;
    case 'item_checked':
      return `${who} checked "${str(d.item)}" (${str(d.step)})`;
    case 'item_unchecked':
      return `${who} unchecked "${str(d.item)}" (${str(d.step)})`;
    case 'inject_published':
      return d.auto ? `Inject "${str(d.inject)}" was published at its time` : `${who} published inject "${str(d.inject)}"`;
    case 'observation':
      return `${who} recorded ${d.kind === 'strength' ? 'a strength' : 'an area for improvement'}: ${str(d.note)}`;
    case 'checked_in':
      return d.by === 'self' ? `${str(d.name)} checked in` : `${who} checked in ${str(d.name)}`;
    case 'checked_out':
      return `${who} marked ${str(d.name)} absent`;
    case 'mustered':
      return `${who} recorded everyone mustered at ${clock(typeof d.elapsedMs === 'number' ? d.elapsedMs : null)}`;
    case 'settings':
      return `${who} changed the settings`;
    case 'action_added':
      return `${who} added corrective action "${str(d.title)}"`;
    case 'action_updated':
      return `${who} updated corrective action "${str(d.title)}"`;
    case 'addendum':
      return `${who} added an addendum`;
  }
}
