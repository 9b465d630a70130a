import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createSiemDestinationSchema,
  SIEM_DELIVERY_STATUSES,
  SIEM_DISABLED_REASONS,
  SIEM_FORMATS,
  updateSiemDestinationSchema,
  type SiemDestination,
} from '@muster/contracts';
import { createInstance } from 'i18next';
import { createInput, destinationState, formValuesOf, updateInput } from './labels';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;

const destination = (over: Partial<SiemDestination> = {}): SiemDestination => ({
  id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  name: 'Splunk',
  url: 'https://splunk.example.com/services/collector/event',
  format: 'splunk_hec',
  classUids: [3002],
  minSeverityId: 2,
  hasAuthorization: true,
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  throttledUntil: null,
  failingSince: null,
  lastDeliveredAt: null,
  secrets: [],
  counts: { pending: 0, delivered: 0, failed: 0 },
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...over,
});

describe('destinationState', () => {
  it('says enabled, or why it is disabled', () => {
    expect(destinationState(destination(), NOW)).toEqual([{ key: 'status.enabled', palette: 'green' }]);
    expect(destinationState(destination({ enabled: false, disabledReason: 'manual' }), NOW)).toEqual([
      { key: 'status.disabled.manual', palette: 'gray' },
    ]);
    expect(destinationState(destination({ enabled: false, disabledReason: 'gone', disabledAt: '2026-11-22T00:00:00Z' }), NOW)).toEqual([
      { key: 'status.disabled.gone', palette: 'red', at: '2026-11-22T00:00:00Z' },
    ]);
  });

  it('adds throttling while it lasts, and failing since when', () => {
    const until = new Date(NOW + HOUR).toISOString();
    const since = new Date(NOW - 5 * HOUR).toISOString();
    expect(destinationState(destination({ throttledUntil: until, failingSince: since }), NOW)).toEqual([
      { key: 'status.enabled', palette: 'green' },
      { key: 'status.throttled', palette: 'orange', at: until },
      { key: 'status.failing', palette: 'red', at: since },
    ]);
    expect(destinationState(destination({ throttledUntil: new Date(NOW - HOUR).toISOString() }), NOW)).toHaveLength(1);
    expect(
      destinationState(destination({ enabled: false, disabledReason: 'failing', failingSince: since }), NOW).map((s) => s.key),
    ).toEqual(['status.disabled.failing', 'status.failing']);
  });
});

describe('the destination form', () => {
  it('creates with the sorted classes and no Authorization header when it is left empty', () => {
    const values = { ...formValuesOf(), name: 'Elastic', url: 'https://elastic.example.com/hook' };
    const input = createInput(values, [6003, 3002]);
    expect(input).toEqual({
      name: 'Elastic',
      url: 'https://elastic.example.com/hook',
      format: 'standard_webhooks',
      classUids: [3002, 6003],
      minSeverityId: '1',
    });
    expect(createSiemDestinationSchema.parse(input)).toMatchObject({ minSeverityId: 1, classUids: [3002, 6003] });
    expect(createInput({ ...values, authorization: 'Splunk abc' }, [])).toMatchObject({ authorization: 'Splunk abc' });
  });

  it("gives the contracts' messages for a bad name and address", () => {
    const result = createSiemDestinationSchema.safeParse(createInput({ ...formValuesOf(), name: ' ', url: 'ftp://x' }, []));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['name', 'validation.enterName'],
      ['url', 'siem.invalidUrl'],
    ]);
  });

  it('updates only what changed', () => {
    const d = destination();
    expect(updateInput(d, formValuesOf(d), [3002], false)).toEqual({});
    expect(updateInput(d, { ...formValuesOf(d), name: 'Splunk EU', minSeverityId: '4' }, [3002, 3001], false)).toEqual({
      name: 'Splunk EU',
      minSeverityId: 4,
      classUids: [3001, 3002],
    });
    expect(updateInput(d, { ...formValuesOf(d), format: 'elastic_json' }, [], false)).toEqual({ format: 'elastic_json', classUids: [] });
  });

  it('keeps the hidden Authorization header unless it is replaced or removed', () => {
    const d = destination();
    expect(updateInput(d, { ...formValuesOf(d), authorization: 'Splunk new' }, [3002], false)).toEqual({ authorization: 'Splunk new' });
    expect(updateInput(d, formValuesOf(d), [3002], true)).toEqual({ authorization: '' });
    expect(updateInput(destination({ hasAuthorization: false }), formValuesOf(d), [3002], true)).toEqual({});
    expect(updateSiemDestinationSchema.safeParse({ authorization: '' }).success).toBe(true);
    expect(updateSiemDestinationSchema.safeParse({}).error?.issues[0]?.message).toBe('validation.nothingToChange');
  });
});

describe('siem texts', () => {
  it.each(['en', 'es', 'zh', 'ar'])('names every format, status and delivery state in %s', (lng) => {
    const siem = JSON.parse(
      readFileSync(fileURLToPath(new URL(`../../../public/locales/${lng}/siem.json`, import.meta.url)), 'utf8'),
    ) as object;
    const i18n = createInstance();
    void i18n.init({ lng, resources: { [lng]: { siem } }, defaultNS: 'siem', initAsync: false });
    const keys = [
      ...SIEM_FORMATS.map((f) => `formats.${f}`),
      ...SIEM_FORMATS.map((f) => `formatHelp.${f}`),
      ...SIEM_DISABLED_REASONS.map((r) => `status.disabled.${r}`),
      ...SIEM_DELIVERY_STATUSES.map((s) => `log.statuses.${s}`),
      'errors.disabled',
      'errors.tooMany',
    ];
    for (const key of keys) expect({ key, exists: i18n.exists(key) }).toEqual({ key, exists: true });
  });
});
