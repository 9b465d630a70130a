import type { DrillRegulation, DrillScenario, FacilityType } from '@muster/contracts';
import type { KitPhase, RoleKey } from './kits.js';
import { REGULATION_PHASES } from './roles.js';

/**
 * Keys of the web's `drillLibrary` namespace for the texts of the scenario library. English lives
 * in kits.ts and roles.ts (the server's copy, for search and exports); messages.ts turns it into
 * the English translation file, and a test keeps the two the same.
 */
export const kitKey = (scenario: DrillScenario, rest: string) => `kits.${scenario}.${rest}`;

export const injectKey = (scenario: DrillScenario, injectId: string, field: 'title' | 'message') =>
  kitKey(scenario, `injects.${injectId}.${field}`);

export const positionKey = (facility: FacilityType, role: RoleKey, field: 'name' | 'description') => `roles.${facility}.${role}.${field}`;

/** Phases shared by every kit (the same texts in each). */
export const SHARED_PHASES = ['hot-debrief', 'raise-alarm'] as const;

/**
 * The keys of a phase's texts: `title` for its title, `rest` the prefix of its instructions and
 * checklist. Regulation phases and shared phases have their own; the alarm phase's title names
 * what the alarm is about, so it is the kit's own.
 */
export function phaseKey(scenario: DrillScenario, phase: KitPhase): { title: string; rest: string } {
  const reg = regulationOf(phase);
  if (reg) return { title: `regulations.${reg}.title`, rest: `regulations.${reg}` };
  if (phase.id === 'hot-debrief') return { title: 'phases.hot-debrief.title', rest: 'phases.hot-debrief' };
  if (phase.id === 'raise-alarm') return { title: kitKey(scenario, 'phases.raise-alarm.title'), rest: 'phases.raise-alarm' };
  const base = kitKey(scenario, `phases.${phase.id}`);
  return { title: `${base}.title`, rest: base };
}

function regulationOf(phase: KitPhase): DrillRegulation | undefined {
  return (Object.keys(REGULATION_PHASES) as DrillRegulation[]).find((r) => REGULATION_PHASES[r] === phase);
}
