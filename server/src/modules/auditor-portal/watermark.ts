import { PRODUCT_NAME, type LanguageCode } from '@muster/contracts';
import { degrees, PDFDocument, type PDFEmbeddedPage, type PDFPage } from 'pdf-lib';
import { createPdf, type PdfWriter } from '../../platform/documents/pdf-text.js';
import { formatMoment } from '../../platform/time/zoned.js';

/**
 * Stamped copies of evidence files for auditors' downloads. Every page of a PDF gets a footer
 * naming who downloaded it and when, the record and the SHA-256 of the original; an image (PNG or
 * JPEG) comes as a one-page PDF with the image and the same footer. The original in the vault is
 * never touched: the copy is made on each download.
 *
 * The footer's text is written by pdfkit (`platform/documents`: shipped fonts, bidi, Arabic
 * shaping), never by pdf-lib, which cannot shape text; pdf-lib only opens the original PDF and
 * places the pdfkit-made footer on its pages as an embedded page (a form XObject).
 */

/** Who downloaded what, and when: the footer's facts. */
export interface StampInfo {
  /** The auditor with the firm ("Sam Auditor (Harbour Assurance LLP)"), or the previewing admin. */
  who: string;
  at: Date;
  /** The organisation's time zone (the footer's date and time are in it). */
  timeZone: string;
  language: LanguageCode;
  recordId: string;
  /** SHA-256 (hex) of the original file. */
  sha256: string;
}

/** A file that cannot be stamped (an encrypted or damaged PDF, an unreadable image): never delivered unstamped. */
export class StampError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StampError';
  }
}

/** A left-to-right run kept whole inside right-to-left text (ids, hashes, dates, names). */
const isolate = (text: string): string => `\u2068${text}\u2069`;

const FOOTER: Record<LanguageCode, (who: string, when: string, id: string, hash: string) => string> = {
  en: (who, when, id, hash) => `Downloaded by ${who} on ${when} · ${PRODUCT_NAME} evidence ${id} · original SHA-256 ${hash}`,
  es: (who, when, id, hash) => `Descargado por ${who} el ${when} · evidencia de ${PRODUCT_NAME} ${id} · SHA-256 del original ${hash}`,
  zh: (who, when, id, hash) => `由 ${who} 于 ${when} 下载 · ${PRODUCT_NAME} 证据 ${id} · 原件 SHA-256 ${hash}`,
  ar: (who, when, id, hash) => `نزّله ${who} في ${when} · دليل ${PRODUCT_NAME} ${id} · ${isolate('SHA-256')} للأصل ${hash}`,
};

/** The footer's sentence in the reader's language, the date and time in the organisation's zone. */
export function footerText(info: StampInfo): string {
  const when = formatMoment(info.at, info.timeZone, info.language);
  return FOOTER[info.language](isolate(info.who), isolate(when), isolate(info.recordId), isolate(info.sha256));
}

const TEXT_STYLE = { size: 7, color: '#1a202c' } as const;
const PAD_X = 12;
const PAD_Y = 5;
/** Below this width a footer is laid out at this width and scaled down to fit (a receipt, a label). */
const MIN_FOOTER_WIDTH = 420;
/** The footer page's height as written; only its top strip (the footer) is embedded. */
const SHEET_HEIGHT = 2000;

/** A footer laid out for one width: a pdfkit page whose top strip is the footer. */
interface FooterSheet {
  pdf: Buffer;
  width: number;
  height: number;
}

function drawFooter(pdf: PdfWriter, text: string, width: number, top: number): number {
  const textHeight = pdf.height(text, width - 2 * PAD_X, TEXT_STYLE);
  const height = textHeight + 2 * PAD_Y;
  pdf.doc.save().rect(0, top, width, height).fillOpacity(0.9).fill('#ffffff').restore();
  pdf.doc.save().moveTo(0, top).lineTo(width, top).lineWidth(0.5).strokeColor('#a0aec0').stroke().restore();
  pdf.cell(text, { x: PAD_X, y: top + PAD_Y, width: width - 2 * PAD_X }, TEXT_STYLE);
  return height;
}

async function footerSheet(info: StampInfo, width: number): Promise<FooterSheet> {
  const pdf = createPdf({ language: info.language, title: PRODUCT_NAME, size: [width, SHEET_HEIGHT], margin: 0 });
  const height = drawFooter(pdf, footerText(info), width, 0);
  return { pdf: await pdf.finish(), width, height };
}

/** Where the footer goes on a page: along the edge that is at the bottom as the page is shown (its /Rotate). */
function placement(page: PDFPage): { x: number; y: number; rotate: number; width: number } {
  const box = page.getCropBox();
  const raw = page.getRotation().angle;
  const angle = (((Math.round(raw / 90) * 90) % 360) + 360) % 360;
  switch (angle) {
    case 90:
      return { x: box.x + box.width, y: box.y, rotate: 90, width: box.height };
    case 180:
      return { x: box.x + box.width, y: box.y + box.height, rotate: 180, width: box.width };
    case 270:
      return { x: box.x, y: box.y + box.height, rotate: 270, width: box.height };
    default:
      return { x: box.x, y: box.y, rotate: 0, width: box.width };
  }
}

async function openPdf(original: Buffer): Promise<PDFDocument> {
  let doc: PDFDocument;
  let pages: number;
  try {
    // An encrypted PDF is refused here (pdf-lib would write a copy no viewer can read).
    doc = await PDFDocument.load(original, { updateMetadata: false });
    pages = doc.getPageCount();
  } catch (err) {
    throw new StampError(`The PDF cannot be opened to stamp it: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  if (pages === 0) throw new StampError('The PDF has no pages');
  return doc;
}

/** A copy of a PDF with the footer on every page (same pages, same content). */
export async function stampPdf(original: Buffer, info: StampInfo): Promise<Buffer> {
  const doc = await openPdf(original);
  const sheets = new Map<number, { sheet: FooterSheet; embedded: PDFEmbeddedPage }>();
  try {
    for (const page of doc.getPages()) {
      const place = placement(page);
      const layoutWidth = Math.max(MIN_FOOTER_WIDTH, Math.round(place.width));
      let entry = sheets.get(layoutWidth);
      if (!entry) {
        const sheet = await footerSheet(info, layoutWidth);
        const source = await PDFDocument.load(sheet.pdf);
        const embedded = await doc.embedPage(source.getPage(0), {
          left: 0,
          bottom: SHEET_HEIGHT - sheet.height,
          right: sheet.width,
          top: SHEET_HEIGHT,
        });
        entry = { sheet, embedded };
        sheets.set(layoutWidth, entry);
      }
      const scale = place.width / entry.sheet.width;
      page.drawPage(entry.embedded, {
        x: place.x,
        y: place.y,
        width: entry.sheet.width * scale,
        height: entry.sheet.height * scale,
        rotate: degrees(place.rotate),
      });
    }
    return Buffer.from(await doc.save());
  } catch (err) {
    if (err instanceof StampError) throw err;
    throw new StampError(`The PDF cannot be stamped: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

const IMAGE_MARGIN = 36;

/** An image (PNG or JPEG) as a one-page PDF: the image fitted to an A4 page (landscape when wide), the footer at the bottom. */
export async function stampImage(image: Buffer, info: StampInfo): Promise<Buffer> {
  const text = footerText(info);
  try {
    const probe = createPdf({ language: info.language, title: PRODUCT_NAME, margin: 0 });
    // pdfkit's own image reader (PNG, JPEG), as `image()` will read it.
    const size = (probe.doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(image);
    probe.doc.end();
    if (!(size.width > 0 && size.height > 0)) throw new StampError('The image has no size');
    const landscape = size.width > size.height;
    const pdf = createPdf({
      language: info.language,
      title: PRODUCT_NAME,
      size: 'A4',
      layout: landscape ? 'landscape' : 'portrait',
      margin: 0,
    });
    const { width, height } = pdf.doc.page;
    const footerHeight = pdf.height(text, width - 2 * PAD_X, TEXT_STYLE) + 2 * PAD_Y;
    pdf.doc.image(image, IMAGE_MARGIN, IMAGE_MARGIN, {
      fit: [width - 2 * IMAGE_MARGIN, height - 2 * IMAGE_MARGIN - footerHeight],
      align: 'center',
      valign: 'center',
    });
    drawFooter(pdf, text, width, height - footerHeight);
    // Pixels are decoded when the document is written: a broken image fails here.
    return await pdf.finish();
  } catch (err) {
    if (err instanceof StampError) throw err;
    // pdfkit throws strings for some broken images.
    throw new StampError(`The image cannot be stamped: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/** Whether a type is a CSV export (an audit-chain export), stamped with a last row rather than a footer. */
export function isCsv(contentType: string): boolean {
  return contentType.split(';')[0]!.trim().toLowerCase() === 'text/csv';
}

/** A CSV's stamped copy: its rows as they are, then one quoted row with the footer's sentence. */
export function stampCsv(body: Buffer, info: StampInfo): Buffer {
  const text = body.toString('utf8');
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const footer = `"${footerText(info).replaceAll('"', '""')}"`;
  return Buffer.concat([body, Buffer.from(`${text.endsWith('\n') ? '' : newline}${footer}${newline}`, 'utf8')]);
}

/** The stamped copy of an evidence file: PDFs keep their pages, images become a one-page PDF. */
export function stampedCopy(body: Buffer, contentType: string, info: StampInfo): Promise<Buffer> {
  if (contentType === 'application/pdf') return stampPdf(body, info);
  if (contentType === 'image/png' || contentType === 'image/jpeg') return stampImage(body, info);
  return Promise.reject(new StampError(`Files of type ${contentType} cannot be stamped`));
}
