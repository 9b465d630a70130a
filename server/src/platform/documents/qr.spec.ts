import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { drawQr, qrSymbol } from './qr.js';

/** The dark modules of a URL's symbol, as qrcode makes them. */
const darkModules = (url: string) => QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.data.reduce((sum, bit) => sum + bit, 0);

describe('QR codes', () => {
  const short = 'https://muster.example/verify/7d3f0c2e-5b1a-4c8e-9f3d-2a6b8c0e1f47';
  // A signed token in the fragment: ~310 characters in all.
  const signed = `https://muster.example/verify#${Buffer.from(Array.from({ length: 210 }, (_, i) => (i * 37) % 256)).toString('base64url')}`;

  it('has the version and size of its URL, its runs covering exactly the dark modules', () => {
    for (const [url, version] of [
      [short, 5],
      [signed, 13],
    ] as const) {
      const symbol = qrSymbol(url);
      expect(symbol.version).toBe(version);
      expect(symbol.modules).toBe(17 + 4 * version);
      expect(symbol.rects.reduce((sum, r) => sum + r.length, 0)).toBe(darkModules(url));
      for (const r of symbol.rects) {
        expect(r.row).toBeLessThan(symbol.modules);
        expect(r.column + r.length).toBeLessThanOrEqual(symbol.modules);
      }
    }
  });

  it('draws one rectangle per run, inside the square asked for', async () => {
    const doc = new PDFDocument({ compress: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => doc.on('end', resolve));
    const symbol = drawQr(doc, short, { x: 100, y: 100, size: 120 });
    doc.end();
    await done;
    const rects = [
      ...Buffer.concat(chunks)
        .toString('latin1')
        .matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/gu),
    ].map((m) => m.slice(1).map(Number));
    expect(rects).toHaveLength(symbol.rects.length);
    // pdfkit writes the coordinates it is given (the page is flipped to a top-left origin once).
    for (const [x, y, w, h] of rects) {
      expect(x).toBeGreaterThanOrEqual(100 + 4 * (120 / (symbol.modules + 8)) - 1e-6);
      expect(y).toBeGreaterThanOrEqual(100 + 4 * (120 / (symbol.modules + 8)) - 1e-6);
      expect(x! + w!).toBeLessThanOrEqual(220 + 1e-6);
      expect(y! + h!).toBeLessThanOrEqual(220 + 1e-6);
    }
  });
});
