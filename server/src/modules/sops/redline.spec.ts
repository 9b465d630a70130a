import type { SopContent } from '@muster/contracts';
import { redlineOf, wordDiff } from './redline.js';

const v1: SopContent = {
  title: 'Fire response',
  reviewIntervalMonths: 12,
  sections: [
    {
      id: 'alarm',
      heading: 'Raise the alarm',
      steps: [
        { id: 'a1', text: 'Press the alarm and call the control room.' },
        { id: 'a2', text: 'Report the location.' },
      ],
    },
    { id: 'old', heading: 'Old section', steps: [{ id: 'o1', text: 'Gone soon.' }] },
  ],
};

describe('redline', () => {
  it('says which words changed, in order, so the kept and added words are the new text', () => {
    const words = wordDiff('Press the alarm and call the control room.', 'Press the alarm and radio the control room now.');
    expect(words.filter((w) => w.op === 'removed').map((w) => w.text)).toEqual(['call']);
    expect(
      words
        .filter((w) => w.op !== 'removed')
        .map((w) => w.text)
        .join(''),
    ).toBe('Press the alarm and radio the control room now.');
    expect(
      words
        .filter((w) => w.op !== 'added')
        .map((w) => w.text)
        .join(''),
    ).toBe('Press the alarm and call the control room.');
  });

  it('tells added, removed, reworded and moved steps apart by their ids', () => {
    const v2: SopContent = {
      title: 'Fire response',
      reviewIntervalMonths: 6,
      sections: [
        {
          id: 'alarm',
          heading: 'Raise the alarm',
          steps: [
            { id: 'a2', text: 'Report the location.' },
            { id: 'a1', text: 'Press the alarm and radio the control room.' },
            { id: 'a3', text: 'Meet the fire service.' },
          ],
        },
      ],
    };
    const redline = redlineOf(v1, v2);
    expect(redline.counts).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(redline.reviewIntervalChanged).toBe(true);
    expect(redline.titleChanged).toBe(false);
    expect(redline.sections.map((s) => [s.id, s.state])).toEqual([
      ['alarm', 'changed'],
      ['old', 'removed'],
    ]);
    expect(redline.sections[0]!.steps.map((s) => [s.id, s.state])).toEqual([
      ['a2', 'same'],
      ['a1', 'changed'],
      ['a3', 'added'],
    ]);
    expect(redline.sections[1]!.steps).toEqual([{ id: 'o1', state: 'removed', words: [{ op: 'removed', text: 'Gone soon.' }] }]);
  });

  it('shows nothing changed between equal versions', () => {
    const redline = redlineOf(v1, structuredClone(v1));
    expect(redline.counts).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(redline.sections.every((s) => s.state === 'same')).toBe(true);
  });
});
