import { api } from '@muster/contracts';
import {
  csvHref,
  dayToIso,
  isoToDay,
  pageOf,
  pageSizeOf,
  THREAT_KEYS,
  threatsQuery,
  TIMELINE_KEYS,
  timelineQuery,
  type ThreatValues,
  type TimelineValues,
} from './filters';
import { messagesInEnglish } from '../../lib/error-text';

/** A refused query with its messages in English. */
const shown = <T extends { ok: boolean; errors?: Record<string, string> }>(result: T): T =>
  result.errors ? { ...result, errors: messagesInEnglish(result.errors) } : result;

const empty = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
const timeline = (over: Partial<TimelineValues> = {}): TimelineValues => ({ ...empty(TIMELINE_KEYS), ...over });
const threats = (over: Partial<ThreatValues> = {}): ThreatValues => ({ ...empty(THREAT_KEYS), ...over });
const ORG = '7f1c2a34-5b6d-4e8f-9a0b-1c2d3e4f5a6b';

describe('days and pages', () => {
  it('turns a chosen day into the instant it starts, and the end day into the start of the next (to is exclusive)', () => {
    expect(dayToIso('2026-11-23')).toBe(new Date(2026, 10, 23).toISOString());
    expect(dayToIso('2026-11-23', true)).toBe(new Date(2026, 10, 24).toISOString());
    expect(dayToIso('2026-12-31', true)).toBe(new Date(2027, 0, 1).toISOString());
    expect(isoToDay(new Date(2026, 10, 23, 15, 30).toISOString())).toBe('2026-11-23');
  });

  it('gives back anything that is not a day, for the schema to refuse', () => {
    expect(dayToIso('yesterday')).toBe('yesterday');
  });

  it('maps list offsets to 1-based pages and keeps only offered page sizes', () => {
    expect(pageOf(0, 25)).toBe(1);
    expect(pageOf(25, 25)).toBe(2);
    expect(pageOf(60, 50)).toBe(2);
    expect(pageSizeOf('50')).toBe(50);
    expect(pageSizeOf('7')).toBe(25);
    expect(pageSizeOf('')).toBe(25);
  });
});

describe('timelineQuery', () => {
  it('sends only the filters that are set, with the page of the offset', () => {
    expect(timelineQuery(timeline(), 0)).toEqual({ ok: true, query: { page: 1, pageSize: 25 } });
    expect(
      timelineQuery(
        timeline({
          from: '2026-11-01',
          to: '2026-11-30',
          outcome: 'failure',
          classUid: '3002',
          minSeverityId: '3',
          action: ' Auth.Login ',
          pageSize: '50',
        }),
        100,
      ),
    ).toEqual({
      ok: true,
      query: {
        page: 3,
        pageSize: 50,
        from: new Date(2026, 10, 1).toISOString(),
        to: new Date(2026, 11, 1).toISOString(),
        outcome: 'failure',
        classUid: '3002',
        minSeverityId: '3',
        action: 'auth.login',
      },
    });
  });

  it('keeps the address and free text for the organisation view only, and the organisation for platform staff only', () => {
    const values = timeline({ ip: ' 203.0.113.7 ', q: ' ops@example.com ', orgId: ORG });
    expect(timelineQuery(values, 0)).toEqual({ ok: true, query: { page: 1, pageSize: 25 } });
    expect(timelineQuery(values, 0, { extended: true })).toEqual({
      ok: true,
      query: { page: 1, pageSize: 25, ip: '203.0.113.7', q: 'ops@example.com' },
    });
    expect(timelineQuery(values, 0, { extended: true, withOrgId: true })).toMatchObject({ ok: true, query: { orgId: ORG } });
  });

  it('drops select values of the address that are not options', () => {
    expect(timelineQuery(timeline({ outcome: 'maybe', classUid: '9999', minSeverityId: '6' }), 0)).toEqual({
      ok: true,
      query: { page: 1, pageSize: 25 },
    });
  });

  it("gives the contracts' message of each invalid typed filter under its field", () => {
    expect(shown(timelineQuery(timeline({ from: '2026-11-30', to: '2026-11-01' }), 0))).toEqual({
      ok: false,
      errors: { to: 'The start must be before the end' },
    });
    expect(shown(timelineQuery(timeline({ action: 'auth-login!' }), 0))).toEqual({
      ok: false,
      errors: { action: 'Letters, "_" and "." only' },
    });
    expect(shown(timelineQuery(timeline({ from: 'soon' }), 0))).toEqual({
      ok: false,
      errors: { from: 'Must be a date and time (ISO 8601)' },
    });
    expect(shown(timelineQuery(timeline({ orgId: 'harbour' }), 0, { withOrgId: true }))).toEqual({
      ok: false,
      errors: { orgId: 'Must be an organisation id' },
    });
  });

  it('takes one day as a whole day', () => {
    expect(timelineQuery(timeline({ from: '2026-11-23', to: '2026-11-23' }), 0).ok).toBe(true);
  });
});

describe('threatsQuery', () => {
  it('sends the window, the kind and flagged only', () => {
    expect(threatsQuery(threats(), 0)).toEqual({ ok: true, query: { page: 1, pageSize: 25 } });
    expect(threatsQuery(threats({ kind: 'lockout', flaggedOnly: 'true', from: '2026-11-01' }), 25)).toEqual({
      ok: true,
      query: { page: 2, pageSize: 25, kind: 'lockout', flaggedOnly: 'true', from: new Date(2026, 10, 1).toISOString() },
    });
    expect(threatsQuery(threats({ kind: 'ufo', flaggedOnly: 'yes' }), 0)).toEqual({ ok: true, query: { page: 1, pageSize: 25 } });
  });

  it('refuses a window that ends before it starts', () => {
    expect(shown(threatsQuery(threats({ from: '2026-11-10', to: '2026-11-01' }), 0))).toEqual({
      ok: false,
      errors: { to: 'The start must be before the end' },
    });
  });
});

describe('csvHref', () => {
  it('carries the filters on screen but not the page', () => {
    expect(csvHref(api.audit.myTimelineCsv.path, { page: 3, pageSize: 50, outcome: 'failure', action: 'auth.login' })).toBe(
      '/api/security/timeline.csv?outcome=failure&action=auth.login',
    );
    expect(csvHref(api.audit.orgTimelineCsv.path, { page: 1, pageSize: 25 })).toBe('/api/admin/security/timeline.csv');
  });

  it('fills the customer into the path and encodes values', () => {
    expect(csvHref(api.audit.customerTimelineCsv.path, { q: 'a b&c', from: '2026-11-01T00:00:00.000Z' }, { userId: ORG })).toBe(
      `/api/sysops/customers/${ORG}/timeline.csv?q=a+b%26c&from=2026-11-01T00%3A00%3A00.000Z`,
    );
  });
});
