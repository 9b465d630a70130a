import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { JobName, jobIds, rooms, type ErrorReason, type RestrictionKind, type RestrictionSubject } from '@muster/contracts';
import { Brackets, IsNull, Repository } from 'typeorm';
import { AuditService, type AuditActor } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { SessionService } from '../../platform/session/session.service.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { Membership } from '../identity/entities/membership.entity.js';
import { User, type UserStatus } from '../identity/entities/user.entity.js';
import { AccountRestriction } from './entities/account-restriction.entity.js';

export type StoredKind = RestrictionKind | 'password_reset';

/** The user a sign-in is for, as identity found it (its status is brought up to date here). */
export interface SigningInUser {
  id: string;
  email: string;
  status: UserStatus;
  passwordChangedAt: Date | null;
}

/** What a lift was: by an operator (their audit actor and user id), or by the end date (null). */
export interface LiftedBy {
  actor: AuditActor;
  userId: string | null;
}

const SYSTEM_ACTOR: AuditActor = { userId: null, role: null, email: null, ip: null, userAgent: null };

/**
 * Where restrictions are in force: the sign-in check (identity calls `assertMaySignIn`), the
 * freeze check of every mutating request (`frozenReason`), the lift (by an operator, at sign-in
 * when the end date has passed, or by the delayed job at the end date) and `users.status`, which
 * mirrors a user's own suspension or freeze. Platform rows: no organisation scope applies.
 */
@Injectable()
export class RestrictionsService {
  private readonly logger = new Logger('Restrictions');

  constructor(
    @InjectRepository(AccountRestriction) private readonly restrictions: Repository<AccountRestriction>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Membership) private readonly memberships: Repository<Membership>,
    private readonly sessions: SessionService,
    private readonly realtime: RealtimeService,
    private readonly queues: QueueService,
    private readonly audit: AuditService,
  ) {}

  /** Rows of `kinds` in force now for the user (their own) or their organisation. */
  inForce(kinds: StoredKind[], userId: string | null, orgId: string | null): Promise<AccountRestriction[]> {
    if (!userId && !orgId) return Promise.resolve([]);
    return this.restrictions
      .createQueryBuilder('r')
      .where('r.kind IN (:...kinds)', { kinds })
      .andWhere('r.lifted_at IS NULL')
      .andWhere('(r.ends_at IS NULL OR r.ends_at > now())')
      .andWhere(
        new Brackets((qb) => {
          if (userId) qb.orWhere("r.subject_type = 'user' AND r.user_id = :userId", { userId });
          if (orgId) qb.orWhere("r.subject_type = 'organization' AND r.org_id = :orgId", { orgId });
        }),
      )
      .orderBy('r.created_at', 'DESC')
      .getMany();
  }

  /**
   * The sign-in check (password and emailed code), called by identity once the credentials are
   * right: a suspension of the user or their organisation answers 403 `ACCOUNT_SUSPENDED` with
   * support's message and end date; a forced password reset answers 403 `PASSWORD_RESET_REQUIRED`
   * until the password changed after it. Restrictions whose end date has passed are lifted here
   * (the delayed job may not have run yet), and `user.status` is brought up to date.
   */
  async assertMaySignIn(user: SigningInUser, orgId: string | null, client: ClientContext): Promise<void> {
    await this.liftEnded(user.id, orgId);
    const rows = await this.inForce(['suspension', 'password_reset'], user.id, orgId);
    const actor: AuditActor = { userId: user.id, orgId, email: user.email, ip: client.ip, userAgent: client.userAgent };
    for (const row of rows.filter((r) => r.kind === 'password_reset')) {
      if (user.passwordChangedAt && user.passwordChangedAt > row.createdAt) await this.lift(row, null);
    }
    const suspension = rows.find((r) => r.kind === 'suspension');
    const resetDue = rows.some((r) => r.kind === 'password_reset' && !(user.passwordChangedAt && user.passwordChangedAt > r.createdAt));
    user.status = (await this.users.findOne({ where: { id: user.id }, select: { id: true, status: true } }))?.status ?? user.status;
    if (suspension) {
      const byOrg = suspension.subjectType === 'organization';
      await this.audit.record({
        action: 'auth.login',
        outcome: 'failure',
        reason: byOrg ? 'organization_suspended' : 'account_suspended',
        actor,
        metadata: { restrictionId: suspension.id },
      });
      const reason: ErrorReason = suspension.endsAt
        ? byOrg
          ? 'accountControls.organizationSuspendedUntil'
          : 'accountControls.suspendedUntil'
        : byOrg
          ? 'accountControls.organizationSuspended'
          : 'accountControls.suspended';
      throw new DomainError('ACCOUNT_SUSPENDED', reason, {
        message: suspension.message,
        ...(suspension.endsAt ? { until: suspension.endsAt.toISOString() } : {}),
      });
    }
    if (resetDue) {
      await this.audit.record({ action: 'auth.login', outcome: 'failure', reason: 'password_reset_required', actor });
      throw new DomainError('PASSWORD_RESET_REQUIRED', 'accountControls.passwordResetRequired');
    }
  }

  /** The freeze in force on the principal's account or organisation, as the refusal of a change. */
  async frozenRefusal(userId: string | null, orgId: string | null): Promise<DomainError | null> {
    const [freeze] = await this.inForce(['freeze'], userId, orgId);
    if (!freeze) return null;
    return new DomainError(
      'ACCOUNT_FROZEN',
      freeze.subjectType === 'organization' ? 'accountControls.organizationFrozen' : 'accountControls.frozen',
      { message: freeze.message },
    );
  }

  /** Lifts the user's and organisation's restrictions whose end date has passed (at sign-in). */
  private async liftEnded(userId: string, orgId: string | null): Promise<void> {
    const ended = await this.restrictions
      .createQueryBuilder('r')
      .where('r.lifted_at IS NULL')
      .andWhere('r.ends_at <= now()')
      .andWhere(
        new Brackets((qb) => {
          qb.orWhere("r.subject_type = 'user' AND r.user_id = :userId", { userId });
          if (orgId) qb.orWhere("r.subject_type = 'organization' AND r.org_id = :orgId", { orgId });
        }),
      )
      .getMany();
    for (const row of ended) await this.lift(row, null);
  }

  /** The delayed job at a restriction's end date: lifts it unless already lifted (idempotent). */
  async liftIfEnded(restrictionId: string): Promise<void> {
    const row = await this.restrictions.findOne({ where: { id: restrictionId, liftedAt: IsNull() } });
    if (!row?.endsAt || row.endsAt.getTime() > Date.now()) return;
    await this.lift(row, null);
  }

  /**
   * Lifts a restriction: marks it (only if still unlifted, so two lifts race safely), brings the
   * user's status along, tells frozen sockets, drops the delayed job and audits. False when it was
   * lifted already.
   */
  async lift(row: AccountRestriction, by: LiftedBy | null): Promise<boolean> {
    const now = new Date();
    const result = await this.restrictions
      .createQueryBuilder()
      .update(AccountRestriction)
      .set({ liftedAt: now, liftedBy: by?.userId ?? null })
      .where('id = :id AND lifted_at IS NULL', { id: row.id })
      .execute();
    if (!result.affected) return false;
    row.liftedAt = now;
    row.liftedBy = by?.userId ?? null;
    if (row.userId) await this.syncStatus(row.userId);
    if (row.kind === 'freeze') this.announce(row);
    if (row.endsAt && by) await this.queues.remove(JobName.RestrictionEnds, jobIds.restrictionEnds(row.id)).catch(() => undefined);
    const action = row.kind === 'suspension' ? 'account.unsuspend' : row.kind === 'freeze' ? 'account.unfreeze' : null;
    if (action) {
      await this.audit.record({
        action,
        outcome: 'success',
        actor: by?.actor ?? SYSTEM_ACTOR,
        orgId: row.orgId,
        reason: by ? 'lifted' : 'ended',
        target: this.targetOf(row),
        metadata: { restrictionId: row.id },
      });
    }
    return true;
  }

  /** Records a new restriction and puts it in force: status, sessions, sockets, end-date job. */
  async start(
    values: Pick<AccountRestriction, 'kind' | 'subjectType' | 'userId' | 'orgId' | 'reason' | 'message' | 'endsAt' | 'createdBy'>,
  ): Promise<{ row: AccountRestriction; sessionsEnded: number }> {
    const row = await this.restrictions.save(this.restrictions.create({ ...values, liftedAt: null, liftedBy: null }));
    if (row.userId) await this.syncStatus(row.userId);
    let sessionsEnded = 0;
    if (row.kind === 'suspension' || row.kind === 'password_reset') {
      for (const userId of await this.usersOf(row)) sessionsEnded += await this.sessions.destroyAllFor(userId);
    }
    if (row.kind === 'freeze') this.announce(row);
    if (row.endsAt) {
      await this.queues.enqueue(
        JobName.RestrictionEnds,
        { restrictionId: row.id },
        { jobId: jobIds.restrictionEnds(row.id), delay: Math.max(0, row.endsAt.getTime() - Date.now()) },
      );
    }
    return { row, sessionsEnded };
  }

  /** The users a restriction holds: the user, or every member of the organisation. */
  private async usersOf(row: AccountRestriction): Promise<string[]> {
    if (row.subjectType === 'user') return row.userId ? [row.userId] : [];
    const members = await acrossOrganisations('support restricts an organisation', () =>
      this.memberships.find({ where: { orgId: row.orgId! }, select: { userId: true } }),
    );
    return members.map((m) => m.userId);
  }

  /** Freezes reach open tabs at once: they refetch the read-only state (banner). */
  private announce(row: AccountRestriction): void {
    const room = row.subjectType === 'user' ? rooms.user(row.userId!) : rooms.org(row.orgId!);
    this.realtime.emitTo(room, 'account:restriction-changed', { kind: 'freeze' });
  }

  targetOf(row: Pick<AccountRestriction, 'subjectType' | 'userId' | 'orgId'>): { type: RestrictionSubject; id: string } {
    return row.subjectType === 'user' ? { type: 'user', id: row.userId! } : { type: 'organization', id: row.orgId! };
  }

  /**
   * users.status mirrors the user's own restrictions: suspended, else frozen, else active (a
   * status set elsewhere — locked, deactivated — is left alone). An organisation's restriction leaves its
   * members' statuses as they are: it is checked through the organisation.
   */
  async syncStatus(userId: string): Promise<void> {
    const own = (await this.inForce(['suspension', 'freeze'], userId, null)).filter((r) => r.subjectType === 'user');
    const status: UserStatus = own.some((r) => r.kind === 'suspension') ? 'suspended' : own.length ? 'frozen' : 'active';
    await this.users
      .createQueryBuilder()
      .update(User)
      .set({ status })
      .where("id = :userId AND status IN ('active', 'suspended', 'frozen') AND status <> :status", { userId, status })
      .execute();
    this.logger.debug(`status of ${userId}: ${status}`);
  }
}
