import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPdf } from './pdf-text.js';

const dir = mkdtempSync(join(tmpdir(), 'muster-pdf-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a poppler tool on a PDF. poppler-utils must be installed (.ci/run installs it). */
function poppler(tool: 'pdftotext' | 'pdffonts', pdf: Buffer, args: string[] = []): string {
  const file = join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is not installed: these tests read the PDFs with poppler-utils (apt-get install poppler-utils)`, {
        cause: error,
      });
    }
    throw error;
  }
}

const extract = (pdf: Buffer) => poppler('pdftotext', pdf, ['-enc', 'UTF-8']);

const CJK = '[\\p{Script=Han}\\u3000-\\u303f\\uff00-\\uffef]';
/**
 * Text as compared: without the bidi controls pdftotext wraps right-to-left text in (and the
 * isolates of the source), whitespace collapsed, none left between Chinese characters (where a
 * line wrapped), then NFKC (extraction may give Arabic presentation forms). pdftotext counts the
 * colon and the Arabic comma as parts of numbers, and in right-to-left text takes the space before
 * them along ("التجمع، ثم" comes out as "التجمع ،ثم", from any PDF): one space after them, none before.
 */
const normal = (text: string) =>
  text
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/gu, ' ')
    .replace(new RegExp(`(?<=${CJK}) (?=${CJK})`, 'gu'), '')
    .normalize('NFKC')
    .replace(/ ?([،:]) ?/gu, '$1 ')
    .trim();

/** Lines of page 1 as pdftotext lays them out: their left and right edges. */
const lineEdges = (pdf: Buffer) =>
  [
    ...poppler('pdftotext', pdf, ['-bbox-layout', '-f', '1', '-l', '1']).matchAll(/<line xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"/gu),
  ].map((m) => ({ left: Number(m[1]), right: Number(m[2]) }));

const MIXED = 'تمرين الحريق في الرصيف 4 – Quay 4 fire drill';
/** ح, ج and خ (and ب, ت, ن, ي) share shaped glyphs in Noto Sans Arabic. */
const LETTERS = 'خطة الإخلاء: حجز المخرج الجنوبي والتوجه إلى نقطة التجمع';
const ARABIC_LONG =
  'يبدأ التمرين عند سماع صفارة الإنذار، ويتوجه جميع العاملين في الرصيف إلى نقطة التجمع المحددة خلال خمس دقائق، ثم يتحقق قائد التمرين من الحضور ويسجل الملاحظات ونقاط التحسين في السجل قبل إعلان نهاية التمرين.';
const CHINESE =
  '第四码头消防演习：所有人员在五分钟内到达集合点，演习负责人核对出勤、记录观察结果，并在演习结束前确认所有纠正措施的负责人和截止日期。';
const ENGLISH_LONG =
  'The drill starts when the alarm sounds; everyone on the quay walks to the assembly point within five minutes, then the drill lead checks attendance and records observations and areas for improvement before declaring the end of the drill.';

const PAGE_RIGHT = 595.28 - 50;
const PAGE_LEFT = 50;

describe('PDF text', () => {
  let arabic: Buffer;
  let chinese: Buffer;

  beforeAll(async () => {
    const ar = createPdf({ language: 'ar', title: 'تمرين' });
    ar.paragraph(MIXED, { size: 14, bold: true });
    ar.paragraph(LETTERS);
    ar.field('الموقع', 'Quay 4, Port of Rotterdam');
    ar.paragraph(ARABIC_LONG, { size: 11 });
    arabic = await ar.finish();
    const zh = createPdf({ language: 'zh', title: '演习' });
    zh.paragraph(CHINESE, { size: 12 });
    zh.paragraph(ENGLISH_LONG, { size: 11 });
    chinese = await zh.finish();
  });

  it('extracts an Arabic document in logical order, mixed Latin and digits included, with the letters drawn', () => {
    expect(normal(extract(arabic))).toBe(normal([MIXED, LETTERS, 'الموقع: Quay 4, Port of Rotterdam', ARABIC_LONG].join(' ')));
  });

  it('extracts Chinese and English in order', () => {
    expect(normal(extract(chinese))).toBe(normal(`${CHINESE} ${ENGLISH_LONG}`));
  });

  it('right-aligns right-to-left lines and wraps long paragraphs in both directions', () => {
    const arabicLines = lineEdges(arabic);
    expect(arabicLines.length).toBeGreaterThanOrEqual(5);
    for (const line of arabicLines) expect(line.right).toBeCloseTo(PAGE_RIGHT, 0);
    const chineseLines = lineEdges(chinese);
    expect(chineseLines.length).toBeGreaterThanOrEqual(5);
    for (const line of chineseLines) {
      expect(line.left).toBeCloseTo(PAGE_LEFT, 0);
      expect(line.right).toBeLessThanOrEqual(PAGE_RIGHT + 0.5);
    }
  });

  it('embeds our fonts, and no Helvetica', () => {
    for (const pdf of [arabic, chinese]) {
      const fonts = poppler('pdffonts', pdf).trim().split('\n').slice(2);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) {
        expect(font).toMatch(/\+NotoSans[\w-]*\s+CID TrueType\s+Identity-H\s+yes yes yes/u);
        expect(font).not.toMatch(/Helvetica/u);
      }
    }
    expect(poppler('pdffonts', arabic)).toMatch(/NotoSansArabic-Bold/u);
    expect(poppler('pdffonts', chinese)).toMatch(/NotoSansSC-Regular/u);
  });

  it('draws a character no font has as U+FFFD, and reports it', async () => {
    const pdf = createPdf({ language: 'en', title: 'Missing' });
    pdf.paragraph('Fire 🚒 drill');
    expect(pdf.missing).toEqual(['🚒']);
    expect(normal(extract(await pdf.finish()))).toBe('Fire \ufffd drill');
  });
});
