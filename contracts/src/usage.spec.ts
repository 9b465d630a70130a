import { BYTES_PER_GB } from './plans.js';
import { accruedOverage, alertSeverity, isEnforced, saveThresholdsSchema, shiftMonth, USAGE_LIMITS, usagePercent } from './usage.js';

describe('usage limits and alerts', () => {
  it('takes the plan table’s limits for runs and storage', () => {
    expect(USAGE_LIMITS.basic.drill).toBe(10);
    expect(USAGE_LIMITS.standard.storage).toBe(100 * BYTES_PER_GB);
    expect(USAGE_LIMITS.enterprise.drill).toBe(500);
  });

  it('refuses past the limit only for runs and storage on Basic and Standard', () => {
    expect(isEnforced('basic', 'drill')).toBe(true);
    expect(isEnforced('standard', 'storage')).toBe(true);
    expect(isEnforced('basic', 'email')).toBe(false);
    expect(isEnforced('enterprise', 'drill')).toBe(false);
  });

  it('floors the percentage, so a threshold is reached only when it really is', () => {
    expect(usagePercent(8, 10)).toBe(80);
    expect(usagePercent(899, 1000)).toBe(89);
    expect(usagePercent(9, 10)).toBe(90);
    expect(usagePercent(12, 10)).toBe(120);
  });

  it('names the severity of a threshold as spec §4 does', () => {
    expect(alertSeverity(100)).toBe('critical');
    expect(alertSeverity(90)).toBe('urgent');
    expect(alertSeverity(75)).toBe('warning');
  });

  it('bills started blocks of 25 runs and whole GB past the limits', () => {
    expect(accruedOverage('basic', { drill: 10, storage: 0 }).totalCents).toBe(0);
    expect(accruedOverage('basic', { drill: 11, storage: 0 })).toMatchObject({ runsOverLimit: 1, runBlocks: 1, runCents: 5000 });
    expect(accruedOverage('basic', { drill: 35, storage: 0 })).toMatchObject({ runBlocks: 1, runCents: 5000 });
    expect(accruedOverage('basic', { drill: 36, storage: 0 })).toMatchObject({ runBlocks: 2, runCents: 10000 });
    const storage = accruedOverage('standard', { drill: 0, storage: 100 * BYTES_PER_GB + 1 });
    expect(storage).toMatchObject({ storageGbOverLimit: 1, storageCents: 1000, totalCents: 1000 });
  });

  it('moves across years by month', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-11', 2)).toBe('2027-01');
    expect(shiftMonth('2026-03', -5)).toBe('2025-10');
  });

  it('keeps 90 and 100 among the thresholds, sorted and without repeats', () => {
    expect(saveThresholdsSchema.parse({ resourceType: 'drill', thresholds: [100, 50, 90, 50] }).thresholds).toEqual([50, 90, 100]);
    expect(saveThresholdsSchema.safeParse({ resourceType: 'drill', thresholds: [50, 100] }).success).toBe(false);
    expect(saveThresholdsSchema.safeParse({ resourceType: 'disk', thresholds: [90, 100] }).success).toBe(false);
  });
});
