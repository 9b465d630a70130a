import { readFileSync } from 'node:fs';
import { LANGUAGE_CODES, type DrillLogEntry, type DrillSummary, type LanguageCode } from '@muster/contracts';
import { comparable as normal, extractText, lineEdges, poppler } from '../../../platform/documents/pdf-reading.js';
import { LOG_SENTENCES } from './log-sentences.js';
import { summaryFileName, summaryPdf } from './summary-export.js';
import { SUMMARY_PDF_TEXT } from './summary-pdf-text.js';

const LEAD = { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Amelia Hart' };
const log = (seq: number, type: DrillLogEntry['type'], data: DrillLogEntry['data'] = {}): DrillLogEntry => ({
  seq,
  type,
  at: `2026-11-23T10:0${String(seq)}:00.000Z`,
  elapsedMs: (seq - 1) * 60_000,
  actor: LEAD,
  data,
});

/** A completed run: two steps (one skipped), one of two people present, an inject published by the clock. */
const SUMMARY: DrillSummary = {
  run: {
    id: '7d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a',
    title: 'Quay evacuation',
    type: 'drill',
    scenario: 'evacuation',
    status: 'completed',
    scheduledAt: '2026-11-23T10:00:00.000Z',
    location: 'Berth 4',
    lead: LEAD,
    participantCount: 2,
    templateId: null,
    startedAt: '2026-11-23T10:00:00.000Z',
    completedAt: '2026-11-23T10:20:00.000Z',
    approvedAt: null,
    template: {
      libraryTexts: {},
      name: 'Quay evacuation',
      type: 'drill',
      scenario: 'evacuation',
      description: 'The alarm sounds on the quay.',
      objectives: ['Everyone reaches the assembly point'],
      positions: [],
      steps: [],
      injects: [],
      regulations: ['solas_muster'],
      estimatedMinutes: 30,
      musterTargetMinutes: 5,
    },
    participants: [],
    observersMayWrite: false,
    autoInjects: true,
    musterTargetMinutes: 5,
    musterElapsedMs: null,
    timer: {
      status: 'completed',
      startedAt: '2026-11-23T10:00:00.000Z',
      pausedAt: null,
      pausedMs: 0,
      completedAt: '2026-11-23T10:20:00.000Z',
      cancelledAt: null,
      serverTime: '2026-11-23T10:30:00.000Z',
    },
    approvedBy: null,
    cancelledAt: null,
    version: 3,
    you: { control: true, observe: true, plan: true, approve: true, participantId: null },
  },
  durationMs: 1_200_000,
  timeline: [log(1, 'started'), log(2, 'step_completed', { step: 'Sound the alarm' }), log(3, 'completed')],
  steps: [
    {
      stepId: 'alarm',
      title: 'Sound the alarm',
      position: 'Control room',
      status: 'done',
      expectedMinutes: 3,
      startedElapsedMs: 0,
      completedElapsedMs: 240_000,
      durationMs: 240_000,
      varianceMs: 60_000,
      checklistDone: 2,
      checklistTotal: 2,
    },
    {
      stepId: 'assist',
      title: 'Help people out',
      position: null,
      status: 'skipped',
      expectedMinutes: 5,
      startedElapsedMs: null,
      completedElapsedMs: null,
      durationMs: null,
      varianceMs: null,
      checklistDone: 0,
      checklistTotal: 2,
    },
  ],
  stepCompletion: { done: 1, skipped: 1, total: 2 },
  attendance: {
    roster: 2,
    present: 1,
    participants: [
      {
        id: 'f1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        userId: 'c1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        name: 'Uma Patel',
        positionId: null,
        checkedInAt: '2026-11-23T10:06:00.000Z',
        checkedInElapsedMs: 360_000,
        checkedInBy: 'self',
      },
      {
        id: 'f2b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        userId: null,
        name: 'Kai Contractor',
        positionId: null,
        checkedInAt: null,
        checkedInElapsedMs: null,
        checkedInBy: null,
      },
    ],
    musterMs: 360_000,
    musterTargetMs: 300_000,
    metTarget: false,
  },
  injects: [
    {
      injectId: 'blocked-exit',
      title: 'Exit route blocked',
      message: 'The main stairway is blocked by smoke.',
      plannedMinute: 8,
      position: null,
      publishedElapsedMs: 480_000,
      publishedBy: null,
      auto: true,
      responses: [],
    },
  ],
  observations: { strengths: [], improvements: [] },
  actions: [],
  addenda: [],
};

const rendered = new Map<LanguageCode, Buffer>();
beforeAll(async () => {
  for (const language of LANGUAGE_CODES) rendered.set(language, await summaryPdf(SUMMARY, language));
});
const text = (language: LanguageCode) => normal(extractText(rendered.get(language)!));

describe('summary PDF', () => {
  it('says in English what it said before the text layer', () => {
    const english = text('en');
    for (const line of [
      'Muster · After-action summary Quay evacuation',
      'Scenario: Evacuation (drill) Location: Berth 4 Lead: Amelia Hart',
      'Scheduled: Mon, 23 Nov 2026 10:00:00 UTC',
      'Duration: 20.0 min Status: Completed',
      'Objectives • Everyone reaches the assembly point',
      'Steps (1 of 2 done, 1 skipped) Sound the alarm Done · expected 3 min · took 4.0 min (+1.0 min) · checklist 2/2 · Control room',
      'Help people out Skipped · expected 5 min · not timed · checklist 0/2',
      'Attendance (1 of 2 present) Time to muster: 06:00 against a target of 05:00 — missed',
      '• Uma Patel — present, checked in at 06:00 • Kai Contractor — not checked in',
      'Injects and responses Exit route blocked — planned 8 min, published at 08:00 by the clock The main stairway is blocked by smoke.',
      'Strengths None recorded. Areas for improvement None recorded. Corrective actions None.',
      // The drill times are a column of their own: pdftotext reads them apart from the entries.
      'Mon, 23 Nov 2026 10:01:00 UTC — Amelia Hart started the drill',
    ]) {
      expect(english).toContain(normal(line));
    }
  });

  it('writes its moments in the organisation’s time zone, with the zone’s name', async () => {
    const tokyo = normal(extractText(await summaryPdf(SUMMARY, 'en', 'Asia/Tokyo')));
    expect(tokyo).toContain(normal('Scheduled: Mon, 23 Nov 2026 19:00:00 GMT+9'));
    expect(tokyo).toContain(normal('Mon, 23 Nov 2026 19:01:00 GMT+9 — Amelia Hart started the drill'));
    const spanish = normal(extractText(await summaryPdf(SUMMARY, 'es', 'America/New_York')));
    expect(spanish).toContain(normal('Programado: 23 nov 2026, 5:00 GMT-5'));
    // Late on 23 November in New York is 24 November in Tokyo: the file is named by the local day.
    const late = { ...SUMMARY, run: { ...SUMMARY.run, startedAt: '2026-11-23T20:00:00.000Z' } };
    expect(summaryFileName(late, 'pdf', 'America/New_York')).toBe('Quay evacuation — after-action summary 2026-11-23.pdf');
    expect(summaryFileName(late, 'pdf', 'Asia/Tokyo')).toBe('Quay evacuation — after-action summary 2026-11-24.pdf');
  });

  it('writes its labels in the language asked', () => {
    // Lines where no number runs into Arabic words: pdftotext puts the space after a number in
    // right-to-left text before it ("1 من" comes out as " 1من"), whatever the PDF.
    for (const line of [
      'السيناريو: الإخلاء والتجمع (تدريب) المكان: Berth 4 المسؤول: Amelia Hart',
      'الحالة: مكتمل الأهداف',
      'المدخلات والاستجابات',
    ]) {
      expect(text('ar')).toContain(normal(line));
    }
    expect(text('zh')).toContain(normal('情景：疏散与集合（演练） 地点：Berth 4 负责人：Amelia Hart'));
    expect(text('zh')).toContain(normal('步骤（已完成 1 / 2，跳过 1）'));
    expect(text('es')).toContain(
      normal('Pasos (1 de 2 hechos, 1 omitidos) Sound the alarm Hecho · previsto 3 min · duró 4.0 min (+1.0 min)'),
    );
    // The decision log too, in the console's words.
    expect(text('es')).toContain(normal('Amelia Hart inició el simulacro.'));
    expect(text('zh')).toContain(normal('Amelia Hart 开始了演练。'));
    expect(text('ar')).toContain(normal('التمرين.'));
    expect(text('ar')).not.toContain('started the drill');
  });

  it('lays Arabic out right to left, in embedded fonts only', () => {
    // The title, the facts and the headings end at the right margin.
    expect(lineEdges(rendered.get('ar')!).filter((line) => Math.abs(line.right - (595.28 - 50)) < 1).length).toBeGreaterThanOrEqual(10);
    for (const language of LANGUAGE_CODES) {
      const fonts = poppler('pdffonts', rendered.get(language)!).trim().split('\n').slice(2);
      for (const font of fonts) expect(font).toMatch(/\+NotoSans[\w-]*\s+CID TrueType\s+Identity-H\s+yes yes yes/u);
    }
  });
});

describe('summary PDF texts', () => {
  const LOCALES = new URL('../../../../../web/public/locales/', import.meta.url);
  type Tree = { [key: string]: string | Tree };
  const file = (lng: string, ns: string) => JSON.parse(readFileSync(new URL(`${lng}/${ns}.json`, LOCALES), 'utf8')) as Tree;
  const at = (tree: Tree, path: string) =>
    path.split('.').reduce<string | Tree | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), tree);

  it.each(LANGUAGE_CODES)('has the web summary page’s wording for the labels they share (%s)', (language) => {
    const t = SUMMARY_PDF_TEXT[language];
    const summary = file(language, 'drillSummary');
    const shared: [string, string][] = [
      [t.location, 'header.location'],
      [t.lead, 'header.lead'],
      [t.scheduled, 'header.scheduled'],
      [t.started, 'header.started'],
      [t.completed, 'header.completed'],
      [t.status, 'steps.status'],
      [t.scenario, 'objectives.scenario'],
      [t.objectives, 'objectives.objectives'],
      [t.timeToMuster, 'attendance.timeToMuster'],
      [t.injects, 'sections.injects'],
      [t.strengths, 'observations.strengths'],
      [t.improvements, 'observations.improvements'],
      [t.actions, 'sections.actions'],
      [t.addenda, 'sections.addenda'],
    ];
    for (const [ours, key] of shared) expect([key, ours]).toEqual([key, at(summary, key)]);
  });

  it.each(LANGUAGE_CODES)('writes the decision log in the web console’s sentences (%s)', (language) => {
    expect(LOG_SENTENCES[language]).toEqual(file(language, 'drills').log);
  });

  it.each(LANGUAGE_CODES.filter((l) => l !== 'en'))('names scenarios, types and statuses as the web does (%s)', (language) => {
    const t = SUMMARY_PDF_TEXT[language];
    const drills = file(language, 'drills');
    expect(t.scenarios).toEqual(drills.scenarios);
    expect(t.types).toEqual(drills.types);
    expect(t.runStatuses).toEqual(drills.runStatuses);
    expect(t.stepStatuses).toEqual(drills.stepStatuses);
    expect(t.actionStatuses).toEqual(drills.actionStatuses);
    expect(t.duration).toBe(at(file(language, 'drillSummary'), 'header.duration'));
  });
});
