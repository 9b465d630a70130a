import { intlLocale } from '@muster/contracts';

export function formatCount(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(language), { numberingSystem: 'latn' }).format(value);
}

/** Storage in decimal units: "10 GB", "100 GB", "2 TB". */
export function formatStorage(gb: number, language: string | undefined): string {
  const tb = gb >= 1000 && gb % 1000 === 0;
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit: tb ? 'terabyte' : 'gigabyte',
    unitDisplay: 'short',
    numberingSystem: 'latn',
  }).format(tb ? gb / 1000 : gb);
}

/**
 * A date (ISO "2026-11-23") written out in the language, e.g. "November 23, 2026"; with the
 * `medium` style, shorter where space is tight ("Nov 23, 2026").
 */
export function formatDate(iso: string, language: string | undefined, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: style, numberingSystem: 'latn', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** A duration in the largest sensible unit: "45 sec", "3.5 min", "2.1 hr". */
export function formatDuration(seconds: number, language: string | undefined): string {
  const [value, unit] = seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [seconds / 60, 'minute'] : [seconds / 3600, 'hour'];
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: seconds < 60 ? 0 : 1,
    numberingSystem: 'latn',
  }).format(value);
}

/** A moment (ISO timestamp) in the reader's time zone, e.g. "Nov 23, 2026, 3:40 PM". */
export function formatDateTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' }).format(
    new Date(iso),
  );
}

/** "in 5 minutes", "2 hours ago", "tomorrow": the distance from `now` to `iso` in the language, with Latin digits. */
export function relativeTime(iso: string, now: number, language: string | undefined): string {
  const diff = Date.parse(iso) - now;
  const abs = Math.abs(diff);
  const rtf = new Intl.RelativeTimeFormat(`${intlLocale(language)}-u-nu-latn`, { numeric: 'auto' });
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;
  if (abs < hour) return rtf.format(Math.round(diff / minute), 'minute');
  if (abs < 2 * day) return rtf.format(Math.round(diff / hour), 'hour');
  return rtf.format(Math.round(diff / day), 'day');
}

/** A file size in binary units: "820 B", "14.2 KB", "3.5 MB". */
export function formatBytes(bytes: number, language: string | undefined): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'narrow' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
    numberingSystem: 'latn',
  }).format(value);
}
