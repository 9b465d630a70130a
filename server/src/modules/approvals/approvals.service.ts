import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  APPROVAL_RULES,
  hasRank,
  jobIds,
  JobName,
  rooms,
  type Approval,
  type ApprovalList,
  type approvalQuerySchema,
  type AuditAction,
  type BreakGlassInput,
  type DecideApprovalInput,
  type HeldEvidence,
  type PlatformAccounts,
  type Principal,
  type RequestApprovalInput,
} from '@muster/contracts';
import { In, IsNull, LessThanOrEqual, Not, type DataSource, type Repository } from 'typeorm';
import type { z } from 'zod';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { Membership } from '../identity/entities/membership.entity.js';
import { User } from '../identity/entities/user.entity.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { ApprovalActionsService } from './approval-actions.service.js';
import { ApprovalRow } from './entities/approval.entity.js';

type Query = z.output<typeof approvalQuerySchema>;
type RequestInput = Omit<RequestApprovalInput, 'payload'> & { payload: Approval['payload'] };
type BreakGlass = Omit<BreakGlassInput, 'payload'> & { payload: Approval['payload'] };

const HOUR_MS = 3_600_000;
const APPROVER_ROLES = ['ROOT_ADMIN', 'DEPUTY_ADMIN'] as const;
const LINK = '/app/root-admin/approvals';

/**
 * Four-eyes approvals: a platform admin asks, another decides; the action runs once, on approval.
 * The requester never decides their own request. Undecided requests expire (a delayed job, and
 * every read checks the clock too). Break-glass runs the action at once and waits for a review.
 */
@Injectable()
export class ApprovalsService {
  private readonly logger = new Logger(ApprovalsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ApprovalRow) private readonly rows: Repository<ApprovalRow>,
    private readonly actions: ApprovalActionsService,
    private readonly audit: AuditService,
    private readonly realtime: RealtimeService,
    private readonly notifications: NotificationsService,
    private readonly queues: QueueService,
  ) {}

  async list(query: Query): Promise<ApprovalList> {
    await this.expireDue();
    const where =
      query.view === 'pending'
        ? { status: 'pending' as const, breakGlass: false }
        : query.view === 'break_glass'
          ? { breakGlass: true, ...(query.unreviewed ? { reviewedAt: IsNull() } : {}) }
          : { breakGlass: false, status: query.status ?? Not('pending' as const) };
    const rows = await this.rows.find({
      where: { ...where, ...(query.kind ? { kind: query.kind } : {}) },
      order: { createdAt: 'DESC' },
      take: 200,
    });
    return { items: await this.views(rows) };
  }

  /** Every active platform account (no organisation), by role then email. */
  async platformAccounts(): Promise<PlatformAccounts> {
    const rows = await this.dataSource.query<{ id: string; name: string; email: string; role: string }[]>(
      `SELECT u.id, u.email, m.role, COALESCE(NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username) AS name
         FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.org_id IS NULL AND m.status = 'active' AND u.status = 'active'
        ORDER BY m.role, u.email`,
    );
    return { items: rows };
  }

  /** An organisation's records under an active legal hold, for a release request to name one. */
  heldEvidence(orgId: string): Promise<HeldEvidence> {
    return this.actions.heldEvidence(orgId);
  }

  /** How many requests wait for a decision, and break-glass actions for a review (the dashboard). */
  async counts(): Promise<{ pending: number; unreviewedBreakGlass: number }> {
    await this.expireDue();
    const [pending, unreviewedBreakGlass] = await Promise.all([
      this.rows.count({ where: { status: 'pending', breakGlass: false } }),
      this.rows.count({ where: { breakGlass: true, reviewedAt: IsNull() } }),
    ]);
    return { pending, unreviewedBreakGlass };
  }

  async request(actor: Principal & { userId: string }, input: RequestInput, client: ClientContext): Promise<Approval> {
    const subject = await this.actions.describe(input.payload);
    const row = await this.rows.save(
      this.rows.create({
        kind: input.payload.kind,
        status: 'pending',
        payload: input.payload,
        subject,
        reason: input.reason,
        breakGlass: false,
        requestedByUserId: actor.userId,
        expiresAt: new Date(Date.now() + APPROVAL_RULES.expiresAfterHours * HOUR_MS),
      }),
    );
    await this.queues.enqueue(
      JobName.ApprovalExpires,
      { approvalId: row.id },
      { jobId: jobIds.approvalExpires(row.id), delay: Math.max(0, row.expiresAt.getTime() - Date.now()) },
    );
    await this.record('approval.requested', actor, client, row, { subject });
    const view = await this.view(row);
    await this.notifyApprovers(actor.userId, 'approval_requested', row, subject);
    this.realtime.emitTo(rooms.platformAdmins(), 'approval:changed', { approval: view });
    return view;
  }

  async approve(actor: Principal & { userId: string }, id: string, input: DecideApprovalInput, client: ClientContext): Promise<Approval> {
    const row = await this.decidable(actor, id);
    const decided = await this.transition(row, actor.userId, 'approved', input.note ?? '');
    let failure: string | null = null;
    try {
      await this.actions.run(row.payload, actor, row.reason, client);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      failure = err.reason;
      await this.rows.update({ id: row.id }, { status: 'failed', failure });
    }
    const stored = await this.rows.findOneByOrFail({ id: decided.id });
    await this.record('approval.approved', actor, client, stored, {
      requestedBy: row.requestedByUserId,
      approvedBy: actor.userId,
      ran: failure === null,
      failure,
    });
    return this.announce(stored, 'approval_decided', [row.requestedByUserId]);
  }

  async reject(actor: Principal & { userId: string }, id: string, input: DecideApprovalInput, client: ClientContext): Promise<Approval> {
    const row = await this.decidable(actor, id);
    const stored = await this.transition(row, actor.userId, 'rejected', input.note ?? '');
    await this.record('approval.rejected', actor, client, stored, { requestedBy: row.requestedByUserId, rejectedBy: actor.userId });
    return this.announce(stored, 'approval_decided', [row.requestedByUserId]);
  }

  /** Runs the action at once; every other approver is alerted and the action waits for a review. */
  async breakGlass(actor: Principal & { userId: string }, input: BreakGlass, client: ClientContext): Promise<Approval> {
    const subject = await this.actions.describe(input.payload);
    await this.actions.run(input.payload, actor, input.justification, client);
    const now = new Date();
    const row = await this.rows.save(
      this.rows.create({
        kind: input.payload.kind,
        status: 'break_glass',
        payload: input.payload,
        subject,
        reason: input.justification,
        breakGlass: true,
        requestedByUserId: actor.userId,
        decidedByUserId: actor.userId,
        decidedAt: now,
        expiresAt: now,
      }),
    );
    await this.record('approval.break_glass', actor, client, row, { subject });
    await this.notifyApprovers(actor.userId, 'approval_break_glass', row, subject);
    const view = await this.view(row);
    this.realtime.emitTo(rooms.platformAdmins(), 'approval:changed', { approval: view });
    return view;
  }

  /** Another approver acknowledges a break-glass action as reviewed. */
  async review(actor: Principal & { userId: string }, id: string, client: ClientContext): Promise<Approval> {
    const row = await this.find(id);
    if (!row.breakGlass) throw new DomainError('CONFLICT', 'approvals.notBreakGlass');
    if (row.requestedByUserId === actor.userId) throw new DomainError('FORBIDDEN', 'approvals.ownBreakGlass');
    const updated = await this.rows.update(
      { id: row.id, reviewedAt: IsNull() },
      { reviewedAt: new Date(), reviewedByUserId: actor.userId },
    );
    if (!updated.affected) throw new DomainError('CONFLICT', 'approvals.alreadyReviewed');
    const stored = await this.rows.findOneByOrFail({ id: row.id });
    await this.record('approval.reviewed', actor, client, stored, { requestedBy: row.requestedByUserId });
    const view = await this.view(stored);
    this.realtime.emitTo(rooms.platformAdmins(), 'approval:changed', { approval: view });
    return view;
  }

  /** The delayed job at a request's expiry (and every read): pending requests past it expire. */
  async expire(id: string): Promise<boolean> {
    const updated = await this.rows.update(
      { id, status: 'pending', expiresAt: LessThanOrEqual(new Date()) },
      { status: 'expired', decidedAt: new Date() },
    );
    if (!updated.affected) return false;
    const row = await this.rows.findOneByOrFail({ id });
    await this.audit.record({
      action: 'approval.expired',
      outcome: 'success',
      actor: { role: 'system' },
      orgId: null,
      target: { type: 'approval', id },
      metadata: { kind: row.kind, requestedBy: row.requestedByUserId },
    });
    await this.announce(row, 'approval_decided', [row.requestedByUserId]);
    return true;
  }

  private async expireDue(): Promise<void> {
    const due = await this.rows.find({ where: { status: 'pending', expiresAt: LessThanOrEqual(new Date()) }, select: { id: true } });
    for (const row of due) await this.expire(row.id);
  }

  private async find(id: string): Promise<ApprovalRow> {
    const row = isUuid(id) ? await this.rows.findOne({ where: { id } }) : null;
    if (!row) throw new DomainError('NOT_FOUND', 'approvals.notFound');
    return row;
  }

  /** A request `actor` may decide now: pending, not expired, not their own. */
  private async decidable(actor: Principal & { userId: string }, id: string): Promise<ApprovalRow> {
    const row = await this.find(id);
    if (row.requestedByUserId === actor.userId) throw new DomainError('FORBIDDEN', 'approvals.selfApproval');
    if (row.status === 'pending' && row.expiresAt.getTime() <= Date.now()) {
      await this.expire(row.id);
      throw new DomainError('CONFLICT', 'approvals.expired');
    }
    if (row.status !== 'pending') throw new DomainError('CONFLICT', 'approvals.notPending');
    return row;
  }

  /** Moves a pending request to its decision; a concurrent decision wins once (the other gets 409). */
  private async transition(row: ApprovalRow, userId: string, status: 'approved' | 'rejected', note: string): Promise<ApprovalRow> {
    const updated = await this.rows.update(
      { id: row.id, status: 'pending' },
      { status, decidedByUserId: userId, decidedAt: new Date(), decisionNote: note || null },
    );
    if (!updated.affected) throw new DomainError('CONFLICT', 'approvals.notPending');
    return this.rows.findOneByOrFail({ id: row.id });
  }

  private async announce(row: ApprovalRow, kind: 'approval_decided', userIds: string[]): Promise<Approval> {
    const view = await this.view(row);
    await this.notifications.notify({
      userIds,
      orgId: null,
      kind,
      data: { approvalId: row.id, kind: row.kind, status: row.status, subject: view.subject },
      link: LINK,
      dedupeKey: `approval-${row.id}-${row.status}`,
    });
    this.realtime.emitTo(rooms.platformAdmins(), 'approval:changed', { approval: view });
    return view;
  }

  /** The platform's approvers but `exceptUserId`: notified in-app (and live, through the bell). */
  private async notifyApprovers(
    exceptUserId: string,
    kind: 'approval_requested' | 'approval_break_glass',
    row: ApprovalRow,
    subject: string,
  ): Promise<void> {
    const approvers = await this.dataSource
      .getRepository(Membership)
      .find({ where: { orgId: IsNull(), role: In([...APPROVER_ROLES]), status: 'active', userId: Not(exceptUserId) } });
    await this.notifications.notify({
      userIds: approvers.map((m) => m.userId),
      orgId: null,
      kind,
      data: { approvalId: row.id, kind: row.kind, subject },
      link: LINK,
      dedupeKey: `approval-${row.id}-${kind}`,
    });
  }

  private async record(
    action: AuditAction,
    actor: Principal,
    client: ClientContext | null,
    row: ApprovalRow,
    metadata: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record({
      action,
      outcome: 'success',
      actor: auditActorOf(actor, client),
      orgId: null,
      target: { type: 'approval', id: row.id },
      reason: row.reason,
      metadata: { kind: row.kind, payload: row.payload, ...metadata },
    });
  }

  private async view(row: ApprovalRow): Promise<Approval> {
    return (await this.views([row]))[0]!;
  }

  private async views(rows: ApprovalRow[]): Promise<Approval[]> {
    const ids = new Set<string>();
    for (const r of rows) for (const id of [r.requestedByUserId, r.decidedByUserId, r.reviewedByUserId]) if (id) ids.add(id);
    const users = ids.size ? await this.dataSource.getRepository(User).find({ where: { id: In([...ids]) } }) : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    const person = (id: string | null) => {
      const u = id ? byId.get(id) : undefined;
      if (!id || !u) return null;
      return { id, name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username, email: u.email };
    };
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      payload: r.payload,
      subject: r.subject,
      reason: r.reason,
      breakGlass: r.breakGlass,
      requestedBy: person(r.requestedByUserId) ?? { id: r.requestedByUserId, name: '—', email: '' },
      decidedBy: person(r.decidedByUserId),
      decisionNote: r.decisionNote,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      expiresAt: r.expiresAt.toISOString(),
      failure: r.failure,
      reviewedBy: person(r.reviewedByUserId),
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /** Whether a principal is one of the platform's approvers (platform staff of rank DEPUTY_ADMIN and up). */
  static isApprover(principal: Principal): boolean {
    return !principal.orgId && hasRank(principal.role, 'DEPUTY_ADMIN');
  }
}
