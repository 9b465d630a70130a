import { reason } from './reasons.js';
import { z } from 'zod';
import { DRILL_SCENARIOS, DRILL_SCENARIO_GROUPS, DRILL_TYPES, EXERCISE_TYPES, type DrillScenario, type DrillType } from './drills.js';
import { defineEndpoint } from './http.js';

/**
 * Compliance profiles: which regulation rules apply to the organisation or one of its facilities,
 * and where each stands (passing, due soon, failing) with the reason in words and the drill runs
 * that satisfy it. Rules are data, not code paths: each says what counts (drill scenarios and
 * types) and its sliding-window cadence; the evaluator (server, `modules/compliance/rule-evaluator.ts`)
 * reads only these fields. Organisations may add rules of their own, of the same shape.
 *
 * Day arithmetic is done on the organisation's local days (its time zone):
 * - a cadence of `every` days: the rule is met through the day `every` days after the last
 *   satisfying run's day (the due date) and failing from the day after. With 90 days, a run on
 *   day 0 keeps it met on day 90 and it fails on day 91.
 * - a cadence of `every` months: the due date is the same day `every` months later, clamped to the
 *   month's end (30 Nov + 3 → 28/29 Feb); 18 months + 1 day is failing.
 * - `calendarYear`: in addition, no later than 31 December of the year after the last run.
 * - due soon: the last `dueSoonDays` days up to and including the due date.
 */

export const RULE_STATES = ['passing', 'due_soon', 'failing'] as const;
export type RuleState = (typeof RULE_STATES)[number];

export const CADENCE_UNITS = ['days', 'months'] as const;
export type CadenceUnit = (typeof CADENCE_UNITS)[number];

/** What a rule checks: a drill within a cadence; or that drill records are kept (33 CFR 105.225). */
export const RULE_KINDS = ['cadence', 'records'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const COMPLIANCE_LIMITS = {
  profileNameMax: 120,
  facilityNameMax: 200,
  rulesPerProfileMax: 30,
  customRulesMax: 50,
  crewChangesMax: 100,
  crewSizeMax: 10_000,
  ruleTitleMax: 160,
  ruleSourceMax: 160,
  everyDaysMax: 3660,
  everyMonthsMax: 120,
  dueSoonDaysMax: 180,
  /** Longest evaluation period (a packet's period). */
  periodMaxDays: 3 * 366,
} as const;

export const ruleCadenceSchema = z.object({
  every: z.number().int(),
  unit: z.enum(CADENCE_UNITS),
  /** Also once in each calendar year: no later than 31 December of the year after the last run. */
  calendarYear: z.boolean(),
  /** How many days up to the due date the rule shows as due soon. */
  dueSoonDays: z.number().int(),
});
export type RuleCadence = z.infer<typeof ruleCadenceSchema>;

export const complianceRuleSchema = z.object({
  /** Built-in: `isps_b18_5` …; an organisation's own: `custom:<key>`. */
  id: z.string(),
  /** The citation: "ISPS Code B/18.5". */
  source: z.string(),
  /** Built-in rules: the key of the title in the `compliance` namespace (`rules.<id>.title`); null for custom rules. */
  titleKey: z.string().nullable(),
  /** The English title (built-in) or the organisation's own title (custom). */
  title: z.string(),
  builtIn: z.boolean(),
  kind: z.enum(RULE_KINDS),
  /** What counts: approved runs of one of these scenarios and one of these types. */
  counts: z.object({
    scenarios: z.array(z.enum(DRILL_SCENARIOS)),
    types: z.array(z.enum(DRILL_TYPES)),
    /** Each listed scenario needs its own run within the cadence (SOLAS fire and abandon ship; ISO 22301 all critical activities). */
    eachScenario: z.boolean(),
  }),
  cadence: ruleCadenceSchema,
  /** B/13.6: a drill within `withinDays` after a crew change of more than `thresholdPercent` of the crew. */
  crewChange: z.object({ thresholdPercent: z.number(), withinDays: z.number().int() }).nullable(),
  /** 33 CFR 105.225: records of drills kept this many years (kind `records`). */
  retentionYears: z.number().int().nullable(),
  /**
   * SOLAS III/19.3: every crew member takes part (checked in) in each scenario within the cadence;
   * checked against the profile's crew size, when it has one.
   */
  perCrewMember: z.boolean(),
});
export type ComplianceRule = z.infer<typeof complianceRuleSchema>;

const SECURITY_SCENARIOS: DrillScenario[] = [...DRILL_SCENARIO_GROUPS.security, ...DRILL_SCENARIO_GROUPS.cyber];
const ALL_TYPES: DrillType[] = [...DRILL_TYPES];

function builtIn(
  rule: Omit<ComplianceRule, 'builtIn' | 'titleKey' | 'crewChange' | 'retentionYears' | 'kind' | 'perCrewMember'> & Partial<ComplianceRule>,
): ComplianceRule {
  return {
    kind: 'cadence',
    crewChange: null,
    retentionYears: null,
    perCrewMember: false,
    ...rule,
    builtIn: true,
    titleKey: `rules.${rule.id}.title`,
  };
}

/** The rules Muster ships. Their ids are stable: profiles and documents refer to them. */
export const COMPLIANCE_RULES: readonly ComplianceRule[] = [
  builtIn({
    id: 'isps_b18_5',
    source: 'ISPS Code B/18.5',
    title: 'Port facility security drill at least every 3 months',
    counts: { scenarios: SECURITY_SCENARIOS, types: ALL_TYPES, eachScenario: false },
    cadence: { every: 90, unit: 'days', calendarYear: false, dueSoonDays: 14 },
  }),
  builtIn({
    id: 'isps_b18_6',
    source: 'ISPS Code B/18.6',
    title: 'Security exercise each calendar year, at most 18 months apart',
    counts: { scenarios: SECURITY_SCENARIOS, types: [...EXERCISE_TYPES], eachScenario: false },
    cadence: { every: 18, unit: 'months', calendarYear: true, dueSoonDays: 30 },
  }),
  builtIn({
    id: 'isps_b13_6',
    source: 'ISPS Code B/13.6',
    title: 'Ship security drill every 3 months, and within a week after more than 25 % of the crew changed',
    counts: { scenarios: SECURITY_SCENARIOS, types: ALL_TYPES, eachScenario: false },
    cadence: { every: 90, unit: 'days', calendarYear: false, dueSoonDays: 14 },
    crewChange: { thresholdPercent: 25, withinDays: 7 },
  }),
  builtIn({
    id: 'solas_iii_19_3',
    source: 'SOLAS III/19.3',
    title: 'Abandon-ship and fire drills every month',
    counts: { scenarios: ['fire', 'evacuation'], types: ALL_TYPES, eachScenario: true },
    cadence: { every: 1, unit: 'months', calendarYear: false, dueSoonDays: 7 },
    perCrewMember: true,
  }),
  builtIn({
    id: 'iso_22301_8_5',
    source: 'ISO 22301 §8.5',
    title: 'Exercise programme: every critical activity exercised within 3 years',
    counts: { scenarios: ['fire', 'evacuation', 'bomb_threat', 'cyber_incident'], types: ALL_TYPES, eachScenario: true },
    cadence: { every: 36, unit: 'months', calendarYear: false, dueSoonDays: 60 },
  }),
  builtIn({
    id: 'cfr33_105_225',
    source: '33 CFR 105.225',
    title: 'Drill and exercise records kept at least 2 years',
    kind: 'records',
    counts: { scenarios: [...DRILL_SCENARIOS], types: ALL_TYPES, eachScenario: false },
    cadence: { every: 14, unit: 'days', calendarYear: false, dueSoonDays: 14 },
    retentionYears: 2,
  }),
];

export const BUILT_IN_RULE_IDS = COMPLIANCE_RULES.map((r) => r.id);
export const CUSTOM_RULE_PREFIX = 'custom:';

/** How long Muster keeps compliance records (spec §9: 7 years). */
export const COMPLIANCE_RECORD_RETENTION_YEARS = 7;

// ---------------------------------------------------------------------------------------------
// Evaluation

export const ruleReasonSchema = z.object({
  /** A key of the `compliance` namespace (`reasons.<key>`), with its parameters. */
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type RuleReason = z.infer<typeof ruleReasonSchema>;

/**
 * The reasons an evaluation gives (`compliance:reasons.<key>`). Parameters:
 * `what` is a scenario (`fire`), or `security_drill`, `exercise`, `drill` (web: `what.<what>`);
 * `days` days since the last run; `every` and `unit` (days|months) the cadence; `due` a local day.
 */
export const RULE_REASON_KEYS = [
  /** Nothing counted ever. {what, every, unit} */
  'never',
  /** {what, days, every, unit, due} */
  'lastRunOk',
  'lastRunDueSoon',
  'lastRunOverdue',
  /** Calendar-year limit closer than the interval. {what, days, due, year} */
  'calendarYearDueSoon',
  'calendarYearOverdue',
  /** A crew change over the threshold: {percent, threshold, changedOn, due, withinDays} */
  'crewChangeDueSoon',
  'crewChangeOverdue',
  /** eachScenario: {missing} a list of scenario keys joined with ", "; {what, days, every, unit, due} for the oldest */
  'scenariosMissing',
  /** Records (33 CFR 105.225): {count, years, keptYears} */
  'recordsKept',
  /** {pending, days, dueSoonDays} runs completed awaiting approval (their record is not signed yet) */
  'recordsPendingApproval',
  'recordsOverdueApproval',
  /** Per crew member: {what, attended, crewSize, every, unit} — fewer crew checked in to a counted drill within the cadence than the crew size */
  'crewNotAllDrilled',
] as const;
export type RuleReasonKey = (typeof RULE_REASON_KEYS)[number];

export const satisfyingRunSchema = z.object({
  runId: z.uuid(),
  completedAt: z.string(),
  templateName: z.string(),
  scenario: z.enum(DRILL_SCENARIOS),
  kind: z.enum(DRILL_TYPES),
});
export type SatisfyingRun = z.infer<typeof satisfyingRunSchema>;

export const ruleEvaluationSchema = z.object({
  ruleId: z.string(),
  source: z.string(),
  titleKey: z.string().nullable(),
  title: z.string(),
  state: z.enum(RULE_STATES),
  reason: ruleReasonSchema,
  lastSatisfiedAt: z.string().nullable(),
  /** The organisation's local day (`YYYY-MM-DD`) by which the next satisfying run is due. */
  nextDueAt: z.string().nullable(),
  satisfyingRuns: z.array(satisfyingRunSchema),
});
export type RuleEvaluation = z.infer<typeof ruleEvaluationSchema>;

export const PROFILE_SCOPES = ['organization', 'facility'] as const;
export type ProfileScopeKind = (typeof PROFILE_SCOPES)[number];
export const profileScopeSchema = z.object({ kind: z.enum(PROFILE_SCOPES), facilityName: z.string().nullable() });
export type ProfileScope = z.infer<typeof profileScopeSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, reason('validation.invalidFormat'));

export const periodSchema = z.object({ from: isoDay, to: isoDay });
export type Period = z.infer<typeof periodSchema>;

export const profileEvaluationSchema = z.object({
  profileId: z.uuid(),
  profileName: z.string(),
  scope: profileScopeSchema,
  timeZone: z.string(),
  asOf: z.string(),
  period: periodSchema.optional(),
  rules: z.array(ruleEvaluationSchema),
});
export type ProfileEvaluation = z.infer<typeof profileEvaluationSchema>;

// ---------------------------------------------------------------------------------------------
// Profiles

export const crewChangeSchema = z.object({
  /** The organisation's local day of the change. */
  date: isoDay,
  /** How many of the crew were replaced. */
  changed: z
    .number({ error: reason('validation.wholeNumber') })
    .int(reason('validation.wholeNumber'))
    .min(0, reason('validation.tooSmall'))
    .max(COMPLIANCE_LIMITS.crewSizeMax, reason('validation.tooBig')),
});
export type CrewChange = z.infer<typeof crewChangeSchema>;

const required = reason('validation.required');

export const profileInputSchema = z
  .object({
    name: z.string({ error: required }).trim().min(1, required).max(COMPLIANCE_LIMITS.profileNameMax, reason('validation.maxLength')),
    scope: z.enum(PROFILE_SCOPES, { error: reason('validation.chooseOneOf') }),
    facilityName: z.string().trim().max(COMPLIANCE_LIMITS.facilityNameMax, reason('validation.maxLength')).nullish(),
    ruleIds: z
      .array(z.string().min(1).max(80))
      .min(1, reason('compliance.noRules'))
      .max(COMPLIANCE_LIMITS.rulesPerProfileMax, reason('validation.tooManyItems'))
      .transform((ids) => [...new Set(ids)]),
    crewSize: z
      .number({ error: reason('validation.wholeNumber') })
      .int(reason('validation.wholeNumber'))
      .min(1, reason('validation.tooSmall'))
      .max(COMPLIANCE_LIMITS.crewSizeMax, reason('validation.tooBig'))
      .nullish(),
    crewChanges: z.array(crewChangeSchema).max(COMPLIANCE_LIMITS.crewChangesMax, reason('validation.tooManyItems')).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.scope === 'facility' && !value.facilityName?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['facilityName'], message: reason('compliance.facilityRequired') });
    }
    if (value.crewChanges.length > 0 && !value.crewSize) {
      ctx.addIssue({ code: 'custom', path: ['crewSize'], message: reason('compliance.crewSizeRequired') });
    }
    value.crewChanges.forEach((change, i) => {
      if (value.crewSize && change.changed > value.crewSize) {
        ctx.addIssue({ code: 'custom', path: ['crewChanges', i, 'changed'], message: reason('compliance.moreThanCrew') });
      }
    });
  });
export type ProfileInput = z.input<typeof profileInputSchema>;
export type ProfileInputParsed = z.output<typeof profileInputSchema>;

export const complianceProfileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: profileScopeSchema,
  ruleIds: z.array(z.string()),
  crewSize: z.number().int().nullable(),
  crewChanges: z.array(crewChangeSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ComplianceProfile = z.infer<typeof complianceProfileSchema>;

export const profileSummarySchema = complianceProfileSchema.extend({
  counts: z.object({ passing: z.number().int(), due_soon: z.number().int(), failing: z.number().int() }),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const profileListSchema = z.object({ items: z.array(profileSummarySchema), editable: z.boolean() });
export type ProfileList = z.infer<typeof profileListSchema>;

export const evaluationQuerySchema = z
  .object({
    asOf: z.iso.datetime({ offset: true }).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.from === undefined) !== (value.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [value.from ? 'to' : 'from'], message: required });
    }
  });
export type EvaluationQuery = z.input<typeof evaluationQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Custom rules

export const customRuleInputSchema = z.object({
  key: z.string({ error: required }).regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, reason('validation.templateKey')),
  title: z.string({ error: required }).trim().min(1, required).max(COMPLIANCE_LIMITS.ruleTitleMax, reason('validation.maxLength')),
  source: z.string({ error: required }).trim().min(1, required).max(COMPLIANCE_LIMITS.ruleSourceMax, reason('validation.maxLength')),
  scenarios: z.array(z.enum(DRILL_SCENARIOS, { error: reason('validation.chooseScenario') })).min(1, reason('validation.chooseScenario')),
  types: z.array(z.enum(DRILL_TYPES, { error: reason('validation.chooseType') })).min(1, reason('validation.chooseType')),
  eachScenario: z.boolean().default(false),
  every: z
    .number({ error: reason('validation.wholeNumber') })
    .int(reason('validation.wholeNumber'))
    .min(1, reason('validation.tooSmall'))
    .max(COMPLIANCE_LIMITS.everyDaysMax, reason('validation.tooBig')),
  unit: z.enum(CADENCE_UNITS, { error: reason('validation.chooseOneOf') }),
  calendarYear: z.boolean().default(false),
  dueSoonDays: z
    .number({ error: reason('validation.wholeNumber') })
    .int(reason('validation.wholeNumber'))
    .min(0, reason('validation.tooSmall'))
    .max(COMPLIANCE_LIMITS.dueSoonDaysMax, reason('validation.tooBig'))
    .default(14),
});
export type CustomRuleInput = z.input<typeof customRuleInputSchema>;

export const ruleListSchema = z.object({ items: z.array(complianceRuleSchema) });
export type RuleList = z.infer<typeof ruleListSchema>;

export const complianceEndpoints = {
  rules: defineEndpoint({
    method: 'GET',
    path: '/api/compliance/rules',
    tag: 'compliance',
    summary: "The rules a profile may apply: Muster's built-in ones and the organisation's own",
    response: ruleListSchema,
  }),
  addRule: defineEndpoint({
    method: 'POST',
    path: '/api/compliance/rules',
    tag: 'compliance',
    status: 201,
    summary: "Adds a rule of the organisation's own (ADMIN, MANAGER)",
    body: customRuleInputSchema,
    response: complianceRuleSchema,
  }),
  profiles: defineEndpoint({
    method: 'GET',
    path: '/api/compliance/profiles',
    tag: 'compliance',
    summary: "The organisation's compliance profiles, each with how many rules pass, are due soon and fail",
    response: profileListSchema,
  }),
  createProfile: defineEndpoint({
    method: 'POST',
    path: '/api/compliance/profiles',
    tag: 'compliance',
    status: 201,
    summary: 'Creates a compliance profile (ADMIN, MANAGER); unknown rule ids answer 400',
    body: profileInputSchema,
    response: complianceProfileSchema,
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/compliance/profiles/:id',
    tag: 'compliance',
    summary: 'One compliance profile',
    response: complianceProfileSchema,
  }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/compliance/profiles/:id',
    tag: 'compliance',
    summary: 'Changes a compliance profile (ADMIN, MANAGER)',
    body: profileInputSchema,
    response: complianceProfileSchema,
  }),
  deleteProfile: defineEndpoint({
    method: 'DELETE',
    path: '/api/compliance/profiles/:id',
    tag: 'compliance',
    status: 204,
    summary: 'Deletes a compliance profile (ADMIN, MANAGER)',
  }),
  evaluate: defineEndpoint({
    method: 'GET',
    path: '/api/compliance/profiles/:id/evaluation',
    tag: 'compliance',
    summary:
      'Where each rule of a profile stands today (or at ?asOf): passing, due soon or failing, with the reason and the runs that satisfy it',
    query: evaluationQuerySchema,
    response: profileEvaluationSchema,
  }),
};
