import type { ChartCell, ChartSeries } from '@muster/contracts';

/** A CSV field: quoted when it holds a comma, quote or line break; text led by =,+,-,@ is defused for spreadsheets. */
function field(value: ChartCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A chart's CSV: its columns, then one line per row of the series, nothing added or left out. */
export function chartCsv(series: ChartSeries): string {
  const lines = [series.columns, ...series.rows.map((row) => series.columns.map((column) => row[column]))];
  return `${lines.map((cells) => cells.map((c) => field(c)).join(',')).join('\r\n')}\r\n`;
}
