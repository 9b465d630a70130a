import { completeTemplateSchema, DRILL_SCENARIOS, FACILITY_TYPES, DRILL_REGULATIONS } from '@muster/contracts';
import { composeTemplate } from './generator.js';
import { LIBRARY, libraryTemplate } from './library.js';

describe('composeTemplate (quick generate)', () => {
  const base = { facilityType: 'port_facility', scenario: 'fire', regulation: 'isps_b18_5', durationMinutes: 45, teamSize: 12 } as const;

  it('gives the same template for the same answers', () => {
    expect(composeTemplate(base)).toEqual(composeTemplate({ ...base }));
  });

  it('composes a complete, publishable template for every scenario, facility and regulation', () => {
    for (const scenario of DRILL_SCENARIOS) {
      for (const facilityType of FACILITY_TYPES) {
        for (const regulation of DRILL_REGULATIONS) {
          for (const [durationMinutes, teamSize] of [
            [15, 2],
            [60, 12],
            [480, 500],
          ] as const) {
            const template = composeTemplate({ facilityType, scenario, regulation, durationMinutes, teamSize });
            const result = completeTemplateSchema.safeParse(template);
            expect({ scenario, facilityType, regulation, durationMinutes, issues: result.error?.issues ?? [] }).toMatchObject({
              issues: [],
            });
            expect(template.steps.reduce((sum, s) => sum + s.expectedMinutes, 0)).toBe(durationMinutes);
            expect(template.regulations[0]).toBe(regulation);
            expect(template.injects.every((i) => i.atMinute >= 1 && i.atMinute < durationMinutes)).toBe(true);
          }
        }
      }
    }
  });

  it('names positions in the facility’s words and adds the regulation’s step before the debrief', () => {
    const ship = composeTemplate({ ...base, facilityType: 'ship', regulation: 'solas_muster' });
    expect(ship.positions.map((p) => p.name)).toContain('Master');
    expect(ship.steps.at(-2)?.id).toBe('muster-list');
    expect(ship.steps.at(-1)?.id).toBe('hot-debrief');
    expect(ship.description).toContain('the ship');
  });

  it('keeps fewer positions and leaves out large-team work for a small team', () => {
    const small = composeTemplate({ ...base, teamSize: 2 });
    const large = composeTemplate({ ...base, teamSize: 40 });
    expect(small.positions).toHaveLength(2);
    expect(large.positions.length).toBeGreaterThan(small.positions.length);
    expect(small.steps.map((s) => s.id)).not.toContain('first-aid-fire');
    expect(large.steps.map((s) => s.id)).toContain('first-aid-fire');
    expect(large.musterTargetMinutes).toBe(small.musterTargetMinutes! + 2);
  });

  it('makes an exercise of a drill kit for an exercise regulation', () => {
    expect(composeTemplate({ ...base, regulation: 'isps_b18_6' }).type).toBe('functional');
    expect(composeTemplate({ ...base, regulation: 'isps_b18_6', durationMinutes: 180, teamSize: 30 }).type).toBe('full_scale');
  });
});

describe('the built-in library', () => {
  it('has one complete template per scenario with a fixed id', () => {
    expect(LIBRARY.map((t) => t.content.scenario)).toEqual([...DRILL_SCENARIOS]);
    for (const template of LIBRARY) {
      expect(completeTemplateSchema.safeParse(template.content).success).toBe(true);
      expect(libraryTemplate(template.id)).toBe(template);
    }
  });
});
