import bidiModule from 'bidi-js';
import { faceFor, replacementFace, type Face, type Weight } from './fonts.js';

/**
 * Lines of a paragraph, as PDF text needs them: the Unicode bidirectional algorithm (bidi-js)
 * over the paragraph, its characters grouped into runs of one level and one font, line breaks
 * over those runs, and each line's runs in visual order with what to draw where. The drawing
 * itself is pdf-text.ts's.
 */

/** bidi-js is CommonJS with typings of an ES default export: Node hands over module.exports, the factory itself. */
const bidi = (bidiModule as unknown as typeof bidiModule.default)();

/** A piece of a paragraph in one weight and colour. */
export interface TextSpan {
  text: string;
  bold?: boolean;
  color?: string;
}

export type Direction = 'ltr' | 'rtl';

/** Something to draw: `text` in `face` at `x` from the line's left edge, in the colour of `span`. */
export interface DrawItem {
  text: string;
  face: Face;
  span: number;
  x: number;
}

/**
 * Items drawn together. `actual` (when set) is the group's text in logical order, written as the
 * PDF's /ActualText of the group: text extraction reads it instead of the glyphs, whose order on
 * the line is visual.
 */
export interface DrawGroup {
  items: DrawItem[];
  actual?: string;
}

export interface Line {
  width: number;
  groups: DrawGroup[];
}

export interface Paragraph {
  direction: Direction;
  lines: Line[];
  /** Characters no shipped font has (drawn as U+FFFD). */
  missing: string[];
}

/** One character as laid out. */
interface Char {
  text: string;
  index: number;
  level: number;
  span: number;
  face: Face;
  kind: 'glyph' | 'space' | 'newline';
}

/** A stretch between two break opportunities: one word, a run of spaces, or one Chinese character. */
interface Token {
  chars: Char[];
  kind: Char['kind'];
  width: number;
}

/** Characters of one level, font and span, drawn as one string (or, right to left, one word). */
interface Run {
  chars: Char[];
  level: number;
  face: Face;
  span: number;
  width: number;
}

/** Width of a string in a face at the paragraph's size. */
export type Measure = (face: Face, text: string) => number;

/** Formatting characters that steer the bidi algorithm or joining but are never drawn. */
const INVISIBLE = /[\u00ad\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
/** Joiners: drawn (zero-width) by a font that has them, so Arabic keeps its joining; dropped otherwise. */
const JOINER = /[\u200c\u200d]/u;
/** Spaces that join: drawn as a space, never broken at. */
const NO_BREAK_SPACE = /[\u00a0\u2007\u202f]/u;
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const RTL_STRONG = (char: string) => {
  const type = bidi.getBidiCharTypeName(char);
  return type === 'R' || type === 'AL';
};
/**
 * What text extractors read as left to right inside right-to-left text: strong left-to-right
 * characters, digits, and the ASCII punctuation of numbers (poppler's character table counts
 * # $ % + , - . / : with the digits).
 */
const LTR_ANCHOR = (char: string) => {
  const type = bidi.getBidiCharTypeName(char);
  return type === 'L' || type === 'EN' || type === 'AN' || /[#$%+,\-./:]/u.test(char);
};
/** Characters between which a line may break without a space (Chinese and Japanese writing). */
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
/** Never at the start of a line (closing punctuation, small kana). */
const NO_BREAK_BEFORE = /[)\]}»”’,.:;!?%、。，．：；！？）］｝」』】〉》〕〗〙〛〞・ー々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ]/u;
/** Never at the end of a line (opening punctuation). */
const NO_BREAK_AFTER = /[([{«“‘（［｛「『【〈《〔〖〘〚〝]/u;
/** A line may break after these before a letter ("after-action", "A/B"; not inside "2026-01-05"). */
const BREAK_AFTER = /[-/\u2010\u2013\u2014]/u;

function breakBetween(before: Char, after: Char): boolean {
  if (before.kind !== 'glyph' || after.kind !== 'glyph') return before.kind !== after.kind;
  if (NO_BREAK_AFTER.test(before.text) || NO_BREAK_BEFORE.test(after.text)) return false;
  if (IDEOGRAPHIC.test(before.text) || IDEOGRAPHIC.test(after.text)) return true;
  return BREAK_AFTER.test(before.text) && /\p{L}/u.test(after.text);
}

/** The characters of a paragraph with their bidi level and face; newlines are forced breaks. */
function characters(spans: readonly TextSpan[], direction: Direction | 'auto'): { chars: Char[]; base: number; missing: string[] } {
  const text = spans.map((s) => s.text.replace(/\r\n?/g, '\n')).join('');
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const base = embedding.paragraphs[0]?.level ?? (direction === 'rtl' ? 1 : 0);
  const chars: Char[] = [];
  const missing: string[] = [];
  let index = 0;
  let previous: Face | null = null;
  spans.forEach((span, spanIndex) => {
    const weight: Weight = span.bold ? 'bold' : 'regular';
    for (const char of span.text.replace(/\r\n?/g, '\n')) {
      const level = embedding.levels[index] ?? base;
      const at = index;
      index += char.length;
      if (char === '\n') {
        chars.push({ text: char, index: at, level, span: spanIndex, face: previous ?? replacementFace(weight), kind: 'newline' });
        continue;
      }
      if (INVISIBLE.test(char)) continue;
      if (JOINER.test(char)) {
        if (previous?.font().hasGlyphForCodePoint(char.codePointAt(0)!))
          chars.push({ text: char, index: at, level, span: spanIndex, face: previous, kind: 'glyph' });
        continue;
      }
      const space = /\s/u.test(char) && !NO_BREAK_SPACE.test(char);
      let face = faceFor(space ? ' ' : char, weight, previous);
      let drawn = space ? ' ' : char;
      if (!face) {
        missing.push(char);
        face = replacementFace(weight);
        drawn = '\ufffd';
      }
      chars.push({ text: drawn, index: at, level, span: spanIndex, face, kind: space ? 'space' : 'glyph' });
      previous = face;
    }
  });
  return { chars, base, missing };
}

/** The paragraph cut at its break opportunities. */
function tokens(chars: readonly Char[]): Char[][] {
  const out: Char[][] = [];
  let current: Char[] = [];
  chars.forEach((char, i) => {
    const before = chars[i - 1];
    if (before && (char.kind === 'newline' || before.kind === 'newline' || breakBetween(before, char))) {
      out.push(current);
      current = [];
    }
    current.push(char);
  });
  if (current.length) out.push(current);
  return out;
}

/** Consecutive characters of one level, face and span; right-to-left runs also end at spaces. */
function runsOf(chars: readonly Char[]): Char[][] {
  const out: Char[][] = [];
  for (const char of chars) {
    const run = out.at(-1);
    const last = run?.at(-1);
    const rtl = char.level % 2 === 1;
    const joins =
      last &&
      last.level === char.level &&
      last.face === char.face &&
      last.span === char.span &&
      !(rtl && (last.kind === 'space') !== (char.kind === 'space'));
    if (run && joins) run.push(char);
    else out.push([char]);
  }
  return out;
}

const textOf = (chars: readonly Char[]) => chars.map((c) => c.text).join('');

/** A run's text as the font must be given it to draw it in its direction (see `drawRun`). */
function shapedText(run: Run): string {
  const text = textOf(run.chars);
  if (run.level % 2 === 0) {
    // fontkit lays out any string with Arabic-script characters right to left: Arabic-Indic digits
    // (left to right, even level) are given to it reversed so that it puts them back in order.
    return RTL_LETTER.test(text) ? Array.from(text).reverse().join('') : text;
  }
  return run.chars.map((c) => bidi.getMirroredCharacter(c.text) ?? c.text).join('');
}

/** The items that draw a run whose left edge is at `x`. */
function drawRun(run: Run, x: number, measure: Measure): DrawItem[] {
  if (run.chars.every((c) => c.kind === 'space')) return [];
  const rtl = run.level % 2 === 1;
  if (!rtl || run.chars.some((c) => RTL_STRONG(c.text))) {
    // fontkit shapes an Arabic word and lays it out right to left itself.
    return [{ text: shapedText(run), face: run.face, span: run.span, x }];
  }
  // Punctuation and symbols inside right-to-left text: drawn one by one from the right, mirrored
  // ("(" shows as ")"), each mirrored one with its own character as /ActualText.
  const items: DrawItem[] = [];
  let right = x + run.width;
  for (const char of run.chars) {
    const mirrored = bidi.getMirroredCharacter(char.text);
    const width = measure(run.face, mirrored ?? char.text);
    right -= width;
    items.push({ text: mirrored ?? char.text, face: run.face, span: run.span, x: right });
  }
  return items;
}

/** Runs of a line in visual order (rule L2 of the bidi algorithm). */
function visualOrder(runs: readonly Run[]): Run[] {
  const out = [...runs];
  const levels = out.map((r) => r.level);
  const highest = Math.max(...levels);
  const lowestOdd = Math.min(...levels.filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    let i = 0;
    while (i < out.length) {
      if (out[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && out[j]!.level >= level) j++;
      out.splice(i, j - i, ...out.slice(i, j).reverse());
      i = j;
    }
  }
  return out;
}

/**
 * The draw groups of a line in a right-to-left paragraph. Text extractors rebuild logical order
 * from the glyphs' positions: they read right-to-left letters backwards, but take a stretch
 * without them (Latin words, numbers and the punctuation between them) as it stands, left to
 * right, while in logical order "4 – Quay" is laid out as "Quay – 4". Each such stretch is one
 * group whose /ActualText is its logical text. Neutral runs at its right end, next to the
 * right-to-left text they belong to, stay outside it.
 */
function rtlGroups(visual: readonly Run[], items: ReadonlyMap<Run, DrawItem[]>): DrawGroup[] {
  const groups: { start: number; group: DrawGroup }[] = [];
  const strong = (run: Run) => run.chars.some((c) => RTL_STRONG(c.text));
  let i = 0;
  while (i < visual.length) {
    const run = visual[i]!;
    if (strong(run)) {
      groups.push({ start: run.chars[0]!.index, group: { items: items.get(run)! } });
      i++;
      continue;
    }
    let j = i;
    while (j < visual.length && !strong(visual[j]!)) j++;
    let end = j;
    while (end > i && !visual[end - 1]!.chars.some((c) => LTR_ANCHOR(c.text))) end--;
    if (end > i) {
      const stretch = visual.slice(i, end);
      const logical = [...stretch].sort((a, b) => a.chars[0]!.index - b.chars[0]!.index);
      const actual = textOf(logical.flatMap((r) => r.chars));
      // Extractors place /ActualText from the first glyph drawn to the end of the last: left to right.
      const group: DrawGroup = { items: stretch.flatMap((r) => items.get(r)!).sort((a, b) => a.x - b.x) };
      if (actual !== stretch.map((r) => textOf(r.chars)).join('') || stretch.some((r) => r.level % 2 === 1)) group.actual = actual;
      groups.push({ start: logical[0]!.chars[0]!.index, group });
    }
    for (const rest of visual.slice(end, j)) {
      for (const group of mirroredGroups(rest, items.get(rest)!)) groups.push({ start: rest.chars[0]!.index, group });
    }
    i = j;
  }
  // Drawn in logical order, for extractors that read the content as it comes.
  return groups.sort((a, b) => a.start - b.start).map((g) => g.group);
}

/** A neutral right-to-left run's items, each mirrored character with its own character as /ActualText. */
function mirroredGroups(run: Run, items: DrawItem[]): DrawGroup[] {
  if (run.level % 2 === 0 || run.chars.some((c) => RTL_STRONG(c.text))) return [{ items }];
  return items.map((item, i) => {
    const original = run.chars[i]!.text;
    return item.text === original ? { items: [item] } : { items: [item], actual: original };
  });
}

function lineOf(chars: readonly Char[], direction: Direction, measure: Measure): Line {
  const runs: Run[] = runsOf(chars).map((c) => {
    const run: Run = { chars: c, level: c[0]!.level, face: c[0]!.face, span: c[0]!.span, width: 0 };
    run.width = measure(run.face, shapedText(run));
    return run;
  });
  const visual = visualOrder(runs);
  const items = new Map<Run, DrawItem[]>();
  let x = 0;
  for (const run of visual) {
    items.set(run, drawRun(run, x, measure));
    x += run.width;
  }
  const groups =
    direction === 'rtl'
      ? rtlGroups(visual, items)
      : runs.flatMap((run) => mirroredGroups(run, items.get(run)!)).filter((g) => g.items.length);
  return { width: x, groups: groups.filter((g) => g.items.length) };
}

/** A word wider than the line, cut into pieces that fit (at least one character each). */
function cut(token: Char[], width: number, measure: Measure): Char[][] {
  const pieces: Char[][] = [];
  let piece: Char[] = [];
  for (const char of token) {
    const next = [...piece, char];
    const nextWidth = runsOf(next).reduce((sum, r) => sum + measure(r[0]!.face, textOf(r)), 0);
    if (piece.length && nextWidth > width && !/\p{M}/u.test(char.text)) {
      pieces.push(piece);
      piece = [char];
    } else piece = next;
  }
  if (piece.length) pieces.push(piece);
  return pieces;
}

/**
 * Lays a paragraph out in lines at most `width` wide. `direction` is the paragraph's base
 * direction; 'auto' takes it from its first strong character (left to right without one).
 */
export function layoutParagraph(spans: readonly TextSpan[], direction: Direction | 'auto', width: number, measure: Measure): Paragraph {
  const { chars, base, missing } = characters(spans, direction);
  const resolved: Direction = base % 2 === 1 ? 'rtl' : 'ltr';
  const widthOf = (token: Char[]) => runsOf(token).reduce((sum, r) => sum + measure(r[0]!.face, textOf(r)), 0);
  const all: Token[] = tokens(chars).flatMap((t) => {
    const kind = t[0]!.kind;
    const w = kind === 'newline' ? 0 : widthOf(t);
    if (kind !== 'glyph' || w <= width) return [{ chars: t, kind, width: w }];
    return cut(t, width, measure).map((piece) => ({ chars: piece, kind, width: widthOf(piece) }));
  });

  const lines: Char[][] = [];
  let line: Char[] = [];
  let lineWidth = 0;
  let spaces: Token[] = [];
  const close = () => {
    lines.push(line);
    line = [];
    lineWidth = 0;
    spaces = [];
  };
  for (const token of all) {
    if (token.kind === 'newline') close();
    else if (token.kind === 'space') {
      if (line.length) spaces.push(token);
    } else {
      const spaceWidth = spaces.reduce((sum, s) => sum + s.width, 0);
      if (line.length && lineWidth + spaceWidth + token.width > width) close();
      for (const space of spaces) line.push(...space.chars);
      line.push(...token.chars);
      lineWidth += (line.length > token.chars.length ? spaceWidth : 0) + token.width;
      spaces = [];
    }
  }
  if (line.length || !lines.length) lines.push(line);
  return { direction: resolved, lines: lines.map((l) => (l.length ? lineOf(l, resolved, measure) : { width: 0, groups: [] })), missing };
}
