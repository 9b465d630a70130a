import { describe, expect, it } from '@jest/globals';
import { TEMPLATE_RULES, templateContentSchema, templateKeySchema } from '@muster/contracts';
import {
  compareIssues,
  copyOf,
  emptyCopy,
  move,
  newKey,
  removePosition,
  sortInjectsByMinute,
  toInput,
  validateCopy,
  type WorkingCopy,
} from './model';
import { messagesInEnglish } from '../../../lib/error-text';

const english = (message: string | undefined) => (message === undefined ? undefined : messagesInEnglish({ message }).message);

/** A complete template's working copy: two positions, two steps, one inject. */
function complete(): WorkingCopy {
  return {
    ...emptyCopy(),
    name: 'Berth 4 fire drill',
    scenario: 'fire',
    objectives: [{ key: 'objective-a', text: 'Raise the alarm within two minutes' }],
    positions: [
      { id: 'commander', name: 'Incident commander', description: '' },
      { id: 'warden', name: 'Muster warden', description: '' },
    ],
    steps: [
      { id: 'alarm', title: 'Raise the alarm', instructions: '', positionId: 'commander', expectedMinutes: '5', checklist: [] },
      {
        id: 'muster',
        title: 'Muster',
        instructions: '',
        positionId: 'warden',
        expectedMinutes: '10',
        checklist: [{ id: 'count', text: 'Count' }],
      },
    ],
    injects: [{ id: 'smoke', atMinute: '20', title: 'Smoke', message: 'Smoke reaches warehouse B.', positionId: 'warden' }],
    estimatedMinutes: '45',
  };
}

const paths = (issues: { path: string }[]) => issues.map((i) => i.path);
const messageAt = (issues: { path: string; message: string }[], path: string) => issues.find((i) => i.path === path)?.message;

describe('validating the working copy', () => {
  it('finds nothing wrong with a complete template', () => {
    expect(validateCopy(complete())).toEqual({ blocking: [], all: [] });
  });

  it('reports an empty template: what stops a draft save, and what stops publishing', () => {
    const v = validateCopy(emptyCopy());
    expect(paths(v.blocking)).toEqual(['name', 'scenario']);
    expect(messageAt(v.all, 'steps')?.split('?')[0]).toBe(TEMPLATE_RULES.noSteps);
    expect(messageAt(v.all, 'objectives')?.split('?')[0]).toBe(TEMPLATE_RULES.noObjectives);
    expect(messageAt(v.all, 'positions')?.split('?')[0]).toBe(TEMPLATE_RULES.noPositions);
    // In the order of the page: details first, then the lists.
    expect(paths(v.all)).toEqual(['name', 'scenario', 'objectives', 'positions', 'steps']);
  });

  it('puts each field problem on its own path, with the contracts’ sentence', () => {
    const copy = complete();
    copy.steps[1]!.expectedMinutes = '-5';
    copy.steps[0]!.title = '  ';
    copy.injects[0]!.atMinute = '90';
    copy.steps[1]!.checklist[0]!.text = '';
    const v = validateCopy(copy);
    expect(english(messageAt(v.blocking, 'steps.1.expectedMinutes'))).toBe('Must be 0 minutes or more');
    expect(english(messageAt(v.blocking, 'steps.0.title'))).toBe('Required');
    expect(english(messageAt(v.blocking, 'steps.1.checklist.0.text'))).toBe('Required');
    // An inject past the end does not stop a draft, only publishing.
    expect(messageAt(v.blocking, 'injects.0.atMinute')).toBeUndefined();
    expect(english(messageAt(v.all, 'injects.0.atMinute'))).toBe(
      'Due after the drill ends (at 45 min): move it earlier or lengthen the drill',
    );
    expect(paths(v.all)).toEqual(['steps.0.title', 'steps.1.expectedMinutes', 'steps.1.checklist.0.text', 'injects.0.atMinute']);
  });

  it('asks for minutes that are missing or not whole', () => {
    const copy = complete();
    copy.estimatedMinutes = '';
    copy.steps[0]!.expectedMinutes = '2.5';
    const v = validateCopy(copy);
    expect(english(messageAt(v.blocking, 'estimatedMinutes'))).toBe('Enter the duration in minutes');
    expect(english(messageAt(v.blocking, 'steps.0.expectedMinutes'))).toBe('Use whole minutes');
  });

  it('catches duplicated ids and positions that are not the template’s', () => {
    const copy = complete();
    copy.steps[1]!.id = 'alarm';
    copy.injects[0]!.positionId = 'ghost';
    const v = validateCopy(copy);
    expect(messageAt(v.all, 'steps.1.id')?.split('?')[0]).toBe(TEMPLATE_RULES.duplicateId);
    expect(messageAt(v.all, 'injects.0.positionId')?.split('?')[0]).toBe(TEMPLATE_RULES.unknownPosition);
  });
});

describe('the working copy and the template', () => {
  it('round-trips a template: numbers as typed, no position as empty', () => {
    const input = toInput(complete());
    const copy = copyOf({
      ...(input as Parameters<typeof copyOf>[0]),
      description: '',
      musterTargetMinutes: null,
    });
    expect(toInput(copy)).toEqual({ ...input, description: '' });
    expect(copy.steps[0]!.expectedMinutes).toBe('5');
    expect(toInput({ ...copy, musterTargetMinutes: '8' }).musterTargetMinutes).toBe(8);
    expect(toInput({ ...copy, steps: [{ ...copy.steps[0]!, positionId: '' }] }).steps?.[0]?.positionId).toBeNull();
  });

  it('gives new ids the template accepts, never one already used', () => {
    const taken = ['step-aaaaaa'];
    for (let i = 0; i < 50; i++) {
      const key = newKey('step', taken);
      expect(templateKeySchema.safeParse(key).success).toBe(true);
      expect(taken).not.toContain(key);
      taken.push(key);
    }
  });

  it('moves an item up or down, and not past either end', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('sorts injects by minute, keeping the order of equal minutes and putting unreadable ones last', () => {
    const inject = (id: string, atMinute: string) => ({ id, atMinute, title: id, message: id, positionId: '' });
    const sorted = sortInjectsByMinute([inject('x', ''), inject('b', '30'), inject('a', '10'), inject('c', '30'), inject('d', '5')]);
    expect(sorted.map((i) => i.id)).toEqual(['d', 'a', 'b', 'c', 'x']);
  });

  it('hands the steps and injects of a removed position to no one', () => {
    const copy = removePosition(complete(), 'warden');
    expect(copy.positions.map((p) => p.id)).toEqual(['commander']);
    expect(copy.steps.map((s) => s.positionId)).toEqual(['commander', '']);
    expect(copy.injects[0]!.positionId).toBe('');
    expect(validateCopy(copy).all).toEqual([]);
  });

  it('orders issues by field, then by item number (10 after 9)', () => {
    const issues = ['injects.0.title', 'steps.10.title', 'name', 'steps.9.title', 'steps', 'steps.9.checklist.0.text'].map((path) => ({
      path,
      message: '',
    }));
    expect(paths([...issues].sort(compareIssues))).toEqual([
      'name',
      'steps',
      'steps.9.title',
      'steps.9.checklist.0.text',
      'steps.10.title',
      'injects.0.title',
    ]);
  });
});

describe('SOP links of steps', () => {
  const SOP = '0b6d3f1e-2c4a-4c8e-9f7a-1d2e3f4a5b6c';
  it('keep a step’s link to an SOP step through the working copy, and send none for a step without one', () => {
    const copy = complete();
    copy.steps[0] = { ...copy.steps[0]!, sopLink: `${SOP}:activate-alarm` };
    const input = toInput(copy);
    expect(input.steps![0]!.sopLink).toEqual({ sopId: SOP, stepId: 'activate-alarm' });
    expect(input.steps![1]).not.toHaveProperty('sopLink');
    // Back to the editor's copy: the same value in the select.
    const again = copyOf(templateContentSchema.parse(input));
    expect(again.steps[0]!.sopLink).toBe(`${SOP}:activate-alarm`);
    expect(again.steps[1]).not.toHaveProperty('sopLink');
    // "No SOP step" chosen: the link is gone.
    copy.steps[0] = { ...copy.steps[0], sopLink: '' };
    expect(toInput(copy).steps![0]).not.toHaveProperty('sopLink');
  });
});
