import { reason, type ValidationReason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';

/**
 * Drill templates: what a drill is (scenario, objectives, positions, ordered steps with
 * checklists, timed injects, regulations covered). Organisations write their own; a built-in
 * library ships with Muster. Runs (drill-runs.ts) take a snapshot of a template.
 */
export const DRILL_TYPES = ['drill', 'tabletop', 'functional', 'full_scale'] as const;
export type DrillType = (typeof DRILL_TYPES)[number];
/** Types that count as exercises (ISPS Code B/18.6); a `drill` tests one element of the plan (B/18.5). */
export const EXERCISE_TYPES: readonly DrillType[] = ['tabletop', 'functional', 'full_scale'];

export const DRILL_SCENARIO_GROUPS = {
  security: ['bomb_threat', 'unauthorised_access', 'stowaway', 'ssas_activation'],
  safety: ['fire', 'evacuation', 'man_overboard', 'oil_spill'],
  cyber: ['cyber_incident'],
  custom: ['custom'],
} as const;
export type DrillScenarioGroup = keyof typeof DRILL_SCENARIO_GROUPS;
export const DRILL_SCENARIOS = [
  ...DRILL_SCENARIO_GROUPS.security,
  ...DRILL_SCENARIO_GROUPS.safety,
  ...DRILL_SCENARIO_GROUPS.cyber,
  ...DRILL_SCENARIO_GROUPS.custom,
] as const;
export type DrillScenario = (typeof DRILL_SCENARIOS)[number];

export function scenarioGroup(scenario: DrillScenario): DrillScenarioGroup {
  for (const [group, members] of Object.entries(DRILL_SCENARIO_GROUPS) as [DrillScenarioGroup, readonly DrillScenario[]][]) {
    if (members.includes(scenario)) return group;
  }
  return 'custom';
}

/** Regulations a template can say it covers (labels are translated by the web). */
export const DRILL_REGULATIONS = ['isps_b18_5', 'isps_b18_6', 'solas_muster', 'iso_22301', 'marpol_sopep', 'ism_emergency'] as const;
export type DrillRegulation = (typeof DRILL_REGULATIONS)[number];

/** Facility types quick generate tailors a template to. */
export const FACILITY_TYPES = ['port_facility', 'ship', 'offshore_terminal', 'enterprise_site'] as const;
export type FacilityType = (typeof FACILITY_TYPES)[number];

export const TEMPLATE_STATUSES = ['draft', 'published'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const TEMPLATE_SOURCES = ['organization', 'library'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

export const DRILL_LIMITS = {
  nameMin: 3,
  nameMax: 120,
  titleMax: 120,
  textMax: 4000,
  shortMax: 300,
  objectivesMax: 20,
  positionsMax: 30,
  stepsMax: 60,
  checklistMax: 20,
  injectsMax: 40,
  regulationsMax: DRILL_REGULATIONS.length,
  /** A step or a drill lasts at most this many minutes (two days). */
  minutesMax: 2880,
  musterTargetMinutesMax: 240,
  teamSizeMax: 500,
} as const;

const required = reason('validation.required');
const maxLen = reason('validation.maxLength');
const text = (max: number) => z.string({ error: required }).trim().min(1, required).max(max, maxLen);
const optionalText = (max: number) => z.string().trim().max(max, maxLen).default('');
const minutes = (missing: ValidationReason) =>
  z
    .number({ error: missing })
    .int(reason('validation.wholeMinutes'))
    .min(0, reason('validation.minutesNonNegative'))
    .max(DRILL_LIMITS.minutesMax, reason('validation.minutesMax'));

/** Ids of positions, steps, checklist items and injects inside one template (chosen by the editor). */
export const templateKeySchema = z.string({ error: required }).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, reason('validation.templateKey'));

export const drillPositionSchema = z.object({
  id: templateKeySchema,
  name: text(80),
  description: optionalText(DRILL_LIMITS.shortMax),
});
export type DrillPosition = z.infer<typeof drillPositionSchema>;

export const checklistItemSchema = z.object({ id: templateKeySchema, text: text(DRILL_LIMITS.shortMax) });
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const drillStepSchema = z.object({
  id: templateKeySchema,
  title: text(DRILL_LIMITS.titleMax),
  instructions: optionalText(DRILL_LIMITS.textMax),
  /** The position responsible for the step (one of the template's positions), or none. */
  positionId: templateKeySchema.nullable().default(null),
  expectedMinutes: minutes('validation.enterMinutes'),
  checklist: z.array(checklistItemSchema).max(DRILL_LIMITS.checklistMax, reason('validation.maxChecklist')).default([]),
  /** The SOP step this drill step tests (issue 19): the SOP's id and the step's id, stable across its versions. */
  sopLink: z
    .object({ sopId: z.uuid(reason('validation.required')), stepId: templateKeySchema })
    .nullable()
    .optional(),
});
export type DrillStep = z.infer<typeof drillStepSchema>;

export const drillInjectSchema = z.object({
  id: templateKeySchema,
  /** Minutes after the start (elapsed drill time, pauses excluded) at which it is due. */
  atMinute: minutes('validation.enterTime'),
  title: text(DRILL_LIMITS.titleMax),
  message: text(DRILL_LIMITS.textMax),
  /** The position it is addressed to, or everyone. */
  positionId: templateKeySchema.nullable().default(null),
});
export type DrillInject = z.infer<typeof drillInjectSchema>;

/**
 * A text of the built-in drill library: a key of the web's `drillLibrary` namespace and its
 * parameters (numbers, words, or library texts themselves). The server sends these instead of
 * English sentences for what the library provides; the web renders them in the reader's language.
 */
export interface LibraryText {
  key: string;
  params?: Record<string, string | number | LibraryText>;
}
export const libraryTextSchema: z.ZodType<LibraryText> = z.lazy(() =>
  z.object({
    key: z.string().regex(/^[A-Za-z0-9_.-]{1,160}$/),
    params: z.record(z.string().max(40), z.union([z.string().max(DRILL_LIMITS.shortMax), z.number(), libraryTextSchema])).optional(),
  }),
);

/**
 * Where a template's texts came from the library: field path → library text. Paths: `name`,
 * `description`, `objectives.<index>`, `positions.<id>.name|description`,
 * `steps.<id>.title|instructions`, `steps.<id>.checklist.<itemId>`, `injects.<id>.title|message`.
 * The field itself keeps the library's English text; while it still holds exactly that text the
 * web shows the translation, and once someone edits it, it is theirs and shows as written.
 */
export const LIBRARY_TEXT_PATHS = {
  name: 'name',
  description: 'description',
  objective: (index: number) => `objectives.${String(index)}`,
  position: (id: string, field: 'name' | 'description') => `positions.${id}.${field}`,
  step: (id: string, field: 'title' | 'instructions') => `steps.${id}.${field}`,
  checklistItem: (stepId: string, itemId: string) => `steps.${stepId}.checklist.${itemId}`,
  inject: (id: string, field: 'title' | 'message') => `injects.${id}.${field}`,
} as const;
/**
 * A library text as a sentence: `translate` (i18next's `t` of the `drillLibrary` namespace) gives
 * a key's text with its parameters; parameters that are library texts are rendered first.
 */
export function renderLibraryText(text: LibraryText, translate: (key: string, params: Record<string, string | number>) => string): string {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params ?? {}))
    params[name] = typeof value === 'object' ? renderLibraryText(value, translate) : value;
  return translate(text.key, params);
}

export const libraryTextsSchema = z
  .record(z.string().max(200), libraryTextSchema)
  .refine((texts) => Object.keys(texts).length <= 2000, 'Too many library texts')
  .default({});
export type LibraryTexts = Record<string, LibraryText>;

/** What a template says; shared by templates, generated drafts and run snapshots. */
export const templateContentSchema = z.object({
  name: text(DRILL_LIMITS.nameMax),
  type: z.enum(DRILL_TYPES, { error: reason('validation.chooseType') }),
  scenario: z.enum(DRILL_SCENARIOS, { error: reason('validation.chooseScenario') }),
  /** The scenario narrative read to participants. */
  description: optionalText(DRILL_LIMITS.textMax),
  objectives: z.array(text(DRILL_LIMITS.shortMax)).max(DRILL_LIMITS.objectivesMax, reason('validation.maxObjectives')).default([]),
  positions: z.array(drillPositionSchema).max(DRILL_LIMITS.positionsMax, reason('validation.maxPositions')).default([]),
  steps: z.array(drillStepSchema).max(DRILL_LIMITS.stepsMax, reason('validation.maxSteps')).default([]),
  injects: z.array(drillInjectSchema).max(DRILL_LIMITS.injectsMax, reason('validation.maxInjects')).default([]),
  regulations: z
    .array(z.enum(DRILL_REGULATIONS, { error: reason('validation.chooseRegulation') }))
    .max(DRILL_LIMITS.regulationsMax)
    .default([]),
  estimatedMinutes: z
    .number({ error: reason('validation.enterMinutes') })
    .int(reason('validation.wholeMinutes'))
    .min(1, reason('validation.minuteMin'))
    .max(DRILL_LIMITS.minutesMax, reason('validation.minutesMax')),
  /** Time to muster everyone, when the drill measures it (evacuation, fire, musters). */
  musterTargetMinutes: z
    .number()
    .int(reason('validation.wholeMinutes'))
    .min(1, reason('validation.minuteMin'))
    .max(DRILL_LIMITS.musterTargetMinutesMax, reason('validation.minutesMax'))
    .nullable()
    .default(null),
  /** The library texts of its fields (see LIBRARY_TEXT_PATHS); empty for a template written from scratch. */
  libraryTexts: libraryTextsSchema,
});
export type TemplateContent = z.output<typeof templateContentSchema>;
export type TemplateContentInput = z.input<typeof templateContentSchema>;

/** The messages of the rules a template must meet before it is published (and run). */
export const TEMPLATE_RULES = {
  noSteps: reason('validation.noSteps'),
  noObjectives: reason('validation.noObjectives'),
  noPositions: reason('validation.noPositions'),
  injectPastEnd: reason('validation.injectPastEnd'),
  unknownPosition: reason('validation.unknownPosition'),
  duplicateId: reason('validation.duplicateId'),
  nameMin: reason('validation.minLength'),
} as const;

/**
 * The completeness rules of a publishable template, each reported on its field's path
 * (`steps.2.expectedMinutes`, `injects.0.atMinute`, …) so the builder shows it in place.
 */
export function checkTemplateComplete(content: TemplateContent, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string, params?: Record<string, number>) =>
    ctx.addIssue({ code: 'custom', path, message, ...(params ? { params } : {}) });
  if (content.name.length < DRILL_LIMITS.nameMin) issue(['name'], TEMPLATE_RULES.nameMin, { min: DRILL_LIMITS.nameMin });
  if (content.objectives.length === 0) issue(['objectives'], TEMPLATE_RULES.noObjectives);
  if (content.positions.length === 0) issue(['positions'], TEMPLATE_RULES.noPositions);
  if (content.steps.length === 0) issue(['steps'], TEMPLATE_RULES.noSteps);
  const positions = new Set(content.positions.map((p) => p.id));
  const unique = (items: { id: string }[], field: string) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.id)) issue([field, i, 'id'], TEMPLATE_RULES.duplicateId);
      seen.add(item.id);
    });
  };
  unique(content.positions, 'positions');
  unique(content.steps, 'steps');
  unique(content.injects, 'injects');
  content.steps.forEach((step, i) => {
    if (step.positionId !== null && !positions.has(step.positionId)) issue(['steps', i, 'positionId'], TEMPLATE_RULES.unknownPosition);
    const items = new Set<string>();
    step.checklist.forEach((item, j) => {
      if (items.has(item.id)) issue(['steps', i, 'checklist', j, 'id'], TEMPLATE_RULES.duplicateId);
      items.add(item.id);
    });
  });
  content.injects.forEach((inject, i) => {
    if (inject.atMinute > content.estimatedMinutes)
      issue(['injects', i, 'atMinute'], TEMPLATE_RULES.injectPastEnd, { end: content.estimatedMinutes });
    if (inject.positionId !== null && !positions.has(inject.positionId))
      issue(['injects', i, 'positionId'], TEMPLATE_RULES.unknownPosition);
  });
}

/** A template that may be published and run: the content plus its completeness rules. */
export const completeTemplateSchema = templateContentSchema.superRefine(checkTemplateComplete);

/**
 * The body of a template save. A draft may be incomplete (autosave keeps whatever the editor
 * has); a published template must meet every rule of `checkTemplateComplete`. `version` is the
 * version the editor started from: a save over a newer one is refused (409).
 */
export const saveTemplateSchema = templateContentSchema
  .extend({
    status: z.enum(TEMPLATE_STATUSES, { error: reason('validation.chooseTemplateStatus') }).default('draft'),
    version: z.number().int().min(1).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'published') checkTemplateComplete(value, ctx);
  });
export type SaveTemplateRequest = z.input<typeof saveTemplateSchema>;

const personSchema = z.object({ id: z.uuid().nullable(), name: z.string() });
export type DrillPerson = z.infer<typeof personSchema>;
export { personSchema as drillPersonSchema };

export const drillTemplateSummarySchema = z.object({
  /** A uuid; library templates have fixed ids. */
  id: z.uuid(),
  source: z.enum(TEMPLATE_SOURCES),
  status: z.enum(TEMPLATE_STATUSES),
  name: z.string(),
  type: z.enum(DRILL_TYPES),
  scenario: z.enum(DRILL_SCENARIOS),
  regulations: z.array(z.enum(DRILL_REGULATIONS)),
  estimatedMinutes: z.number().int(),
  stepCount: z.number().int(),
  injectCount: z.number().int(),
  updatedAt: z.string(),
  /** The name as a library text, while the name is still the library's. */
  nameText: libraryTextSchema.nullable(),
});
export type DrillTemplateSummary = z.infer<typeof drillTemplateSummarySchema>;

export const drillTemplateSchema = templateContentSchema.extend({
  id: z.uuid(),
  source: z.enum(TEMPLATE_SOURCES),
  status: z.enum(TEMPLATE_STATUSES),
  /** Raised by every save; a save must name the version it started from. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: personSchema.nullable(),
  /** Whether the signed-in member may edit it (managers of the organisation, never the library). */
  editable: z.boolean(),
});
export type DrillTemplate = z.infer<typeof drillTemplateSchema>;

export const templateListQuerySchema = z.object({
  source: z.enum(['all', ...TEMPLATE_SOURCES]).default('all'),
  status: z.enum(TEMPLATE_STATUSES).optional(),
  scenario: z.enum(DRILL_SCENARIOS).optional(),
  type: z.enum(DRILL_TYPES).optional(),
  regulation: z.enum(DRILL_REGULATIONS).optional(),
  /** Words of the name or the scenario narrative. */
  q: z.string().trim().max(200).optional(),
});
export type TemplateListQuery = z.input<typeof templateListQuerySchema>;

export const templateListSchema = z.object({ items: z.array(drillTemplateSummarySchema) });
export type TemplateList = z.infer<typeof templateListSchema>;

/** Quick generate: what the lead tells about the drill they need. */
export const generateTemplateSchema = z.object({
  facilityType: z.enum(FACILITY_TYPES, { error: reason('validation.chooseFacility') }),
  scenario: z.enum(DRILL_SCENARIOS, { error: reason('validation.chooseScenario') }),
  regulation: z.enum(DRILL_REGULATIONS, { error: reason('validation.chooseRegulation') }),
  durationMinutes: z
    .number({ error: reason('validation.enterMinutes') })
    .int(reason('validation.wholeMinutes'))
    .min(15, reason('validation.minutesMin'))
    .max(480, reason('validation.minutesMax')),
  teamSize: z
    .number({ error: reason('validation.enterTeamSize') })
    .int(reason('validation.wholeNumber'))
    .min(2, reason('validation.peopleMin'))
    .max(DRILL_LIMITS.teamSizeMax, reason('validation.peopleMax')),
});
export type GenerateTemplateRequest = z.input<typeof generateTemplateSchema>;

export const generatedTemplateSchema = z.object({
  template: templateContentSchema,
  /** `library`: composed from the built-in scenario library; `model`: tailored by the configured AI endpoint. */
  generatedBy: z.enum(['library', 'model']),
});
export type GeneratedTemplate = z.infer<typeof generatedTemplateSchema>;

export const drillTemplateEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/drills/templates',
    tag: 'drills',
    summary: "The organisation's drill templates and the built-in library, filtered",
    query: templateListQuerySchema,
    response: templateListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/drills/templates/:id',
    tag: 'drills',
    summary: 'One drill template (the organisation’s or the built-in library’s)',
    response: drillTemplateSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/drills/templates',
    tag: 'drills',
    status: 201,
    summary: 'Creates a template, as a draft (any content) or published (complete) — administrators and managers',
    body: saveTemplateSchema,
    response: drillTemplateSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/drills/templates/:id',
    tag: 'drills',
    summary: 'Replaces a template; refused (409) when it was saved since `version`',
    body: saveTemplateSchema,
    response: drillTemplateSchema,
  }),
  duplicate: defineEndpoint({
    method: 'POST',
    path: '/api/drills/templates/:id/duplicate',
    tag: 'drills',
    status: 201,
    summary: "Copies a template (the organisation's or the library's) into a new draft of the organisation",
    response: drillTemplateSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/drills/templates/:id',
    tag: 'drills',
    status: 204,
    summary: 'Deletes an organisation template (runs keep their own snapshot)',
  }),
  generate: defineEndpoint({
    method: 'POST',
    path: '/api/drills/templates/generate',
    tag: 'drills',
    summary: 'Composes a complete template from the built-in scenario library (not saved); deterministic for the same answers',
    body: generateTemplateSchema,
    response: generatedTemplateSchema,
  }),
};
