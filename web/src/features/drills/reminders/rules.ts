import {
  DEFAULT_CADENCE_NAMES,
  intlLocale,
  saveCadencesSchema,
  saveReminderRulesSchema,
  type Cadence,
  type CadenceKind,
  type DefaultCadenceKey,
  type ReminderChannel,
  type ReminderRecipient,
  type ReminderRule,
  type SaveCadencesRequest,
  type SaveReminderRulesRequest,
} from '@muster/contracts';
import { messagesByPath } from '../quick-create/roster';

/** Units a lead time is written in; stored in minutes. */
export const LEAD_UNITS = ['minutes', 'hours', 'days'] as const;
export type LeadUnit = (typeof LEAD_UNITS)[number];
const MINUTES_PER: Record<LeadUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** A lead time in the largest unit that writes it whole: 1440 → 1 day, 90 → 90 minutes. */
export function splitLeadTime(minutes: number): { value: string; unit: LeadUnit } {
  if (minutes > 0 && minutes % MINUTES_PER.days === 0) return { value: String(minutes / MINUTES_PER.days), unit: 'days' };
  if (minutes > 0 && minutes % MINUTES_PER.hours === 0) return { value: String(minutes / MINUTES_PER.hours), unit: 'hours' };
  return { value: String(minutes), unit: 'minutes' };
}

/** The minutes of a typed lead time; NaN when nothing (or not a number) was typed, so the schema says so. */
export function leadMinutesOf(value: string, unit: LeadUnit): number {
  const trimmed = value.trim();
  if (trimmed === '') return Number.NaN;
  // Whole minutes: 1.5 hours is 90 minutes, 0.5 minutes stays a fraction and is refused.
  return Math.round(Number(trimmed) * MINUTES_PER[unit] * 1000) / 1000;
}

let counter = 0;
const nextKey = () => `k${String((counter += 1))}`;

/** One reminder rule being edited. */
export interface RuleDraft {
  key: string;
  value: string;
  unit: LeadUnit;
  channels: ReminderChannel[];
  recipients: ReminderRecipient[];
  enabled: boolean;
}

export function ruleDrafts(rules: readonly ReminderRule[]): RuleDraft[] {
  return [...rules]
    .sort((a, b) => b.leadMinutes - a.leadMinutes)
    .map((r) => ({
      key: nextKey(),
      ...splitLeadTime(r.leadMinutes),
      channels: [...r.channels],
      recipients: [...r.recipients],
      enabled: r.enabled,
    }));
}

/** A new rule: a day before, in the app, to the lead and participants. */
export function newRule(): RuleDraft {
  return { key: nextKey(), value: '1', unit: 'days', channels: ['in_app'], recipients: ['lead', 'participants'], enabled: true };
}

export function rulesRequest(drafts: readonly RuleDraft[]): SaveReminderRulesRequest {
  return {
    rules: drafts.map((d) => ({
      leadMinutes: leadMinutesOf(d.value, d.unit),
      channels: d.channels,
      recipients: d.recipients,
      enabled: d.enabled,
    })),
  };
}

/** The request's messages by path (`rules.1.leadMinutes`), from `saveReminderRulesSchema`; empty when it may be saved. */
export function rulesErrors(request: SaveReminderRulesRequest): Record<string, string> {
  const parsed = saveReminderRulesSchema.safeParse(request);
  return parsed.success ? {} : messagesByPath(parsed.error.issues);
}

/** One required cadence being edited. */
export interface CadenceDraft {
  key: string;
  name: string;
  kind: CadenceKind;
  intervalMonths: string;
  calendarYear: boolean;
  dueSoonDays: string;
  enabled: boolean;
  /** A default cadence's key and its name as shown (translated): saved unchanged, it keeps its default name. */
  defaultName?: { key: DefaultCadenceKey; shown: string };
}

/** The cadences as editable drafts; `nameOf` gives a default cadence's name in the reader's language. */
export function cadenceDrafts(cadences: readonly Cadence[], nameOf: (cadence: Cadence) => string = (c) => c.name): CadenceDraft[] {
  return cadences.map((c) => ({
    key: nextKey(),
    name: nameOf(c),
    ...(c.nameKey ? { defaultName: { key: c.nameKey, shown: nameOf(c) } } : {}),
    kind: c.kind,
    intervalMonths: String(c.intervalMonths),
    calendarYear: c.calendarYear,
    dueSoonDays: String(c.dueSoonDays),
    enabled: c.enabled,
  }));
}

export function newCadence(): CadenceDraft {
  return { key: nextKey(), name: '', kind: 'drill', intervalMonths: '3', calendarYear: false, dueSoonDays: '14', enabled: true };
}

const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

export function cadencesRequest(drafts: readonly CadenceDraft[]): SaveCadencesRequest {
  return {
    cadences: drafts.map((d) => ({
      // A default name left as shown is saved as the default itself, so it stays translated.
      name: d.defaultName && d.name === d.defaultName.shown ? DEFAULT_CADENCE_NAMES[d.defaultName.key] : d.name,
      kind: d.kind,
      intervalMonths: numberOf(d.intervalMonths),
      calendarYear: d.calendarYear,
      // Left empty: the schema's default (14 days).
      ...(d.dueSoonDays.trim() === '' ? {} : { dueSoonDays: Number(d.dueSoonDays) }),
      enabled: d.enabled,
    })),
  };
}

export function cadencesErrors(request: SaveCadencesRequest): Record<string, string> {
  const parsed = saveCadencesSchema.safeParse(request);
  return parsed.success ? {} : messagesByPath(parsed.error.issues);
}

/** "1 day", "3 hours", "90 minutes" in the language (its own plural forms, Latin digits). */
export function formatLeadTime(minutes: number, language: string | undefined): string {
  const { value, unit } = splitLeadTime(minutes);
  return new Intl.NumberFormat(`${intlLocale(language)}-u-nu-latn`, {
    style: 'unit',
    unit: unit === 'days' ? 'day' : unit === 'hours' ? 'hour' : 'minute',
    unitDisplay: 'long',
  }).format(Number(value));
}

/** "3 months", "14 days" in the language. */
export function formatUnit(value: number, unit: 'month' | 'day', language: string | undefined): string {
  return new Intl.NumberFormat(`${intlLocale(language)}-u-nu-latn`, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
