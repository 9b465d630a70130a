import { existsSync } from 'node:fs';
import { PRODUCT_NAME, type DrillSummary } from '@muster/contracts';
import { stringify } from 'csv-stringify/sync';
import PDFDocument from 'pdfkit';
import { clock, logText } from './log-text.js';

/** The after-action summary as files: CSV (one table, a `section` column) and PDF (pdfkit). */

const date = (iso: string | null): string => (iso ? new Date(iso).toUTCString().replace('GMT', 'UTC') : '');
const minutes = (ms: number | null): string => (ms === null ? '' : `${(ms / 60_000).toFixed(1)} min`);
const signed = (ms: number | null): string => (ms === null ? '' : `${ms > 0 ? '+' : ''}${(ms / 60_000).toFixed(1)} min`);
/** What a step took against its expected time, or that it was not timed (not both started and done). */
const took = (s: { durationMs: number | null; varianceMs: number | null }): string =>
  s.durationMs === null ? 'not timed' : `took ${minutes(s.durationMs)} (${signed(s.varianceMs)})`;
/** An enum value as words with a capital: `full_scale` → "Full scale". */
const words = (value: string): string => {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export function summaryFileName(summary: DrillSummary, extension: 'pdf' | 'csv'): string {
  const day = (summary.run.startedAt ?? summary.run.scheduledAt).slice(0, 10);
  return `${summary.run.title} — after-action summary ${day}.${extension}`;
}

export function summaryCsv(summary: DrillSummary): string {
  const { run } = summary;
  const rows: string[][] = [['section', 'drill_time', 'at', 'item', 'detail', 'who', 'status']];
  const add = (section: string, drillTime: string, at: string, item: string, detail: string, who: string, status: string) =>
    rows.push([section, drillTime, at, item, detail, who, status]);
  add('drill', '', run.scheduledAt, run.title, `${run.scenario} (${run.type}) at ${run.location}`, run.lead.name, run.status);
  add('drill', clock(summary.durationMs), run.startedAt ?? '', 'Duration', minutes(summary.durationMs), '', '');
  if (run.approvedAt) add('drill', '', run.approvedAt, 'Approved', '', run.approvedBy?.name ?? '', 'approved');
  for (const s of summary.steps) {
    add(
      'step',
      clock(s.completedElapsedMs),
      '',
      s.title,
      `expected ${String(s.expectedMinutes)} min, ${took(s)}; checklist ${String(s.checklistDone)}/${String(s.checklistTotal)}`,
      s.position ?? '',
      s.status,
    );
  }
  for (const p of summary.attendance.participants) {
    add(
      'attendance',
      clock(p.checkedInElapsedMs),
      p.checkedInAt ?? '',
      p.name,
      p.checkedInBy ? `checked in (${p.checkedInBy})` : '',
      '',
      p.checkedInAt ? 'present' : 'absent',
    );
  }
  const a = summary.attendance;
  add(
    'attendance',
    clock(a.musterMs),
    '',
    'Time to muster',
    a.musterTargetMs === null ? '' : `target ${minutes(a.musterTargetMs)}`,
    '',
    a.metTarget === null ? '' : a.metTarget ? 'met' : 'missed',
  );
  for (const i of summary.injects) {
    add(
      'inject',
      clock(i.publishedElapsedMs),
      '',
      i.title,
      `${i.message} (planned at ${String(i.plannedMinute)} min${i.auto ? ', published by the clock' : ''})`,
      i.publishedBy?.name ?? '',
      i.publishedElapsedMs === null ? 'not published' : 'published',
    );
  }
  for (const o of [...summary.observations.strengths, ...summary.observations.improvements]) {
    add(
      'observation',
      clock(o.elapsedMs),
      o.createdAt,
      o.kind === 'strength' ? 'Strength' : 'Area for improvement',
      o.note,
      o.author.name,
      '',
    );
  }
  for (const c of summary.actions) add('action', '', c.dueDate, c.title, `due ${c.dueDate}`, c.owner.name, c.status);
  for (const x of summary.addenda) add('addendum', '', x.createdAt, 'Addendum', x.body, x.author.name, '');
  for (const e of summary.timeline) add('timeline', clock(e.elapsedMs), e.at, e.type, logText(e), e.actor?.name ?? '', '');
  // A cell a person wrote that starts with = + - @ would run as a formula in a spreadsheet: escaped.
  return stringify(rows, { escape_formulas: true });
}

/** Fonts that carry more than Latin, where the system has them (Debian's fonts-noto-core and fonts-noto-cjk). */
const FONTS = {
  base: ['/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'],
  bold: ['/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  arabic: ['/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf'],
  cjk: ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'],
} as const;
type FontRole = keyof typeof FONTS;

const found = Object.fromEntries(Object.entries(FONTS).map(([role, paths]) => [role, paths.find((p) => existsSync(p)) ?? null])) as Record<
  FontRole,
  string | null
>;

function registerFonts(doc: PDFKit.PDFDocument): (text: string, bold?: boolean) => string {
  const names: Record<FontRole, string> = { base: 'Helvetica', bold: 'Helvetica-Bold', arabic: 'Helvetica', cjk: 'Helvetica' };
  for (const role of Object.keys(FONTS) as FontRole[]) {
    const path = found[role];
    if (!path) continue;
    doc.registerFont(role, path, role === 'cjk' ? 'NotoSansCJKsc-Regular' : undefined);
    names[role] = role;
  }
  // The font for a piece of text: by the script it is written in (PDF text is not shaped here beyond the font's own glyphs).
  return (text, bold = false) => {
    if (/[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(text)) return names.cjk;
    if (/[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/.test(text)) return names.arabic;
    return bold ? names.bold : names.base;
  };
}

export function summaryPdf(summary: DrillSummary): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${summary.run.title} — after-action summary`, Producer: PRODUCT_NAME },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fontFor = registerFonts(doc);
  const write = (text: string, size = 10, options: PDFKit.Mixins.TextOptions & { bold?: boolean; color?: string } = {}) => {
    const { bold, color, ...rest } = options;
    doc
      .font(fontFor(text, bold))
      .fontSize(size)
      .fillColor(color ?? '#1a202c')
      .text(text, rest);
  };
  const heading = (text: string) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.8);
    write(text, 13, { bold: true, color: '#1e3a8a' });
    doc
      .moveTo(doc.page.margins.left, doc.y + 2)
      .lineTo(doc.page.width - doc.page.margins.right, doc.y + 2)
      .strokeColor('#cbd5e0')
      .stroke();
    doc.moveDown(0.4);
  };
  const line = (label: string, value: string) => {
    doc.font(fontFor(label, true)).fontSize(10).fillColor('#4a5568').text(`${label}: `, { continued: true });
    doc
      .font(fontFor(value))
      .fillColor('#1a202c')
      .text(value || '—');
  };

  const { run } = summary;
  write(`${PRODUCT_NAME} · After-action summary`, 9, { color: '#718096' });
  write(run.title, 20, { bold: true });
  doc.moveDown(0.3);
  line('Scenario', `${words(run.scenario)} (${words(run.type).toLowerCase()})`);
  line('Location', run.location);
  line('Lead', run.lead.name);
  line('Scheduled', date(run.scheduledAt));
  line('Started', date(run.startedAt));
  line('Completed', date(run.completedAt));
  line('Duration', minutes(summary.durationMs));
  line(
    'Status',
    run.status === 'approved' ? `Approved by ${run.approvedBy?.name ?? ''} on ${date(run.approvedAt)} — locked` : words(run.status),
  );

  if (run.template.objectives.length) {
    heading('Objectives');
    for (const o of run.template.objectives) write(`• ${o}`);
  }

  heading(
    `Steps (${String(summary.stepCompletion.done)} of ${String(summary.stepCompletion.total)} done, ${String(summary.stepCompletion.skipped)} skipped)`,
  );
  for (const s of summary.steps) {
    write(s.title, 10, { bold: true });
    const parts = [
      words(s.status),
      `expected ${String(s.expectedMinutes)} min`,
      took(s),
      `checklist ${String(s.checklistDone)}/${String(s.checklistTotal)}`,
      ...(s.position ? [s.position] : []),
    ];
    write(parts.join(' · '), 9, { color: '#4a5568' });
  }

  const a = summary.attendance;
  heading(`Attendance (${String(a.present)} of ${String(a.roster)} present)`);
  line(
    'Time to muster',
    a.musterMs === null
      ? '—'
      : `${clock(a.musterMs)}${a.musterTargetMs === null ? '' : ` against a target of ${clock(a.musterTargetMs)} — ${a.metTarget ? 'met' : 'missed'}`}`,
  );
  // Words rather than ✓/✗: the bundled fonts have no such glyphs.
  for (const p of a.participants)
    write(`• ${p.name} — ${p.checkedInAt ? `present, checked in at ${clock(p.checkedInElapsedMs)}` : 'not checked in'}`, 9);

  heading('Injects and responses');
  for (const i of summary.injects) {
    write(
      `${i.title} — planned ${String(i.plannedMinute)} min, ${i.publishedElapsedMs === null ? 'not published' : `published at ${clock(i.publishedElapsedMs)}${i.auto ? ' by the clock' : ` by ${i.publishedBy?.name ?? ''}`}`}`,
      10,
      { bold: true },
    );
    write(i.message, 9, { color: '#4a5568' });
    for (const r of i.responses)
      write(`Response (${r.kind === 'strength' ? 'strength' : 'area for improvement'}) — ${r.author.name}: ${r.note}`, 9, { indent: 12 });
  }

  for (const [title, items] of [
    ['Strengths', summary.observations.strengths],
    ['Areas for improvement', summary.observations.improvements],
  ] as const) {
    heading(title);
    if (!items.length) write('None recorded.', 9, { color: '#718096' });
    for (const o of items) write(`• ${o.note} — ${o.author.name}${o.elapsedMs === null ? '' : `, ${clock(o.elapsedMs)}`}`, 10);
  }

  heading('Corrective actions');
  if (!summary.actions.length) write('None.', 9, { color: '#718096' });
  for (const c of summary.actions) write(`• ${c.title} — ${c.owner.name}, due ${c.dueDate} (${words(c.status).toLowerCase()})`, 10);

  if (summary.addenda.length) {
    heading('Addenda');
    for (const x of summary.addenda) {
      write(`${date(x.createdAt)} — ${x.author.name}`, 9, { bold: true });
      write(x.body, 10);
    }
  }

  heading('Decision log');
  // The drill time in its own column, the entry beside it (wrapped lines stay in their column).
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const column = 40;
  for (const e of summary.timeline) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 24) doc.addPage();
    const y = doc.y;
    const text = `${date(e.at)} — ${logText(e)}`;
    doc
      .font(fontFor(''))
      .fontSize(8)
      .fillColor('#4a5568')
      .text(clock(e.elapsedMs) || '—', left, y, { width: column - 4, lineBreak: false });
    doc
      .font(fontFor(text))
      .fontSize(8)
      .fillColor('#1a202c')
      .text(text, left + column, y, { width: width - column });
    doc.x = left;
  }

  doc.end();
  return done;
}
