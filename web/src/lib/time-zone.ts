import { canonicalTimeZone, intlLocale, supportedTimeZones } from '@muster/contracts';

/**
 * The browser's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`) as the
 * contracts name it, or undefined when the browser gives none we know (then the organisation
 * starts in UTC and its admin chooses one in the settings).
 */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return (zone && canonicalTimeZone(zone)) || undefined;
  } catch {
    return undefined;
  }
}

/** A zone's offset from UTC at a moment, as browsers write it: "GMT+9", "GMT-3:30", "GMT". */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

export interface TimeZoneOption {
  value: string;
  /** "America/New York (GMT-5)": underscores as spaces, so typing "new york" finds it. */
  label: string;
}

/** Every zone the browser knows, UTC first, each with its offset now; `current` is kept even if this browser lists it under another name. */
export function timeZoneOptions(current?: string | null, at: Date = new Date()): TimeZoneOption[] {
  const zones = [...supportedTimeZones()];
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone, at) }));
}

export function timeZoneLabel(zone: string, at: Date = new Date()): string {
  if (zone === 'UTC') return zone;
  const offset = zoneOffset(zone, at);
  const name = zone.replaceAll('_', ' ');
  return offset && offset !== zone ? `${name} (${offset})` : name;
}

/** The wall-clock time in a zone, in the reader's language with Latin digits ("14:05", "2:05 م"). */
export function timeInZone(zone: string, language: string | undefined, at: Date = new Date()): string {
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: zone, timeStyle: 'short', numberingSystem: 'latn' }).format(at);
}
