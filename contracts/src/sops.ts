import { z } from 'zod';
import { DRILL_SCENARIOS, templateKeySchema } from './drills.js';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';
import { hasRank, type Role } from './roles.js';

/**
 * Standard operating procedures (issue 19): documents of ordered sections and steps under
 * document control. Each SOP has versions; a version moves draft → in_review → approved (by a
 * member other than its author) → effective (from a day; the previous effective version becomes
 * superseded). Approved and effective versions are never edited: a new version is a draft copied
 * from the current one. Steps keep their ids across versions, so a redline can tell a reworded step
 * from a new one and a drill template can link a step. Members acknowledge the effective version.
 */

export const SOP_VERSION_STATUSES = ['draft', 'in_review', 'approved', 'effective', 'superseded'] as const;
export type SopVersionStatus = (typeof SOP_VERSION_STATUSES)[number];

/** Built-in templates, one per scenario of the drill library they share ids with. */
export const SOP_TEMPLATE_IDS = [
  'fire',
  'evacuation',
  'man_overboard',
  'oil_spill',
  'unauthorised_access',
  'bomb_threat',
  'cyber_incident',
] as const satisfies readonly (typeof DRILL_SCENARIOS)[number][];
export type SopTemplateId = (typeof SOP_TEMPLATE_IDS)[number];

export const SOP_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  headingMax: 120,
  stepMax: 1000,
  sectionsMax: 30,
  stepsPerSectionMax: 40,
  reviewMonthsMin: 1,
  reviewMonthsMax: 60,
  /** Reminders of a review go out this many days before its due day (and again once it is overdue). */
  reviewReminderDays: 30,
  /** At most this many links or SOPs asked for at once. */
  refsMax: 100,
} as const;

/** Who writes, submits and approves SOPs (approval: never the version's author). */
export const SOP_EDITOR_ROLE: Role = 'MANAGER';
export function maySopEdit(role: Role): boolean {
  return hasRank(role, SOP_EDITOR_ROLE);
}

const required = reason('validation.required');
const maxLen = reason('validation.maxLength');
const isoDay = z.string({ error: reason('sops.chooseDate') }).regex(/^\d{4}-\d{2}-\d{2}$/, reason('sops.chooseDate'));

export const sopStepSchema = z.object({
  id: templateKeySchema,
  text: z.string({ error: required }).trim().min(1, required).max(SOP_LIMITS.stepMax, maxLen),
});
export type SopStep = z.infer<typeof sopStepSchema>;

export const sopSectionSchema = z.object({
  id: templateKeySchema,
  heading: z.string({ error: required }).trim().min(1, required).max(SOP_LIMITS.headingMax, maxLen),
  steps: z.array(sopStepSchema).min(1, reason('sops.noSteps')).max(SOP_LIMITS.stepsPerSectionMax, reason('validation.maxSteps')),
});
export type SopSection = z.infer<typeof sopSectionSchema>;

/** Section and step ids are unique inside a version (a step id is unique across all sections). */
function checkIds(content: { sections: { id: string; steps: { id: string }[] }[] }, ctx: z.RefinementCtx): void {
  const sections = new Set<string>();
  const steps = new Set<string>();
  content.sections.forEach((section, s) => {
    if (sections.has(section.id)) ctx.addIssue({ code: 'custom', message: reason('validation.duplicateId'), path: ['sections', s, 'id'] });
    sections.add(section.id);
    section.steps.forEach((step, i) => {
      if (steps.has(step.id))
        ctx.addIssue({ code: 'custom', message: reason('validation.duplicateId'), path: ['sections', s, 'steps', i, 'id'] });
      steps.add(step.id);
    });
  });
}

/** What a version says: its title, review interval and sections of ordered steps. */
export const sopContentSchema = z
  .object({
    title: z.string({ error: required }).trim().min(SOP_LIMITS.titleMin, reason('validation.minLength')).max(SOP_LIMITS.titleMax, maxLen),
    reviewIntervalMonths: z
      .number({ error: reason('sops.reviewMonths') })
      .int(reason('sops.reviewMonths'))
      .min(SOP_LIMITS.reviewMonthsMin, reason('sops.reviewMonths'))
      .max(SOP_LIMITS.reviewMonthsMax, reason('sops.reviewMonths')),
    sections: z.array(sopSectionSchema).min(1, reason('sops.noSections')).max(SOP_LIMITS.sectionsMax, reason('sops.maxSections')),
  })
  .superRefine(checkIds);
export type SopContent = z.output<typeof sopContentSchema>;
export type SopContentInput = z.input<typeof sopContentSchema>;

/** A new SOP: from a built-in template (written in the creator's language), or blank with a title. */
export const createSopSchema = z
  .object({
    templateId: z
      .enum(SOP_TEMPLATE_IDS, { error: reason('sops.chooseTemplate') })
      .nullable()
      .default(null),
    scenario: z.enum(DRILL_SCENARIOS, { error: reason('validation.chooseScenario') }).default('custom'),
    title: z.string().trim().max(SOP_LIMITS.titleMax, maxLen).default(''),
  })
  .superRefine((value, ctx) => {
    if (!value.templateId && value.title.length < SOP_LIMITS.titleMin)
      ctx.addIssue({ code: 'custom', message: reason('validation.minLength'), path: ['title'], params: { min: SOP_LIMITS.titleMin } });
  });
export type CreateSopRequest = z.input<typeof createSopSchema>;
export type CreateSopInput = z.output<typeof createSopSchema>;

export const makeEffectiveSchema = z.object({
  /** The organisation's day from which the version is in force (today or earlier). */
  effectiveFrom: isoDay,
});
export type MakeEffectiveRequest = z.input<typeof makeEffectiveSchema>;

export const redlineQuerySchema = z.object({
  from: z.uuid(reason('sops.chooseVersion')),
  to: z.uuid(reason('sops.chooseVersion')),
});
export type RedlineQuery = z.input<typeof redlineQuerySchema>;

const idList = (max: number) =>
  z
    .string({ error: required })
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(200)).max(max, reason('sops.tooManyRefs')));

/** `sopId:stepId` pairs, comma-separated (the steps a drill template links). */
export const linkedStepsQuerySchema = z.object({ refs: idList(SOP_LIMITS.refsMax) });
export type LinkedStepsQuery = z.input<typeof linkedStepsQuerySchema>;
/** SOP ids, comma-separated. */
export const ackStatusQuerySchema = z.object({ sopIds: idList(SOP_LIMITS.refsMax) });
export type AckStatusQuery = z.input<typeof ackStatusQuerySchema>;

const person = z.object({ id: z.uuid(), name: z.string() });

export const sopVersionSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  status: z.enum(SOP_VERSION_STATUSES),
  title: z.string(),
  author: person,
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  approvedBy: person.nullable(),
  approvedAt: z.string().nullable(),
  /** The organisation's day it took effect. */
  effectiveFrom: z.string().nullable(),
  supersededAt: z.string().nullable(),
  /** The day its review is due (effective versions): effectiveFrom + review interval. */
  reviewDue: z.string().nullable(),
});
export type SopVersionSummary = z.infer<typeof sopVersionSummarySchema>;

export const sopVersionSchema = sopVersionSummarySchema.extend({
  sopId: z.uuid(),
  content: sopContentSchema,
  /** SHA-256 (hex) of the content's canonical JSON. */
  sha256: z.string(),
});
export type SopVersion = z.infer<typeof sopVersionSchema>;

export const sopSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  scenario: z.enum(DRILL_SCENARIOS),
  templateId: z.enum(SOP_TEMPLATE_IDS).nullable(),
  latest: sopVersionSummarySchema,
  effective: sopVersionSummarySchema.nullable(),
  /** Whether the caller has acknowledged the effective version (null: none is effective). */
  acknowledged: z.boolean().nullable(),
  updatedAt: z.string(),
});
export type SopSummary = z.infer<typeof sopSummarySchema>;
export const sopListSchema = z.object({ items: z.array(sopSummarySchema) });
export type SopList = z.infer<typeof sopListSchema>;

export const acknowledgementsSchema = z.object({
  versionId: z.uuid(),
  number: z.number().int(),
  acknowledged: z.array(person.extend({ at: z.string() })),
  missing: z.array(person),
});
export type SopAcknowledgements = z.infer<typeof acknowledgementsSchema>;

export const sopDetailSchema = sopSummarySchema.extend({
  versions: z.array(sopVersionSummarySchema),
  acknowledgements: acknowledgementsSchema.nullable(),
});
export type SopDetail = z.infer<typeof sopDetailSchema>;

export const sopTemplateSchema = z.object({ id: z.enum(SOP_TEMPLATE_IDS), sections: z.number().int(), steps: z.number().int() });
export const sopTemplateListSchema = z.object({ items: z.array(sopTemplateSchema) });
export type SopTemplateList = z.infer<typeof sopTemplateListSchema>;

/** One word-level change in a step's text. */
export const wordChangeSchema = z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() });
export type WordChange = z.infer<typeof wordChangeSchema>;
export const REDLINE_STATES = ['same', 'added', 'removed', 'changed'] as const;
export type RedlineState = (typeof REDLINE_STATES)[number];

export const redlineSchema = z.object({
  from: sopVersionSummarySchema,
  to: sopVersionSummarySchema,
  titleChanged: z.boolean(),
  reviewIntervalChanged: z.boolean(),
  /** Sections in the newer version's order, removed ones where they were. */
  sections: z.array(
    z.object({
      id: z.string(),
      state: z.enum(REDLINE_STATES),
      heading: z.array(wordChangeSchema),
      steps: z.array(
        z.object({
          id: z.string(),
          /** changed: reworded (the words say how); moved steps keep their id and show as same/changed where they now are. */
          state: z.enum(REDLINE_STATES),
          words: z.array(wordChangeSchema),
        }),
      ),
    }),
  ),
  /** How many steps were added, removed and reworded. */
  counts: z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() }),
});
export type Redline = z.infer<typeof redlineSchema>;

/** A drill template step's link to an SOP step, resolved in the SOP's effective version (else its latest). */
export const linkedStepSchema = z.object({
  sopId: z.string(),
  stepId: z.string(),
  found: z.boolean(),
  title: z.string().nullable(),
  version: z.number().int().nullable(),
  status: z.enum(SOP_VERSION_STATUSES).nullable(),
  heading: z.string().nullable(),
  /** 1-based number of the step in the SOP ("2.3"). */
  number: z.string().nullable(),
  text: z.string().nullable(),
});
export type LinkedStep = z.infer<typeof linkedStepSchema>;
export const linkedStepListSchema = z.object({ items: z.array(linkedStepSchema) });
export type LinkedStepList = z.infer<typeof linkedStepListSchema>;

/** Who acknowledged the effective version of each SOP asked for (SOPs not found or with none effective are left out). */
export const ackStatusSchema = z.object({
  items: z.array(
    z.object({
      sopId: z.uuid(),
      title: z.string(),
      version: z.number().int(),
      versionId: z.uuid(),
      acknowledgedUserIds: z.array(z.uuid()),
    }),
  ),
});
export type AckStatus = z.infer<typeof ackStatusSchema>;

/** The effective SOPs of an organisation for a compliance packet. */
export interface EffectiveSop {
  id: string;
  title: string;
  version: number;
  /** The organisation's day it took effect (YYYY-MM-DD). */
  effectiveDate: string;
  /** SHA-256 (hex) of the version's canonical JSON content. */
  sha256: string;
}

const okSchema = z.object({ ok: z.literal(true) });

export const sopEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/sops', tag: 'sops', summary: 'The organisation’s SOPs', response: sopListSchema }),
  templates: defineEndpoint({
    method: 'GET',
    path: '/api/sops/templates',
    tag: 'sops',
    summary: 'The built-in SOP templates (one per drill-library scenario)',
    response: sopTemplateListSchema,
  }),
  linkedSteps: defineEndpoint({
    method: 'GET',
    path: '/api/sops/linked-steps',
    tag: 'sops',
    summary: 'The texts of SOP steps linked from a drill template (sopId:stepId pairs)',
    query: linkedStepsQuerySchema,
    response: linkedStepListSchema,
  }),
  ackStatus: defineEndpoint({
    method: 'GET',
    path: '/api/sops/acknowledgement-status',
    tag: 'sops',
    summary: 'Who acknowledged the effective version of each SOP named (drill rosters mark the others)',
    query: ackStatusQuerySchema,
    response: ackStatusSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/sops',
    tag: 'sops',
    status: 201,
    summary: 'Creates an SOP from a built-in template or blank, with version 1 as a draft (MANAGER+)',
    body: createSopSchema,
    response: sopDetailSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/sops/:id',
    tag: 'sops',
    summary: 'One SOP with its versions',
    response: sopDetailSchema,
  }),
  version: defineEndpoint({
    method: 'GET',
    path: '/api/sops/:id/versions/:versionId',
    tag: 'sops',
    summary: 'One version of an SOP with its content',
    response: sopVersionSchema,
  }),
  saveDraft: defineEndpoint({
    method: 'PUT',
    path: '/api/sops/:id/versions/:versionId',
    tag: 'sops',
    summary: 'Saves a draft version’s content (MANAGER+; only drafts change)',
    body: sopContentSchema,
    response: sopVersionSchema,
  }),
  newVersion: defineEndpoint({
    method: 'POST',
    path: '/api/sops/:id/versions',
    tag: 'sops',
    status: 201,
    summary: 'Starts a new draft version copied from the current one (MANAGER+; none may be open already)',
    response: sopVersionSchema,
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/sops/:id/versions/:versionId/submit',
    tag: 'sops',
    summary: 'Sends a draft for review (MANAGER+)',
    response: sopVersionSchema,
  }),
  returnToDraft: defineEndpoint({
    method: 'POST',
    path: '/api/sops/:id/versions/:versionId/return',
    tag: 'sops',
    summary: 'Sends a version in review back to draft (MANAGER+)',
    response: sopVersionSchema,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/sops/:id/versions/:versionId/approve',
    tag: 'sops',
    summary: 'Approves a version in review (MANAGER+, never its author)',
    response: sopVersionSchema,
  }),
  makeEffective: defineEndpoint({
    method: 'POST',
    path: '/api/sops/:id/versions/:versionId/effective',
    tag: 'sops',
    summary: 'Puts an approved version in force from a day; the previous effective version is superseded (MANAGER+)',
    body: makeEffectiveSchema,
    response: sopVersionSchema,
  }),
  redline: defineEndpoint({
    method: 'GET',
    path: '/api/sops/:id/redline',
    tag: 'sops',
    summary: 'What changed between two versions: sections and steps added, removed and reworded (word by word)',
    query: redlineQuerySchema,
    response: redlineSchema,
  }),
  acknowledge: defineEndpoint({
    method: 'POST',
    path: '/api/sops/:id/acknowledge',
    tag: 'sops',
    summary: 'Acknowledges the effective version (once per member and version)',
    response: okSchema,
  }),
} as const;
