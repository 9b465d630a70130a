import { DRILL_REGULATIONS, FACILITY_TYPES } from '@muster/contracts';
import { SCENARIO_KITS, type KitPhase, type RoleKey } from './kits.js';
import { phaseKey } from './keys.js';
import { FACILITY_WORDS, REGULATION_PHASES, ROLE_NAMES } from './roles.js';

/** i18next plural suffixes every language file carries (Arabic uses all six). */
const PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** `{facility}` of the kits' narratives as an i18next interpolation. */
const interpolated = (text: string) => text.replaceAll('{facility}', '{{facility}}');

/**
 * The English texts of the scenario library, key → text, as the `drillLibrary` namespace holds
 * them (web/public/locales/en/drillLibrary.json is this, written out; a test keeps them equal).
 */
export function libraryMessages(): Map<string, string> {
  const out = new Map<string, string>();
  for (const facility of FACILITY_TYPES) out.set(`facility.${facility}`, FACILITY_WORDS[facility]);
  out.set('generator.name', '{{name}} ({{minutes}} min)');
  for (const form of PLURALS) {
    const team = form === 'one' ? '{{count}} person' : '{{count}} people';
    out.set(`generator.description_${form}`, `{{narrative}}\n\nPlanned for a team of ${team}, about {{minutes}} minutes.`);
  }
  out.set('copyOf', '{{name}} (copy)');
  const phase = (scenario: keyof typeof SCENARIO_KITS, p: KitPhase) => {
    const key = phaseKey(scenario, p);
    out.set(key.title, p.title);
    out.set(`${key.rest}.instructions`, p.instructions);
    p.checklist.forEach((text, j) => out.set(`${key.rest}.checklist.${String(j)}`, text));
  };
  for (const kit of Object.values(SCENARIO_KITS)) {
    const base = `kits.${kit.scenario}`;
    out.set(`${base}.name`, kit.name);
    out.set(`${base}.narrative`, interpolated(kit.narrative));
    kit.objectives.forEach((text, i) => out.set(`${base}.objectives.${String(i)}`, text));
    for (const p of kit.phases) phase(kit.scenario, p);
    for (const inject of kit.injects) {
      out.set(`${base}.injects.${inject.id}.title`, inject.title);
      out.set(`${base}.injects.${inject.id}.message`, inject.message);
    }
  }
  for (const regulation of DRILL_REGULATIONS) phase('custom', REGULATION_PHASES[regulation]);
  for (const facility of FACILITY_TYPES) {
    for (const [role, text] of Object.entries(ROLE_NAMES[facility]) as [RoleKey, { name: string; description: string }][]) {
      out.set(`roles.${facility}.${role}.name`, text.name);
      out.set(`roles.${facility}.${role}.description`, text.description);
    }
  }
  return out;
}

type Tree = { [key: string]: string | Tree | string[] };

/** The messages as the nested object of a translation file (numbered items as arrays). */
export function libraryMessagesTree(messages = libraryMessages()): Tree {
  const root: Tree = {};
  for (const [key, text] of messages) {
    const parts = key.split('.');
    let node: Tree = root;
    parts.slice(0, -1).forEach((part) => {
      node[part] ??= {};
      node = node[part] as Tree;
    });
    node[parts.at(-1)!] = text;
  }
  const arrays = (tree: Tree): Tree | string[] => {
    const keys = Object.keys(tree);
    if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => tree[k] as string);
    for (const k of keys) if (typeof tree[k] === 'object') tree[k] = arrays(tree[k] as Tree);
    return tree;
  };
  return arrays(root) as Tree;
}
