import { describe, expect, it } from '@jest/globals';
import type { DrillRunSummary } from '@muster/contracts';
import { dayKey, firstDayOfWeek, gridRange, monthGrid, monthOf, runsByDay, shiftMonth, weekdayNames } from './calendar';

function run(id: string, scheduledAt: string): DrillRunSummary {
  return {
    id,
    title: id,
    type: 'drill',
    scenario: 'fire',
    status: 'scheduled',
    scheduledAt,
    location: 'Berth 4',
    lead: { id: null, name: 'Lead' },
    participantCount: 0,
    templateId: null,
    startedAt: null,
    completedAt: null,
    approvedAt: null,
  };
}

describe('the month grid', () => {
  it('holds whole weeks from the one of the 1st to the one of the last day, starting on the given weekday', () => {
    // March 2026 starts on a Sunday and has 31 days.
    const mondayWeeks = monthGrid({ year: 2026, month: 3 }, 1);
    expect(mondayWeeks).toHaveLength(6);
    expect(dayKey(mondayWeeks[0]![0]!)).toBe('2026-02-23');
    expect(dayKey(mondayWeeks[0]![6]!)).toBe('2026-03-01');
    expect(dayKey(mondayWeeks[5]![6]!)).toBe('2026-04-05');
    expect(mondayWeeks.flat().every((d, i) => d.getDay() === (1 + i) % 7)).toBe(true);

    const sundayWeeks = monthGrid({ year: 2026, month: 3 }, 0);
    expect(sundayWeeks).toHaveLength(5);
    expect(dayKey(sundayWeeks[0]![0]!)).toBe('2026-03-01');
    expect(dayKey(sundayWeeks[4]![6]!)).toBe('2026-04-04');
    // Saturday first (0 = Sunday … 6 = Saturday).
    expect(dayKey(monthGrid({ year: 2026, month: 3 }, 6)[0]![0]!)).toBe('2026-02-28');
  });

  it('lists every day of the month exactly once, leap years included', () => {
    const days = monthGrid({ year: 2028, month: 2 }, 1)
      .flat()
      .map(dayKey)
      .filter((d) => d.startsWith('2028-02'));
    expect(days).toHaveLength(29);
    expect(new Set(days).size).toBe(29);
  });

  it('asks the API for UTC days one wider than the grid on each side', () => {
    expect(gridRange(monthGrid({ year: 2026, month: 3 }, 1))).toEqual({ from: '2026-02-22', to: '2026-04-06' });
  });

  it('places runs on the reader’s local day (whatever the UTC day), in time order', () => {
    const local = (d: number, h: number, m = 0) => new Date(2026, 2, d, h, m).toISOString();
    const days = runsByDay([run('late', local(2, 23, 30)), run('early', local(2, 0, 15)), run('other', local(1, 23, 59))]);
    expect(days.get('2026-03-02')?.map((r) => r.id)).toEqual(['early', 'late']);
    expect(days.get('2026-03-01')?.map((r) => r.id)).toEqual(['other']);
  });
});

describe('months and weeks', () => {
  it('reads the month from ?month=, else from the list’s from day, else today', () => {
    const today = new Date(2026, 10, 23, 12);
    expect(monthOf('2026-03', '', today)).toEqual({ year: 2026, month: 3 });
    expect(monthOf('', '2025-12-14', today)).toEqual({ year: 2025, month: 12 });
    expect(monthOf('2026-13', 'nonsense', today)).toEqual({ year: 2026, month: 11 });
    expect(monthOf('<script>', '', today)).toEqual({ year: 2026, month: 11 });
  });

  it('moves across years', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
  });

  it('starts the week where the language’s region does, with names in that order', () => {
    expect(firstDayOfWeek('es')).toBe(1);
    expect(firstDayOfWeek('en')).toBe(0);
    expect(weekdayNames(1, 'en').map((n) => n.long)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(weekdayNames(0, 'en')[0]?.short).toBe('Sun');
  });
});
