import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The fonts of every PDF we write, shipped from npm (never read from the system, which may have
 * none): Noto Sans for Latin, Greek and Cyrillic (fontsource's per-script files), Noto Sans Arabic
 * (fontsource) and Noto Sans SC (TrueType outlines) for Chinese. WOFF rather than WOFF2: fontkit
 * cannot subset the composite glyphs of a WOFF2 file ("Offset is outside the bounds of the DataView").
 */

export type Weight = 'regular' | 'bold';
type Script = 'latin' | 'arabic' | 'cjk';

/** One font file: a script in a weight, under the name it is registered with in a document. */
export interface Face {
  name: string;
  script: Script;
  weight: Weight;
  path: string;
  /** The file, read once per process. */
  data(): Buffer;
  /** fontkit's font of the file, parsed once per process (which characters it has, its metrics). */
  font(): fontkit.Font;
}

const resolve = createRequire(import.meta.url).resolve;

function face(name: string, script: Script, weight: Weight, specifier: string): Face {
  const path = resolve(specifier);
  let data: Buffer | undefined;
  let font: fontkit.Font | undefined;
  return {
    name,
    script,
    weight,
    path,
    data: () => (data ??= readFileSync(path)),
    font() {
      if (font) return font;
      const parsed = fontkit.create(this.data());
      if (!('layout' in parsed)) throw new Error(`${specifier} is a font collection, not a font`);
      return (font = parsed);
    },
  };
}

const notoSans = (subset: string, weight: Weight) =>
  face(
    `noto-sans-${subset}-${weight}`,
    'latin',
    weight,
    `@fontsource/noto-sans/files/noto-sans-${subset}-${weight === 'bold' ? 700 : 400}-normal.woff`,
  );

/** Per weight, every face in the order they are tried for a character no script claims (digits, punctuation). */
const FACES: Record<Weight, readonly Face[]> = {
  regular: [
    ...['latin', 'latin-ext', 'cyrillic', 'greek'].map((subset) => notoSans(subset, 'regular')),
    face('noto-sans-arabic-regular', 'arabic', 'regular', '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'),
    face('noto-sans-sc-regular', 'cjk', 'regular', '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  ],
  bold: [
    ...['latin', 'latin-ext', 'cyrillic', 'greek'].map((subset) => notoSans(subset, 'bold')),
    face('noto-sans-arabic-bold', 'arabic', 'bold', '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff'),
    face('noto-sans-sc-bold', 'cjk', 'bold', '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
  ],
};

const ARABIC = /\p{Script=Arabic}/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u;
const LATIN = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;

/** The script whose font a character must be drawn in, or null for one any font may draw (digits, punctuation, spaces). */
function scriptOf(char: string): Script | null {
  if (ARABIC.test(char)) return 'arabic';
  if (CJK.test(char)) return 'cjk';
  if (LATIN.test(char)) return 'latin';
  return null;
}

const has = (f: Face, codePoint: number) => f.font().hasGlyphForCodePoint(codePoint);

/**
 * The face that draws a character: its script's, else (a character of no script) the face of the
 * character before it when that face has it, so "، " stays with the Arabic word and "，" with the
 * Chinese one, else the first face that has it. Null when no shipped font has the character.
 */
export function faceFor(char: string, weight: Weight, previous: Face | null): Face | null {
  const codePoint = char.codePointAt(0)!;
  const script = scriptOf(char);
  const faces = FACES[weight];
  if (script) return faces.find((f) => f.script === script && has(f, codePoint)) ?? null;
  if (previous?.weight === weight && has(previous, codePoint)) return previous;
  return faces.find((f) => has(f, codePoint)) ?? null;
}

/** The face of U+FFFD, drawn for a character no shipped font has. */
export function replacementFace(weight: Weight): Face {
  return FACES[weight][0]!;
}
