/** Intl locales of our languages. Figures use Latin digits in every language, as prices do on our invoices. */
export const INTL_LOCALES: Record<string, string> = { en: 'en-US', es: 'es-ES', zh: 'zh-CN', ar: 'ar-SA' };

export function intlLocale(language: string | undefined): string {
  return INTL_LOCALES[language ?? 'en'] ?? 'en-US';
}

/** US dollars from cents: whole dollars without decimals ("$129"), otherwise with cents ("$103.20"). */
export function formatUsd(cents: number, language: string | undefined): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'USD',
    numberingSystem: 'latn',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

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
