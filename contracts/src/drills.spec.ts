import { completeTemplateSchema, saveTemplateSchema, TEMPLATE_RULES } from './drills.js';

const valid = {
  name: 'Quay fire',
  type: 'drill',
  scenario: 'fire',
  description: 'Smoke from the warehouse.',
  objectives: ['Evacuate within 8 minutes'],
  positions: [{ id: 'commander', name: 'Incident commander' }],
  steps: [
    { id: 'alarm', title: 'Raise the alarm', positionId: 'commander', expectedMinutes: 5, checklist: [{ id: 'a1', text: 'Alarm raised' }] },
    { id: 'muster', title: 'Muster', expectedMinutes: 10 },
  ],
  injects: [{ id: 'missing', atMinute: 12, title: 'Missing worker', message: 'One short at the headcount.' }],
  regulations: ['isps_b18_5'],
  estimatedMinutes: 30,
};

/** Field path → message of a failed parse. */
function fields(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('drill template validation', () => {
  it('accepts a complete template', () => {
    expect(completeTemplateSchema.safeParse(valid).success).toBe(true);
  });

  it('names each problem of a template on its field', () => {
    const result = completeTemplateSchema.safeParse({
      ...valid,
      steps: [],
      injects: [{ id: 'late', atMinute: 45, title: 'Too late', message: 'After the end' }],
    });
    expect(fields(result)).toEqual({ steps: TEMPLATE_RULES.noSteps, 'injects.0.atMinute': TEMPLATE_RULES.injectPastEnd });
  });

  it('refuses negative durations and unknown positions, all in one answer', () => {
    const result = completeTemplateSchema.safeParse({
      ...valid,
      steps: [{ id: 'alarm', title: 'Raise the alarm', positionId: 'ghost', expectedMinutes: -5 }],
    });
    // Every problem at once, so the builder can show them all.
    expect(fields(result)).toEqual({
      'steps.0.expectedMinutes': 'validation.minutesNonNegative',
      'steps.0.positionId': TEMPLATE_RULES.unknownPosition,
    });
    const unknown = completeTemplateSchema.safeParse({
      ...valid,
      steps: [{ id: 'alarm', title: 'Alarm', positionId: 'ghost', expectedMinutes: 5 }],
    });
    expect(fields(unknown)).toEqual({ 'steps.0.positionId': TEMPLATE_RULES.unknownPosition });
  });

  it('lets a draft be incomplete but not malformed', () => {
    expect(saveTemplateSchema.safeParse({ ...valid, steps: [], objectives: [], status: 'draft' }).success).toBe(true);
    expect(fields(saveTemplateSchema.safeParse({ ...valid, steps: [], status: 'published' }))).toEqual({ steps: TEMPLATE_RULES.noSteps });
    expect(fields(saveTemplateSchema.safeParse({ ...valid, estimatedMinutes: -1, status: 'draft' }))).toEqual({
      estimatedMinutes: 'validation.minuteMin',
    });
  });
});
