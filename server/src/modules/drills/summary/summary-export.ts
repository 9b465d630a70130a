import { DEFAULT_LANGUAGE, DEFAULT_TIME_ZONE, PRODUCT_NAME, type DrillSummary, type LanguageCode } from '@muster/contracts';
import { stringify } from 'csv-stringify/sync';
import { createPdf } from '../../../platform/documents/pdf-text.js';
import { localDay } from '../../../platform/time/zoned.js';
import { logSentences } from './log-sentences.js';
import { clock, logText } from './log-text.js';
import { isolate, SUMMARY_PDF_TEXT } from './summary-pdf-text.js';

/** The after-action summary as files: CSV (one table, a `section` column) and PDF (the documents text layer). */

const minutes = (ms: number | null): string => (ms === null ? '' : `${(ms / 60_000).toFixed(1)} min`);
const signed = (ms: number | null): string => (ms === null ? '' : `${ms > 0 ? '+' : ''}${(ms / 60_000).toFixed(1)} min`);
/** What a step took against its expected time, or that it was not timed (not both started and done). */
const took = (s: { durationMs: number | null; varianceMs: number | null }): string =>
  s.durationMs === null ? 'not timed' : `took ${minutes(s.durationMs)} (${signed(s.varianceMs)})`;

/** "Quay evacuation — after-action summary 2026-11-23.pdf": the day the drill started (or was planned) on the organisation's calendar. */
export function summaryFileName(summary: DrillSummary, extension: 'pdf' | 'csv', timeZone: string = DEFAULT_TIME_ZONE): string {
  const day = localDay(new Date(summary.run.startedAt ?? summary.run.scheduledAt), timeZone);
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

/**
 * The summary as a PDF in a language (right to left in Arabic): its fixed texts from
 * `SUMMARY_PDF_TEXT`, what people typed isolated so that it keeps its own direction, its moments
 * in the organisation's time zone. The decision log's entries are written in the language too
 * (`logSentences`, the web's texts); the CSV keeps the English sentences of `logText` for tools.
 */
export function summaryPdf(
  summary: DrillSummary,
  language: LanguageCode = DEFAULT_LANGUAGE,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<Buffer> {
  const text = SUMMARY_PDF_TEXT[language];
  const { run } = summary;
  const pdf = createPdf({ language, title: text.documentTitle(run.title) });
  const date = (iso: string | null) => (iso ? text.date(iso, timeZone) : '');
  const inMinutes = (ms: number | null) => (ms === null ? '' : text.minutes((ms / 60_000).toFixed(1)));
  const signedMinutes = (ms: number | null) => (ms === null ? '' : text.minutes(`${ms > 0 ? '+' : ''}${(ms / 60_000).toFixed(1)}`));
  const muted = { size: 9, color: '#718096' };

  pdf.paragraph(`${PRODUCT_NAME} · ${text.kicker}`, muted);
  pdf.paragraph(isolate(run.title), { size: 20, bold: true });
  pdf.space(3);
  pdf.field(text.scenario, text.scenarioAndType(text.scenarios[run.scenario], text.types[run.type]));
  pdf.field(text.location, run.location);
  pdf.field(text.lead, run.lead.name);
  pdf.field(text.scheduled, date(run.scheduledAt));
  pdf.field(text.started, date(run.startedAt));
  pdf.field(text.completed, date(run.completedAt));
  pdf.field(text.duration, inMinutes(summary.durationMs));
  pdf.field(
    text.status,
    run.status === 'approved'
      ? text.approvedLocked(isolate(run.approvedBy?.name ?? ''), date(run.approvedAt))
      : text.runStatuses[run.status],
  );

  if (run.template.objectives.length) {
    pdf.heading(text.objectives);
    for (const o of run.template.objectives) pdf.paragraph(`• ${isolate(o)}`);
  }

  const { done, total, skipped } = summary.stepCompletion;
  pdf.heading(text.steps(done, total, skipped));
  for (const s of summary.steps) {
    pdf.paragraph(isolate(s.title), { bold: true });
    const parts = [
      text.stepStatuses[s.status],
      text.expected(s.expectedMinutes),
      s.durationMs === null ? text.notTimed : text.took(inMinutes(s.durationMs), signedMinutes(s.varianceMs)),
      text.checklist(s.checklistDone, s.checklistTotal),
      ...(s.position ? [isolate(s.position)] : []),
    ];
    pdf.paragraph(parts.join(' · '), { size: 9, color: '#4a5568' });
  }

  const a = summary.attendance;
  pdf.heading(text.attendance(a.present, a.roster));
  pdf.field(
    text.timeToMuster,
    a.musterMs === null
      ? '—'
      : a.musterTargetMs === null
        ? clock(a.musterMs)
        : text.againstTarget(clock(a.musterMs), clock(a.musterTargetMs), a.metTarget === true),
  );
  // Words rather than ✓/✗: the shipped fonts have no such glyphs.
  for (const p of a.participants) {
    pdf.paragraph(`• ${isolate(p.name)} — ${p.checkedInAt ? text.presentAt(clock(p.checkedInElapsedMs)) : text.notCheckedIn}`, { size: 9 });
  }

  pdf.heading(text.injects);
  for (const i of summary.injects) {
    const publication =
      i.publishedElapsedMs === null
        ? text.notPublished
        : i.auto
          ? text.publishedByClock(clock(i.publishedElapsedMs))
          : text.publishedBy(clock(i.publishedElapsedMs), isolate(i.publishedBy?.name ?? ''));
    pdf.paragraph(text.inject(isolate(i.title), i.plannedMinute, publication), { bold: true });
    pdf.paragraph(isolate(i.message), { size: 9, color: '#4a5568' });
    for (const r of i.responses) {
      pdf.paragraph(text.response(r.kind === 'strength', isolate(r.author.name), isolate(r.note)), { size: 9, indent: 12 });
    }
  }

  for (const [title, items] of [
    [text.strengths, summary.observations.strengths],
    [text.improvements, summary.observations.improvements],
  ] as const) {
    pdf.heading(title);
    if (!items.length) pdf.paragraph(text.noneRecorded, muted);
    for (const o of items) {
      pdf.paragraph(`• ${isolate(o.note)} — ${text.byAt(isolate(o.author.name), o.elapsedMs === null ? null : clock(o.elapsedMs))}`);
    }
  }

  pdf.heading(text.actions);
  if (!summary.actions.length) pdf.paragraph(text.noActions, muted);
  for (const c of summary.actions) {
    pdf.paragraph(`• ${text.action(isolate(c.title), isolate(c.owner.name), c.dueDate, text.actionStatuses[c.status])}`);
  }

  if (summary.addenda.length) {
    pdf.heading(text.addenda);
    for (const x of summary.addenda) {
      pdf.paragraph(`${date(x.createdAt)} — ${isolate(x.author.name)}`, { size: 9, bold: true });
      pdf.paragraph(isolate(x.body));
    }
  }

  pdf.heading(text.decisionLog);
  const dueDate = (isoDate: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'long', numberingSystem: 'latn', timeZone: 'UTC' }).format(
      new Date(`${isoDate}T00:00:00Z`),
    );
  // The drill time in its own column at the start of the line (the right in Arabic), the entry beside it.
  const column = 40;
  const rtl = pdf.direction === 'rtl';
  const entryWidth = pdf.width - column;
  for (const e of summary.timeline) {
    const sentences = logSentences(e, language, { participants: summary.attendance.participants, formatDate: dueDate });
    const entry = `${date(e.at)} — ${sentences.join(' ')}`;
    const height = pdf.height(entry, entryWidth, { size: 8 });
    pdf.keep(height);
    const y = pdf.doc.y;
    pdf.cell(
      clock(e.elapsedMs) || '—',
      { x: rtl ? pdf.left + entryWidth + 4 : pdf.left, y, width: column - 4 },
      { size: 8, color: '#4a5568' },
    );
    pdf.cell(entry, { x: rtl ? pdf.left : pdf.left + column, y, width: entryWidth }, { size: 8 });
    pdf.doc.y = y + height;
  }

  return pdf.finish();
}
