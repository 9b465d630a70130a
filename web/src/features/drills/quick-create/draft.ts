import { scheduleRunSchema, type DrillScenario, type ScheduleRunRequest } from '@muster/contracts';
import { localToIso } from '../runs/params';
import { messagesByPath, rosterEntries, type RosterRow } from './roster';

/** The wizard's steps, in order. */
export const WIZARD_STEPS = ['scenario', 'template', 'when', 'people', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Everything entered so far; kept whole while going back and forth. */
export interface ScheduleDraft {
  scenario: DrillScenario | '';
  templateId: string;
  title: string;
  date: string;
  time: string;
  location: string;
  /** Minutes to muster everyone, when the template measures it ('' keeps the template's). */
  musterTarget: string;
  leadUserId: string;
  roster: RosterRow[];
}

/** What the wizard needs of the chosen template. */
export interface TemplateFacts {
  musterTargetMinutes: number | null;
}

/** Our own message for a muster target out of range (the schema's are not written for people). */
export const MUSTER_RANGE = 'MUSTER_RANGE';
export const MUSTER_MAX = 240;

/**
 * The step each field is entered on (the first part of a path: `participants.2.name` → people),
 * by the request's names and by the draft's own (`date`, `musterTarget`, `roster`).
 */
const STEP_OF_FIELD: Record<string, WizardStep> = {
  scenario: 'scenario',
  templateId: 'template',
  title: 'when',
  scheduledAt: 'when',
  date: 'when',
  time: 'when',
  location: 'when',
  musterTargetMinutes: 'when',
  musterTarget: 'when',
  leadUserId: 'people',
  participants: 'people',
  roster: 'people',
};

/** A path of the request as the draft's field that shows its message (`scheduledAt` → `date`, `participants.1.name` → `roster.1.name`). */
export function draftPath(path: string): string {
  if (path === 'scheduledAt') return 'date';
  if (path === 'musterTargetMinutes') return 'musterTarget';
  return path.replace(/^participants(?=\.|$)/, 'roster');
}

export function stepOfField(path: string): WizardStep {
  return STEP_OF_FIELD[path.split('.')[0] ?? ''] ?? 'review';
}

/** A draft for a new run: tomorrow at 09:00 local time, led by the one who schedules it. */
export function initialDraft(leadUserId: string, now = new Date()): ScheduleDraft {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 12);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    scenario: '',
    templateId: '',
    title: '',
    date: `${String(tomorrow.getFullYear())}-${two(tomorrow.getMonth() + 1)}-${two(tomorrow.getDate())}`,
    time: '09:00',
    location: '',
    musterTarget: '',
    leadUserId,
    roster: [],
  };
}

/** The body of POST /api/drills/runs: `scheduledAt` is the instant of the local date and time. */
export function scheduleRequest(draft: ScheduleDraft, template: TemplateFacts | undefined): ScheduleRunRequest {
  const title = draft.title.trim();
  const measuresMuster = template?.musterTargetMinutes !== null && template?.musterTargetMinutes !== undefined;
  return {
    templateId: draft.templateId,
    ...(title ? { title } : {}),
    scheduledAt: localToIso(draft.date, draft.time),
    location: draft.location,
    leadUserId: draft.leadUserId,
    participants: rosterEntries(draft.roster),
    ...(measuresMuster && draft.musterTarget.trim() !== '' ? { musterTargetMinutes: Number(draft.musterTarget) } : {}),
  };
}

/**
 * The messages (English, as the contracts write them; keyed by path) of every step up to and
 * including `upTo`, from `scheduleRunSchema` and the wizard's own checks.
 */
export function draftErrors(draft: ScheduleDraft, template: TemplateFacts | undefined, upTo: WizardStep): Record<string, string> {
  const limit = WIZARD_STEPS.indexOf(upTo);
  const errors: Record<string, string> = {};
  if (!draft.scenario) errors.scenario = 'validation.chooseScenario';
  const body = scheduleRequest(draft, template);
  const muster = body.musterTargetMinutes;
  const parsed = scheduleRunSchema.safeParse({ ...body, musterTargetMinutes: undefined });
  if (!parsed.success) Object.assign(errors, messagesByPath(parsed.error.issues));
  if (muster !== undefined && muster !== null && !(Number.isInteger(muster) && muster >= 1 && muster <= MUSTER_MAX)) {
    errors.musterTargetMinutes = MUSTER_RANGE;
  }
  return Object.fromEntries(Object.entries(errors).filter(([path]) => WIZARD_STEPS.indexOf(stepOfField(path)) <= limit));
}

/** The first step holding one of `errors`, or null. */
export function firstStepWithError(errors: Record<string, string>): WizardStep | null {
  let first: number | null = null;
  for (const path of Object.keys(errors)) {
    const index = WIZARD_STEPS.indexOf(stepOfField(path));
    if (first === null || index < first) first = index;
  }
  return first === null ? null : WIZARD_STEPS[first]!;
}
