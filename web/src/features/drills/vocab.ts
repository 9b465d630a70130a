import {
  DRILL_RUN_MESSAGES,
  DRILL_TEMPLATE_MESSAGES,
  type CadenceState,
  type DrillRunStatus,
  type StepStatus,
  type TemplateStatus,
} from '@muster/contracts';
import type { TFunction } from 'i18next';
import { apiErrorBody, errorMessage } from '../../lib/api';

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

/** The server's English sentences of the drills, each with its key in the `drills` namespace's `errors`. */
const KNOWN: Record<string, string> = {
  [DRILL_RUN_MESSAGES.notStarted]: 'notStarted',
  [DRILL_RUN_MESSAGES.notRunning]: 'paused',
  [DRILL_RUN_MESSAGES.finished]: 'finished',
  [DRILL_RUN_MESSAGES.cancelled]: 'cancelled',
  [DRILL_RUN_MESSAGES.locked]: 'RUN_LOCKED',
  [DRILL_RUN_MESSAGES.alreadyStarted]: 'alreadyStarted',
  [DRILL_RUN_MESSAGES.alreadyPaused]: 'alreadyPaused',
  [DRILL_RUN_MESSAGES.notPaused]: 'notPaused',
  [DRILL_RUN_MESSAGES.cannotControl]: 'cannotControl',
  [DRILL_RUN_MESSAGES.cannotObserve]: 'cannotObserve',
  [DRILL_RUN_MESSAGES.cannotPlan]: 'cannotPlan',
  [DRILL_RUN_MESSAGES.cannotApprove]: 'cannotApprove',
  [DRILL_RUN_MESSAGES.cannotCheckIn]: 'cannotCheckIn',
  [DRILL_RUN_MESSAGES.notCompleted]: 'notCompleted',
  [DRILL_RUN_MESSAGES.alreadyPublished]: 'alreadyPublished',
  [DRILL_RUN_MESSAGES.templateNotPublished]: 'templateNotPublished',
  [DRILL_RUN_MESSAGES.leadNotMember]: 'leadNotMember',
  [DRILL_RUN_MESSAGES.participantNotMember]: 'participantNotMember',
  [DRILL_RUN_MESSAGES.ownerNotMember]: 'ownerNotMember',
  [DRILL_RUN_MESSAGES.inPast]: 'inPast',
  [DRILL_RUN_MESSAGES.stale]: 'staleRun',
  [DRILL_RUN_MESSAGES.notScheduled]: 'notScheduled',
  [DRILL_RUN_MESSAGES.unknownStep]: 'unknownStep',
  [DRILL_RUN_MESSAGES.unknownItem]: 'unknownItem',
  [DRILL_RUN_MESSAGES.unknownInject]: 'unknownInject',
  [DRILL_RUN_MESSAGES.unknownObservation]: 'unknownObservation',
  [`${DRILL_RUN_MESSAGES.unknownParticipant} not found`]: 'unknownParticipant',
  [DRILL_TEMPLATE_MESSAGES.libraryReadOnly]: 'libraryReadOnly',
  [DRILL_TEMPLATE_MESSAGES.managersOnly]: 'managersOnly',
  [DRILL_TEMPLATE_MESSAGES.stale]: 'staleTemplate',
  [DRILL_TEMPLATE_MESSAGES.noOrganization]: 'noOrganization',
  'Drill run not found': 'NOT_FOUND',
};

/** Codes whose meaning does not depend on the sentence. */
const BY_CODE = new Set(['VERSION_CONFLICT', 'RUN_LOCKED', 'USAGE_LIMIT_REACHED', 'MUSTER_INCOMPLETE']);

/**
 * A refusal of the drills API or the console (an `ApiError`, or an acknowledgement's
 * `{ code, message }`) in the reader's language: the known sentence, else the code's text,
 * else the server's words. `t` must have the `drills` namespace loaded.
 */
export function drillErrorText(t: TFunction, error: unknown): string {
  const ack =
    error && typeof error === 'object' && 'code' in error && 'message' in error ? (error as { code: string; message: string }) : null;
  const body = ack ?? apiErrorBody(error);
  const message = typeof body?.message === 'string' ? body.message : errorMessage(error);
  const code = typeof body?.code === 'string' ? body.code : null;
  if (code && BY_CODE.has(code)) return t(`errors.${code}`, { ns: 'drills' });
  const known = KNOWN[message];
  if (known) return t(`errors.${known}`, { ns: 'drills' });
  if (code === 'INTERNAL' || code === 'timeout') return t(`errors.${code}`, { ns: 'drills' });
  return message;
}
