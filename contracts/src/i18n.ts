/** Interface languages (spec §3 "Language option"). English is the default and the fallback. */
export interface LanguageOption {
  code: 'en' | 'es' | 'zh' | 'ar';
  name: string;
  nativeName: string;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGES: readonly LanguageOption[] = [
  { code: 'en', name: 'English', nativeName: 'English', dir: 'ltr' },
  { code: 'es', name: 'Spanish', nativeName: 'Español', dir: 'ltr' },
  { code: 'zh', name: 'Chinese', nativeName: '中文', dir: 'ltr' },
  { code: 'ar', name: 'Arabic', nativeName: 'العربية', dir: 'rtl' },
] as const;

export type LanguageCode = LanguageOption['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_CODES: LanguageCode[] = LANGUAGES.map((l) => l.code);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}

/** Our language of a code or locale ("es", "ar-SA", "zh_CN"), or null when it is not one we offer. */
export function languageOf(value: string | undefined): LanguageCode | null {
  const base = value?.toLowerCase().split(/[-_]/)[0];
  return isLanguageCode(base) ? base : null;
}

export function languageDirection(code: string): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.code === code)?.dir ?? 'ltr';
}

/** Intl locales of our languages (number, currency and date formats). */
export const INTL_LOCALES: Readonly<Record<LanguageCode, string>> = { en: 'en-US', es: 'es-ES', zh: 'zh-CN', ar: 'ar-SA' };
/** Open Graph locales of our languages. */
export const OG_LOCALES: Readonly<Record<LanguageCode, string>> = { en: 'en_US', es: 'es_ES', zh: 'zh_CN', ar: 'ar_AR' };

export function intlLocale(language: string | undefined): string {
  return isLanguageCode(language) ? INTL_LOCALES[language] : INTL_LOCALES[DEFAULT_LANGUAGE];
}

/**
 * US dollars from cents in the language's format, with Latin digits in every language (as on
 * our invoices): whole dollars without decimals ("$129"), other amounts with cents ("$103.20").
 */
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
