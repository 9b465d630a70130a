import type { DrillMember, RosterEntry, RunParticipant } from '@muster/contracts';
import { issueMessage } from '../../../lib/error-text';

/** One line of the roster being edited: a member (by id) or a guest (by name), with an optional position. */
export interface RosterRow {
  /** Stable key for React while lines are added and removed. */
  key: string;
  userId: string | null;
  name: string;
  positionId: string | null;
}

let counter = 0;
export function rowKey(): string {
  counter += 1;
  return `row-${String(counter)}`;
}

export function memberRow(member: Pick<DrillMember, 'id' | 'name'>): RosterRow {
  return { key: rowKey(), userId: member.id, name: member.name, positionId: null };
}

export function guestRow(name: string): RosterRow {
  return { key: rowKey(), userId: null, name: name.trim(), positionId: null };
}

/** The roster of a run, for editing. */
export function rowsOf(participants: readonly RunParticipant[]): RosterRow[] {
  return participants.map((p) => ({ key: rowKey(), userId: p.userId, name: p.name, positionId: p.positionId }));
}

/** The roster as the API takes it: members by id only (the server writes their current name), guests by name. */
export function rosterEntries(rows: readonly RosterRow[]): RosterEntry[] {
  return rows.map((r) =>
    r.userId ? { userId: r.userId, name: '', positionId: r.positionId } : { userId: null, name: r.name, positionId: r.positionId },
  );
}

/** Whether two rosters say the same (same people in the same order, same positions). */
export function sameRoster(a: readonly RosterRow[], b: readonly RosterRow[]): boolean {
  return (
    a.length === b.length &&
    a.every((r, i) => {
      const o = b[i]!;
      return r.userId === o.userId && r.positionId === o.positionId && (r.userId !== null || r.name === o.name);
    })
  );
}

/**
 * Messages keyed by the path of their field (`scheduledAt`, `participants.2.name`), from zod
 * issues or from the `fields` of a 400 answer; the first message of a path wins.
 */
export function messagesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issueMessage(issue);
  }
  return out;
}
