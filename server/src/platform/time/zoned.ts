import { dayInZone, intlLocale, type LanguageCode } from '@muster/contracts';

/**
 * Wall-clock time in an IANA time zone with nothing but `Intl` (no date library): the local
 * calendar day of an instant, the instant a local day starts, a number of local days later, and a
 * moment written in a language in that zone. An organisation's zone cuts the days of its reminders
 * and cadences and dates its PDFs and emails.
 *
 * Where the wall clock jumps (daylight saving), a local time that does not exist is read as the
 * same time after the jump (02:30 on a spring-forward night is 03:30), and a local time that
 * happens twice as its first occurrence — the `compatible` rule of Temporal and RFC 5545.
 */

/** A local date and time: month 1–12, hour 0–23. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export { dayInZone as localDay };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock date and time of an instant in a zone. */
export function wallTime(at: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of wallFormat(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const wallAsUtc = (wall: WallTime): number => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (Tokyo: +9 h; Lord Howe in winter: +10.5 h). */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const whole = Math.floor(at.getTime() / 1000) * 1000;
  return wallAsUtc(wallTime(new Date(whole), timeZone)) - whole;
}

/** The instant a local date and time happens in a zone (see the rule above for gaps and repeats). */
export function instantAt(wall: WallTime, timeZone: string): Date {
  const asUtc = wallAsUtc(wall);
  // The offsets a day before and a day after: zones change offset at most once within that span.
  const before = zoneOffsetMs(new Date(asUtc - DAY_MS), timeZone);
  const after = zoneOffsetMs(new Date(asUtc + DAY_MS), timeZone);
  const fits = [asUtc - before, asUtc - after].filter((t) => wallAsUtc(wallTime(new Date(t), timeZone)) === asUtc);
  // Twice (the clock went back): the first. Never (the clock jumped): the time after the jump,
  // which is where the offset from before the jump puts it.
  return new Date(fits.length ? Math.min(...fits) : asUtc - before);
}

/** `YYYY-MM-DD` as a date at midnight. */
function wallOfDay(day: string): WallTime {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date, hour: 0, minute: 0, second: 0 };
}

/** The instant a local calendar day (`YYYY-MM-DD`) begins in a zone: its midnight, or the first instant after a jump over it. */
export function startOfDay(day: string, timeZone: string): Date {
  return instantAt(wallOfDay(day), timeZone);
}

/** The instant the local day of `at` began in a zone. */
export function startOfLocalDay(at: Date, timeZone: string): Date {
  return startOfDay(dayInZone(at, timeZone), timeZone);
}

/**
 * The same wall-clock time `days` local days later (or earlier): 09:00 stays 09:00 across a
 * daylight-saving change, so the span is 23 or 25 hours (23.5 or 24.5 on Lord Howe Island).
 */
export function addLocalDays(at: Date, days: number, timeZone: string): Date {
  const wall = wallTime(at, timeZone);
  const shifted = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  const instant = instantAt(
    { ...wall, year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() },
    timeZone,
  );
  // The wall time has whole seconds; the milliseconds are the same in every zone.
  return new Date(instant.getTime() + at.getUTCMilliseconds());
}

/** `YYYY-MM-DD` `days` calendar days after a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  const wall = wallOfDay(day);
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days)).toISOString().slice(0, 10);
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at an instant, in a language ("UTC", "EST", "GMT+9"), with Latin digits. */
export function zoneName(at: Date, timeZone: string, language: LanguageCode = 'en'): string {
  const key = `${language}|${timeZone}`;
  let format = zoneNames.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { timeZone, timeZoneName: 'short', numberingSystem: 'latn' });
    zoneNames.set(key, format);
  }
  return format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

const englishParts = new Map<string, Intl.DateTimeFormat>();
const mediumFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as people of a language read it, in a zone, with the zone's name. English keeps the
 * form Muster's emails and PDFs have always had ("Mon, 23 Nov 2026 10:00:00 UTC", the shape of
 * `toUTCString`); the other languages use their medium date and short time, Gregorian, with Latin
 * digits as the web app writes them ("23 nov 2026, 19:00 GMT+9").
 */
export function formatMoment(at: Date, timeZone: string, language: LanguageCode): string {
  const zone = zoneName(at, timeZone, language);
  if (language === 'en') {
    let format = englishParts.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        calendar: 'gregory',
        numberingSystem: 'latn',
        hourCycle: 'h23',
        weekday: 'short',
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      englishParts.set(timeZone, format);
    }
    const p = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
    return `${p.weekday!}, ${p.day!} ${p.month!} ${p.year!} ${p.hour!}:${p.minute!}:${p.second!} ${zone}`;
  }
  const key = `${language}|${timeZone}`;
  let format = mediumFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    mediumFormats.set(key, format);
  }
  return `${format.format(at)} ${zone}`;
}

/** A time of day in a zone, `HH:MM` (24-hour, Latin digits), as chat transcripts show it. */
export function formatClockTime(at: Date, timeZone: string): string {
  const wall = wallTime(at, timeZone);
  return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
}
