import {
  legendTypes,
  MAP_SYMBOL_GLYPHS,
  postingLocations,
  type LanguageCode,
  type MapContent,
  type MapSymbol,
  type MapSymbolType,
} from '@muster/contracts';
import { createPdf, type PdfWriter } from '../../platform/documents/pdf-text.js';
import { POSTER_TEXT } from './poster-text.js';

export interface PosterInput {
  content: MapContent;
  version: number;
  language: LanguageCode;
  /** The background image's bytes, when the map has one. */
  image: Buffer | null;
}

/** Draws one symbol centred on (x, y), `side` points wide, turned by its rotation. */
export function drawSymbol(doc: PDFKit.PDFDocument, type: MapSymbolType, x: number, y: number, side: number, rotation = 0): void {
  const glyph = MAP_SYMBOL_GLYPHS[type];
  doc.save().translate(x, y).rotate(rotation);
  if (glyph.shape === 'circle') doc.circle(0, 0, side / 2).fill(glyph.bg);
  else doc.roundedRect(-side / 2, -side / 2, side, side, side * 0.06).fill(glyph.bg);
  doc.translate(-side / 2, -side / 2).scale(side / 100);
  for (const part of glyph.parts) {
    const color = part.color === 'fg' ? glyph.fg : glyph.bg;
    if (part.stroke) doc.path(part.d).lineWidth(part.stroke).stroke(color);
    else doc.path(part.d).fill(color);
  }
  doc.restore();
}

function drawMap(pdf: PdfWriter, input: PosterInput, here: MapSymbol | null, box: { x: number; y: number; width: number; height: number }) {
  const { doc } = pdf;
  const { content } = input;
  const scale = Math.min(box.width / content.width, box.height / content.height);
  const w = content.width * scale;
  const h = content.height * scale;
  const x0 = box.x + (box.width - w) / 2;
  const y0 = box.y;
  doc.save().rect(x0, y0, w, h).fill('#ffffff').restore();
  if (content.background.kind === 'image' && input.image) {
    doc.image(input.image, x0, y0, { width: w, height: h });
  } else if (content.background.kind === 'grid') {
    const step = content.background.gridSize * scale;
    doc.save().lineWidth(0.3).strokeColor('#cbd5e0');
    for (let gx = x0; gx <= x0 + w + 0.01; gx += step) doc.moveTo(gx, y0).lineTo(gx, y0 + h);
    for (let gy = y0; gy <= y0 + h + 0.01; gy += step) doc.moveTo(x0, gy).lineTo(x0 + w, gy);
    doc.stroke().restore();
  }
  doc.save().lineWidth(1).rect(x0, y0, w, h).stroke('#4a5568').restore();
  const text = POSTER_TEXT[input.language];
  for (const symbol of content.symbols) {
    // A poster shows its own "you are here" only.
    if (symbol.type === 'you-are-here' && symbol.id !== here?.id) continue;
    const side = Math.max(8, symbol.size * scale);
    const cx = x0 + symbol.x * scale;
    const cy = y0 + symbol.y * scale;
    drawSymbol(doc, symbol.type, cx, cy, side, symbol.rotation);
    const label = symbol.type === 'you-are-here' ? text.youAreHere : symbol.label;
    if (label) {
      const width = Math.max(70, side * 2.2);
      const lx = Math.min(Math.max(cx - width / 2, x0), x0 + w - width);
      pdf.cell(
        `\u2068${label}\u2069`,
        { x: lx, y: cy + side / 2 + 1, width },
        { size: 7, bold: symbol.type === 'you-are-here', color: '#1a202c' },
      );
    }
  }
}

function drawLegend(pdf: PdfWriter, input: PosterInput, top: number): void {
  const { doc } = pdf;
  const text = POSTER_TEXT[input.language];
  const rtl = pdf.direction === 'rtl';
  pdf.cell(text.legend, { x: pdf.left, y: top, width: pdf.width }, { size: 11, bold: true, color: '#1e3a8a' });
  const types = legendTypes(input.content);
  const columns = 4;
  const colWidth = pdf.width / columns;
  const icon = 18;
  types.forEach((type, i) => {
    const col = i % columns;
    const row = Math.floor(i / columns);
    const y = top + 20 + row * (icon + 8);
    // Right to left: the first entry at the right edge, its icon at the entry's right.
    const cellX = rtl ? pdf.left + pdf.width - (col + 1) * colWidth : pdf.left + col * colWidth;
    const iconX = rtl ? cellX + colWidth - icon / 2 : cellX + icon / 2;
    drawSymbol(doc, type, iconX, y + icon / 2, icon);
    const textX = rtl ? cellX : cellX + icon + 6;
    pdf.cell(text.symbols[type], { x: textX, y: y + 2, width: colWidth - icon - 8 }, { size: 9 });
  });
}

/**
 * The posters of a map: one landscape A4 page per posting location ("you are here" symbol), with
 * the map, that location's marker only, the legend of the symbols used (in the reader's language,
 * right to left in Arabic), the validity date, the reviewer and the version.
 */
export async function renderPosters(input: PosterInput): Promise<Buffer> {
  const text = POSTER_TEXT[input.language];
  const { content } = input;
  const pdf = createPdf({ language: input.language, title: content.name, size: 'A4', layout: 'landscape', margin: 36 });
  const locations: (MapSymbol | null)[] = postingLocations(content);
  if (locations.length === 0) locations.push(null);
  locations.forEach((here, index) => {
    if (index > 0) pdf.doc.addPage({ size: 'A4', layout: 'landscape', margin: 36 });
    const top = pdf.doc.page.margins.top;
    pdf.cell(`\u2068${content.name}\u2069`, { x: pdf.left, y: top, width: pdf.width }, { size: 16, bold: true, color: '#1a202c' });
    pdf.cell(
      here ? text.postedAt(here.label || text.youAreHere) : text.noLocation,
      { x: pdf.left, y: top + 24, width: pdf.width },
      { size: 10, color: '#4a5568' },
    );
    const footer = [
      content.validUntil ? text.validUntil(content.validUntil) : null,
      content.reviewedBy ? text.reviewedBy(content.reviewedBy) : null,
      text.version(input.version),
    ]
      .filter(Boolean)
      .join(' · ');
    const legendRows = Math.max(1, Math.ceil(legendTypes(content).length / 4));
    const legendHeight = 22 + legendRows * 26;
    const bottom = pdf.doc.page.height - pdf.doc.page.margins.bottom;
    const mapTop = top + 44;
    const mapHeight = bottom - mapTop - legendHeight - 26;
    drawMap(pdf, input, here, { x: pdf.left, y: mapTop, width: pdf.width, height: mapHeight });
    drawLegend(pdf, input, mapTop + mapHeight + 8);
    pdf.cell(footer, { x: pdf.left, y: bottom - 14, width: pdf.width }, { size: 9, color: '#4a5568' });
  });
  return pdf.finish();
}
