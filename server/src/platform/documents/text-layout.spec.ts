import { layoutParagraph, type Line } from './text-layout.js';

/** Every character 5 points wide: positions are predictable. */
const measure = (_face: unknown, text: string) => Array.from(text).length * 5;
const lay = (text: string, direction: 'ltr' | 'rtl' | 'auto', width = 1000) => layoutParagraph([{ text }], direction, width, measure);
/** A line's drawn strings from left to right. */
const visual = (line: Line) =>
  line.groups
    .flatMap((g) => g.items)
    .sort((a, b) => a.x - b.x)
    .map((i) => i.text);

describe('text layout', () => {
  it('orders a mixed right-to-left line as the bidi algorithm does, with the Latin stretch in logical order as ActualText', () => {
    const { direction, lines } = lay('تمرين الحريق في الرصيف 4 – Quay 4 fire drill', 'rtl');
    expect(direction).toBe('rtl');
    expect(visual(lines[0]!)).toEqual(['Quay 4 fire drill', '–', '4', 'الرصيف', 'في', 'الحريق', 'تمرين']);
    expect(lines[0]!.groups.map((g) => g.actual).filter(Boolean)).toEqual(['4 – Quay 4 fire drill']);
  });

  it('mirrors brackets in right-to-left text and gives extraction the characters typed', () => {
    const { lines } = lay('التجمع (الرصيف)', 'rtl');
    expect(visual(lines[0]!)).toEqual(['(', 'الرصيف', ')', 'التجمع']);
    expect(lines[0]!.groups.filter((g) => g.actual).map((g) => g.actual)).toEqual(['(', ')']);
  });

  it('takes the direction of a paragraph from its first strong character', () => {
    expect(lay('Quay 4 — الرصيف', 'auto').direction).toBe('ltr');
    expect(lay('4 الرصيف — Quay', 'auto').direction).toBe('rtl');
    expect(lay('Quay 4', 'rtl').direction).toBe('rtl');
  });

  it('wraps at spaces, within the width', () => {
    const { lines } = lay('one two three four five six seven', 'ltr', 60);
    expect(lines.map(visual)).toEqual([['one two'], ['three four'], ['five six'], ['seven']]);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(60);
  });

  it('wraps Chinese between characters, never before closing punctuation', () => {
    const { lines } = lay('第四码头消防演习，所有人员到达集合点。', 'ltr', 40);
    for (const line of lines) {
      expect(line.width).toBeLessThanOrEqual(45);
      expect(visual(line).join('')).not.toMatch(/^[，。]/u);
    }
    expect(lines.map((l) => visual(l).join('')).join('')).toBe('第四码头消防演习，所有人员到达集合点。');
  });

  it('draws Arabic-Indic digits left to right (reversed for fontkit, which lays Arabic script out right to left)', () => {
    const { lines } = lay('الرصيف ١٢', 'rtl');
    expect(visual(lines[0]!)).toEqual(['٢١', 'الرصيف']);
  });

  it('drops formatting characters and reports characters no font has', () => {
    const { lines, missing } = lay('\u2068Quay\u2069 🚒', 'ltr');
    expect(visual(lines[0]!).join('')).toBe('Quay \ufffd');
    expect(missing).toEqual(['🚒']);
  });
});
