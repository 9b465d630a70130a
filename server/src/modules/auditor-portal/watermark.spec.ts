import { deflateSync, crc32 } from 'node:zlib';
import { degrees, PDFDocument } from 'pdf-lib';
import { createPdf } from '../../platform/documents/pdf-text.js';
import { comparable, poppler } from '../../platform/documents/pdf-reading.js';
import { footerText, isCsv, stampCsv, stampedCopy, stampImage, stampPdf, StampError, type StampInfo } from './watermark.js';

const HASH = 'ab'.repeat(32);
const INFO: StampInfo = {
  who: 'Sam Auditor (Harbour Assurance LLP)',
  at: new Date('2026-11-27T09:30:00Z'),
  timeZone: 'Europe/Amsterdam',
  language: 'en',
  recordId: '6f0c1a52-6a35-4c1f-9a8e-2a4f3b8d9e10',
  sha256: HASH,
};

/** The text of one page, compared without layout. */
const pageText = (pdf: Buffer, page: number) =>
  comparable(poppler('pdftotext', pdf, ['-enc', 'UTF-8', '-f', String(page), '-l', String(page)]));

async function twoPages(): Promise<Buffer> {
  const pdf = createPdf({ language: 'en', title: 'Fire drill report' });
  pdf.paragraph('Quay 4 fire drill: page one of the report.', { size: 14 });
  pdf.doc.addPage();
  pdf.paragraph('Observations and corrective actions: page two.', { size: 12 });
  return pdf.finish();
}

/** A 6×3 truecolour PNG. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(6, 0);
  header.writeUInt32BE(3, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: 3 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(18, 90)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('stamped evidence copies', () => {
  it('puts the footer on every page of a PDF and keeps its pages and their text', async () => {
    const original = await twoPages();
    const stamped = await stampPdf(original, INFO);
    const doc = await PDFDocument.load(stamped);
    expect(doc.getPageCount()).toBe(2);
    const footer = comparable(footerText(INFO));
    expect(footer).toBe(
      comparable(
        `Downloaded by Sam Auditor (Harbour Assurance LLP) on Fri, 27 Nov 2026 10:30:00 GMT+1 · Muster evidence ${INFO.recordId} · original SHA-256 ${HASH}`,
      ),
    );
    for (const page of [1, 2]) {
      const text = pageText(stamped, page);
      expect(text).toContain('Sam Auditor (Harbour Assurance LLP)');
      expect(text).toContain(INFO.recordId);
      expect(text.replace(/\s/g, '')).toContain(HASH);
    }
    expect(pageText(stamped, 1)).toContain('Quay 4 fire drill: page one of the report.');
    expect(pageText(stamped, 2)).toContain('Observations and corrective actions: page two.');
    // The original is untouched: stamping makes a copy.
    expect(pageText(original, 1)).not.toContain('Sam Auditor');
  });

  it('stamps rotated and narrow pages along the edge that is shown at the bottom', async () => {
    const source = await PDFDocument.create();
    source.addPage([595, 842]).setRotation(degrees(90));
    source.addPage([200, 300]);
    const stamped = await stampPdf(Buffer.from(await source.save()), INFO);
    expect((await PDFDocument.load(stamped)).getPageCount()).toBe(2);
    for (const page of [1, 2]) expect(pageText(stamped, page)).toContain('Sam Auditor');
  });

  it('delivers an image as a one-page PDF with the image and the footer', async () => {
    const stamped = await stampImage(png(), INFO);
    const doc = await PDFDocument.load(stamped);
    expect(doc.getPageCount()).toBe(1);
    // Wider than tall: landscape A4.
    expect(doc.getPage(0).getWidth()).toBeGreaterThan(doc.getPage(0).getHeight());
    expect(pageText(stamped, 1)).toContain('Downloaded by Sam Auditor (Harbour Assurance LLP)');
    expect(stamped.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it('writes the footer in Arabic and Chinese with their own fonts', async () => {
    const arabic = await stampPdf(await twoPages(), { ...INFO, language: 'ar', who: 'سامي المدقق' });
    expect(pageText(arabic, 2)).toContain('سامي المدقق');
    expect(pageText(arabic, 2)).toContain('نزّله'.normalize('NFKC'));
    const chinese = await stampedCopy(png(), 'image/png', { ...INFO, language: 'zh', who: '王审计' });
    expect(pageText(chinese, 1)).toContain('由王审计于');
  });

  it('refuses what it cannot stamp instead of handing it out unstamped', async () => {
    await expect(stampPdf(Buffer.from('%PDF-1.7\nnot really a pdf'), INFO)).rejects.toBeInstanceOf(StampError);
    await expect(stampImage(Buffer.from('not an image'), INFO)).rejects.toBeInstanceOf(StampError);
    await expect(stampedCopy(Buffer.from('x'), 'text/plain', INFO)).rejects.toBeInstanceOf(StampError);
    const encrypted = Buffer.from(
      (await twoPages())
        .toString('latin1')
        .replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>'),
      'latin1',
    );
    await expect(stampPdf(encrypted, INFO)).rejects.toBeInstanceOf(StampError);
  });
});

describe('stampCsv', () => {
  const info = {
    who: 'Iris Vogel (Seaward Audit LLP)',
    at: new Date('2026-11-27T10:00:00Z'),
    timeZone: 'UTC',
    language: 'en' as const,
    recordId: 'rec-1',
    sha256: 'a'.repeat(64),
  };

  it('keeps every row and adds one quoted row naming the auditor, the time and the original hash', () => {
    const original = Buffer.from('time,action\r\n2026-11-01,"auth.login"\r\n');
    const stamped = stampCsv(original, info).toString('utf8');
    expect(stamped.startsWith(original.toString('utf8'))).toBe(true);
    const last = stamped.trimEnd().split('\r\n').at(-1)!;
    expect(last).toMatch(/^"Downloaded by .*Iris Vogel \(Seaward Audit LLP\).*a{64}.*"$/);
  });

  it('recognises CSV types with parameters', () => {
    expect(isCsv('text/csv; charset=utf-8')).toBe(true);
    expect(isCsv('application/pdf')).toBe(false);
  });
});
