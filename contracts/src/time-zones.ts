import { z } from 'zod';
import { reason } from './reasons.js';

/** An organisation's zone until its admin chooses one (and for mail to people of no organisation). */
export const DEFAULT_TIME_ZONE = 'UTC';

let listed: readonly string[] | null = null;
let listedSet: ReadonlySet<string> | null = null;

/**
 * The IANA time zones this runtime knows (`Intl.supportedValuesOf('timeZone')`, which leaves UTC
 * out), with UTC first. Runtimes name a few zones differently (Node's ICU lists Asia/Calcutta,
 * a newer browser Asia/Kolkata): `canonicalTimeZone` maps a name the runtime knows onto its list.
 */
export function supportedTimeZones(): readonly string[] {
  if (!listed) {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    listed = [DEFAULT_TIME_ZONE, ...zones.filter((zone) => zone !== DEFAULT_TIME_ZONE)];
    listedSet = new Set(listed);
  }
  return listed;
}

function isListed(zone: string): boolean {
  supportedTimeZones();
  return listedSet!.has(zone);
}

/**
 * The zone as this runtime's list names it, or null when it is not a zone. A listed name stays as
 * it is; an area/location alias the runtime knows (Asia/Kolkata, Europe/Kyiv, asia/tokyo) becomes
 * the name Intl resolves it to, if that one is listed. Abbreviations and offsets ("EST",
 * "+05:00") are not zones.
 */
export function canonicalTimeZone(value: string): string | null {
  if (isListed(value)) return value;
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(value) && value.toUpperCase() !== DEFAULT_TIME_ZONE) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    return isListed(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

export function isTimeZone(value: unknown): value is string {
  return typeof value === 'string' && canonicalTimeZone(value) !== null;
}

/** An IANA time zone (validated against `Intl.supportedValuesOf('timeZone')` and UTC), given back as listed. */
export const timeZoneSchema = z
  .string({ error: reason('validation.timeZone') })
  .trim()
  .max(64, reason('validation.timeZone'))
  .refine((value) => canonicalTimeZone(value) !== null, { message: reason('validation.timeZone') })
  .transform((value) => canonicalTimeZone(value)!);

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD` of an instant on the wall calendar of a zone (UTC: the ISO date). */
export function dayInZone(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${String(parts.year).padStart(4, '0')}-${String(parts.month)}-${String(parts.day)}`;
}
