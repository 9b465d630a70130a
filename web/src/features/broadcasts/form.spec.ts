import { broadcastFormSchema, broadcastInputOf, emptyBroadcastForm, isoOfLocal, localInputOf } from './form';

describe('broadcast form', () => {
  it('reads the viewer’s local date-times as moments, and back', () => {
    const at = new Date(2026, 10, 28, 9, 30);
    expect(localInputOf(at)).toBe('2026-11-28T09:30');
    expect(isoOfLocal('2026-11-28T09:30')).toBe(at.toISOString());
    expect(isoOfLocal('')).toBe('');
  });

  it('sends only the languages that have a title; the others fall back to English', () => {
    const values = emptyBroadcastForm(new Date(2026, 10, 28, 9, 0));
    values.texts.en = { title: 'Maintenance', body: 'Tonight' };
    values.texts.ar = { title: 'صيانة', body: 'الليلة' };
    values.texts.es = { title: '  ', body: 'ignored' };
    const input = broadcastInputOf(values);
    expect(Object.keys(input.texts).sort()).toEqual(['ar', 'en']);
    expect(input.target).toEqual({ orgIds: [], plans: [], roles: [] });
  });

  it('refuses an end before the start and a missing English title, on their fields', () => {
    const values = emptyBroadcastForm(new Date(2026, 10, 28, 9, 0));
    values.endsAt = '2026-11-27T09:00';
    const result = broadcastFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['texts.en.title', 'broadcasts.titleRequired'],
        ['endsAt', 'broadcasts.endBeforeStart'],
      ]),
    );
  });
});
