import { columnTotal, filterQuery, monthLabel } from './query';

describe('analytics query helpers', () => {
  it('keeps only the chosen filters, in a stable order, with the point key', () => {
    expect(filterQuery({ to: '2026-04', from: '2026-01', scenario: '', location: 'Berth 4' })).toBe(
      'from=2026-01&location=Berth+4&to=2026-04',
    );
    expect(filterQuery({ from: '' }, { key: '2026-02' })).toBe('key=2026-02');
  });

  it('names months in the language with Latin digits', () => {
    expect(monthLabel('2026-01', 'en')).toBe('Jan 2026');
    expect(monthLabel('2026-12', 'ar')).toMatch(/2026/);
    expect(monthLabel('fire', 'en')).toBe('fire');
  });

  it('adds a column, counting gaps as nothing', () => {
    expect(columnTotal([{ a: 1 }, { a: null }, { a: 2.5 }], 'a')).toBe(3.5);
  });
});
