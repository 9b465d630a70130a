import { intlLocale } from '@muster/contracts';

/** The filters of an analytics page as they stand in the address: only those chosen. */
export type FilterValues = Record<string, string>;

/** The query string of the chosen filters (empty ones left out), in a stable order. */
export function filterQuery(values: FilterValues, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...values, ...extra }).sort(([a], [b]) => a.localeCompare(b))) {
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** "Jan 2026" for `2026-01` in the reader's language (Latin digits); anything else as it is. */
export function monthLabel(month: string, language: string | undefined): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return month;
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/** The sum of a numeric column over a chart's rows (a headline figure). */
export function columnTotal(rows: readonly Record<string, string | number | null>[], column: string): number {
  return rows.reduce((sum, row) => sum + (typeof row[column] === 'number' ? row[column] : 0), 0);
}
