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

/** A date (ISO "2026-11-23") written out in the language, e.g. "November 23, 2026". */
export function formatDate(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', numberingSystem: 'latn', timeZone: 'UTC' }).format(
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
