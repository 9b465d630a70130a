import { addMonthsUtc, cadenceDueDate, cadenceState, DEFAULT_CADENCES, saveReminderRulesSchema } from './drill-reminders.js';

const [drill, exercise] = DEFAULT_CADENCES as [(typeof DEFAULT_CADENCES)[0], (typeof DEFAULT_CADENCES)[0]];
const at = (iso: string) => new Date(iso);

describe('addMonthsUtc', () => {
  it('keeps the day, clamping to the end of shorter months', () => {
    expect(addMonthsUtc('2026-01-15', 3)).toBe('2026-04-15');
    expect(addMonthsUtc('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonthsUtc('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonthsUtc('2026-10-31', 18)).toBe('2028-04-30');
  });
});

describe('ISPS drill cadence: at least every 3 months (B/18.5)', () => {
  const last = at('2026-01-15T10:00:00Z');

  it('is due three months after the last drill', () => {
    expect(cadenceDueDate(drill, '2026-01-15')).toBe('2026-04-15');
  });

  it('is ok until the due-soon window, due soon through the due date itself, overdue the day after', () => {
    expect(cadenceState(drill, last, at('2026-03-31T23:59:59Z'))).toEqual({ state: 'ok', dueDate: '2026-04-15', daysLeft: 15 });
    expect(cadenceState(drill, last, at('2026-04-01T00:00:00Z'))).toEqual({ state: 'due_soon', dueDate: '2026-04-15', daysLeft: 14 });
    expect(cadenceState(drill, last, at('2026-04-15T23:59:59Z'))).toEqual({ state: 'due_soon', dueDate: '2026-04-15', daysLeft: 0 });
    expect(cadenceState(drill, last, at('2026-04-16T00:00:00Z'))).toEqual({ state: 'overdue', dueDate: '2026-04-15', daysLeft: -1 });
  });

  it('is overdue when no drill was ever run', () => {
    expect(cadenceState(drill, null, at('2026-04-01T00:00:00Z'))).toEqual({ state: 'overdue', dueDate: null, daysLeft: null });
  });
});

describe('ISPS exercise cadence: every calendar year, at most 18 months apart (B/18.6)', () => {
  it('is due 18 months after an exercise early in the year', () => {
    // 2025-03-10 + 18 months = 2026-09-10, before the end of 2026.
    expect(cadenceDueDate(exercise, '2025-03-10')).toBe('2026-09-10');
    expect(cadenceState(exercise, at('2025-03-10T09:00:00Z'), at('2026-09-10T12:00:00Z')).state).toBe('due_soon');
    expect(cadenceState(exercise, at('2025-03-10T09:00:00Z'), at('2026-09-11T00:00:00Z')).state).toBe('overdue');
  });

  it('is due by 31 December of the following year after an exercise late in the year', () => {
    // 2025-11-20 + 18 months = 2027-05-20, but 2026 must have an exercise too.
    expect(cadenceDueDate(exercise, '2025-11-20')).toBe('2026-12-31');
    expect(cadenceState(exercise, at('2025-11-20T09:00:00Z'), at('2026-12-01T00:00:00Z'))).toEqual({
      state: 'due_soon',
      dueDate: '2026-12-31',
      daysLeft: 30,
    });
    expect(cadenceState(exercise, at('2025-11-20T09:00:00Z'), at('2026-11-30T23:59:59Z')).state).toBe('ok');
    expect(cadenceState(exercise, at('2025-11-20T09:00:00Z'), at('2026-12-31T23:59:59Z')).state).toBe('due_soon');
    expect(cadenceState(exercise, at('2025-11-20T09:00:00Z'), at('2027-01-01T00:00:00Z')).state).toBe('overdue');
  });

  it('takes the earlier of the two limits exactly at the crossover (an exercise on 30 June)', () => {
    // 2025-06-30 + 18 months = 2026-12-30, one day before the end of 2026.
    expect(cadenceDueDate(exercise, '2025-06-30')).toBe('2026-12-30');
    // 2025-07-01 + 18 months = 2027-01-01, after the end of 2026.
    expect(cadenceDueDate(exercise, '2025-07-01')).toBe('2026-12-31');
  });
});

describe('cadence days in the organisation’s time zone', () => {
  it('counts days on the local calendar: today turns over at local midnight, not at 00:00 UTC', () => {
    // Tokyo is UTC+9: the last drill on 15 January 2026 at 08:00 local was 14 January 23:00 UTC.
    const lastTokyo = at('2026-01-14T23:00:00Z');
    expect(cadenceState(drill, lastTokyo, at('2026-01-20T00:00:00Z')).dueDate).toBe('2026-04-14');
    expect(cadenceState(drill, lastTokyo, at('2026-01-20T00:00:00Z'), 'Asia/Tokyo').dueDate).toBe('2026-04-15');
    // 15 April 23:59 in Tokyo is 14:59 UTC: still the due date there; one minute later it is overdue.
    expect(cadenceState(drill, lastTokyo, at('2026-04-15T14:59:59Z'), 'Asia/Tokyo')).toEqual({
      state: 'due_soon',
      dueDate: '2026-04-15',
      daysLeft: 0,
    });
    expect(cadenceState(drill, lastTokyo, at('2026-04-15T15:00:00Z'), 'Asia/Tokyo')).toEqual({
      state: 'overdue',
      dueDate: '2026-04-15',
      daysLeft: -1,
    });
  });

  it('keeps whole days across a daylight-saving change (New York, March 2026)', () => {
    const last = at('2026-01-08T15:00:00Z'); // 10:00 EST
    // 8 March 2026 is 23 hours long in New York; the count of days stays whole.
    expect(cadenceState(drill, last, at('2026-03-09T03:59:59Z'), 'America/New_York').daysLeft).toBe(31); // 8 March 23:59:59 EDT
    expect(cadenceState(drill, last, at('2026-03-09T04:00:00Z'), 'America/New_York').daysLeft).toBe(30); // 9 March 00:00 EDT
  });
});

describe('reminder rules', () => {
  it('refuses two rules with the same lead time, and a rule without a channel', () => {
    const result = saveReminderRulesSchema.safeParse({
      rules: [
        { leadMinutes: 60, channels: ['email'], recipients: ['lead'] },
        { leadMinutes: 60, channels: [], recipients: ['lead'] },
      ],
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(expect.arrayContaining(['rules.1.channels: validation.chooseChannel']));
  });
});
