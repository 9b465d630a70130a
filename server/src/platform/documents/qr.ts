import QRCode from 'qrcode';

/** QR codes in PDFs (links to a record, verification URLs), drawn as vectors: sharp at any zoom or print size. */

/** A dark stretch of one row of modules, in modules from the symbol's top left corner. */
export interface QrRect {
  row: number;
  column: number;
  length: number;
}

export interface QrSymbol {
  /** QR version (1–40): 4 for an id-only URL, 13 for one with a signed token. */
  version: number;
  /** Modules per side, without the quiet zone. */
  modules: number;
  rects: QrRect[];
}

/** Modules of white around the symbol that readers need to find it. */
const QUIET_ZONE = 4;

/** The symbol of a URL at error correction level M, its dark modules merged into runs per row. */
export function qrSymbol(url: string): QrSymbol {
  const code = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const size = code.modules.size;
  const rects: QrRect[] = [];
  for (let row = 0; row < size; row++) {
    let column = 0;
    while (column < size) {
      if (!code.modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && code.modules.get(row, column)) column++;
      rects.push({ row, column: start, length: column - start });
    }
  }
  return { version: code.version, modules: size, rects };
}

/**
 * Draws the QR code of a URL in a `size`-point square whose top left corner is at (x, y), quiet
 * zone included, in black on the page's white.
 */
export function drawQr(doc: PDFKit.PDFDocument, url: string, at: { x: number; y: number; size: number }): QrSymbol {
  const symbol = qrSymbol(url);
  const module = at.size / (symbol.modules + 2 * QUIET_ZONE);
  const origin = { x: at.x + QUIET_ZONE * module, y: at.y + QUIET_ZONE * module };
  doc.save();
  for (const r of symbol.rects) doc.rect(origin.x + r.column * module, origin.y + r.row * module, r.length * module, module);
  doc.fillColor('#000000').fill();
  doc.restore();
  return symbol;
}
