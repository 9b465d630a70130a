import {
  DRILL_LIMITS,
  LIBRARY_TEXT_PATHS as PATH,
  type DrillScenario,
  type LibraryText,
  type LibraryTexts,
  type DrillType,
  type GenerateTemplateRequest,
  type TemplateContent,
  type generateTemplateSchema,
} from '@muster/contracts';
import type { z } from 'zod';
import { SCENARIO_KITS, type KitPhase, type RoleKey, type ScenarioKit } from './kits.js';
import { injectKey, kitKey, phaseKey, positionKey } from './keys.js';
import { FACILITY_WORDS, REGULATION_PHASES, ROLE_NAMES } from './roles.js';

export type GenerateInput = z.output<typeof generateTemplateSchema>;

/** The muster target grows with the team: two more minutes for every 50 people beyond 20. */
function musterTarget(base: number | null, teamSize: number): number | null {
  if (base === null) return null;
  return Math.min(DRILL_LIMITS.musterTargetMinutesMax, base + Math.ceil(Math.max(0, teamSize - 20) / 50) * 2);
}

/** Whole minutes per step in proportion to their weights, adding up exactly to `total` (at least 1 each). */
function apportion(weights: number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const minutes = weights.map((w) => Math.max(1, Math.round((w / sum) * total)));
  let diff = total - minutes.reduce((a, b) => a + b, 0);
  // Give or take the rounding difference from the longest steps first, never below one minute.
  const order = minutes.map((m, i) => [m, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; diff !== 0 && k < order.length * 4; k++) {
    const i = order[k % order.length]![1];
    if (diff > 0) {
      minutes[i]! += 1;
      diff -= 1;
    } else if (minutes[i]! > 1) {
      minutes[i]! -= 1;
      diff += 1;
    }
  }
  return minutes;
}

/** An exercise regulation makes a drill-type kit an exercise of the right kind. */
function typeFor(kit: ScenarioKit, input: GenerateInput): DrillType {
  if (input.regulation !== 'isps_b18_6' && input.regulation !== 'iso_22301') return kit.type;
  if (kit.type !== 'drill') return kit.type;
  return input.durationMinutes >= 120 && input.teamSize >= 20 ? 'full_scale' : 'functional';
}

/**
 * Composes a complete, publishable template from the scenario library: the same answers always
 * give the same template. Phases and injects meant for larger teams are left out for small
 * ones; a small team has fewer positions, their work given to the ones it keeps; the
 * regulation adds its own step before the debrief; durations follow the phases' weights.
 */
export function composeTemplate(input: GenerateInput): TemplateContent {
  const kit = SCENARIO_KITS[input.scenario];
  const words = FACILITY_WORDS[input.facilityType];
  const names = ROLE_NAMES[input.facilityType];

  const phases: KitPhase[] = kit.phases.filter((p) => (p.minTeam ?? 0) <= input.teamSize);
  const regulationPhase = REGULATION_PHASES[input.regulation];
  if (!phases.some((p) => p.id === regulationPhase.id)) phases.splice(Math.max(0, phases.length - 1), 0, regulationPhase);
  const injects = kit.injects.filter((i) => (i.minTeam ?? 0) <= input.teamSize);

  // Positions: the kit's roles in order (the commander first) that the steps or injects use,
  // as many as the team can fill; the work of a role left out goes to the next kept role.
  const used = new Set<RoleKey>([...phases, ...injects].map((x) => x.role).filter((r): r is RoleKey => r !== null));
  const wanted = [...kit.roles, ...[...used].filter((r) => !kit.roles.includes(r))].filter((r) => used.has(r) || r === 'commander');
  const kept = wanted.slice(0, Math.max(2, Math.min(input.teamSize, wanted.length)));
  const assign = (role: RoleKey | null): string | null => {
    if (role === null) return null;
    if (kept.includes(role)) return role;
    return kept.find((r) => r !== 'commander') ?? kept[0] ?? null;
  };

  const minutes = apportion(
    phases.map((p) => p.weight),
    input.durationMinutes,
  );
  const steps = phases.map((phase, i) => ({
    id: phase.id,
    title: phase.title,
    instructions: phase.instructions,
    positionId: assign(phase.role),
    expectedMinutes: minutes[i]!,
    checklist: phase.checklist.map((text, j) => ({ id: `${phase.id}-${String(j + 1)}`.slice(0, 40), text })),
  }));

  const lastMinute = Math.max(1, input.durationMinutes - 1);
  const timedInjects = injects.map((inject) => ({
    id: inject.id,
    atMinute: Math.min(lastMinute, Math.max(1, Math.round(inject.at * input.durationMinutes))),
    title: inject.title,
    message: inject.message,
    positionId: assign(inject.role),
  }));

  const regulations = [input.regulation, ...kit.regulations.filter((r) => r !== input.regulation)];
  const team = input.teamSize === 1 ? '1 person' : `${String(input.teamSize)} people`;

  // Every text above is the library's: say which key of the `drillLibrary` namespace it is.
  const texts: LibraryTexts = {};
  const narrative: LibraryText = {
    key: kitKey(kit.scenario, 'narrative'),
    params: { facility: { key: `facility.${input.facilityType}` } },
  };
  texts[PATH.name] = { key: 'generator.name', params: { name: { key: kitKey(kit.scenario, 'name') }, minutes: input.durationMinutes } };
  texts[PATH.description] = { key: 'generator.description', params: { narrative, count: input.teamSize, minutes: input.durationMinutes } };
  kit.objectives.forEach((_, i) => (texts[PATH.objective(i)] = { key: kitKey(kit.scenario, `objectives.${String(i)}`) }));
  for (const role of kept) {
    texts[PATH.position(role, 'name')] = { key: positionKey(input.facilityType, role, 'name') };
    texts[PATH.position(role, 'description')] = { key: positionKey(input.facilityType, role, 'description') };
  }
  for (const phase of phases) {
    const base = phaseKey(kit.scenario, phase);
    texts[PATH.step(phase.id, 'title')] = { key: base.title };
    texts[PATH.step(phase.id, 'instructions')] = { key: `${base.rest}.instructions` };
    phase.checklist.forEach((_, j) => {
      const itemId = `${phase.id}-${String(j + 1)}`.slice(0, 40);
      texts[PATH.checklistItem(phase.id, itemId)] = { key: `${base.rest}.checklist.${String(j)}` };
    });
  }
  for (const inject of injects) {
    texts[PATH.inject(inject.id, 'title')] = { key: injectKey(kit.scenario, inject.id, 'title') };
    texts[PATH.inject(inject.id, 'message')] = { key: injectKey(kit.scenario, inject.id, 'message') };
  }

  return {
    name: `${kit.name} (${String(input.durationMinutes)} min)`.slice(0, DRILL_LIMITS.nameMax),
    type: typeFor(kit, input),
    scenario: input.scenario,
    description: `${kit.narrative.replaceAll('{facility}', words)}\n\nPlanned for a team of ${team}, about ${String(input.durationMinutes)} minutes.`,
    objectives: [...kit.objectives],
    positions: kept.map((role) => ({ id: role, name: names[role].name, description: names[role].description })),
    steps,
    injects: timedInjects.sort((a, b) => a.atMinute - b.atMinute),
    regulations,
    estimatedMinutes: input.durationMinutes,
    musterTargetMinutes: musterTarget(kit.musterMinutes, input.teamSize),
    libraryTexts: texts,
  };
}

/** The answers the library template of a scenario is composed from. */
export function libraryInput(scenario: DrillScenario): GenerateTemplateRequest & GenerateInput {
  const kit = SCENARIO_KITS[scenario];
  return { facilityType: 'port_facility', scenario, regulation: kit.regulations[0]!, durationMinutes: kit.minutes, teamSize: 12 };
}
