import { Injectable } from '@nestjs/common';
import {
  takesActions,
  takesAddenda,
  type Addendum,
  type CorrectiveAction,
  type DrillRun,
  type DrillSummary,
  type LanguageCode,
  type createActionSchema,
  type createAddendumSchema,
  type updateActionSchema,
} from '@muster/contracts';
import type { z } from 'zod';
import { AuditService } from '../../../platform/audit/audit.service.js';
import type { ClientContext } from '../../../platform/auth/auth.decorators.js';
import { DomainError, InvalidFieldError, NotFoundError } from '../../../platform/errors/domain-error.js';
import { isUuid } from '../../../platform/tenancy/tenant-scope.js';
import { canControl, isManager, type DrillActor } from '../drill-actor.js';
import { DrillMembersService } from '../drill-members.service.js';
import { CorrectiveActionRow } from '../entities/corrective-action.entity.js';
import type { DrillRunRow } from '../entities/drill-run.entity.js';
import { RunAddendumRow } from '../entities/run-addendum.entity.js';
import { RunObservationRow } from '../entities/run-observation.entity.js';
import { RunStore } from '../run-store.js';
import { OrganizationsService } from '../../identity/organizations.service.js';
import { summaryCsv, summaryFileName, summaryPdf } from './summary-export.js';
import { actionOf, addendumOf, elapsedAt, runOf } from '../run-view.js';

type CreateActionInput = z.output<typeof createActionSchema>;
type UpdateActionInput = z.output<typeof updateActionSchema>;
type AddendumInput = z.output<typeof createAddendumSchema>;

/**
 * The after-action summary of a run, computed from its decision log and live state; corrective
 * actions added by the lead (or an ADMIN/MANAGER) until an ADMIN or MANAGER approves the run,
 * which locks it; dated addenda after it finished.
 */
@Injectable()
export class SummaryService {
  constructor(
    private readonly store: RunStore,
    private readonly members: DrillMembersService,
    private readonly audit: AuditService,
    private readonly organizations: OrganizationsService,
  ) {}

  async summary(actor: DrillActor, id: string, now = new Date()): Promise<DrillSummary> {
    const {
      row: run,
      state,
      more: [actions, addenda],
    } = await this.store.snapshot(actor, id, (tx, row) =>
      Promise.all([
        tx.find(CorrectiveActionRow, { where: { runId: row.id, orgId: row.orgId }, order: { dueDate: 'ASC', createdAt: 'ASC' } }),
        tx.find(RunAddendumRow, { where: { runId: row.id, orgId: row.orgId }, order: { createdAt: 'ASC' } }),
      ]),
    );
    const stepState = new Map(state.steps.map((s) => [s.stepId, s]));
    const positions = new Map(run.snapshot.positions.map((p) => [p.id, p.name]));
    const steps = run.snapshot.steps.map((def) => {
      const s = stepState.get(def.id);
      const timed = s && s.status === 'done' && s.startedElapsedMs !== null && s.completedElapsedMs !== null;
      const durationMs = timed ? s.completedElapsedMs! - s.startedElapsedMs! : null;
      return {
        stepId: def.id,
        title: def.title,
        position: def.positionId ? (positions.get(def.positionId) ?? null) : null,
        status: s?.status ?? 'pending',
        expectedMinutes: def.expectedMinutes,
        startedElapsedMs: s?.startedElapsedMs ?? null,
        completedElapsedMs: s?.completedElapsedMs ?? null,
        durationMs,
        varianceMs: durationMs === null ? null : durationMs - def.expectedMinutes * 60_000,
        checklistDone: s?.checkedItems.length ?? 0,
        checklistTotal: def.checklist.length,
      };
    });
    const participants = state.run.participants;
    const present = participants.filter((p) => p.checkedInAt !== null);
    const lastCheckIn = present.reduce<number | null>((max, p) => Math.max(max ?? 0, p.checkedInElapsedMs ?? 0), null);
    const musterMs = run.musterElapsedMs ?? lastCheckIn;
    const musterTargetMs = run.musterTargetMinutes === null ? null : run.musterTargetMinutes * 60_000;
    const published = new Map(state.injects.map((i) => [i.injectId, i]));
    return {
      run: state.run,
      durationMs: run.startedAt ? elapsedAt(run, run.completedAt ?? now) : null,
      timeline: state.log,
      steps,
      stepCompletion: {
        done: steps.filter((s) => s.status === 'done').length,
        skipped: steps.filter((s) => s.status === 'skipped').length,
        total: steps.length,
      },
      attendance: {
        roster: participants.length,
        present: present.length,
        participants,
        musterMs,
        musterTargetMs,
        metTarget: musterMs === null || musterTargetMs === null ? null : musterMs <= musterTargetMs,
      },
      injects: state.run.template.injects.map((def) => {
        const p = published.get(def.id);
        return {
          injectId: def.id,
          title: def.title,
          message: def.message,
          plannedMinute: def.atMinute,
          position: def.positionId ? (positions.get(def.positionId) ?? null) : null,
          publishedElapsedMs: p?.publishedElapsedMs ?? null,
          publishedBy: p?.publishedBy ?? null,
          auto: p?.auto ?? false,
          responses: state.observations.filter((o) => o.injectId === def.id),
        };
      }),
      observations: {
        strengths: state.observations.filter((o) => o.kind === 'strength'),
        improvements: state.observations.filter((o) => o.kind === 'improvement'),
      },
      actions: actions.map(actionOf),
      addenda: addenda.map(addendumOf),
    };
  }

  /** The actor may change the run's corrective actions now (`takesActions`), or is told why not. */
  private assertReviewable(actor: DrillActor, run: DrillRunRow): void {
    if (!canControl(actor, run)) throw new DomainError('FORBIDDEN', 'drillRun.cannotControl');
    if (takesActions(run.status)) return;
    if (run.status === 'approved') throw new DomainError('RUN_LOCKED', 'drillRun.locked');
    throw new DomainError('RUN_STATE', run.status === 'scheduled' ? 'drillRun.notStarted' : 'drillRun.cancelled');
  }

  private async owner(orgId: string, userId: string): Promise<{ id: string; name: string }> {
    const owner = (await this.members.membersById(orgId)).get(userId);
    if (!owner) throw new InvalidFieldError('ownerUserId', 'drillRun.ownerNotMember');
    return owner;
  }

  async addAction(actor: DrillActor, runId: string, input: CreateActionInput): Promise<CorrectiveAction> {
    const { action, run, log } = await this.store.locked(actor.orgId, runId, async (tx, run) => {
      this.assertReviewable(actor, run);
      // The run first: another organisation's run is not found, whatever the body says.
      const owner = await this.owner(actor.orgId, input.ownerUserId);
      if (
        input.observationId &&
        !(await tx.exists(RunObservationRow, { where: { id: input.observationId, runId: run.id, orgId: run.orgId } }))
      ) {
        throw new InvalidFieldError('observationId', 'drillRun.unknownObservation');
      }
      const row = await tx.save(
        tx.create(CorrectiveActionRow, {
          orgId: run.orgId,
          runId: run.id,
          title: input.title,
          ownerUserId: owner.id,
          ownerName: owner.name,
          dueDate: input.dueDate,
          status: input.status,
          observationId: input.observationId,
          createdByUserId: actor.userId,
        }),
      );
      const log = await this.store.append(
        tx,
        run,
        'action_added',
        actor,
        { actionId: row.id, title: row.title, owner: owner.name, dueDate: row.dueDate },
        new Date(),
      );
      return { action: actionOf(row), run, log };
    });
    await this.store.announce(run, log);
    return action;
  }

  async updateAction(actor: DrillActor, runId: string, actionId: string, input: UpdateActionInput): Promise<CorrectiveAction> {
    const { action, run, log } = await this.store.locked(actor.orgId, runId, async (tx, run) => {
      this.assertReviewable(actor, run);
      const row = isUuid(actionId)
        ? await tx.findOne(CorrectiveActionRow, { where: { id: actionId, runId: run.id, orgId: run.orgId } })
        : null;
      if (!row) throw new NotFoundError('correctiveAction');
      const owner = input.ownerUserId ? await this.owner(actor.orgId, input.ownerUserId) : null;
      if (input.title !== undefined) row.title = input.title;
      if (input.dueDate !== undefined) row.dueDate = input.dueDate;
      if (input.status !== undefined) row.status = input.status;
      if (owner) {
        row.ownerUserId = owner.id;
        row.ownerName = owner.name;
      }
      await tx.save(row);
      const log = await this.store.append(
        tx,
        run,
        'action_updated',
        actor,
        { actionId: row.id, title: row.title, status: row.status },
        new Date(),
      );
      return { action: actionOf(row), run, log };
    });
    await this.store.announce(run, log);
    return action;
  }

  async approve(actor: DrillActor, runId: string, client: ClientContext): Promise<DrillRun> {
    const { run, participants, log } = await this.store.locked(actor.orgId, runId, async (tx, run) => {
      if (!isManager(actor)) throw new DomainError('FORBIDDEN', 'drillRun.cannotApprove');
      if (run.status === 'approved') throw new DomainError('RUN_LOCKED', 'drillRun.locked');
      if (run.status !== 'completed') throw new DomainError('RUN_STATE', 'drillRun.notCompleted');
      const now = new Date();
      run.status = 'approved';
      run.approvedAt = now;
      run.approvedByUserId = actor.userId;
      run.approvedByName = actor.name;
      run.version += 1;
      await tx.save(run);
      const log = await this.store.append(tx, run, 'approved', actor, {}, now);
      return { run, participants: await this.store.roster(run.id, tx), log };
    });
    await this.audit.record({
      action: 'drill.run.approve',
      outcome: 'success',
      actor: { userId: actor.userId, role: actor.role, orgId: actor.orgId, ip: client.ip, userAgent: client.userAgent },
      target: { type: 'drill_run', id: run.id },
      metadata: { title: run.title },
    });
    await this.store.announce(run, log, participants);
    return runOf(run, participants, actor);
  }

  async addAddendum(actor: DrillActor, runId: string, input: AddendumInput): Promise<Addendum> {
    const { addendum, run, log } = await this.store.locked(actor.orgId, runId, async (tx, run) => {
      if (!canControl(actor, run)) throw new DomainError('FORBIDDEN', 'drillRun.cannotControl');
      if (!takesAddenda(run.status)) throw new DomainError('RUN_STATE', 'drillRun.notCompleted');
      const row = await tx.save(
        tx.create(RunAddendumRow, {
          orgId: run.orgId,
          runId: run.id,
          body: input.body,
          authorUserId: actor.userId,
          authorName: actor.name,
        }),
      );
      const log = await this.store.append(tx, run, 'addendum', actor, { addendumId: row.id }, new Date());
      return { addendum: addendumOf(row), run, log };
    });
    await this.store.announce(run, log);
    return addendum;
  }

  /**
   * The summary as a file: PDF in `language`, or CSV. The PDF's moments and the file's name use
   * the organisation's time zone (the CSV keeps ISO timestamps in UTC, for machines).
   */
  async file(
    actor: DrillActor,
    summary: DrillSummary,
    format: 'pdf' | 'csv',
    language: LanguageCode,
  ): Promise<{ body: Buffer | string; contentType: string; fileName: string }> {
    const { timeZone } = actor;
    return format === 'pdf'
      ? {
          body: await summaryPdf(summary, language, timeZone),
          contentType: 'application/pdf',
          fileName: summaryFileName(summary, 'pdf', timeZone),
        }
      : { body: summaryCsv(summary), contentType: 'text/csv; charset=utf-8', fileName: summaryFileName(summary, 'csv', timeZone) };
  }

  /** Writes the audit event of a downloaded summary (exports are security-relevant). */
  async audited(actor: DrillActor, runId: string, format: string, client: ClientContext): Promise<void> {
    await this.audit.record({
      action: 'drill.summary.export',
      outcome: 'success',
      actor: { userId: actor.userId, role: actor.role, orgId: actor.orgId, ip: client.ip, userAgent: client.userAgent },
      target: { type: 'drill_run', id: runId },
      metadata: { format },
    });
  }
}
