import { reason } from './reasons.js';
import { z } from 'zod';
import {
  DRILL_SCENARIOS,
  DRILL_TYPES,
  drillPersonSchema,
  templateContentSchema,
  templateKeySchema,
  type DrillInject,
  type LibraryTexts,
} from './drills.js';
import { defineEndpoint } from './http.js';
import { LANGUAGE_CODES, type LanguageCode } from './i18n.js';

/**
 * Drill runs: a template snapshot scheduled at a time and place with a lead and a roster, run
 * live from the console (events in realtime.ts), summarised from its decision log, approved and
 * locked by an ADMIN or MANAGER.
 *
 *   scheduled → in_progress ⇄ paused → completed → approved (locked)
 *   scheduled | in_progress | paused → cancelled
 */
export const DRILL_RUN_STATUSES = ['scheduled', 'in_progress', 'paused', 'completed', 'approved', 'cancelled'] as const;
export type DrillRunStatus = (typeof DRILL_RUN_STATUSES)[number];
/** Statuses in which the console accepts live changes. */
export const LIVE_RUN_STATUSES: readonly DrillRunStatus[] = ['in_progress', 'paused'];

export const STEP_STATUSES = ['pending', 'in_progress', 'done', 'skipped'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const OBSERVATION_KINDS = ['strength', 'improvement'] as const;
export type ObservationKind = (typeof OBSERVATION_KINDS)[number];

export const ACTION_STATUSES = ['open', 'in_progress', 'done'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

export const CONSOLE_CONTROLS = ['start', 'pause', 'resume', 'complete'] as const;
export type ConsoleControl = (typeof CONSOLE_CONTROLS)[number];

export const RUN_LIMITS = {
  titleMax: 120,
  locationMax: 200,
  rosterMax: 300,
  nameMax: 120,
  noteMax: 2000,
  actionTitleMax: 300,
  addendumMax: 4000,
  actionsMax: 100,
} as const;

const required = reason('validation.required');
const maxLen = (max: number) => `Must be at most ${max} characters`;
const text = (max: number) => z.string({ error: required }).trim().min(1, required).max(max, maxLen(max));

/** The decision log: everything that happened to a run, in order, time-stamped and attributed. */
export const DRILL_LOG_TYPES = [
  'scheduled',
  'rescheduled',
  'started',
  'paused',
  'resumed',
  'completed',
  'cancelled',
  'approved',
  'step_started',
  'step_completed',
  'step_skipped',
  'step_reopened',
  'item_checked',
  'item_unchecked',
  'inject_published',
  'observation',
  'checked_in',
  'checked_out',
  'mustered',
  'settings',
  'action_added',
  'action_updated',
  'addendum',
] as const;
export type DrillLogType = (typeof DRILL_LOG_TYPES)[number];

export const drillLogEntrySchema = z.object({
  seq: z.number().int(),
  type: z.enum(DRILL_LOG_TYPES),
  at: z.string(),
  /** Drill time when it happened (pauses excluded); null before the start. */
  elapsedMs: z.number().int().nullable(),
  actor: drillPersonSchema.nullable(),
  /** What the entry is about: step, item, inject, participant, observation, action ids and short texts. */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type DrillLogEntry = z.infer<typeof drillLogEntrySchema>;

/** The drill clock. Elapsed time = (now − startedAt) − pausedMs, frozen at a pause, the completion or a cancellation. */
export const drillTimerSchema = z.object({
  status: z.enum(DRILL_RUN_STATUSES),
  startedAt: z.string().nullable(),
  pausedAt: z.string().nullable(),
  pausedMs: z.number().int(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The server's clock when this was sent, so clients correct their own. */
  serverTime: z.string(),
});
export type DrillTimer = z.infer<typeof drillTimerSchema>;

/** Elapsed drill time at `now` (ms since the epoch, server clock). */
export function elapsedMs(
  timer: Pick<DrillTimer, 'startedAt' | 'pausedAt' | 'pausedMs' | 'completedAt' | 'cancelledAt'>,
  now: number,
): number {
  if (!timer.startedAt) return 0;
  const stop = timer.completedAt ?? timer.cancelledAt ?? timer.pausedAt;
  const end = stop ? Date.parse(stop) : now;
  return Math.max(0, end - Date.parse(timer.startedAt) - timer.pausedMs);
}

export const runParticipantSchema = z.object({
  id: z.uuid(),
  /** A member of the organisation, or null for a guest named on the roster. */
  userId: z.uuid().nullable(),
  name: z.string(),
  positionId: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  /** Drill time of the check-in (the muster time of this person). */
  checkedInElapsedMs: z.number().int().nullable(),
  checkedInBy: z.enum(['self', 'lead']).nullable(),
  /** The muster point (named on an emergency map) where the person checked in, when one was chosen. */
  checkedInPoint: z.string().nullable().optional(),
});
export type RunParticipant = z.infer<typeof runParticipantSchema>;

export const runStepSchema = z.object({
  stepId: z.string(),
  status: z.enum(STEP_STATUSES),
  checkedItems: z.array(z.string()),
  startedElapsedMs: z.number().int().nullable(),
  completedElapsedMs: z.number().int().nullable(),
  /** Raised by every change; a change must name the version it was made on (the loser of a race is told). */
  version: z.number().int(),
  updatedBy: drillPersonSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type RunStep = z.infer<typeof runStepSchema>;

export const runInjectSchema = z.object({
  injectId: z.string(),
  publishedAt: z.string().nullable(),
  publishedElapsedMs: z.number().int().nullable(),
  publishedBy: drillPersonSchema.nullable(),
  /** Published by the drill clock at its time rather than by hand. */
  auto: z.boolean(),
});
export type RunInject = z.infer<typeof runInjectSchema>;

export const observationSchema = z.object({
  id: z.uuid(),
  clientId: z.string(),
  kind: z.enum(OBSERVATION_KINDS),
  note: z.string(),
  stepId: z.string().nullable(),
  injectId: z.string().nullable(),
  author: drillPersonSchema,
  elapsedMs: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Observation = z.infer<typeof observationSchema>;

export const drillRunSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(DRILL_TYPES),
  scenario: z.enum(DRILL_SCENARIOS),
  status: z.enum(DRILL_RUN_STATUSES),
  scheduledAt: z.string(),
  location: z.string(),
  lead: drillPersonSchema,
  participantCount: z.number().int(),
  templateId: z.uuid().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type DrillRunSummary = z.infer<typeof drillRunSummarySchema>;

/** What the signed-in member may do with a run. */
export const runPermissionsSchema = z.object({
  /** Lead, or an ADMIN/MANAGER of the organisation: start, pause, steps, injects, attendance, actions. */
  control: z.boolean(),
  /** Add observations (the lead allows observers, or `control`). */
  observe: z.boolean(),
  /** Reschedule, change the roster, cancel (ADMIN/MANAGER, or the lead while scheduled). */
  plan: z.boolean(),
  /** Approve and lock the summary (ADMIN or MANAGER). */
  approve: z.boolean(),
  /** The signed-in member's own place on the roster (they may check themselves in). */
  participantId: z.uuid().nullable(),
});
export type RunPermissions = z.infer<typeof runPermissionsSchema>;

/**
 * A run as every watcher sees it (broadcast to the run's room). `drillRunSchema` adds, for one
 * member, the template and what they may do.
 */
export const drillRunStateSchema = drillRunSummarySchema.extend({
  participants: z.array(runParticipantSchema),
  observersMayWrite: z.boolean(),
  autoInjects: z.boolean(),
  musterTargetMinutes: z.number().int().nullable(),
  /** Drill time at which the lead recorded everyone mustered. */
  musterElapsedMs: z.number().int().nullable(),
  timer: drillTimerSchema,
  approvedBy: drillPersonSchema.nullable(),
  cancelledAt: z.string().nullable(),
  /** Raised by every change of the run's plan or state. */
  version: z.number().int(),
});
export type DrillRunState = z.infer<typeof drillRunStateSchema>;

export const drillRunSchema = drillRunStateSchema.extend({
  /**
   * The template as it was when the run was scheduled. Until the drill is over, those who do not
   * control it see only the injects already published (players must not read ahead).
   */
  template: templateContentSchema,
  you: runPermissionsSchema,
});
export type DrillRun = z.infer<typeof drillRunSchema>;

/** Whether a member sees every inject of a run, published or not: its controllers, and everyone once it is over. */
export function seesAllInjects(you: Pick<RunPermissions, 'control'>, status: DrillRunStatus): boolean {
  return you.control || status === 'completed' || status === 'approved' || status === 'cancelled';
}

/** Runs that take corrective actions (started, not cancelled, not yet approved). */
export function takesActions(status: DrillRunStatus): boolean {
  return status === 'in_progress' || status === 'paused' || status === 'completed';
}

/** Runs that take dated addenda (finished). */
export function takesAddenda(status: DrillRunStatus): boolean {
  return status === 'completed' || status === 'approved';
}

/** ADMIN and MANAGER plan drills, change templates, approve runs and stand in for any lead. */
export function isDrillManager(role: string): boolean {
  return role === 'ADMIN' || role === 'MANAGER';
}

/**
 * What a member may do with a run; the server enforces it, and each client computes its own
 * from the run state it is sent (a broadcast carries no one's permissions).
 */
export function runPermissions(
  run: {
    leadId: string;
    status: DrillRunStatus;
    observersMayWrite: boolean;
    participants: readonly { id: string; userId: string | null }[];
  },
  me: { userId: string; role: string },
): RunPermissions {
  const manager = isDrillManager(me.role);
  const lead = run.leadId === me.userId;
  const control = lead || manager;
  return {
    control,
    observe: control || run.observersMayWrite,
    plan: manager || (lead && run.status === 'scheduled'),
    approve: manager,
    participantId: run.participants.find((p) => p.userId === me.userId)?.id ?? null,
  };
}

/** Everything the console shows: a late joiner or a reconnecting client gets all of it. */
export const consoleStateSchema = z.object({
  run: drillRunSchema,
  steps: z.array(runStepSchema),
  /** One per inject of `run.template` (those the member sees), published or not. */
  injects: z.array(runInjectSchema),
  observations: z.array(observationSchema),
  log: z.array(drillLogEntrySchema),
});
export type ConsoleState = z.infer<typeof consoleStateSchema>;

// ---------------------------------------------------------------------------------------------
// Scheduling

/** A time with its offset (`2026-03-01T09:00:00Z`); the service refuses one in the past. */
const instant = z.iso.datetime({ offset: true, error: reason('validation.chooseDateTime') });

export const rosterEntrySchema = z
  .object({
    /** A member of the organisation… */
    userId: z.uuid(reason('validation.chooseMember')).nullable().default(null),
    /** …or a guest by name. */
    name: z.string().trim().max(RUN_LIMITS.nameMax, maxLen(RUN_LIMITS.nameMax)).default(''),
    positionId: templateKeySchema.nullable().default(null),
  })
  .refine((v) => v.userId !== null || v.name.length > 0, { message: reason('validation.chooseMember'), path: ['name'] });
export type RosterEntry = z.input<typeof rosterEntrySchema>;

const rosterSchema = z.array(rosterEntrySchema).max(RUN_LIMITS.rosterMax, reason('validation.maxParticipants'));

export const scheduleRunSchema = z.object({
  templateId: z.uuid(reason('validation.chooseTemplate')),
  /** Defaults to the template's name. */
  title: z.string().trim().max(RUN_LIMITS.titleMax, maxLen(RUN_LIMITS.titleMax)).optional(),
  scheduledAt: instant,
  location: text(RUN_LIMITS.locationMax),
  leadUserId: z.uuid(reason('validation.chooseLead')),
  participants: rosterSchema.default([]),
  observersMayWrite: z.boolean().default(false),
  autoInjects: z.boolean().default(true),
  /** Defaults to the template's muster target. */
  musterTargetMinutes: z.number().int().min(1).max(240).nullable().optional(),
});
export type ScheduleRunRequest = z.input<typeof scheduleRunSchema>;

/** Changes a scheduled run; moving it moves its reminders. */
export const updateRunSchema = z
  .object({
    title: text(RUN_LIMITS.titleMax).optional(),
    scheduledAt: instant.optional(),
    location: text(RUN_LIMITS.locationMax).optional(),
    leadUserId: z.uuid(reason('validation.chooseLead')).optional(),
    participants: rosterSchema.optional(),
    observersMayWrite: z.boolean().optional(),
    autoInjects: z.boolean().optional(),
    musterTargetMinutes: z.number().int().min(1).max(240).nullable().optional(),
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), { message: reason('validation.changeSomething') });
export type UpdateRunRequest = z.input<typeof updateRunSchema>;

export const RUN_VIEWS = ['list', 'calendar'] as const;

export const runListQuerySchema = z.object({
  status: z.enum(DRILL_RUN_STATUSES).optional(),
  scenario: z.enum(DRILL_SCENARIOS).optional(),
  /** Runs scheduled on or after this day (YYYY-MM-DD, UTC). */
  from: z.iso.date(reason('validation.dateFrom')).optional(),
  /** Runs scheduled on or before this day. */
  to: z.iso.date(reason('validation.dateTo')).optional(),
  /** Only runs the signed-in member leads or is on the roster of. */
  mine: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type RunListQuery = z.input<typeof runListQuerySchema>;

export const runListSchema = z.object({ items: z.array(drillRunSummarySchema), total: z.number().int() });
export type RunList = z.infer<typeof runListSchema>;

/** Members of the organisation, to choose a lead, participants and action owners. */
export const drillMemberSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.string() });
export type DrillMember = z.infer<typeof drillMemberSchema>;
export const drillMemberListSchema = z.object({ items: z.array(drillMemberSchema) });

// ---------------------------------------------------------------------------------------------
// Console commands (sent over the socket, see realtime.ts)

const runIdSchema = z.uuid(reason('validation.runNotFound'));

export const consoleSubscribeSchema = z.object({ runId: runIdSchema });
export const consoleControlSchema = z.object({ runId: runIdSchema, action: z.enum(CONSOLE_CONTROLS) });
export const consoleStepSchema = z
  .object({
    runId: runIdSchema,
    stepId: templateKeySchema,
    /** The step version the change was made on. */
    version: z.number().int().min(1),
    status: z.enum(STEP_STATUSES).optional(),
    item: z.object({ itemId: templateKeySchema, checked: z.boolean() }).optional(),
  })
  .refine((v) => (v.status === undefined) !== (v.item === undefined), { message: reason('validation.stepChange') });
export const consoleInjectSchema = z.object({ runId: runIdSchema, injectId: templateKeySchema });
export const consoleObservationSchema = z
  .object({
    runId: runIdSchema,
    /** Client-generated id: a retried observation is stored once. */
    clientId: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
    kind: z.enum(OBSERVATION_KINDS, { error: reason('validation.chooseObservationKind') }),
    note: text(RUN_LIMITS.noteMax),
    stepId: templateKeySchema.nullable().default(null),
    injectId: templateKeySchema.nullable().default(null),
  })
  .refine((v) => !(v.stepId && v.injectId), { message: reason('validation.observationLink'), path: ['injectId'] });
export const consoleAttendanceSchema = z.object({
  runId: runIdSchema,
  participantId: z.uuid(reason('validation.participantNotFound')),
  present: z.boolean(),
  /** Where the person checked in: a muster point named on one of the organisation's emergency maps. */
  musterPoint: z.object({ mapId: z.uuid(reason('maps.musterPointNotFound')), pointId: z.string().min(1).max(40) }).optional(),
});
export const consoleMusterSchema = z.object({ runId: runIdSchema });
export const consoleSettingsSchema = z
  .object({ runId: runIdSchema, observersMayWrite: z.boolean().optional(), autoInjects: z.boolean().optional() })
  .refine((v) => v.observersMayWrite !== undefined || v.autoInjects !== undefined, { message: reason('validation.changeSetting') });

export type ConsoleStepCommand = z.input<typeof consoleStepSchema>;
export type ConsoleObservationCommand = z.input<typeof consoleObservationSchema>;

/** Server → room payloads. Each change carries the decision-log entry it wrote. */
export interface ConsoleStateChanged {
  runId: string;
  run: DrillRunState;
  log: DrillLogEntry | null;
}
export interface ConsoleTimerChanged {
  runId: string;
  timer: DrillTimer;
}
export interface ConsoleStepUpdated {
  runId: string;
  step: RunStep;
  log: DrillLogEntry;
}
export interface ConsoleInjectPublished {
  runId: string;
  inject: RunInject;
  /** The inject itself: watchers who were not shown it before it was published learn it now. */
  definition: DrillInject;
  /** Its library texts (`injects.<id>.title|message`), when it comes from the library. */
  libraryTexts: LibraryTexts;
  log: DrillLogEntry;
}
export interface ConsoleObservationAdded {
  runId: string;
  observation: Observation;
  log: DrillLogEntry;
}
export interface ConsoleAttendanceUpdated {
  runId: string;
  participant: RunParticipant;
  log: DrillLogEntry;
}

// ---------------------------------------------------------------------------------------------
// After-action summary

export const correctiveActionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  owner: drillPersonSchema,
  /** YYYY-MM-DD. */
  dueDate: z.string(),
  status: z.enum(ACTION_STATUSES),
  observationId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CorrectiveAction = z.infer<typeof correctiveActionSchema>;

export const createActionSchema = z.object({
  title: text(RUN_LIMITS.actionTitleMax),
  ownerUserId: z.uuid(reason('validation.chooseOwner')),
  dueDate: z.iso.date(reason('validation.chooseDueDate')),
  status: z.enum(ACTION_STATUSES).default('open'),
  observationId: z.uuid().nullable().default(null),
});
export type CreateActionRequest = z.input<typeof createActionSchema>;

export const updateActionSchema = z
  .object({
    title: text(RUN_LIMITS.actionTitleMax).optional(),
    ownerUserId: z.uuid(reason('validation.chooseOwner')).optional(),
    dueDate: z.iso.date(reason('validation.chooseDueDate')).optional(),
    status: z.enum(ACTION_STATUSES).optional(),
  })
  .refine((v) => v.title !== undefined || v.ownerUserId !== undefined || v.dueDate !== undefined || v.status !== undefined, {
    message: reason('validation.changeSomething'),
  });
export type UpdateActionRequest = z.input<typeof updateActionSchema>;

export const addendumSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  author: drillPersonSchema,
  createdAt: z.string(),
});
export type Addendum = z.infer<typeof addendumSchema>;
export const createAddendumSchema = z.object({ body: text(RUN_LIMITS.addendumMax) });
export type CreateAddendumRequest = z.input<typeof createAddendumSchema>;

export const summaryStepSchema = z.object({
  stepId: z.string(),
  title: z.string(),
  position: z.string().nullable(),
  status: z.enum(STEP_STATUSES),
  expectedMinutes: z.number().int(),
  startedElapsedMs: z.number().int().nullable(),
  completedElapsedMs: z.number().int().nullable(),
  /** Time the step took (start → done), null when it was not both started and done. */
  durationMs: z.number().int().nullable(),
  /** durationMs − expected; positive when it took longer. */
  varianceMs: z.number().int().nullable(),
  checklistDone: z.number().int(),
  checklistTotal: z.number().int(),
});
export type SummaryStep = z.infer<typeof summaryStepSchema>;

export const summaryInjectSchema = z.object({
  injectId: z.string(),
  title: z.string(),
  message: z.string(),
  plannedMinute: z.number().int(),
  position: z.string().nullable(),
  publishedElapsedMs: z.number().int().nullable(),
  publishedBy: drillPersonSchema.nullable(),
  auto: z.boolean(),
  /** Observations recorded against the inject: how the team responded. */
  responses: z.array(observationSchema),
});

export const drillSummarySchema = z.object({
  run: drillRunSchema,
  /** Drill time from start to completion (pauses excluded). */
  durationMs: z.number().int().nullable(),
  timeline: z.array(drillLogEntrySchema),
  steps: z.array(summaryStepSchema),
  stepCompletion: z.object({ done: z.number().int(), skipped: z.number().int(), total: z.number().int() }),
  attendance: z.object({
    roster: z.number().int(),
    present: z.number().int(),
    participants: z.array(runParticipantSchema),
    /** Time to muster: the lead's record, else the last check-in. */
    musterMs: z.number().int().nullable(),
    musterTargetMs: z.number().int().nullable(),
    metTarget: z.boolean().nullable(),
  }),
  injects: z.array(summaryInjectSchema),
  observations: z.object({ strengths: z.array(observationSchema), improvements: z.array(observationSchema) }),
  actions: z.array(correctiveActionSchema),
  addenda: z.array(addendumSchema),
});
export type DrillSummary = z.infer<typeof drillSummarySchema>;

export const SUMMARY_EXPORT_FORMATS = ['pdf', 'csv'] as const;
export const summaryExportQuerySchema = z.object({
  format: z.enum(SUMMARY_EXPORT_FORMATS, { error: reason('validation.chooseExportFormat') }),
  /** The language of the PDF's texts (the reader's); the CSV's column names and values are always English. */
  language: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: reason('validation.language') }).default('en'),
});

export const drillRunEndpoints = {
  members: defineEndpoint({
    method: 'GET',
    path: '/api/drills/members',
    tag: 'drills',
    summary: 'Members of the organisation (to choose leads, participants and action owners)',
    response: drillMemberListSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/drills/runs',
    tag: 'drills',
    summary: "The organisation's drill runs by scheduled time, filtered by status, scenario and dates",
    query: runListQuerySchema,
    response: runListSchema,
  }),
  schedule: defineEndpoint({
    method: 'POST',
    path: '/api/drills/runs',
    tag: 'drills',
    status: 201,
    summary: 'Schedules a run of a published template; its reminders are queued',
    body: scheduleRunSchema,
    response: drillRunSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/drills/runs/:id',
    tag: 'drills',
    summary: 'One drill run with its template snapshot, roster, clock and what the caller may do',
    response: drillRunSchema,
  }),
  console: defineEndpoint({
    method: 'GET',
    path: '/api/drills/runs/:id/console',
    tag: 'drills',
    summary: 'The whole console state: run, steps, injects, observations and the decision log',
    response: consoleStateSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/drills/runs/:id',
    tag: 'drills',
    summary: 'Reschedules or changes a scheduled run (its reminders move with it)',
    body: updateRunSchema,
    response: drillRunSchema,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/drills/runs/:id/cancel',
    tag: 'drills',
    summary: 'Cancels a run that has not finished; its reminders are removed',
    response: drillRunSchema,
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/drills/runs/:id/summary',
    tag: 'drills',
    summary: 'The after-action summary, generated from the decision log',
    response: drillSummarySchema,
  }),
  exportSummary: defineEndpoint({
    method: 'GET',
    path: '/api/drills/runs/:id/summary/export',
    tag: 'drills',
    summary: 'Downloads the after-action summary as PDF (in the language asked) or CSV',
    query: summaryExportQuerySchema,
  }),
  addAction: defineEndpoint({
    method: 'POST',
    path: '/api/drills/runs/:id/actions',
    tag: 'drills',
    status: 201,
    summary: 'Adds a corrective action (lead, ADMIN, MANAGER; not once approved)',
    body: createActionSchema,
    response: correctiveActionSchema,
  }),
  updateAction: defineEndpoint({
    method: 'PATCH',
    path: '/api/drills/runs/:id/actions/:actionId',
    tag: 'drills',
    summary: 'Changes a corrective action (not once approved)',
    body: updateActionSchema,
    response: correctiveActionSchema,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/drills/runs/:id/approve',
    tag: 'drills',
    summary: 'Approves a completed run and locks it (ADMIN or MANAGER)',
    response: drillRunSchema,
  }),
  addAddendum: defineEndpoint({
    method: 'POST',
    path: '/api/drills/runs/:id/addenda',
    tag: 'drills',
    status: 201,
    summary: 'Adds a dated addendum to a finished or approved run',
    body: createAddendumSchema,
    response: addendumSchema,
  }),
};
