import { createPdf } from './pdf-text.js';
import { comparable as normal, extractText as extract, lineEdges, poppler } from './pdf-reading.js';

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
