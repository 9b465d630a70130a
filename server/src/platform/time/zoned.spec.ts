import {
  addDays,
  addLocalDays,
  formatClockTime,
  formatMoment,
  instantAt,
  localDay,
  startOfDay,
  startOfLocalDay,
  wallTime,
  zoneName,
  zoneOffsetMs,
} from './zoned.js';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();
const HOUR = 3_600_000;

describe('local days in a zone', () => {
  it('cuts Tokyo’s days at its midnight, 15:00 UTC the day before (no daylight saving)', () => {
    expect(localDay(at('2026-07-01T14:59:59Z'), 'Asia/Tokyo')).toBe('2026-07-01');
    expect(localDay(at('2026-07-01T15:00:00Z'), 'Asia/Tokyo')).toBe('2026-07-02');
    expect(iso(startOfLocalDay(at('2026-07-01T20:00:00Z'), 'Asia/Tokyo'))).toBe('2026-07-01T15:00:00.000Z');
    expect(iso(startOfDay('2026-07-02', 'Asia/Tokyo'))).toBe('2026-07-01T15:00:00.000Z');
    expect(zoneOffsetMs(at('2026-07-01T00:00:00Z'), 'Asia/Tokyo')).toBe(9 * HOUR);
  });

  it('gives New York’s days 23 and 25 hours at the changes of 2026 (8 March, 1 November)', () => {
    const spring = startOfDay('2026-03-08', 'America/New_York');
    expect(iso(spring)).toBe('2026-03-08T05:00:00.000Z'); // midnight EST
    expect(iso(startOfDay('2026-03-09', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z'); // midnight EDT
    expect(startOfDay('2026-03-09', 'America/New_York').getTime() - spring.getTime()).toBe(23 * HOUR);
    const autumn = startOfDay('2026-11-01', 'America/New_York');
    expect(iso(autumn)).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDay('2026-11-02', 'America/New_York').getTime() - autumn.getTime()).toBe(25 * HOUR);
    // The last second of 8 March (EDT already) and the first of 9 March.
    expect(localDay(at('2026-03-09T03:59:59Z'), 'America/New_York')).toBe('2026-03-08');
    expect(localDay(at('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09');
  });

  it('moves by local days keeping the wall-clock time across a change', () => {
    // 09:00 EST on 7 March → 09:00 EDT on 9 March: 47 hours later, not 48.
    const before = at('2026-03-07T14:00:00Z');
    const after = addLocalDays(before, 2, 'America/New_York');
    expect(iso(after)).toBe('2026-03-09T13:00:00.000Z');
    expect(wallTime(after, 'America/New_York')).toMatchObject({ day: 9, hour: 9, minute: 0 });
    expect(iso(addLocalDays(after, -2, 'America/New_York'))).toBe(iso(before));
    // Across a month and a year end.
    expect(localDay(addLocalDays(at('2026-12-31T12:00:00Z'), 1, 'Asia/Tokyo'), 'Asia/Tokyo')).toBe('2027-01-01');
    // To the millisecond (a reminder a day before a run at 10:00:00.991 is due at 10:00:00.991).
    expect(iso(addLocalDays(at('2026-11-23T10:00:00.991Z'), -1, 'Europe/Amsterdam'))).toBe('2026-11-22T10:00:00.991Z');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('reads a time the clock jumps over as the time after the jump, and a repeated time as its first occurrence', () => {
    // 02:30 on 8 March 2026 does not exist in New York: 03:30 EDT.
    const skipped = instantAt({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, 'America/New_York');
    expect(iso(skipped)).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 on 1 November 2026 happens twice: the first (EDT).
    const repeated = instantAt({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 }, 'America/New_York');
    expect(iso(repeated)).toBe('2026-11-01T05:30:00.000Z');
  });

  it('handles Lord Howe Island’s half-hour change (UTC+10:30 in winter, +11 in summer)', () => {
    const zone = 'Australia/Lord_Howe';
    expect(zoneOffsetMs(at('2026-07-01T00:00:00Z'), zone)).toBe(10.5 * HOUR);
    expect(zoneOffsetMs(at('2026-12-01T00:00:00Z'), zone)).toBe(11 * HOUR);
    // Summer time starts on 4 October 2026 at 02:00, which becomes 02:30.
    expect(iso(startOfDay('2026-10-04', zone))).toBe('2026-10-03T13:30:00.000Z');
    expect(startOfDay('2026-10-05', zone).getTime() - startOfDay('2026-10-04', zone).getTime()).toBe(23.5 * HOUR);
    const skipped = instantAt({ year: 2026, month: 10, day: 4, hour: 2, minute: 15, second: 0 }, zone);
    expect(wallTime(skipped, zone)).toMatchObject({ hour: 2, minute: 45 });
    // It ends on 5 April 2026 at 02:00, which becomes 01:30: that day is 24.5 hours long.
    expect(startOfDay('2026-04-06', zone).getTime() - startOfDay('2026-04-05', zone).getTime()).toBe(24.5 * HOUR);
    const repeated = instantAt({ year: 2026, month: 4, day: 5, hour: 1, minute: 45, second: 0 }, zone);
    expect(iso(repeated)).toBe('2026-04-04T14:45:00.000Z'); // the first 01:45, at +11
    expect(iso(addLocalDays(at('2026-10-03T00:00:00Z'), 1, zone))).toBe('2026-10-03T23:30:00.000Z');
  });

  it('starts a day the clock enters after midnight at its first instant (Santiago, 6 September 2026)', () => {
    // Chile moves from 00:00 to 01:00 on the first Sunday of September.
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(wallTime(start, 'America/Santiago')).toMatchObject({ day: 6, hour: 1, minute: 0 });
    expect(localDay(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });
});

describe('moments in a zone and a language', () => {
  const moment = at('2026-11-23T10:00:00Z');

  it('keeps English in the form Muster always wrote, UTC exactly as before', () => {
    expect(formatMoment(moment, 'UTC', 'en')).toBe(moment.toUTCString().replace('GMT', 'UTC'));
    expect(formatMoment(moment, 'UTC', 'en')).toBe('Mon, 23 Nov 2026 10:00:00 UTC');
    expect(formatMoment(moment, 'Asia/Tokyo', 'en')).toBe('Mon, 23 Nov 2026 19:00:00 GMT+9');
    expect(formatMoment(moment, 'America/New_York', 'en')).toBe('Mon, 23 Nov 2026 05:00:00 EST');
    expect(formatMoment(at('2026-07-01T00:00:00Z'), 'America/New_York', 'en')).toBe('Tue, 30 Jun 2026 20:00:00 EDT');
    expect(formatMoment(at('2026-03-01T00:05:00Z'), 'UTC', 'en')).toBe('Sun, 01 Mar 2026 00:05:00 UTC');
  });

  it('writes the other languages in their medium date and short time, with Latin digits and the zone', () => {
    expect(formatMoment(moment, 'Asia/Tokyo', 'es')).toMatch(/^23 nov 2026, 19:00 GMT\+9$/);
    expect(formatMoment(moment, 'UTC', 'zh')).toMatch(/2026.*11.*23.*10:00 UTC$/);
    const arabic = formatMoment(moment, 'Asia/Tokyo', 'ar');
    expect(arabic).toMatch(/7:00/); // the 12-hour clock Arabic readers use, as in the PDF
    expect(arabic).not.toMatch(/[\u0660-\u0669]/); // no Arabic-Indic digits
    expect(arabic).toContain('2026');
  });

  it('names zones in a language and writes clock times', () => {
    expect(zoneName(moment, 'UTC')).toBe('UTC');
    expect(zoneName(moment, 'Australia/Lord_Howe')).toBe('GMT+11');
    expect(zoneName(at('2026-07-01T00:00:00Z'), 'Australia/Lord_Howe')).toBe('GMT+10:30');
    expect(formatClockTime(at('2026-11-23T23:59:00Z'), 'Asia/Tokyo')).toBe('08:59');
    expect(formatClockTime(at('2026-11-23T00:05:00Z'), 'UTC')).toBe('00:05');
  });
});
