import { greetingName, greetingPeriod } from './greeting';

describe('greetingPeriod', () => {
  it('is morning from 5 to 11, afternoon from 12 to 16, evening otherwise', () => {
    const periods = Array.from({ length: 24 }, (_, hour) => greetingPeriod(hour));
    expect(periods.map((p, h) => `${h}:${p}`)).toEqual([
      ...[0, 1, 2, 3, 4].map((h) => `${h}:evening`),
      ...[5, 6, 7, 8, 9, 10, 11].map((h) => `${h}:morning`),
      ...[12, 13, 14, 15, 16].map((h) => `${h}:afternoon`),
      ...[17, 18, 19, 20, 21, 22, 23].map((h) => `${h}:evening`),
    ]);
  });
});

describe('greetingName', () => {
  it('names the person (first and last name), else the username', () => {
    expect(greetingName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada.l' })).toBe('Ada Lovelace');
    expect(greetingName({ firstName: 'Ada', lastName: null, username: 'ada.l' })).toBe('Ada');
    expect(greetingName({ firstName: null, lastName: null, username: 'ada.l' })).toBe('ada.l');
    expect(greetingName({ firstName: '  ', lastName: ' ', username: 'ada.l' })).toBe('ada.l');
  });
});
