import { intlLocale, type ComplianceRule, type RuleEvaluation } from '@muster/contracts';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/format';

/** "90 days", "18 months" in the reader's language (Latin digits, like the rest of the app). */
export function formatInterval(every: number, unit: string, language: string | undefined): string {
  return new Intl.NumberFormat(`${intlLocale(language)}-u-nu-latn`, {
    style: 'unit',
    unit: unit === 'months' ? 'month' : 'day',
    unitDisplay: 'long',
  }).format(every);
}

/** A rule's title: a built-in rule's in the reader's language, an organisation's own as written. */
export function ruleTitle(t: TFunction, rule: Pick<ComplianceRule, 'titleKey' | 'title'>): string {
  return rule.titleKey ? t(rule.titleKey, { ns: 'compliance', defaultValue: rule.title }) : rule.title;
}

/**
 * The reason of a rule's state in words, from its key and parameters (the server sends no
 * sentences): what counts, how long ago, the cadence and the due date in the reader's language.
 */
export function reasonText(t: TFunction, reason: RuleEvaluation['reason'], language: string | undefined): string {
  const p = reason.params;
  const values: Record<string, string | number> = { ...p, ns: 'compliance' };
  if (typeof p.what === 'string') values.what = t(`what.${p.what}`, { ns: 'compliance' });
  if (typeof p.every === 'number') values.interval = formatInterval(p.every, String(p.unit), language);
  if (typeof p.days === 'number') {
    values.days = formatInterval(p.days, 'days', language);
    // "97 days ago", "yesterday", "today", in the reader's language.
    values.ago = new Intl.RelativeTimeFormat(`${intlLocale(language)}-u-nu-latn`, { numeric: 'auto' }).format(-p.days, 'day');
  }
  if (typeof p.withinDays === 'number') values.withinDays = formatInterval(p.withinDays, 'days', language);
  if (typeof p.dueSoonDays === 'number') values.dueSoonDays = formatInterval(p.dueSoonDays, 'days', language);
  for (const key of ['due', 'changedOn'] as const) {
    if (typeof p[key] === 'string') values[key] = formatDate(p[key], language);
  }
  if (typeof p.missing === 'string') {
    const names = p.missing.split(', ').map((s) => t(`what.${s}`, { ns: 'compliance' }));
    values.missing = new Intl.ListFormat(intlLocale(language), { type: 'conjunction' }).format(names);
  }
  return t(`reasons.${reason.key}`, values);
}
