import { slaPalette, slaState } from './sla';

const HOUR = 3600_000;
const created = Date.parse('2026-11-23T08:00:00Z');
const ticket = (over: Partial<Parameters<typeof slaState>[0]> = {}) => ({
  status: 'open' as const,
  firstResponseDueAt: new Date(created + 4 * HOUR).toISOString(),
  resolutionDueAt: new Date(created + 24 * HOUR).toISOString(),
  firstRespondedAt: null,
  breached: { firstResponse: false, resolution: false },
  ...over,
});

describe('slaState', () => {
  it('waits for the first response first, then the resolution', () => {
    expect(slaState(ticket(), created + HOUR)).toMatchObject({ state: 'ok', next: 'firstResponse' });
    expect(slaState(ticket({ firstRespondedAt: new Date(created + HOUR).toISOString() }), created + 2 * HOUR)).toMatchObject({
      state: 'ok',
      next: 'resolution',
    });
  });

  it('is due soon within an hour of the next due time, and breached past it', () => {
    expect(slaState(ticket(), created + 3.5 * HOUR).state).toBe('soon');
    expect(slaState(ticket(), created + 4 * HOUR + 1).state).toBe('breached');
    expect(slaState(ticket({ breached: { firstResponse: true, resolution: false } }), created).state).toBe('breached');
  });

  it('judges finished tickets as met or missed', () => {
    expect(slaState(ticket({ status: 'resolved' }), created + 100 * HOUR)).toEqual({ state: 'met' });
    expect(slaState(ticket({ status: 'closed', breached: { firstResponse: false, resolution: true } }), created)).toEqual({
      state: 'missed',
    });
  });

  it('colours breached red and due soon orange', () => {
    expect(slaPalette('breached')).toBe('red');
    expect(slaPalette('soon')).toBe('orange');
    expect(slaPalette('ok')).toBe('gray');
  });
});
