import { isDrillManager, runPermissions, type MemberPrincipal, type RunPermissions } from '@muster/contracts';
import type { DrillRunRow } from './entities/drill-run.entity.js';

/**
 * A member of an organisation acting on its drills: the request's or socket's principal (a
 * `MemberPrincipal` is one), or the requester a background render acts for. Its `timeZone` is the
 * organisation's: the days and moments of reminders and summaries.
 */
export type DrillActor = Pick<MemberPrincipal, 'userId' | 'orgId' | 'role' | 'name' | 'timeZone'>;

/** ADMIN and MANAGER plan drills, change templates, approve runs and stand in for any lead. */
export function isManager(actor: Pick<DrillActor, 'role'>): boolean {
  return isDrillManager(actor.role);
}

/** What `actor` may do with `run`: the contracts' `runPermissions`, the same rules every client applies. */
function permissions(actor: DrillActor, run: Pick<DrillRunRow, 'leadUserId' | 'status' | 'observersMayWrite'>): RunPermissions {
  return runPermissions({ leadId: run.leadUserId, status: run.status, observersMayWrite: run.observersMayWrite, participants: [] }, actor);
}

/** Runs the console: the lead, or an ADMIN/MANAGER of the organisation. */
export function canControl(actor: DrillActor, run: Pick<DrillRunRow, 'leadUserId' | 'status' | 'observersMayWrite'>): boolean {
  return permissions(actor, run).control;
}

/** Adds observations: whoever controls, and every member when the lead allows observers. */
export function canObserve(actor: DrillActor, run: Pick<DrillRunRow, 'leadUserId' | 'status' | 'observersMayWrite'>): boolean {
  return permissions(actor, run).observe;
}

/** Changes the plan: ADMIN/MANAGER, or the lead while the run is still scheduled. */
export function canPlan(actor: DrillActor, run: Pick<DrillRunRow, 'leadUserId' | 'status' | 'observersMayWrite'>): boolean {
  return permissions(actor, run).plan;
}
