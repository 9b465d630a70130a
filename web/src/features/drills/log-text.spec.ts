import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { DRILL_LOG_TYPES, LANGUAGE_CODES, type DrillLogEntry, type DrillLogType } from '@muster/contracts';
import { createInstance } from 'i18next';
import { logSentences } from './log-text';

const locale = (lng: string, ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/${lng}/${ns}.json`, import.meta.url)), 'utf8')) as object;

const i18n = createInstance();
void i18n.init({
  lng: 'en',
  resources: Object.fromEntries(LANGUAGE_CODES.map((l) => [l, { drills: locale(l, 'drills') }])),
  ns: ['drills'],
  defaultNS: 'drills',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** Without the isolates that keep typed text in its own direction. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

const ACTOR = { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Amelia Hart' };

/** A realistic entry of each type, with the words each sentence must carry. */
const SAMPLES: Record<DrillLogType, { data: DrillLogEntry['data']; words: string[] }> = {
  scheduled: { data: { location: 'Berth 4', lead: 'Marcus Lee', scheduledAt: '2026-11-23T10:00:00Z' }, words: ['Berth 4', 'Marcus Lee'] },
  rescheduled: { data: { location: 'Berth 5' }, words: [] },
  started: { data: {}, words: [] },
  paused: { data: {}, words: [] },
  resumed: { data: {}, words: [] },
  completed: { data: {}, words: [] },
  cancelled: { data: {}, words: [] },
  approved: { data: {}, words: [] },
  step_started: { data: { stepId: 'alarm', step: 'Sound the alarm', from: 'pending' }, words: ['Sound the alarm'] },
  step_completed: {
    data: { stepId: 'alarm', step: 'Sound the alarm', from: 'in_progress', durationMs: 125_000 },
    words: ['Sound the alarm', '02:05'],
  },
  step_skipped: { data: { stepId: 'alarm', step: 'Sound the alarm', from: 'pending' }, words: ['Sound the alarm'] },
  step_reopened: { data: { stepId: 'alarm', step: 'Sound the alarm', from: 'done' }, words: ['Sound the alarm'] },
  item_checked: {
    data: { stepId: 'alarm', step: 'Sound the alarm', itemId: 'a-1', item: 'Alarm sounded' },
    words: ['Alarm sounded', 'Sound the alarm'],
  },
  item_unchecked: { data: { stepId: 'alarm', step: 'Sound the alarm', itemId: 'a-1', item: 'Alarm sounded' }, words: ['Alarm sounded'] },
  inject_published: { data: { injectId: 'exit', inject: 'Exit blocked', auto: false }, words: ['Exit blocked'] },
  observation: {
    data: { observationId: 'o', kind: 'strength', note: 'Gates sealed fast', stepId: null, injectId: null },
    words: ['Gates sealed fast'],
  },
  checked_in: { data: { participantId: 'p', name: 'Uma Patel', by: 'lead' }, words: ['Uma Patel'] },
  checked_out: { data: { participantId: 'p', name: 'Uma Patel', by: null }, words: ['Uma Patel'] },
  mustered: { data: { elapsedMs: 250_000 }, words: ['04:10'] },
  settings: { data: { observersMayWrite: true }, words: [] },
  action_added: {
    data: { actionId: 'x', title: 'Fix the PA', owner: 'Ops Lead', dueDate: '2026-12-01' },
    words: ['Fix the PA', 'Ops Lead', '2026'],
  },
  action_updated: { data: { actionId: 'x', title: 'Fix the PA', status: 'done' }, words: ['Fix the PA'] },
  addendum: { data: { addendumId: 'y' }, words: [] },
};

const entry = (type: DrillLogType, data: DrillLogEntry['data'], actor: DrillLogEntry['actor'] = ACTOR): DrillLogEntry => ({
  seq: 1,
  type,
  at: '2026-11-23T10:05:00.000Z',
  elapsedMs: 300_000,
  actor,
  data,
});

describe('the decision log in the reader’s language (console and summary)', () => {
  it.each([...LANGUAGE_CODES])('writes every decision-log type as a whole sentence in %s, with who and what', async (lng) => {
    await i18n.changeLanguage(lng);
    const t = i18n.getFixedT(lng);
    for (const type of DRILL_LOG_TYPES) {
      const { data, words } = SAMPLES[type];
      const text = plain(logSentences(t, entry(type, data), { language: lng }).join(' '));
      expect({ type, leaked: /log\.|actionStatuses\.|\{\{/.test(text) }).toEqual({ type, leaked: false });
      for (const word of words) expect({ type, text, has: text.includes(word) }).toEqual({ type, text, has: true });
      if (type !== 'checked_in' || data.by !== 'self') expect({ type, actor: text.includes('Amelia Hart') }).toEqual({ type, actor: true });
    }
  });

  it('says the drill clock did what has no actor, and tells the entries of one type apart by their data', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.getFixedT('en');
    const text = (e: DrillLogEntry) => plain(logSentences(t, e, { language: 'en' }).join(' '));
    expect(text(entry('inject_published', { inject: 'Exit blocked', auto: true }, null))).toBe(
      'The inject “Exit blocked” was published at its time.',
    );
    expect(text(entry('checked_in', { name: 'Uma Patel', by: 'self' }, { id: null, name: 'Uma Patel' }))).toBe('Uma Patel checked in.');
    expect(text(entry('checked_in', { name: 'Uma Patel', by: 'lead' }))).toBe('Amelia Hart checked in Uma Patel.');
    expect(text(entry('checked_in', { name: 'Uma Patel', by: 'lead', point: 'Quay apron' }))).toBe(
      'Amelia Hart checked in Uma Patel at Quay apron.',
    );
    expect(text(entry('checked_in', { name: 'Uma Patel', by: 'self', point: 'Car park' }, { id: null, name: 'Uma Patel' }))).toBe(
      'Uma Patel checked in at Car park.',
    );
    expect(text(entry('observation', { kind: 'improvement', note: 'PA inaudible' }))).toBe(
      'Amelia Hart recorded an area for improvement: PA inaudible',
    );
    expect(text(entry('action_updated', { title: 'Fix the PA', status: 'in_progress' }))).toBe(
      'Amelia Hart changed the corrective action “Fix the PA” (now: In progress).',
    );
    expect(text(entry('settings', { autoInjects: false }))).toBe('Amelia Hart turned off publishing injects at their time.');
    expect(text(entry('settings', { autoInjects: false, observersMayWrite: true }))).toBe(
      'Amelia Hart let observers add observations. Amelia Hart turned off publishing injects at their time.',
    );
    expect(text(entry('step_completed', { step: 'Sound the alarm' }))).toBe('Amelia Hart completed the step “Sound the alarm”.');
    // Someone who undoes their own check-in, and someone marked absent by the lead.
    const participants = [{ id: 'p-1', userId: ACTOR.id }];
    expect(plain(logSentences(t, entry('checked_out', { participantId: 'p-1', name: 'Amelia Hart' }), { participants })[0]!)).toBe(
      'Amelia Hart undid their check-in.',
    );
    expect(text(entry('checked_out', { participantId: 'p-2', name: 'Uma Patel' }))).toBe('Amelia Hart checked out Uma Patel.');
  });

  it('keeps typed text in its own direction inside the sentence', async () => {
    await i18n.changeLanguage('ar');
    const text = logSentences(i18n.getFixedT('ar'), entry('step_started', { step: 'Sound the alarm' }), { language: 'ar' }).join(' ');
    expect(text).toContain('\u2068Sound the alarm\u2069');
    expect(text).toContain('\u2068Amelia Hart\u2069');
  });
});
