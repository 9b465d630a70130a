import type { TicketSummary } from '@muster/contracts';

/** Within this of a due time, a ticket is highlighted as due soon (orange). */
export const SLA_SOON_MS = 60 * 60 * 1000;

/**
 * How a ticket stands against its service levels at `now`:
 * - active tickets (open, pending): `breached` (a level missed: red), `soon` (the next due time
 *   within an hour: orange) or `ok`, with the next due time;
 * - finished tickets (resolved, closed): `met`, or `missed` when a level was met late.
 */
export type SlaState =
  { state: 'breached' | 'soon' | 'ok'; next: 'firstResponse' | 'resolution'; dueAt: string } | { state: 'met' | 'missed' };

type SlaTicket = Pick<TicketSummary, 'status' | 'firstResponseDueAt' | 'resolutionDueAt' | 'firstRespondedAt' | 'breached'>;

export function slaState(ticket: SlaTicket, now: number): SlaState {
  const missed = ticket.breached.firstResponse || ticket.breached.resolution;
  if (ticket.status === 'resolved' || ticket.status === 'closed') return { state: missed ? 'missed' : 'met' };
  const firstDue = Date.parse(ticket.firstResponseDueAt);
  const resolutionDue = Date.parse(ticket.resolutionDueAt);
  const next = !ticket.firstRespondedAt && firstDue <= resolutionDue ? 'firstResponse' : 'resolution';
  const dueAt = next === 'firstResponse' ? ticket.firstResponseDueAt : ticket.resolutionDueAt;
  const due = Date.parse(dueAt);
  const late = missed || now > due || (!ticket.firstRespondedAt && now > firstDue);
  return { state: late ? 'breached' : due - now <= SLA_SOON_MS ? 'soon' : 'ok', next, dueAt };
}

/** The colour palette of an SLA state. */
export function slaPalette(state: SlaState['state']): string {
  switch (state) {
    case 'breached':
    case 'missed':
      return 'red';
    case 'soon':
      return 'orange';
    case 'met':
      return 'green';
    default:
      return 'gray';
  }
}
