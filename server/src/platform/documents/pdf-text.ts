import { languageDirection, PRODUCT_NAME, type LanguageCode } from '@muster/contracts';
import PDFDocument from 'pdfkit';
import { replacementFace, type Face } from './fonts.js';
import { layoutParagraph, type Direction, type Paragraph, type TextSpan } from './text-layout.js';

/**
 * The text layer of every PDF the server writes (drill summaries, compliance packets, SOPs, audit
 * bundles): pdfkit with fonts shipped from npm for Latin, Arabic and Chinese, paragraphs laid out
 * with the Unicode bidirectional algorithm (right-aligned when right to left), Arabic shaped by
 * fontkit, and text that extracts in logical order with the right letters.
 */

export type { TextSpan } from './text-layout.js';
/** A paragraph's text: a string, or spans of their own weight and colour. */
export type Text = string | readonly TextSpan[];

export interface TextStyle {
  /** Points; 10 unless told. */
  size?: number;
  /** Bold text given as a string (spans say their own weight). */
  bold?: boolean;
  /** The colour of spans that have none; #1a202c unless told. */
  color?: string;
  /** Points from the paragraph's start edge (the left one left to right, the right one right to left). */
  indent?: number;
}

export interface PdfOptions {
  language: LanguageCode;
  /** The document's title (its metadata and the viewer's window title). */
  title: string;
  /** A paper size ('A4') or [width, height] in points. */
  size?: string | [number, number];
  /** Portrait unless told (emergency map posters are landscape). */
  layout?: 'portrait' | 'landscape';
  margin?: number;
}

/** Where a table cell is: its left edge, top and width. */
export interface CellBox {
  x: number;
  y: number;
  width: number;
}

/** Line height and baseline: Arabic needs room above for its marks and below for its descenders, Chinese a little more leading. */
const metrics = (paragraph: Paragraph, size: number) => {
  const scripts = new Set(paragraph.lines.flatMap((l) => l.groups.flatMap((g) => g.items.map((i) => i.face.script))));
  if (scripts.has('arabic')) return { height: size * 1.75, baseline: size * 1.2 };
  if (scripts.has('cjk')) return { height: size * 1.55, baseline: size * 1.1 };
  return { height: size * 1.4, baseline: size * 1.05 };
};

interface Glyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

/** What pdfkit's embedded font (js/pdfkit.js, `EmbeddedFont`) keeps, as far as `distinctCharCodes` uses it. */
interface EmbeddedFont {
  /** The font's resource name on the page ("F3"). */
  id: string;
  /** fontkit's font. */
  font: { getGlyph(glyphId: number, codePoints?: number[]): Glyph };
  subset: { glyphs: number[]; includeGlyph(glyphId: number): number };
  unicode: number[][];
  widths: number[];
  scale: number;
  layout(text: string, features?: unknown): { glyphs: Glyph[]; positions: unknown[] };
  encode(text: string, features?: unknown): [string[], unknown[]];
}

/**
 * Text that extracts as the letters drawn. pdfkit writes one character code per glyph, with a
 * ToUnicode entry from the characters of the glyph's first use, and fontkit keeps one glyph object
 * per glyph id, with the characters it was first made for. Noto Sans Arabic draws ح, ج and خ (and
 * ب, ت, ث, ن, ي…) with one shaped glyph plus dots as separate marks, so every ج would extract as
 * whichever of them came first. Here each use of a glyph carries its own characters, and a glyph
 * gets another code (a copy in the font subset) for each set of characters it stands for. A
 * .notdef glyph (a character the font does not have) is refused.
 */
function distinctCharCodes(font: EmbeddedFont, face: Face): void {
  if (!Array.isArray(font.subset.glyphs) || !Array.isArray(font.unicode) || typeof font.font.getGlyph !== 'function') {
    throw new Error('pdfkit or fontkit no longer keep fonts as pdf-text.ts expects: check distinctCharCodes');
  }
  const getGlyph = font.font.getGlyph.bind(font.font);
  font.font.getGlyph = (glyphId, codePoints) => {
    const glyph = getGlyph(glyphId, codePoints);
    if (!codePoints || glyph.codePoints.join(',') === codePoints.join(',')) return glyph;
    return Object.create(glyph, { codePoints: { value: codePoints } }) as Glyph;
  };
  const codes = new Map<string, number>();
  font.encode = (text, features) => {
    const { glyphs, positions } = font.layout(text, features);
    const encoded = glyphs.map((glyph) => {
      if (glyph.id === 0) throw new Error(`${face.name} has no glyph for "${text}"`);
      const key = `${String(glyph.id)}:${glyph.codePoints.join(',')}`;
      let code = codes.get(key);
      if (code === undefined) {
        code = font.subset.includeGlyph(glyph.id);
        const known = font.unicode[code];
        if (known && known.join(',') !== glyph.codePoints.join(',')) code = font.subset.glyphs.push(glyph.id) - 1;
        codes.set(key, code);
        font.widths[code] ??= glyph.advanceWidth * font.scale;
        font.unicode[code] ??= glyph.codePoints;
      }
      return code.toString(16).padStart(4, '0');
    });
    return [encoded, positions];
  };
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly direction: Direction;
  /** Characters of the text that no shipped font has, drawn as U+FFFD. */
  readonly missing: string[] = [];
  private readonly registered = new Set<string>();
  private readonly done: Promise<Buffer>;

  constructor(readonly options: PdfOptions) {
    this.direction = languageDirection(options.language);
    this.doc = new PDFDocument({
      size: options.size ?? 'A4',
      layout: options.layout ?? 'portrait',
      margin: options.margin ?? 50,
      lang: options.language,
      displayTitle: true,
      // The first font pdfkit loads, before any text: ours rather than Helvetica.
      font: replacementFace('regular').path,
      info: { Title: options.title, Producer: PRODUCT_NAME },
    });
    const chunks: Buffer[] = [];
    this.doc.on('data', (c: Buffer) => chunks.push(c));
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
  }

  get left(): number {
    return this.doc.page.margins.left;
  }

  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  /** Selects a face at a size, registering it with the document the first time. */
  private use(face: Face, size: number): PDFKit.PDFDocument {
    if (!this.registered.has(face.name)) {
      this.doc.registerFont(face.name, face.data());
      this.doc.font(face.name);
      distinctCharCodes((this.doc as unknown as { _font: EmbeddedFont })._font, face);
      this.registered.add(face.name);
    }
    return this.doc.font(face.name).fontSize(size);
  }

  private layout(text: Text, style: TextStyle, width: number): { paragraph: Paragraph; spans: readonly TextSpan[] } {
    const size = style.size ?? 10;
    const spans = typeof text === 'string' ? [{ text, bold: style.bold ?? false }] : text;
    const direction = this.direction === 'rtl' ? 'rtl' : 'auto';
    const paragraph = layoutParagraph(spans, direction, width, (face, s) => this.use(face, size).widthOfString(s));
    return { paragraph, spans };
  }

  /** Draws one line of a paragraph, its left edge at `x` and its baseline at `baseline`. */
  private drawLine(paragraph: Paragraph, index: number, spans: readonly TextSpan[], style: TextStyle, x: number, baseline: number): void {
    const size = style.size ?? 10;
    for (const group of paragraph.lines[index]!.groups) {
      if (group.actual !== undefined) this.doc.markContent('Span', { actual: group.actual });
      for (const item of group.items) {
        this.use(item.face, size)
          .fillColor(spans[item.span]?.color ?? style.color ?? '#1a202c')
          .text(item.text, x + item.x, baseline, { lineBreak: false, baseline: 'alphabetic' });
      }
      if (group.actual !== undefined) this.endActualText(size);
    }
  }

  /**
   * Closes an /ActualText span in the graphics state its glyphs were drawn in. poppler places the
   * span's text with the state at EMC, but pdfkit draws each piece of text inside q/Q with the page
   * coordinates flipped back and its font set there: at EMC the text would be upside down on the
   * page and in no font (a line of its own). So EMC comes with that flip and the font, and an empty
   * q/Q, after which poppler takes the font from the state.
   */
  private endActualText(size: number): void {
    const font = (this.doc as unknown as { _font: EmbeddedFont })._font;
    this.doc.save().transform(1, 0, 0, -1, 0, this.doc.page.height);
    this.doc.addContent(`/${font.id} ${String(size)} Tf`);
    this.doc.save().restore().endMarkedContent().restore();
  }

  /** The left edge of a line of a paragraph laid out in a box: right-aligned when right to left. */
  private lineX(paragraph: Paragraph, index: number, x: number, width: number): number {
    return paragraph.direction === 'rtl' ? x + width - paragraph.lines[index]!.width : x;
  }

  /**
   * A paragraph in the flow of the page, wrapped to the margins (less the indent), starting a new
   * page where a line would not fit. Right to left in an Arabic document or when its first strong
   * character is right to left.
   */
  paragraph(text: Text, style: TextStyle = {}): this {
    const indent = style.indent ?? 0;
    const width = this.width - indent;
    const { paragraph, spans } = this.layout(text, style, width);
    this.missing.push(...paragraph.missing);
    const { height, baseline } = metrics(paragraph, style.size ?? 10);
    const x = paragraph.direction === 'rtl' ? this.left : this.left + indent;
    paragraph.lines.forEach((_, i) => {
      if (this.doc.y + height > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
      const top = this.doc.y;
      this.drawLine(paragraph, i, spans, style, this.lineX(paragraph, i, x, width), top + baseline);
      this.doc.y = top + height;
    });
    this.doc.x = this.left;
    return this;
  }

  /** A section heading with a rule under it, on a new page when little room is left. */
  heading(text: string): this {
    if (this.doc.y > this.doc.page.height - 120) this.doc.addPage();
    this.space(10);
    this.paragraph(text, { size: 13, bold: true, color: '#1e3a8a' });
    const y = this.doc.y + 1;
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .strokeColor('#cbd5e0')
      .stroke();
    this.space(5);
    return this;
  }

  /** "Label: value" (an em dash for no value; a full-width colon in Chinese), the value isolated so its direction is its own. */
  field(label: string, value: string): this {
    const spans: TextSpan[] = [
      { text: `${label}${this.options.language === 'zh' ? '：' : ': '}`, bold: true, color: '#4a5568' },
      { text: `\u2068${value || '—'}\u2069`, color: '#1a202c' },
    ];
    return this.paragraph(spans);
  }

  /** The height a text takes wrapped to a width (what `cell` will take), to keep a row on one page. */
  height(text: Text, width: number, style: TextStyle = {}): number {
    const { paragraph } = this.layout(text, style, width);
    return paragraph.lines.length * metrics(paragraph, style.size ?? 10).height;
  }

  /**
   * A table cell: the text wrapped in the box, from its top, without page breaks (the caller
   * keeps rows on a page). Returns the height it took.
   */
  cell(text: Text, box: CellBox, style: TextStyle = {}): number {
    const { paragraph, spans } = this.layout(text, style, box.width);
    this.missing.push(...paragraph.missing);
    const { height, baseline } = metrics(paragraph, style.size ?? 10);
    paragraph.lines.forEach((_, i) => {
      this.drawLine(paragraph, i, spans, style, this.lineX(paragraph, i, box.x, box.width), box.y + i * height + baseline);
    });
    return paragraph.lines.length * height;
  }

  /** Vertical space in points. */
  space(points: number): this {
    this.doc.y += points;
    return this;
  }

  /** Starts a new page when less than `points` are left above the bottom margin. */
  keep(points: number): this {
    if (this.doc.y + points > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
    return this;
  }

  /** Ends the document: its bytes. */
  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}

/** A PDF in a language: right to left for Arabic, with our fonts, titled for viewers. */
export function createPdf(options: PdfOptions): PdfWriter {
  return new PdfWriter(options);
}
