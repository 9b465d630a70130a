import type { DrillLogType, DrillScenario, TemplateContent } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { CorrectiveActionRow } from '../modules/drills/entities/corrective-action.entity.js';
import { DrillRunRow } from '../modules/drills/entities/drill-run.entity.js';
import { DrillTemplateRow, templateColumns } from '../modules/drills/entities/drill-template.entity.js';
import { RunAddendumRow } from '../modules/drills/entities/run-addendum.entity.js';
import { RunInjectRow } from '../modules/drills/entities/run-inject.entity.js';
import { RunLogRow } from '../modules/drills/entities/run-log.entity.js';
import { RunObservationRow } from '../modules/drills/entities/run-observation.entity.js';
import { RunParticipantRow } from '../modules/drills/entities/run-participant.entity.js';
import { RunStepRow } from '../modules/drills/entities/run-step.entity.js';
import { LIBRARY } from '../modules/drills/library/library.js';

type Person = { id: string; name: string };
export interface DrillPeople {
  admin: Person;
  manager: Person;
  user: Person;
  auditor: Person;
}

const DAY = 86_400_000;
const MIN = 60_000;

const library = (scenario: DrillScenario) => LIBRARY.find((t) => t.content.scenario === scenario)!;

/** What every demo run is: a built-in template's snapshot, a title, a place and a lead. */
function planned(orgId: string, spec: { scenario: DrillScenario; title: string; location: string; lead: Person }) {
  const template = library(spec.scenario);
  return {
    orgId,
    templateId: template.id,
    title: spec.title,
    type: template.content.type,
    scenario: template.content.scenario,
    snapshot: template.content,
    location: spec.location,
    leadUserId: spec.lead.id,
    leadName: spec.lead.name,
    musterTargetMinutes: template.content.musterTargetMinutes,
    createdByUserId: spec.lead.id,
  };
}

/** How long each step took against its expected time, in turn (a run is never exactly on plan). */
const PACE = [0.8, 1.3, 1.0, 1.5, 0.9, 1.1, 0.7, 1.2];

interface FinishedRun {
  title: string;
  scenario: DrillScenario;
  daysAgo: number;
  location: string;
  lead: Person;
  roster: Person[];
  guests: string[];
  /** How many of the last people on the roster never checked in (none unless said). */
  noShows?: number;
  observations: { kind: 'strength' | 'improvement'; note: string; step?: number; inject?: number; by: Person }[];
  approved?: {
    by: Person;
    actions: { title: string; owner: Person; dueInDays: number; done: boolean; fromObservation?: number }[];
    addendum?: string;
  };
}

/**
 * Writes a finished run as the console would have: steps done one after another at a realistic
 * pace, injects published by the drill clock, people checking in, observations, the muster, the
 * decision log of all of it in order — and, for an approved run, corrective actions and an addendum.
 */
async function finishedRun(tx: EntityManager, orgId: string, spec: FinishedRun): Promise<void> {
  const content: TemplateContent = library(spec.scenario).content;
  const startedAt = new Date(Date.now() - spec.daysAgo * DAY);
  startedAt.setUTCHours(9, 0, 0, 0);
  const at = (elapsed: number) => new Date(startedAt.getTime() + elapsed);
  const total = content.steps.reduce((sum, s, i) => sum + Math.round(s.expectedMinutes * (PACE[i % PACE.length] ?? 1) * MIN), 0);
  const completedAt = at(total);

  const run = await tx.save(
    tx.create(DrillRunRow, {
      ...planned(orgId, spec),
      status: spec.approved ? 'approved' : 'completed',
      scheduledAt: startedAt,
      observersMayWrite: true,
      startedAt,
      pausedMs: 0,
      segment: 1,
      completedAt,
      approvedAt: spec.approved ? new Date(completedAt.getTime() + 2 * DAY) : null,
      approvedByUserId: spec.approved?.by.id ?? null,
      approvedByName: spec.approved?.by.name ?? null,
    }),
  );

  const log: { type: DrillLogType; elapsed: number | null; actor: Person | null; data: RunLogRow['data']; when?: Date }[] = [];
  const entry = (type: DrillLogType, elapsed: number | null, actor: Person | null, data: RunLogRow['data'] = {}, when?: Date) =>
    log.push({ type, elapsed, actor, data, when });
  entry(
    'scheduled',
    null,
    spec.lead,
    { scheduledAt: startedAt.toISOString(), location: spec.location, lead: spec.lead.name },
    new Date(startedAt.getTime() - 10 * DAY),
  );
  entry('started', 0, spec.lead);

  let clock = 0;
  const stepEnds: number[] = [];
  for (const [i, step] of content.steps.entries()) {
    const end = clock + Math.round(step.expectedMinutes * (PACE[i % PACE.length] ?? 1) * MIN);
    await tx.save(
      tx.create(RunStepRow, {
        orgId,
        runId: run.id,
        stepId: step.id,
        position: i,
        status: 'done',
        checkedItems: step.checklist.map((c) => c.id),
        startedElapsedMs: clock,
        completedElapsedMs: end,
        version: 2 + step.checklist.length,
        updatedByUserId: spec.lead.id,
        updatedByName: spec.lead.name,
        updatedAt: at(end),
      }),
    );
    entry('step_started', clock, spec.lead, { stepId: step.id, step: step.title, from: 'pending' });
    step.checklist.forEach((item, j) =>
      entry('item_checked', clock + Math.round(((j + 1) * (end - clock)) / (step.checklist.length + 1)), spec.lead, {
        stepId: step.id,
        step: step.title,
        itemId: item.id,
        item: item.text,
      }),
    );
    entry('step_completed', end, spec.lead, { stepId: step.id, step: step.title, from: 'in_progress', durationMs: end - clock });
    stepEnds.push(end);
    clock = end;
  }

  for (const inject of content.injects) {
    const elapsed = inject.atMinute * MIN;
    await tx.save(
      tx.create(RunInjectRow, {
        orgId,
        runId: run.id,
        injectId: inject.id,
        publishedAt: at(elapsed),
        publishedElapsedMs: elapsed,
        auto: true,
      }),
    );
    entry('inject_published', elapsed, null, { injectId: inject.id, inject: inject.title, auto: true });
  }

  const roster = [...spec.roster.map((p) => ({ userId: p.id, name: p.name })), ...spec.guests.map((name) => ({ userId: null, name }))];
  const present = roster.length - (spec.noShows ?? 0);
  for (const [i, person] of roster.entries()) {
    const elapsed = (3 + i * 1.5) * MIN;
    if (i >= present) {
      await tx.save(tx.create(RunParticipantRow, { orgId, runId: run.id, userId: person.userId, name: person.name, position: i }));
      continue;
    }
    const row = await tx.save(
      tx.create(RunParticipantRow, {
        orgId,
        runId: run.id,
        userId: person.userId,
        name: person.name,
        position: i,
        checkedInAt: at(elapsed),
        checkedInElapsedMs: elapsed,
        checkedInBy: person.userId ? 'self' : 'lead',
      }),
    );
    entry('checked_in', elapsed, person.userId ? { id: person.userId, name: person.name } : spec.lead, {
      participantId: row.id,
      name: person.name,
      by: row.checkedInBy,
    });
  }
  const musterElapsed = (3 + present * 1.5) * MIN;
  await tx.update(DrillRunRow, { id: run.id }, { musterElapsedMs: musterElapsed });
  entry('mustered', musterElapsed, spec.lead, { elapsedMs: musterElapsed });

  const observationIds: string[] = [];
  for (const [i, o] of spec.observations.entries()) {
    const stepId = o.step === undefined ? null : (content.steps[o.step]?.id ?? null);
    const injectId = o.inject === undefined ? null : (content.injects[o.inject]?.id ?? null);
    const elapsed =
      o.step !== undefined
        ? (stepEnds[o.step] ?? 0) - MIN
        : o.inject !== undefined
          ? (content.injects[o.inject]?.atMinute ?? 0) * MIN + 2 * MIN
          : (i + 1) * 5 * MIN;
    const row = await tx.save(
      tx.create(RunObservationRow, {
        orgId,
        runId: run.id,
        clientId: `seed-${run.id.slice(0, 8)}-${String(i)}`,
        kind: o.kind,
        note: o.note,
        stepId,
        injectId,
        authorUserId: o.by.id,
        authorName: o.by.name,
        elapsedMs: elapsed,
        createdAt: at(elapsed),
      }),
    );
    observationIds.push(row.id);
    entry('observation', elapsed, o.by, { observationId: row.id, kind: o.kind, note: o.note.slice(0, 200), stepId, injectId });
  }
  entry('completed', total, spec.lead);

  if (spec.approved) {
    for (const action of spec.approved.actions) {
      const row = await tx.save(
        tx.create(CorrectiveActionRow, {
          orgId,
          runId: run.id,
          title: action.title,
          ownerUserId: action.owner.id,
          ownerName: action.owner.name,
          dueDate: new Date(completedAt.getTime() + action.dueInDays * DAY).toISOString().slice(0, 10),
          status: action.done ? 'done' : 'open',
          observationId: action.fromObservation === undefined ? null : (observationIds[action.fromObservation] ?? null),
          createdByUserId: spec.lead.id,
          // Added at the after-action review, when the run was completed.
          createdAt: completedAt,
        }),
      );
      entry(
        'action_added',
        null,
        spec.lead,
        { actionId: row.id, title: row.title, owner: row.ownerName, dueDate: row.dueDate },
        new Date(completedAt.getTime() + DAY),
      );
    }
    entry('approved', null, spec.approved.by, {}, new Date(completedAt.getTime() + 2 * DAY));
    if (spec.approved.addendum) {
      const when = new Date(completedAt.getTime() + 5 * DAY);
      const row = await tx.save(
        tx.create(RunAddendumRow, {
          orgId,
          runId: run.id,
          body: spec.approved.addendum,
          authorUserId: spec.lead.id,
          authorName: spec.lead.name,
          createdAt: when,
        }),
      );
      entry('addendum', null, spec.lead, { addendumId: row.id }, when);
    }
  }

  const ordered = log
    .map((e, i) => ({ ...e, when: e.when ?? at(e.elapsed ?? 0), i }))
    .sort((a, b) => a.when.getTime() - b.when.getTime() || a.i - b.i);
  await tx.save(
    ordered.map((e, i) =>
      tx.create(RunLogRow, {
        orgId,
        runId: run.id,
        seq: i + 1,
        type: e.type,
        actorUserId: e.actor?.id ?? null,
        actorName: e.actor?.name ?? null,
        elapsedMs: e.elapsed,
        data: e.data,
        createdAt: e.when,
      }),
    ),
  );
  await tx.update(DrillRunRow, { id: run.id }, { logSeq: ordered.length });
}

/** A run still to come: its steps waiting, its roster, its log's first entry. */
async function scheduledRun(
  tx: EntityManager,
  orgId: string,
  spec: {
    title: string;
    scenario: DrillScenario;
    inDays: number;
    hour: number;
    location: string;
    lead: Person;
    roster: Person[];
    by: Person;
  },
): Promise<void> {
  const content = library(spec.scenario).content;
  const scheduledAt = new Date(Date.now() + spec.inDays * DAY);
  scheduledAt.setUTCHours(spec.hour, 0, 0, 0);
  const run = await tx.save(
    tx.create(DrillRunRow, { ...planned(orgId, spec), status: 'scheduled', scheduledAt, createdByUserId: spec.by.id, logSeq: 1 }),
  );
  await tx.save(
    spec.roster.map((p, position) => tx.create(RunParticipantRow, { orgId, runId: run.id, userId: p.id, name: p.name, position })),
  );
  await tx.save(
    content.steps.map((s, position) =>
      tx.create(RunStepRow, { orgId, runId: run.id, stepId: s.id, position, status: 'pending', checkedItems: [] }),
    ),
  );
  await tx.save(
    tx.create(RunLogRow, {
      orgId,
      runId: run.id,
      seq: 1,
      type: 'scheduled',
      actorUserId: spec.by.id,
      actorName: spec.by.name,
      elapsedMs: null,
      data: { scheduledAt: scheduledAt.toISOString(), location: spec.location, lead: spec.lead.name },
    }),
  );
}

/**
 * The demo organisation's drills: two templates of its own (one published, one draft), an
 * approved tabletop exercise and an approved evacuation drill with their after-action reports,
 * a fire drill completed last week awaiting approval, and two drills coming up.
 */
export async function seedDrills(tx: EntityManager, orgId: string, people: DrillPeople): Promise<void> {
  const { admin, manager, user, auditor } = people;
  await tx.save(
    tx.create(DrillTemplateRow, {
      orgId,
      status: 'published',
      ...templateColumns({
        ...library('fire').content,
        name: 'Berth 4 warehouse fire and evacuation',
        description:
          'Smoke is reported from the bonded warehouse behind berth 4 during a container vessel’s discharge. The fire alarm sounds in the warehouse and on the quay.',
      }),
      createdByUserId: manager.id,
      updatedByUserId: manager.id,
      updatedByName: manager.name,
    }),
  );
  const cyber = library('cyber_incident').content;
  await tx.save(
    tx.create(DrillTemplateRow, {
      orgId,
      status: 'draft',
      ...templateColumns({
        ...cyber,
        name: 'Gate system outage — tabletop',
        description: 'The gate automation stops answering during the morning peak. Draft: steps still to be agreed with IT.',
        steps: cyber.steps.slice(0, 3),
        injects: cyber.injects.slice(0, 1),
        objectives: cyber.objectives.slice(0, 2),
      }),
      createdByUserId: admin.id,
      updatedByUserId: admin.id,
      updatedByName: admin.name,
    }),
  );

  await finishedRun(tx, orgId, {
    title: 'Annual cyber tabletop exercise',
    scenario: 'cyber_incident',
    daysAgo: 290,
    location: 'Port authority boardroom',
    lead: admin,
    roster: [manager, user, auditor],
    guests: ['Terminal IT contractor'],
    observations: [
      { kind: 'strength', note: 'Manual gate procedures were ready within ten minutes.', step: 2, by: auditor },
      { kind: 'improvement', note: 'Nobody knew who notifies the national cyber authority.', step: 4, by: auditor },
      { kind: 'improvement', note: 'Backups had not been tested since spring.', inject: 1, by: manager },
    ],
    approved: {
      by: manager,
      actions: [
        {
          title: 'Name the person who notifies the cyber authority in the plan',
          owner: admin,
          dueInDays: 30,
          done: true,
          fromObservation: 1,
        },
        { title: 'Test a full restore from backup every quarter', owner: manager, dueInDays: 90, done: true, fromObservation: 2 },
      ],
      addendum: 'The restore test of June confirmed the recovery time objective of 8 hours.',
    },
  });
  await finishedRun(tx, orgId, {
    title: 'Quarterly evacuation drill',
    scenario: 'evacuation',
    daysAgo: 75,
    location: 'Administration building and berths 1–4',
    lead: manager,
    roster: [admin, user, auditor],
    guests: ['Visiting surveyor', 'Catering contractor'],
    observations: [
      { kind: 'strength', note: 'Every zone was reported clear within six minutes.', step: 1, by: auditor },
      { kind: 'improvement', note: 'The contractors list at the gate was out of date.', step: 3, by: auditor },
      { kind: 'improvement', note: 'Radio channel 2 was crowded during the muster.', by: user },
    ],
    approved: {
      by: admin,
      actions: [
        { title: 'Sync the contractors list with the gate system daily', owner: admin, dueInDays: 21, done: true, fromObservation: 1 },
        { title: 'Assign a separate radio channel to the muster wardens', owner: manager, dueInDays: 45, done: false, fromObservation: 2 },
      ],
    },
  });
  await finishedRun(tx, orgId, {
    title: 'Warehouse fire drill — berth 4',
    scenario: 'fire',
    daysAgo: 8,
    location: 'Bonded warehouse, berth 4',
    lead: manager,
    roster: [user, auditor],
    guests: ['Fire service liaison'],
    observations: [
      { kind: 'strength', note: 'The fire service was met at the gate with the site plan.', step: 5, by: auditor },
      { kind: 'improvement', note: 'The dangerous goods list took four minutes to find.', inject: 1, by: auditor },
    ],
  });

  await drillHistory(tx, orgId, people);

  await scheduledRun(tx, orgId, {
    title: 'Man overboard drill — berth 2',
    scenario: 'man_overboard',
    inDays: 5,
    hour: 10,
    location: 'Berth 2, quay ladder 3',
    lead: manager,
    roster: [user, auditor],
    by: manager,
  });
  await scheduledRun(tx, orgId, {
    title: 'Bomb threat drill — control room',
    scenario: 'bomb_threat',
    inDays: 19,
    hour: 14,
    location: 'Control room and cargo gate',
    lead: admin,
    roster: [manager, user],
    by: admin,
  });
}

/**
 * Half a year of safety drills (fire, evacuation, man overboard, oil spill: no security drill and no
 * exercise, so the compliance rules the demo shows keep their states), with varied rosters and
 * no-shows, so drill analytics look like a port that drills every few weeks.
 */
async function drillHistory(tx: EntityManager, orgId: string, people: DrillPeople): Promise<void> {
  const { admin, manager, user, auditor } = people;
  const history: Array<Pick<FinishedRun, 'title' | 'scenario' | 'daysAgo' | 'location' | 'guests' | 'noShows'> & { lead: Person }> = [
    {
      title: 'Quay fire drill — berth 1',
      scenario: 'fire',
      daysAgo: 165,
      location: 'Berth 1, reefer stack',
      lead: manager,
      guests: ['Reefer technician'],
      noShows: 1,
    },
    {
      title: 'Man overboard drill — pilot boarding',
      scenario: 'man_overboard',
      daysAgo: 148,
      location: 'Berth 2, quay ladder 3',
      lead: manager,
      guests: ['Pilot launch crew', 'Linesman'],
      noShows: 0,
    },
    {
      title: 'Tanker jetty spill response',
      scenario: 'oil_spill',
      daysAgo: 131,
      location: 'Tanker jetty',
      lead: admin,
      guests: ['Boom contractor', 'Jetty operator', 'Harbour master'],
      noShows: 2,
    },
    {
      title: 'Night fire drill — bonded warehouse',
      scenario: 'fire',
      daysAgo: 112,
      location: 'Bonded warehouse, berth 4',
      lead: manager,
      guests: ['Night shift foreman', 'Security guard'],
      noShows: 1,
    },
    {
      title: 'Evacuation drill — administration building',
      scenario: 'evacuation',
      daysAgo: 97,
      location: 'Administration building and berths 1–4',
      lead: admin,
      guests: ['Canteen staff', 'Visitor escort', 'Cleaner'],
      noShows: 1,
    },
    {
      title: 'Man overboard drill — berth 2',
      scenario: 'man_overboard',
      daysAgo: 54,
      location: 'Berth 2, quay ladder 3',
      lead: manager,
      guests: ['Tug crew'],
      noShows: 0,
    },
    {
      title: 'Spill drill — bunkering barge',
      scenario: 'oil_spill',
      daysAgo: 38,
      location: 'Tanker jetty',
      lead: manager,
      guests: ['Barge master', 'Boom contractor'],
      noShows: 1,
    },
    {
      title: 'Evacuation drill — container yard',
      scenario: 'evacuation',
      daysAgo: 22,
      location: 'Container yard, blocks A–D',
      lead: admin,
      guests: ['Straddle carrier drivers', 'Crane operator', 'Checker', 'Visiting surveyor'],
      noShows: 2,
    },
  ];
  for (const [i, run] of history.entries()) {
    await finishedRun(tx, orgId, {
      ...run,
      ...(i % 2 === 0
        ? {
            approved: {
              by: admin,
              actions: [
                {
                  title: 'Rehearse the head count with the muster wardens',
                  owner: manager,
                  dueInDays: 30,
                  done: run.daysAgo > 60,
                  fromObservation: 1,
                },
              ],
            },
          }
        : {}),
      roster: [user, auditor],
      observations: [
        { kind: 'strength', note: 'The alarm was raised and acknowledged without delay.', step: 1, by: auditor },
        { kind: 'improvement', note: 'Head count at the muster point took longer than planned.', step: 2, by: user },
      ],
    });
  }
}
