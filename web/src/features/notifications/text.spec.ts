import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { Notification } from '@muster/contracts';
import { createInstance } from 'i18next';
import { notificationText } from './text';

const load = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lng}/notifications.json`, import.meta.url), 'utf8')) as object;

const i18n = createInstance();
void i18n.init({
  lng: 'en',
  initAsync: false,
  ns: ['notifications'],
  interpolation: { escapeValue: false },
  resources: { en: { notifications: load('en') }, es: { notifications: load('es') } },
});

const review = (state: string): Notification => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'sop_review',
  data: { sopId: '00000000-0000-4000-8000-000000000002', title: 'Fire response', version: 2, state, dueDate: '2027-10-28' },
  link: '/app/compliance/sops?sop=00000000-0000-4000-8000-000000000002',
  createdAt: '2026-11-27T10:00:00Z',
  readAt: null,
});

describe('an SOP review notification', () => {
  it('names the SOP, its version and the review day, due soon or overdue, in the reader’s language', () => {
    const en = i18n.getFixedT('en');
    expect(notificationText(en, review('due_soon'), 'en', Date.now())).toEqual({
      title: 'SOP review: Fire response',
      lines: [expect.stringMatching(/^Version 2 is due for review by .*2027/)],
    });
    expect(notificationText(en, review('overdue'), 'en', Date.now()).lines[0]).toMatch(/^Version 2 was due for review on .*2027/);
    expect(notificationText(i18n.getFixedT('es'), review('overdue'), 'es', Date.now()).lines[0]).toMatch(
      /^La revisión de la versión 2 vencía el/,
    );
  });
});

const request = (event: string): Notification => ({
  id: '00000000-0000-4000-8000-000000000003',
  kind: 'evidence_request',
  data: {
    requestId: '00000000-0000-4000-8000-000000000004',
    event,
    auditor: 'Iris Vogel (Seaward Audit LLP)',
    text: 'The signed muster list',
    ruleId: 'isps_b18_5',
    dueDate: '2027-01-15',
  },
  link: '/app/admin/evidence-vault?tab=requests&request=00000000-0000-4000-8000-000000000004',
  createdAt: '2026-11-27T10:00:00Z',
  readAt: null,
});

describe('an evidence request notification', () => {
  it('names the auditor and what they asked for, with the due day or their verdict', () => {
    const en = i18n.getFixedT('en');
    expect(notificationText(en, request('created'), 'en', Date.now())).toEqual({
      title: 'Evidence request from Iris Vogel (Seaward Audit LLP)',
      lines: ['The signed muster list', expect.stringMatching(/^Due by .*2027/)],
    });
    expect(notificationText(en, request('flagged'), 'en', Date.now()).lines).toEqual([
      'The signed muster list',
      'Flagged the evidence you submitted',
    ]);
    expect(notificationText(i18n.getFixedT('es'), request('accepted'), 'es', Date.now()).lines[1]).toBe('Aceptó las evidencias que envió');
  });
});
