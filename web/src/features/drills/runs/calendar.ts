import { intlLocale, type DrillRunSummary } from '@muster/contracts';

/** A month of the calendar, `YYYY-MM`, read in the reader's own time zone. */
export interface Month {
  year: number;
  /** 1–12. */
  month: number;
}

const two = (n: number) => String(n).padStart(2, '0');

export function monthKey(m: Month): string {
  return `${String(m.year)}-${two(m.month)}`;
}

/** The month of `?month=YYYY-MM`, else of a `YYYY-MM-DD` day (the list's `from`), else of today. */
export function monthOf(value: string, fallbackDay: string, today: Date): Month {
  const match = /^(\d{4})-(\d{2})$/.exec(value) ?? /^(\d{4})-(\d{2})-\d{2}$/.exec(fallbackDay);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    if (year >= 1970 && year <= 9999 && month >= 1 && month <= 12) return { year, month };
  }
  return { year: today.getFullYear(), month: today.getMonth() + 1 };
}

export function shiftMonth(m: Month, delta: number): Month {
  const index = m.year * 12 + (m.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** A local day as `YYYY-MM-DD`. */
export function dayKey(at: Date): string {
  return `${String(at.getFullYear())}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

/**
 * The first day of the week in the language's region, 0 = Sunday … 6 = Saturday (Monday in Spain
 * and China, Sunday in the United States and Saudi Arabia); Monday when the browser cannot say.
 */
export function firstDayOfWeek(language: string | undefined): number {
  try {
    const locale = new Intl.Locale(intlLocale(language)) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    if (info) return info.firstDay % 7;
  } catch {
    // Older engines: the default below.
  }
  return 1;
}

/**
 * The weeks shown for a month: whole weeks from the one holding the 1st to the one holding the
 * last day, each of seven local dates (noon, so a daylight-saving change never moves a day).
 */
export function monthGrid(m: Month, weekStart: number): Date[][] {
  const first = new Date(m.year, m.month - 1, 1, 12);
  const offset = (first.getDay() - weekStart + 7) % 7;
  const start = new Date(m.year, m.month - 1, 1 - offset, 12);
  const daysInMonth = new Date(m.year, m.month, 0, 12).getDate();
  const weeks = Math.ceil((offset + daysInMonth) / 7);
  return Array.from({ length: weeks }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + w * 7 + d, 12)),
  );
}

/**
 * The API's date range (UTC days) that covers every local day of the grid: one day wider on each
 * side, since a local day can begin or end on another UTC day. Runs are placed by local day after.
 */
export function gridRange(weeks: Date[][]): { from: string; to: string } {
  const firstDay = weeks[0]![0]!;
  const lastDay = weeks[weeks.length - 1]![6]!;
  const utc = (at: Date, delta: number) =>
    new Date(Date.UTC(at.getFullYear(), at.getMonth(), at.getDate() + delta)).toISOString().slice(0, 10);
  return { from: utc(firstDay, -1), to: utc(lastDay, 1) };
}

/** Runs by the local day they are scheduled on, each day's in time order. */
export function runsByDay(runs: readonly DrillRunSummary[]): Map<string, DrillRunSummary[]> {
  const days = new Map<string, DrillRunSummary[]>();
  for (const run of [...runs].sort((a, b) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt))) {
    const key = dayKey(new Date(run.scheduledAt));
    const list = days.get(key);
    if (list) list.push(run);
    else days.set(key, [run]);
  }
  return days;
}

/** Gregorian in every language (ar-SA would otherwise write the Islamic calendar's months). */
const gregorian = (language: string | undefined) => `${intlLocale(language)}-u-ca-gregory-nu-latn`;

export function formatMonth(m: Month, language: string | undefined): string {
  return new Intl.DateTimeFormat(gregorian(language), { month: 'long', year: 'numeric' }).format(new Date(m.year, m.month - 1, 1, 12));
}

/** Weekday names from `weekStart`, short and long. */
export function weekdayNames(weekStart: number, language: string | undefined): { short: string; long: string }[] {
  const short = new Intl.DateTimeFormat(gregorian(language), { weekday: 'short' });
  const long = new Intl.DateTimeFormat(gregorian(language), { weekday: 'long' });
  // 2026-03-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const at = new Date(2026, 2, 1 + ((weekStart + i) % 7), 12);
    return { short: short.format(at), long: long.format(at) };
  });
}

/** "Monday, March 2, 2026" — a day of the calendar, in full. */
export function formatDayLong(at: Date, language: string | undefined): string {
  return new Intl.DateTimeFormat(gregorian(language), { dateStyle: 'full' }).format(at);
}

export function formatDayNumber(at: Date, language: string | undefined): string {
  return new Intl.DateTimeFormat(gregorian(language), { day: 'numeric' }).format(at);
}

export function formatTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(gregorian(language), { timeStyle: 'short' }).format(new Date(iso));
}
