import { formatShortCode, PRODUCT_NAME, type LanguageCode, type PacketContent, type PacketManifest } from '@muster/contracts';
import { createPdf, type PdfWriter } from '../../platform/documents/pdf-text.js';
import { drawQr } from '../../platform/documents/qr.js';
import { formatMoment } from '../../platform/time/zoned.js';
import { SUMMARY_PDF_TEXT, isolate } from '../drills/summary/summary-pdf-text.js';
import { clock } from '../drills/summary/log-text.js';
import { PACKET_PDF_TEXT } from './packet-pdf-text.js';
import { ruleReasonText, ruleTitle } from './rule-text.js';

/** What the packet's PDF shows beside its content: who issued it, its codes and its manifest. */
export interface PacketPdfMeta {
  packetId: string;
  version: number;
  issuedAt: string;
  issuedBy: string;
  kid: string;
  manifest: PacketManifest;
  manifestSha256: string;
  shortCode: string;
  /** The QR code's URL (the public page with the signed token). */
  verifyUrl: string;
  /** The public page, for people who type the code. */
  verifyPage: string;
}

/** A download's stamp: who downloaded the copy and when (the issued file has none). */
export interface PacketStamp {
  name: string;
  at: Date;
}

const MUTED = { size: 9, color: '#4a5568' };

/**
 * A calendar day (YYYY-MM-DD) kept left to right: inside Arabic its digits would be Arabic numbers
 * and its hyphens neutral (Unicode W2/W4), so "2026-11-26" would read "26-11-2026".
 */
export const day = (value: string): string => `\u2066${value}\u2069`;

/** Cells of one table row laid out from the start edge (the right one in Arabic); each width is a share of the line. */
function row(pdf: PdfWriter, cells: { text: string; share: number; bold?: boolean; color?: string }[], size = 9): void {
  const gap = 6;
  const widths = cells.map((c) => pdf.width * c.share - gap);
  const height = Math.max(...cells.map((c, i) => pdf.height(c.text, widths[i]!, { size, bold: c.bold })));
  pdf.keep(height + 4);
  const y = pdf.doc.y;
  let offset = 0;
  cells.forEach((c, i) => {
    const width = widths[i]!;
    const x = pdf.direction === 'rtl' ? pdf.left + pdf.width - offset - width - gap : pdf.left + offset;
    pdf.cell(c.text, { x, y, width }, { size, bold: c.bold, color: c.color });
    offset += width + gap;
  });
  pdf.doc.y = y + height + 2;
  pdf.doc
    .moveTo(pdf.left, pdf.doc.y)
    .lineTo(pdf.left + pdf.width, pdf.doc.y)
    .strokeColor('#e2e8f0')
    .stroke();
  pdf.space(3);
}

const STATUS_COLOR: Record<string, string> = { passing: '#276749', failing: '#c53030', due_soon: '#b7791f', dueSoon: '#b7791f' };

/**
 * The packet as a PDF in a language: a cover page (organisation, profile, period, issue, the
 * verification code and QR code, the waiver), the rule-by-rule status table, every counted drill
 * run, the SOPs and documents, and the manifest. Each page's footer says which copy it is: the
 * issued file, or a download stamped with who downloaded it and when.
 */
export function packetPdf(content: PacketContent, meta: PacketPdfMeta, language: LanguageCode, stamp: PacketStamp | null): Promise<Buffer> {
  const text = PACKET_PDF_TEXT[language];
  const words = SUMMARY_PDF_TEXT[language];
  const zone = content.organisation.timeZone;
  const moment = (iso: string) => formatMoment(new Date(iso), zone, language);
  const pdf = createPdf({ language, title: text.documentTitle(content.profile.name), margin: 50 });
  const code = formatShortCode(meta.shortCode);

  let pageNumber = 0;
  const footer = () => {
    pageNumber += 1;
    const { doc } = pdf;
    const [x, y] = [doc.x, doc.y];
    const line = `${stamp ? text.downloadedBy(isolate(stamp.name), moment(stamp.at.toISOString())) : text.issuedCopy(code)} · ${code} · ${text.page(pageNumber)}`;
    pdf.cell(line, { x: pdf.left, y: doc.page.height - doc.page.margins.bottom + 14, width: pdf.width }, { size: 7, color: '#718096' });
    doc.x = x;
    doc.y = y;
  };
  footer();
  pdf.doc.on('pageAdded', footer);

  // Cover.
  pdf.paragraph(`${PRODUCT_NAME} · ${text.kicker}`, { size: 9, color: '#718096' });
  pdf.paragraph(isolate(content.profile.name), { size: 22, bold: true });
  pdf.space(6);
  const qrSize = 150;
  const qrTop = pdf.doc.y;
  const qrX = pdf.direction === 'rtl' ? pdf.left : pdf.left + pdf.width - qrSize;
  drawQr(pdf.doc, meta.verifyUrl, { x: qrX, y: qrTop, size: qrSize });
  pdf.field(text.organisation, content.organisation.name);
  pdf.field(text.profile, content.profile.name);
  pdf.field(text.period, text.periodValue(day(content.period.from), day(content.period.to)));
  pdf.field(text.version, String(meta.version));
  pdf.field(text.issued, moment(meta.issuedAt));
  pdf.field(text.issuedBy, meta.issuedBy);
  pdf.field(text.signingKey, meta.kid);
  pdf.space(8);
  pdf.paragraph(text.verificationCode, { size: 10, bold: true, color: '#4a5568' });
  pdf.paragraph(code, { size: 24, bold: true, color: '#1e3a8a' });
  pdf.doc.y = Math.max(pdf.doc.y, qrTop + qrSize) + 6;
  pdf.paragraph(text.verifyHow(meta.verifyPage), MUTED);
  pdf.space(4);
  pdf.paragraph(`${text.manifestHash}: ${meta.manifestSha256}`, { size: 7, color: '#4a5568' });
  pdf.heading(text.waiverTitle);
  pdf.paragraph(text.waiver, { size: 10 });

  // The rule-by-rule status table, on a page of its own.
  pdf.doc.addPage();
  pdf.heading(text.rulesTitle);
  row(pdf, [
    { text: text.rule, share: 0.38, bold: true },
    { text: text.status, share: 0.16, bold: true },
    { text: text.reason, share: 0.46, bold: true },
  ]);
  if (!content.rules.length) pdf.paragraph(text.noRules, MUTED);
  for (const r of content.rules) {
    row(pdf, [
      { text: `${isolate(ruleTitle(language, r.ruleId, r.title))} · ${isolate(r.source)}`, share: 0.38 },
      { text: text.ruleStatuses[r.state] ?? r.state, share: 0.16, bold: true, color: STATUS_COLOR[r.state] },
      { text: ruleReasonText(language, r.reason), share: 0.46 },
    ]);
  }

  // The drill runs.
  pdf.heading(text.runsTitle(content.runs.length));
  if (!content.runs.length) pdf.paragraph(text.noRuns, MUTED);
  for (const run of content.runs) {
    pdf.keep(90);
    pdf.space(4);
    pdf.paragraph(isolate(run.title), { size: 11, bold: true });
    pdf.field(text.date, run.startedAt ? moment(run.startedAt) : '');
    const scenario = (words.scenarios as Record<string, string | undefined>)[run.scenario] ?? run.scenario;
    const type = (words.types as Record<string, string | undefined>)[run.type] ?? run.type;
    pdf.field(text.scenario, words.scenarioAndType(scenario, type));
    pdf.field(text.location, run.location);
    pdf.field(text.lead, run.lead);
    pdf.field(
      text.timeToMuster,
      run.musterMs === null
        ? ''
        : run.musterTargetMs === null
          ? clock(run.musterMs)
          : text.againstTarget(clock(run.musterMs), clock(run.musterTargetMs), run.musterMs <= run.musterTargetMs),
    );
    pdf.field(text.approval, run.approval ? text.approvedBy(isolate(run.approval.by), moment(run.approval.at)) : text.notApproved);
    const present = run.participants.filter((p) => p.present);
    pdf.paragraph(text.participants(present.length, run.participants.length), { size: 9, bold: true });
    pdf.paragraph(run.participants.length ? run.participants.map((p) => isolate(p.name)).join(', ') : text.noneRecorded, MUTED);
    pdf.paragraph(text.observations, { size: 9, bold: true });
    if (!run.observations.length) pdf.paragraph(text.noneRecorded, MUTED);
    for (const o of run.observations) {
      pdf.paragraph(`• ${o.kind === 'strength' ? text.strength : text.improvement}: ${isolate(o.note)} — ${isolate(o.author)}`, {
        size: 9,
      });
    }
    pdf.paragraph(text.actions, { size: 9, bold: true });
    if (!run.actions.length) pdf.paragraph(text.noneRecorded, MUTED);
    for (const a of run.actions) {
      const status = (words.actionStatuses as Record<string, string | undefined>)[a.status] ?? a.status;
      pdf.paragraph(`• ${text.action(isolate(a.title), isolate(a.owner), day(a.dueDate), status)}`, { size: 9 });
    }
  }

  // SOPs and documents.
  pdf.heading(text.documentsTitle);
  if (!content.documents.length) pdf.paragraph(text.noneRecorded, MUTED);
  else {
    row(pdf, [
      { text: text.docTitle, share: 0.44, bold: true },
      { text: text.docVersion, share: 0.14, bold: true },
      { text: text.docEffective, share: 0.18, bold: true },
      { text: 'SHA-256', share: 0.24, bold: true },
    ]);
    for (const d of content.documents) {
      row(pdf, [
        { text: `${text.docKind[d.kind]}: ${isolate(d.title)}`, share: 0.44 },
        { text: isolate(d.version), share: 0.14 },
        { text: day(d.effectiveDate), share: 0.18 },
        { text: d.sha256.slice(0, 16), share: 0.24 },
      ]);
    }
  }

  // The manifest.
  pdf.heading(text.manifestTitle);
  pdf.paragraph(text.manifestIntro, MUTED);
  const runTitles = new Map(content.runs.map((r) => [r.id, r.title]));
  const ruleTitles = new Map(content.rules.map((r) => [r.ruleId, ruleTitle(language, r.ruleId, r.title)]));
  for (const s of meta.manifest.sections)
    row(
      pdf,
      [
        { text: text.manifestNames[s.name], share: 0.3 },
        { text: s.sha256, share: 0.7 },
      ],
      7,
    );
  for (const item of meta.manifest.items) {
    const name = item.kind === 'run' ? runTitles.get(item.id) : item.kind === 'rule' ? ruleTitles.get(item.id) : item.id;
    row(
      pdf,
      [
        { text: `${text.manifestNames[item.kind]}: ${isolate(name ?? item.id)}`, share: 0.3 },
        { text: item.sha256, share: 0.7 },
      ],
      7,
    );
  }
  return pdf.finish();
}
