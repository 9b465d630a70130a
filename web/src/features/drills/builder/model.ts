import {
  checkTemplateComplete,
  templateContentSchema,
  type DrillRegulation,
  type DrillScenario,
  type DrillType,
  type LibraryTexts,
  type TemplateContent,
  type TemplateContentInput,
} from '@muster/contracts';
import { issueMessage } from '../../../lib/error-text';

/**
 * The builder's working copy of a template: what the inputs hold (numbers as typed, "no
 * position" as ''), turned into the contracts' shape to validate and to save.
 */
export interface PositionDraft {
  id: string;
  name: string;
  description: string;
}
export interface ChecklistDraft {
  id: string;
  text: string;
}
export interface StepDraft {
  id: string;
  title: string;
  instructions: string;
  /** '' = no position. */
  positionId: string;
  expectedMinutes: string;
  checklist: ChecklistDraft[];
  /** The SOP step it tests, as `sopId:stepId` ('' or absent: none). */
  sopLink?: string;
}
export interface InjectDraft {
  id: string;
  atMinute: string;
  title: string;
  message: string;
  /** '' = everyone. */
  positionId: string;
}
/** An objective with a key of the editor's own (objectives are plain texts in the template). */
export interface ObjectiveDraft {
  key: string;
  text: string;
}
export interface WorkingCopy {
  name: string;
  type: DrillType;
  /** '' until one is chosen. */
  scenario: DrillScenario | '';
  description: string;
  objectives: ObjectiveDraft[];
  positions: PositionDraft[];
  steps: StepDraft[];
  injects: InjectDraft[];
  regulations: DrillRegulation[];
  estimatedMinutes: string;
  /** '' = the drill does not measure a muster. */
  musterTargetMinutes: string;
  /**
   * Which fields the built-in library wrote (kept as they came). A field still holding the
   * library's English shows translated outside the builder; an edited one is the user's own.
   */
  libraryTexts?: LibraryTexts;
}

/** A problem of the working copy, on its field's path (`steps.2.expectedMinutes`, `objectives`). */
export interface Issue {
  path: string;
  message: string;
}

export interface Validation {
  /** Problems that stop any save (the shape of a template, which a draft needs too). */
  blocking: Issue[];
  /** Every problem, including the rules a template must meet to be published. */
  all: Issue[];
}

function randomSuffix(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/** A new id for a position, step, checklist item or inject (`templateKeySchema`), unused in `taken`. */
export function newKey(prefix: 'position' | 'step' | 'item' | 'inject' | 'objective', taken: Iterable<string> = []): string {
  const used = new Set(taken);
  for (;;) {
    const key = `${prefix}-${randomSuffix()}`;
    if (!used.has(key)) return key;
  }
}

export function emptyCopy(): WorkingCopy {
  return {
    name: '',
    type: 'drill',
    scenario: '',
    description: '',
    objectives: [],
    positions: [],
    steps: [],
    injects: [],
    regulations: [],
    estimatedMinutes: '60',
    musterTargetMinutes: '',
  };
}

export function copyOf(content: TemplateContent): WorkingCopy {
  return {
    name: content.name,
    type: content.type,
    scenario: content.scenario,
    description: content.description,
    objectives: content.objectives.map((text, i) => ({ key: `objective-${String(i)}`, text })),
    positions: content.positions.map((p) => ({ ...p })),
    steps: content.steps.map((s) => ({
      id: s.id,
      title: s.title,
      instructions: s.instructions,
      positionId: s.positionId ?? '',
      expectedMinutes: String(s.expectedMinutes),
      checklist: s.checklist.map((c) => ({ ...c })),
      ...(s.sopLink ? { sopLink: `${s.sopLink.sopId}:${s.sopLink.stepId}` } : {}),
    })),
    injects: content.injects.map((i) => ({
      id: i.id,
      atMinute: String(i.atMinute),
      title: i.title,
      message: i.message,
      positionId: i.positionId ?? '',
    })),
    regulations: [...content.regulations],
    estimatedMinutes: String(content.estimatedMinutes),
    musterTargetMinutes: content.musterTargetMinutes === null ? '' : String(content.musterTargetMinutes),
    libraryTexts: content.libraryTexts,
  };
}

/** A typed number: '' is missing (the schema asks for it), anything else is read as a number. */
function numberOf(value: string): number | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** A step's SOP link from its `sopId:stepId` value (nothing when none is chosen). */
function sopLinkOf(value: string | undefined): { sopLink?: { sopId: string; stepId: string } } {
  const at = value ? value.indexOf(':') : -1;
  return value && at > 0 ? { sopLink: { sopId: value.slice(0, at), stepId: value.slice(at + 1) } } : {};
}

/** The working copy in the contracts' input shape (what is validated and sent). */
export function toInput(copy: WorkingCopy): TemplateContentInput {
  const muster = numberOf(copy.musterTargetMinutes);
  return {
    name: copy.name,
    type: copy.type,
    scenario: (copy.scenario || undefined) as DrillScenario,
    description: copy.description,
    objectives: copy.objectives.map((o) => o.text),
    positions: copy.positions.map((p) => ({ id: p.id, name: p.name, description: p.description })),
    steps: copy.steps.map((s) => ({
      id: s.id,
      title: s.title,
      instructions: s.instructions,
      positionId: s.positionId || null,
      expectedMinutes: numberOf(s.expectedMinutes) as number,
      checklist: s.checklist.map((c) => ({ id: c.id, text: c.text })),
      ...sopLinkOf(s.sopLink),
    })),
    injects: copy.injects.map((i) => ({
      id: i.id,
      atMinute: numberOf(i.atMinute) as number,
      title: i.title,
      message: i.message,
      positionId: i.positionId || null,
    })),
    regulations: [...copy.regulations],
    estimatedMinutes: numberOf(copy.estimatedMinutes) as number,
    musterTargetMinutes: muster === undefined ? null : muster,
    libraryTexts: copy.libraryTexts ?? {},
  };
}

/** The working copy as content, as far as it can be read, for the completeness rules. */
function lenientContent(copy: WorkingCopy): TemplateContent {
  const input = toInput(copy);
  const n = (value: number | undefined) => (value === undefined ? Number.NaN : value);
  return {
    name: copy.name.trim(),
    type: copy.type,
    scenario: copy.scenario || 'custom',
    description: copy.description,
    objectives: input.objectives ?? [],
    positions: copy.positions,
    steps: (input.steps ?? []).map((s) => ({
      id: s.id,
      title: s.title,
      instructions: s.instructions ?? '',
      positionId: s.positionId ?? null,
      expectedMinutes: n(s.expectedMinutes),
      checklist: s.checklist ?? [],
    })),
    injects: (input.injects ?? []).map((i) => ({ ...i, positionId: i.positionId ?? null, atMinute: n(i.atMinute) })),
    regulations: copy.regulations,
    estimatedMinutes: n(input.estimatedMinutes),
    musterTargetMinutes: input.musterTargetMinutes ?? null,
    libraryTexts: copy.libraryTexts ?? {},
  };
}

const FIELD_ORDER = [
  'name',
  'type',
  'scenario',
  'description',
  'estimatedMinutes',
  'musterTargetMinutes',
  'objectives',
  'positions',
  'steps',
  'injects',
  'regulations',
];

/** The order of the fields inside one item of each list, as the builder shows them. */
const ITEM_FIELD_ORDER: Record<string, string[]> = {
  positions: ['id', 'name', 'description'],
  steps: ['id', 'title', 'positionId', 'expectedMinutes', 'instructions', 'sopLink', 'checklist'],
  injects: ['id', 'atMinute', 'positionId', 'title', 'message'],
  checklist: ['id', 'text'],
};

/** Orders issues as the builder lays its fields out: top to bottom, list items by index. */
export function compareIssues(a: Issue, b: Issue): number {
  const pa = a.path.split('.');
  const pb = b.path.split('.');
  const rank = (head: string | undefined) => {
    const i = FIELD_ORDER.indexOf(head ?? '');
    return i < 0 ? FIELD_ORDER.length : i;
  };
  const byField = rank(pa[0]) - rank(pb[0]);
  if (byField !== 0) return byField;
  for (let i = 1; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    // A field of an item: its place in that item (checklist fields under `steps.N.checklist.M`).
    const list = pa[i - 2] === 'checklist' ? 'checklist' : (pa[0] ?? '');
    const order = ITEM_FIELD_ORDER[list] ?? [];
    const rx = order.indexOf(x);
    const ry = order.indexOf(y);
    if (rx !== ry) return (rx < 0 ? order.length : rx) - (ry < 0 ? order.length : ry);
    return x < y ? -1 : 1;
  }
  return 0;
}

/** One message per path (the first), in layout order. */
function dedupe(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const issue of issues) {
    if (seen.has(issue.path)) continue;
    seen.add(issue.path);
    out.push(issue);
  }
  return out.sort(compareIssues);
}

/**
 * Validates the working copy with the contracts: the template's shape (`templateContentSchema`,
 * which the server requires of every save) and the rules of a complete template
 * (`checkTemplateComplete`, required to publish), each issue on its field's path.
 */
export function validateCopy(copy: WorkingCopy): Validation {
  const parsed = templateContentSchema.safeParse(toInput(copy));
  const blocking = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: issueMessage(i) }));
  const complete: Issue[] = [];
  const ctx = {
    addIssue: (issue: { path?: PropertyKey[]; message?: string; params?: Record<string, unknown> }) => {
      complete.push({ path: (issue.path ?? []).map(String).join('.'), message: issueMessage({ path: [], message: '', ...issue }) });
    },
  } as unknown as Parameters<typeof checkTemplateComplete>[1];
  checkTemplateComplete(lenientContent(copy), ctx);
  return { blocking: dedupe(blocking), all: dedupe([...blocking, ...complete]) };
}

/** The list with the item at `index` moved by `delta` places (unchanged when it cannot move). */
export function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(index, 1);
  out.splice(target, 0, item as T);
  return out;
}

/** Injects in the order of their minute (the order kept among equal minutes; unreadable minutes last). */
export function sortInjectsByMinute(injects: readonly InjectDraft[]): InjectDraft[] {
  const minute = (i: InjectDraft) => {
    const n = numberOf(i.atMinute);
    return n === undefined || Number.isNaN(n) ? Number.POSITIVE_INFINITY : n;
  };
  return injects
    .map((inject, index) => ({ inject, index }))
    .sort((a, b) => minute(a.inject) - minute(b.inject) || a.index - b.index)
    .map((x) => x.inject);
}

/** Removes a position; the steps and injects it was responsible for go to no one / everyone. */
export function removePosition(copy: WorkingCopy, id: string): WorkingCopy {
  return {
    ...copy,
    positions: copy.positions.filter((p) => p.id !== id),
    steps: copy.steps.map((s) => (s.positionId === id ? { ...s, positionId: '' } : s)),
    injects: copy.injects.map((i) => (i.positionId === id ? { ...i, positionId: '' } : i)),
  };
}

/** Every id used in the working copy (new ids must differ from all of them). */
export function takenKeys(copy: WorkingCopy): string[] {
  return [
    ...copy.positions.map((p) => p.id),
    ...copy.steps.flatMap((s) => [s.id, ...s.checklist.map((c) => c.id)]),
    ...copy.injects.map((i) => i.id),
    ...copy.objectives.map((o) => o.key),
  ];
}

/** The id of the input that shows the issue on `path` (the summary moves focus there). */
export function fieldId(path: string): string {
  return `tpl-${path.replace(/\./g, '-')}`;
}

/** The same content (what would be saved), whatever the editor-only keys. */
export function sameContent(a: WorkingCopy, b: WorkingCopy): boolean {
  return JSON.stringify(toInput(a)) === JSON.stringify(toInput(b));
}
