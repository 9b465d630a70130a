import {
  elapsedMs,
  runPermissions,
  seesAllInjects,
  type DrillRunState,
  type Addendum,
  type CorrectiveAction,
  type DrillLogEntry,
  type DrillRun,
  type DrillRunSummary,
  type DrillTimer,
  type LibraryTexts,
  type Observation,
  type RunInject,
  type RunParticipant,
  type RunStep,
} from '@muster/contracts';
import type { DrillActor } from './drill-actor.js';
import type { CorrectiveActionRow } from './entities/corrective-action.entity.js';
import type { DrillRunRow } from './entities/drill-run.entity.js';
import type { RunAddendumRow } from './entities/run-addendum.entity.js';
import type { RunInjectRow } from './entities/run-inject.entity.js';
import type { RunLogRow } from './entities/run-log.entity.js';
import type { RunObservationRow } from './entities/run-observation.entity.js';
import type { RunParticipantRow } from './entities/run-participant.entity.js';
import type { RunStepRow } from './entities/run-step.entity.js';

/** Rows → the records of contracts (dates as ISO strings, people as `{ id, name }`). */
const iso = (d: Date | null): string | null => d?.toISOString() ?? null;
const person = (id: string | null, name: string | null) => (name === null ? null : { id, name });

export function timerOf(run: DrillRunRow, now = new Date()): DrillTimer {
  return {
    status: run.status,
    startedAt: iso(run.startedAt),
    pausedAt: iso(run.pausedAt),
    pausedMs: run.pausedMs,
    completedAt: iso(run.completedAt),
    cancelledAt: iso(run.cancelledAt),
    serverTime: now.toISOString(),
  };
}

/** Drill time of the run at `now` (pauses excluded); null before it started. */
export function elapsedAt(run: DrillRunRow, now: Date): number | null {
  return run.startedAt ? elapsedMs(timerOf(run, now), now.getTime()) : null;
}

export function runSummaryOf(run: DrillRunRow, participantCount: number): DrillRunSummary {
  return {
    id: run.id,
    title: run.title,
    type: run.type,
    scenario: run.scenario,
    status: run.status,
    scheduledAt: run.scheduledAt.toISOString(),
    location: run.location,
    lead: { id: run.leadUserId, name: run.leadName },
    participantCount,
    templateId: run.templateId,
    startedAt: iso(run.startedAt),
    completedAt: iso(run.completedAt),
    approvedAt: iso(run.approvedAt),
  };
}

export function participantOf(row: RunParticipantRow): RunParticipant {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    positionId: row.positionId,
    checkedInAt: iso(row.checkedInAt),
    checkedInElapsedMs: row.checkedInElapsedMs,
    checkedInBy: row.checkedInBy,
    checkedInPoint: row.checkedInPoint ?? null,
  };
}

/** The run as every watcher sees it (its template goes to each member apart: see `runOf`). */
export function runStateOf(run: DrillRunRow, participants: RunParticipantRow[]): DrillRunState {
  return {
    ...runSummaryOf(run, participants.length),
    participants: participants.map(participantOf),
    observersMayWrite: run.observersMayWrite,
    autoInjects: run.autoInjects,
    musterTargetMinutes: run.musterTargetMinutes,
    musterElapsedMs: run.musterElapsedMs,
    timer: timerOf(run),
    approvedBy: person(run.approvedByUserId, run.approvedByName),
    cancelledAt: iso(run.cancelledAt),
    version: run.version,
  };
}

/**
 * The run for `actor`: what they may do, and the template — without the injects not yet
 * published (`published`) when they do not see them all (`seesAllInjects`).
 */
export function runOf(run: DrillRunRow, participants: RunParticipantRow[], actor: DrillActor, published?: ReadonlySet<string>): DrillRun {
  const state = runStateOf(run, participants);
  const you = runPermissions({ ...state, leadId: run.leadUserId }, actor);
  const shown = (injectId: string) => published?.has(injectId) ?? false;
  const template = seesAllInjects(you, run.status)
    ? run.snapshot
    : {
        ...run.snapshot,
        injects: run.snapshot.injects.filter((i) => shown(i.id)),
        libraryTexts: withoutInjectTexts(snapshotTexts(run), shown),
      };
  return { ...state, template, you };
}

/** A run's library texts (runs scheduled before library texts existed have none). */
export function snapshotTexts(run: DrillRunRow): LibraryTexts {
  return (run.snapshot as Partial<DrillRunRow['snapshot']>).libraryTexts ?? {};
}

/** Library texts without those of the injects `keep` refuses (their keys would tell what is coming). */
function withoutInjectTexts(texts: LibraryTexts, keep: (injectId: string) => boolean): LibraryTexts {
  return Object.fromEntries(
    Object.entries(texts).filter(([path]) => {
      const [kind, id] = path.split('.');
      return kind !== 'injects' || (id !== undefined && keep(id));
    }),
  );
}

/** The library texts of one inject (`injects.<id>.*`), sent with it when it is published. */
export function injectTexts(texts: LibraryTexts | undefined, injectId: string): LibraryTexts {
  return withoutInjectTexts(texts ?? {}, (id) => id === injectId);
}

export function stepOf(row: RunStepRow): RunStep {
  return {
    stepId: row.stepId,
    status: row.status,
    checkedItems: row.checkedItems,
    startedElapsedMs: row.startedElapsedMs,
    completedElapsedMs: row.completedElapsedMs,
    version: row.version,
    updatedBy: person(row.updatedByUserId, row.updatedByName),
    updatedAt: iso(row.updatedAt),
  };
}

export function injectOf(row: RunInjectRow): RunInject {
  return {
    injectId: row.injectId,
    publishedAt: row.publishedAt.toISOString(),
    publishedElapsedMs: row.publishedElapsedMs,
    publishedBy: person(row.publishedByUserId, row.publishedByName),
    auto: row.auto,
  };
}

/** The state of an inject not published yet. */
export function unpublishedInject(injectId: string): RunInject {
  return { injectId, publishedAt: null, publishedElapsedMs: null, publishedBy: null, auto: false };
}

export function observationOf(row: RunObservationRow): Observation {
  return {
    id: row.id,
    clientId: row.clientId,
    kind: row.kind,
    note: row.note,
    stepId: row.stepId,
    injectId: row.injectId,
    author: { id: row.authorUserId, name: row.authorName },
    elapsedMs: row.elapsedMs,
    createdAt: row.createdAt.toISOString(),
  };
}

export function logEntryOf(row: RunLogRow): DrillLogEntry {
  return {
    seq: row.seq,
    type: row.type,
    at: row.createdAt.toISOString(),
    elapsedMs: row.elapsedMs,
    actor: person(row.actorUserId, row.actorName),
    data: row.data,
  };
}

export function actionOf(row: CorrectiveActionRow): CorrectiveAction {
  return {
    id: row.id,
    title: row.title,
    owner: { id: row.ownerUserId, name: row.ownerName },
    dueDate: row.dueDate,
    status: row.status,
    observationId: row.observationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function addendumOf(row: RunAddendumRow): Addendum {
  return { id: row.id, body: row.body, author: { id: row.authorUserId, name: row.authorName }, createdAt: row.createdAt.toISOString() };
}
