import { elapsedMs, type DrillTimer } from './drill-runs.js';

const START = '2026-03-01T09:00:00.000Z';
const at = (minutes: number) => Date.parse(START) + minutes * 60_000;
const iso = (minutes: number) => new Date(at(minutes)).toISOString();
const timer = (fields: Partial<DrillTimer> = {}) => ({
  startedAt: START,
  pausedAt: null,
  pausedMs: 0,
  completedAt: null,
  cancelledAt: null,
  ...fields,
});

describe('elapsedMs (the drill clock)', () => {
  it('is zero before the start and runs with the wall clock after it', () => {
    expect(elapsedMs(timer({ startedAt: null }), at(10))).toBe(0);
    expect(elapsedMs(timer(), at(7))).toBe(7 * 60_000);
    // A client whose clock is behind the server's start never shows a negative time.
    expect(elapsedMs(timer(), at(-1))).toBe(0);
  });

  it('stands still while paused and leaves out the pauses already taken', () => {
    expect(elapsedMs(timer({ pausedAt: iso(5) }), at(30))).toBe(5 * 60_000);
    // Paused from 5 to 8, resumed, now at 12: nine minutes of drill time.
    expect(elapsedMs(timer({ pausedMs: 3 * 60_000 }), at(12))).toBe(9 * 60_000);
    // Paused again at 14 after that three-minute pause.
    expect(elapsedMs(timer({ pausedMs: 3 * 60_000, pausedAt: iso(14) }), at(40))).toBe(11 * 60_000);
  });

  it('stops at completion or cancellation, whatever the time now', () => {
    expect(elapsedMs(timer({ completedAt: iso(25), pausedMs: 60_000 }), at(90))).toBe(24 * 60_000);
    expect(elapsedMs(timer({ cancelledAt: iso(6) }), at(90))).toBe(6 * 60_000);
  });
});
