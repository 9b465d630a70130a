import { formatUsd } from '@muster/contracts';
import { formatBytes, formatCount, formatDate, formatStorage, relativeTime } from './format';

describe('formatUsd', () => {
  it('writes whole dollars without cents and other amounts with them', () => {
    expect(formatUsd(129_00, 'en')).toBe('$129');
    expect(formatUsd(103_20, 'en')).toBe('$103.20');
    expect(formatUsd(1_499_00, 'en')).toBe('$1,499');
  });

  it('uses Latin digits in every language', () => {
    for (const lng of ['es', 'zh', 'ar']) expect(formatUsd(1_199_20, lng)).toMatch(/1[.,\s\u202f\u00a0]?199[.,]20/);
  });
});

describe('formatStorage and formatCount', () => {
  it('writes storage in GB, or TB from a thousand GB', () => {
    expect(formatStorage(10, 'en')).toBe('10 GB');
    expect(formatStorage(2_000, 'en')).toBe('2 TB');
    expect(formatStorage(10_000, 'en')).toBe('10 TB');
  });

  it('groups thousands by the language', () => {
    expect(formatCount(5_000, 'en')).toBe('5,000');
    expect(formatCount(5_000, 'ar')).toMatch(/^5.?000$/);
  });
});

describe('formatDate', () => {
  it('writes the date out, whatever the time zone', () => {
    expect(formatDate('2026-11-23', 'en')).toBe('November 23, 2026');
  });
});

describe('formatBytes', () => {
  it('uses bytes, then KB and MB with one decimal', () => {
    expect(formatBytes(70, 'en')).toBe('70B');
    expect(formatBytes(14_540, 'en')).toBe('14.2 kB');
    expect(formatBytes(3.5 * 1024 * 1024, 'en')).toBe('3.5 MB');
  });
});

describe('relativeTime', () => {
  const HOUR = 3600_000;
  const now = Date.parse('2026-11-23T08:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('speaks in minutes, hours or days, in Latin digits in every language', () => {
    expect(relativeTime(at(20 * 60_000), now, 'en')).toBe('in 20 minutes');
    expect(relativeTime(at(-3 * HOUR), now, 'en')).toBe('3 hours ago');
    expect(relativeTime(at(72 * HOUR), now, 'en')).toBe('in 3 days');
    expect(relativeTime(at(8 * HOUR), now, 'ar')).toMatch(/8/);
  });
});
