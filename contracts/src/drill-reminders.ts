import { reason, type ValidationReason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { dayInZone, DEFAULT_TIME_ZONE } from './time-zones.js';

/**
 * Reminders before scheduled drill runs (rules per organisation, sent by delayed jobs) and the
 * drill cadences an organisation must keep (ISPS Code B/18.5–18.6 by default), checked daily.
 */
export const REMINDER_CHANNELS = ['email', 'in_app'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_RECIPIENTS = ['lead', 'participants', 'managers'] as const;
export type ReminderRecipient = (typeof REMINDER_RECIPIENTS)[number];

export const REMINDER_LIMITS = {
  rulesMax: 10,
  leadMinutesMin: 5,
  /** Thirty days. */
  leadMinutesMax: 30 * 24 * 60,
  cadencesMax: 10,
  /** How many upcoming reminders the overview lists. */
  upcomingMax: 20,
} as const;

const uniqueList = <T extends string>(values: readonly [T, ...T[]], none: ValidationReason) =>
  z
    .array(z.enum(values))
    .min(1, none)
    .transform((list) => [...new Set(list)]);

export const reminderRuleInputSchema = z.object({
  /** How long before the scheduled start the reminder goes out. */
  leadMinutes: z
    .number({ error: reason('validation.enterMinutes') })
    .int(reason('validation.wholeMinutes'))
    .min(REMINDER_LIMITS.leadMinutesMin, reason('validation.minutesMin'))
    .max(REMINDER_LIMITS.leadMinutesMax, reason('validation.minutesMax')),
  channels: uniqueList(REMINDER_CHANNELS, 'validation.chooseChannel'),
  recipients: uniqueList(REMINDER_RECIPIENTS, 'validation.chooseRecipient'),
  enabled: z.boolean().default(true),
});
export type ReminderRuleInput = z.input<typeof reminderRuleInputSchema>;

export const reminderRuleSchema = z.object({
  id: z.uuid(),
  leadMinutes: z.number().int(),
  channels: z.array(z.enum(REMINDER_CHANNELS)),
  recipients: z.array(z.enum(REMINDER_RECIPIENTS)),
  enabled: z.boolean(),
});
export type ReminderRule = z.infer<typeof reminderRuleSchema>;

export const saveReminderRulesSchema = z
  .object({
    rules: z.array(reminderRuleInputSchema).max(REMINDER_LIMITS.rulesMax, reason('validation.maxReminders')),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.rules.forEach((rule, i) => {
      if (seen.has(rule.leadMinutes)) {
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'leadMinutes'], message: reason('validation.duplicateLeadTime') });
      }
      seen.add(rule.leadMinutes);
    });
  });
export type SaveReminderRulesRequest = z.input<typeof saveReminderRulesSchema>;

/** What a new organisation starts with: a week, a day and an hour before. */
export const DEFAULT_REMINDER_RULES: readonly z.output<typeof reminderRuleInputSchema>[] = [
  { leadMinutes: 7 * 24 * 60, channels: ['email', 'in_app'], recipients: ['lead', 'participants'], enabled: true },
  { leadMinutes: 24 * 60, channels: ['email', 'in_app'], recipients: ['lead', 'participants', 'managers'], enabled: true },
  { leadMinutes: 60, channels: ['in_app'], recipients: ['lead', 'participants'], enabled: true },
];

// ---------------------------------------------------------------------------------------------
// Cadences

/**
 * The cadences Muster provides. Their names are stored in English (a manager may rename them);
 * while a cadence keeps its default name the server sends its key, and the web shows the name in
 * the reader's language (`drillReminders` → `defaultCadences.<key>`).
 */
export const DEFAULT_CADENCE_NAMES = {
  isps_drill: 'ISPS drill — at least every 3 months (B/18.5)',
  isps_exercise: 'ISPS exercise — every calendar year, at most 18 months apart (B/18.6)',
} as const;
export type DefaultCadenceKey = keyof typeof DEFAULT_CADENCE_NAMES;
export const DEFAULT_CADENCE_KEYS = Object.keys(DEFAULT_CADENCE_NAMES) as [DefaultCadenceKey, ...DefaultCadenceKey[]];

/** The key of a cadence that still has a default name, else null (a name of the organisation's own). */
export function defaultCadenceKey(name: string): DefaultCadenceKey | null {
  return DEFAULT_CADENCE_KEYS.find((key) => DEFAULT_CADENCE_NAMES[key] === name) ?? null;
}

/** `drill`: any completed run counts; `exercise`: tabletop, functional and full-scale runs only. */
export const CADENCE_KINDS = ['drill', 'exercise'] as const;
export type CadenceKind = (typeof CADENCE_KINDS)[number];
export const CADENCE_STATES = ['ok', 'due_soon', 'overdue'] as const;
export type CadenceState = (typeof CADENCE_STATES)[number];

export const cadenceInputSchema = z.object({
  name: z
    .string({ error: reason('validation.required') })
    .trim()
    .min(1, reason('validation.required'))
    .max(120, reason('validation.maxLength')),
  kind: z.enum(CADENCE_KINDS, { error: reason('validation.chooseCadenceKind') }),
  /** At most this many months between two runs. */
  intervalMonths: z
    .number({ error: reason('validation.months') })
    .int(reason('validation.months'))
    .min(1, reason('validation.months'))
    .max(36, reason('validation.months')),
  /** Also at least one run in each calendar year (ISPS B/18.6). */
  calendarYear: z.boolean().default(false),
  /** How many days before it is due the cadence shows as due soon. */
  dueSoonDays: z.number().int(reason('validation.days')).min(0, reason('validation.days')).max(90, reason('validation.days')).default(14),
  enabled: z.boolean().default(true),
});
export type CadenceInput = z.input<typeof cadenceInputSchema>;
export type CadenceRule = z.output<typeof cadenceInputSchema>;

export const cadenceSchema = cadenceInputSchema.extend({
  id: z.uuid(),
  /** Set while the cadence keeps a default name: the web shows that name translated. */
  nameKey: z.enum(DEFAULT_CADENCE_KEYS).nullable(),
});
export type Cadence = z.infer<typeof cadenceSchema>;

export const saveCadencesSchema = z.object({
  cadences: z.array(cadenceInputSchema).max(REMINDER_LIMITS.cadencesMax, reason('validation.maxCadences')),
});
export type SaveCadencesRequest = z.input<typeof saveCadencesSchema>;

/** ISPS Code: a drill at least every three months (B/18.5); an exercise every calendar year, at most 18 months apart (B/18.6). */
export const DEFAULT_CADENCES: readonly CadenceRule[] = [
  {
    name: DEFAULT_CADENCE_NAMES.isps_drill,
    kind: 'drill',
    intervalMonths: 3,
    calendarYear: false,
    dueSoonDays: 14,
    enabled: true,
  },
  {
    name: DEFAULT_CADENCE_NAMES.isps_exercise,
    kind: 'exercise',
    intervalMonths: 18,
    calendarYear: true,
    dueSoonDays: 30,
    enabled: true,
  },
];

export const cadenceStatusSchema = z.object({
  cadenceId: z.uuid(),
  name: z.string(),
  /** Set while the cadence keeps a default name (see `cadenceSchema`). */
  nameKey: z.enum(DEFAULT_CADENCE_KEYS).nullable(),
  kind: z.enum(CADENCE_KINDS),
  state: z.enum(CADENCE_STATES),
  /** The last completed run that counts, if any. */
  lastRunId: z.uuid().nullable(),
  lastRunAt: z.string().nullable(),
  /** The last day (the organisation's calendar) the next run may take place; null when none was ever run (overdue). */
  dueDate: z.string().nullable(),
  /** Days from today to the due date (negative when overdue); null when none was ever run. */
  daysLeft: z.number().int().nullable(),
});
export type CadenceStatus = z.infer<typeof cadenceStatusSchema>;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an instant, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The same day `months` later (UTC), clamped to the month's last day (30 Nov + 3 → 28/29 Feb). */
export function addMonthsUtc(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return utcDay(new Date(Date.UTC(year, month, Math.min(d, last))));
}

/**
 * The last day the next run of a cadence may take place, after a run on `lastDay`: `intervalMonths`
 * later, and — with the calendar-year rule — no later than 31 December of the following year.
 */
export function cadenceDueDate(rule: Pick<CadenceRule, 'intervalMonths' | 'calendarYear'>, lastDay: string): string {
  const byInterval = addMonthsUtc(lastDay, rule.intervalMonths);
  if (!rule.calendarYear) return byInterval;
  const endOfNextYear = `${String(Number(lastDay.slice(0, 4)) + 1)}-12-31`;
  return byInterval < endOfNextYear ? byInterval : endOfNextYear;
}

/**
 * Where a cadence stands today: overdue after its due date (or when nothing was ever run), due
 * soon from `dueSoonDays` before it (the due date itself included), ok otherwise. Days are those
 * of the organisation's time zone: the last run's local day, and today's, cut at local midnight.
 */
export function cadenceState(
  rule: Pick<CadenceRule, 'intervalMonths' | 'calendarYear' | 'dueSoonDays'>,
  lastRunAt: Date | null,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): { state: CadenceState; dueDate: string | null; daysLeft: number | null } {
  if (!lastRunAt) return { state: 'overdue', dueDate: null, daysLeft: null };
  const dueDate = cadenceDueDate(rule, dayInZone(lastRunAt, timeZone));
  const today = dayInZone(now, timeZone);
  const daysLeft = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  const state: CadenceState = daysLeft < 0 ? 'overdue' : daysLeft <= rule.dueSoonDays ? 'due_soon' : 'ok';
  return { state, dueDate, daysLeft };
}

// ---------------------------------------------------------------------------------------------
// Overview

export const upcomingReminderSchema = z.object({
  runId: z.uuid(),
  runTitle: z.string(),
  scheduledAt: z.string(),
  ruleId: z.uuid(),
  leadMinutes: z.number().int(),
  sendAt: z.string(),
  channels: z.array(z.enum(REMINDER_CHANNELS)),
});
export type UpcomingReminder = z.infer<typeof upcomingReminderSchema>;

export const remindersOverviewSchema = z.object({
  rules: z.array(reminderRuleSchema),
  cadences: z.array(cadenceSchema),
  statuses: z.array(cadenceStatusSchema),
  upcoming: z.array(upcomingReminderSchema),
  /** ADMIN and MANAGER change rules and cadences. */
  editable: z.boolean(),
});
export type RemindersOverview = z.infer<typeof remindersOverviewSchema>;

export const cadenceStatusListSchema = z.object({ items: z.array(cadenceStatusSchema) });
export type CadenceStatusList = z.infer<typeof cadenceStatusListSchema>;

export const drillReminderEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/drills/reminders',
    tag: 'drills',
    summary: 'Reminder rules, cadences with their states, and the next reminders to go out',
    response: remindersOverviewSchema,
  }),
  saveRules: defineEndpoint({
    method: 'PUT',
    path: '/api/drills/reminders/rules',
    tag: 'drills',
    summary: "Replaces the organisation's reminder rules; every scheduled run's reminders are queued again",
    body: saveReminderRulesSchema,
    response: remindersOverviewSchema,
  }),
  saveCadences: defineEndpoint({
    method: 'PUT',
    path: '/api/drills/reminders/cadences',
    tag: 'drills',
    summary: "Replaces the organisation's required cadences",
    body: saveCadencesSchema,
    response: remindersOverviewSchema,
  }),
  cadence: defineEndpoint({
    method: 'GET',
    path: '/api/drills/cadence',
    tag: 'drills',
    summary: 'Where each required cadence stands today: ok, due soon or overdue',
    response: cadenceStatusListSchema,
  }),
};
