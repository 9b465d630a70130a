import { canonicalTimeZone, dayInZone, supportedTimeZones, timeZoneSchema } from './time-zones.js';

describe('time zones', () => {
  it('lists the runtime’s IANA zones with UTC first', () => {
    const zones = supportedTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toEqual(expect.arrayContaining(['Europe/Amsterdam', 'Asia/Tokyo', 'America/New_York']));
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('takes listed zones as they are and aliases as the runtime lists them', () => {
    expect(canonicalTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    // Node's ICU lists Asia/Calcutta, a browser may send Asia/Kolkata: either is the same zone.
    const kolkata = canonicalTimeZone('Asia/Kolkata');
    expect(kolkata).not.toBeNull();
    expect(supportedTimeZones()).toContain(kolkata);
  });

  it('refuses what is not a zone: unknown names, abbreviations, offsets, markup', () => {
    for (const bad of ['Mars/Olympus_Mons', 'EST', '+05:00', '', 'Europe/<script>', 'x'.repeat(65)]) {
      expect({ bad, zone: canonicalTimeZone(bad) }).toEqual({ bad, zone: null });
      const result = timeZoneSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe('validation.timeZone');
    }
    expect(timeZoneSchema.safeParse(42).error!.issues[0]!.message).toBe('validation.timeZone');
  });

  it('gives a zone back trimmed and listed', () => {
    expect(timeZoneSchema.parse(' Australia/Lord_Howe ')).toBe('Australia/Lord_Howe');
    expect(timeZoneSchema.parse('Etc/UTC')).toBe('UTC');
  });

  it('tells the local calendar day of an instant', () => {
    const at = new Date('2026-03-08T16:30:00Z');
    expect(dayInZone(at, 'UTC')).toBe('2026-03-08');
    expect(dayInZone(at, 'Asia/Tokyo')).toBe('2026-03-09');
    expect(dayInZone(new Date('2026-03-09T04:59:00Z'), 'America/New_York')).toBe('2026-03-09');
    expect(dayInZone(new Date('2026-03-09T03:59:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(dayInZone(new Date('2026-10-03T13:29:00Z'), 'Australia/Lord_Howe')).toBe('2026-10-03');
    expect(dayInZone(new Date('2026-10-03T13:30:00Z'), 'Australia/Lord_Howe')).toBe('2026-10-04');
  });
});
