import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  JobName,
  jobIds,
  RECOVERY_LIMITS,
  type LanguageCode,
  type MemberPrincipal,
  type OrgPrincipal,
  type RecoveryDecision,
  type RecoveryLinkView,
  type RecoveryPerson,
  type RecoveryPolicy,
  type RecoveryPortal,
  type RecoveryRequestView,
  type RecoverySettings,
  type ResetPasswordRequest,
  type SessionInfo,
} from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource, In, Repository, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService, type AuditActor } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { LimiterService } from '../../platform/limits/limiter.service.js';
import { MailService, recipientLanguage } from '../../platform/mail/mail.service.js';
import {
  passwordChangedMail,
  recoveryApprovalMail,
  recoveryCoolingOffMail,
  recoveryDelegateInviteMail,
  recoveryResetMail,
} from '../../platform/mail/templates/index.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { SessionService } from '../../platform/session/session.service.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { isUuid, tenant, type OrgScope } from '../../platform/tenancy/tenant-scope.js';
import { displayName, newSessionOf, sessionInfoOf, type Account } from '../identity/accounts.js';
import { AuthService } from '../identity/auth.service.js';
import { User } from '../identity/entities/user.entity.js';
import { PasswordService } from '../identity/password.service.js';
import { RecoveryApprovalRow } from './entities/recovery-approval.entity.js';
import { RecoveryDelegateRow } from './entities/recovery-delegate.entity.js';
import { RecoveryPolicyRow } from './entities/recovery-policy.entity.js';
import { RecoveryRequestRow } from './entities/recovery-request.entity.js';
import { TerminationService } from './termination.service.js';
import { hashToken, newToken } from './tokens.js';

const HOUR_MS = 3_600_000;
const TTL_MS = RECOVERY_LIMITS.requestTtlDays * 24 * HOUR_MS;
const OPEN = ['requested', 'approved', 'ready'] as const;

/**
 * Account recovery through delegates: an administrator names up to 5 members as delegates, who
 * accept; a locked-out member asks for recovery by email (the answer never says whether the email
 * has an account); the set number of delegates approve (never the requester); after the
 * cooling-off (a delayed job) the member is emailed a single-use link to set a new password, which
 * ends every old session and signs them in. The member can cancel until then; a cancelled recovery
 * changes nothing. Every step is audited with the member as target.
 */
@Injectable()
export class RecoveryService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(RecoveryDelegateRow) private readonly delegates: Repository<RecoveryDelegateRow>,
    @InjectRepository(RecoveryPolicyRow) private readonly policies: Repository<RecoveryPolicyRow>,
    @InjectRepository(RecoveryRequestRow) private readonly requests: Repository<RecoveryRequestRow>,
    @InjectRepository(RecoveryApprovalRow) private readonly approvals: Repository<RecoveryApprovalRow>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly queues: QueueService,
    private readonly limiter: LimiterService,
    private readonly terminations: TerminationService,
  ) {}

  private url(path: string): string {
    return `${this.config.APP_ORIGINS[0] ?? ''}${path}`;
  }

  // ---------------------------------------------------------------- policy and delegates (ADMIN)

  async policyOf(scope: OrgScope): Promise<RecoveryPolicy> {
    const row = (await tenant(this.policies, scope).find())[0];
    return {
      approvalsRequired: row?.approvalsRequired ?? RECOVERY_LIMITS.defaultApprovals,
      coolingOffHours: row?.coolingOffHours ?? RECOVERY_LIMITS.defaultCoolingOffHours,
    };
  }

  async settings(admin: OrgPrincipal): Promise<RecoverySettings> {
    const [policy, rows, members] = await Promise.all([
      this.policyOf(admin),
      tenant(this.delegates, admin).find({}, { createdAt: 'ASC' }),
      this.auth.membersOf(admin.orgId),
    ]);
    const byId = new Map(members.map((m) => [m.user.id, m]));
    const named = new Set(rows.map((r) => r.userId));
    return {
      policy,
      delegates: rows.flatMap((r) => {
        const member = byId.get(r.userId);
        if (!member) return [];
        return [
          {
            id: r.id,
            member: personOf(member),
            status: r.status,
            invitedAt: r.createdAt.toISOString(),
            acceptedAt: r.acceptedAt?.toISOString() ?? null,
          },
        ];
      }),
      candidates: members.filter((m) => !named.has(m.user.id)).map(personOf),
      maxDelegates: RECOVERY_LIMITS.maxDelegates,
    };
  }

  async setPolicy(admin: OrgPrincipal, body: RecoveryPolicy, client: ClientContext): Promise<RecoverySettings> {
    const accepted = (await tenant(this.delegates, admin).find({ status: 'accepted' })).length;
    if (body.approvalsRequired > accepted) {
      throw new InvalidFieldError('approvalsRequired', 'recovery.approvalsAboveDelegates', { accepted });
    }
    const scope = tenant(this.policies, admin);
    const before = await this.policyOf(admin);
    const row = (await scope.find())[0] ?? scope.create({});
    row.approvalsRequired = body.approvalsRequired;
    row.coolingOffHours = body.coolingOffHours;
    await scope.save(row);
    await this.audit.record({
      action: 'recovery.policy.change',
      outcome: 'success',
      actor: auditActorOf(admin, client),
      target: { type: 'organization', id: admin.orgId },
      metadata: { from: before, to: body },
    });
    return this.settings(admin);
  }

  async addDelegate(admin: OrgPrincipal, userId: string, client: ClientContext, language: LanguageCode): Promise<RecoverySettings> {
    const member = (await this.auth.membersOf(admin.orgId)).find((m) => m.user.id === userId);
    if (!member) throw new DomainError('NOT_FOUND', 'recovery.delegateNotFound');
    const scope = tenant(this.delegates, admin);
    const existing = await scope.find();
    if (existing.some((d) => d.userId === userId)) throw new DomainError('CONFLICT', 'recovery.alreadyDelegate');
    if (existing.length >= RECOVERY_LIMITS.maxDelegates) {
      throw new DomainError('CONFLICT', 'recovery.tooManyDelegates', { max: RECOVERY_LIMITS.maxDelegates });
    }
    const { token, hash } = newToken();
    try {
      await scope.save(scope.create({ userId, status: 'pending', invitedByUserId: admin.userId, acceptTokenHash: hash, acceptedAt: null }));
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new DomainError('CONFLICT', 'recovery.alreadyDelegate');
      throw err;
    }
    await this.mail.sendTemplate(
      recoveryDelegateInviteMail,
      { adminName: admin.name, organizationName: admin.orgName, acceptUrl: this.url(`/recovery?accept=${token}`) },
      { to: member.user.email, language: recipientLanguage(member.user.language, language), orgId: admin.orgId },
    );
    await this.audit.record({
      action: 'recovery.delegate.add',
      outcome: 'success',
      actor: auditActorOf(admin, client),
      target: { type: 'user', id: userId },
    });
    return this.settings(admin);
  }

  async removeDelegate(admin: OrgPrincipal, id: string, client: ClientContext): Promise<RecoverySettings> {
    const row = await tenant(this.delegates, admin).findOne(id);
    if (!row) throw new DomainError('NOT_FOUND', 'recovery.delegateNotFound');
    await this.delegates.delete({ id: row.id, orgId: admin.orgId });
    await this.audit.record({
      action: 'recovery.delegate.remove',
      outcome: 'success',
      actor: auditActorOf(admin, client),
      target: { type: 'user', id: row.userId },
    });
    return this.settings(admin);
  }

  // ---------------------------------------------------------------- the delegate portal

  async portal(member: MemberPrincipal): Promise<RecoveryPortal> {
    await this.expireStale(member);
    const own = (await tenant(this.delegates, member).find({ userId: member.userId }))[0];
    const mine = await tenant(this.approvals, member).find({ delegateUserId: member.userId });
    const requests = mine.length
      ? await this.requests.find({ where: { orgId: member.orgId, id: In(mine.map((a) => a.requestId)) }, order: { createdAt: 'DESC' } })
      : [];
    const counts = await this.approvalCounts(
      member,
      requests.map((r) => r.id),
    );
    const requesters = await this.accountsById(requests.map((r) => r.userId));
    return {
      invitations:
        own?.status === 'pending' ? [{ id: own.id, organizationName: member.orgName, invitedAt: own.createdAt.toISOString() }] : [],
      isDelegate: own?.status === 'accepted',
      requests: requests.map((r) =>
        this.requestView(r, requesters.get(r.userId), counts.get(r.id) ?? 0, mine.find((a) => a.requestId === r.id)?.decision ?? null),
      ),
    };
  }

  async accept(member: MemberPrincipal, id: string, client: ClientContext): Promise<RecoveryPortal> {
    const row = await tenant(this.delegates, member).findOne(id);
    if (!row) throw new DomainError('NOT_FOUND', 'recovery.delegateNotFound');
    if (row.userId !== member.userId) throw new DomainError('FORBIDDEN', 'recovery.notYourDelegation');
    await this.markAccepted(row, auditActorOf(member, client));
    return this.portal(member);
  }

  async acceptLink(token: string, client: ClientContext): Promise<{ organizationName: string }> {
    const row = await acrossOrganisations('an emailed accept link names its delegate', () =>
      this.delegates.findOne({ where: { acceptTokenHash: hashToken(token) } }),
    );
    const account = row ? await this.auth.findAccount({ id: row.userId }) : null;
    if (!row || !account || account.membership.orgId !== row.orgId) throw new DomainError('INVALID_RESET_LINK', 'recovery.invalidLink');
    await this.markAccepted(row, { ...actorOfAccount(account), ip: client.ip, userAgent: client.userAgent });
    return { organizationName: account.org?.name ?? '' };
  }

  private async markAccepted(row: RecoveryDelegateRow, actor: AuditActor): Promise<void> {
    if (row.status === 'accepted') return;
    row.status = 'accepted';
    row.acceptedAt = new Date();
    row.acceptTokenHash = null;
    await tenant(this.delegates, { orgId: row.orgId }).save(row);
    await this.audit.record({
      action: 'recovery.delegate.accept',
      outcome: 'success',
      actor,
      orgId: row.orgId,
      target: { type: 'user', id: row.userId },
    });
  }

  // ---------------------------------------------------------------- asking for recovery (signed out)

  /**
   * A locked-out member asks for recovery. The answer is the same whatever the email (no account
   * enumeration); what happened is audited. Rate limited per address and per email.
   */
  async ask(email: string, client: ClientContext, language: LanguageCode): Promise<void> {
    await this.limiter.limit('recoveryAskIp', { points: 10, durationSeconds: 3600 }).consume(client.ip, 'recovery.tooMany');
    await this.limiter.limit('recoveryAskEmail', { points: 3, durationSeconds: 3600 }).consume(email, 'recovery.tooMany');
    const account = await this.auth.findAccount({ email });
    const fail = async (reason: string, orgId: string | null = null): Promise<void> => {
      await this.audit.record({
        action: 'recovery.request',
        outcome: 'failure',
        reason,
        actor: { email, ip: client.ip, userAgent: client.userAgent, orgId },
        ...(account ? { target: { type: 'user', id: account.user.id } } : {}),
      });
    };
    if (!account) return fail('unknown_account');
    const orgId = account.membership.orgId;
    if (!orgId || !account.org) return fail('no_organization');
    if (account.user.status === 'suspended' || account.user.status === 'frozen') return fail(`account_${account.user.status}`, orgId);
    if (await this.terminations.inForce(orgId)) return fail('organization_terminated', orgId);
    const scope: OrgScope = { orgId };
    await this.expireStale(scope);
    const open = await tenant(this.requests, scope).find({ userId: account.user.id, status: In([...OPEN]) });
    if (open.length) return fail('already_open', orgId);
    const policy = await this.policyOf(scope);
    const delegates = (await tenant(this.delegates, scope).find({ status: 'accepted' })).filter((d) => d.userId !== account.user.id);
    if (delegates.length < policy.approvalsRequired) return fail('not_enough_delegates', orgId);

    const links: { userId: string; token: string }[] = [];
    const request = await this.dataSource.transaction(async (tx) => {
      const saved = await tx.save(
        tx.create(RecoveryRequestRow, {
          orgId,
          userId: account.user.id,
          status: 'requested',
          approvalsRequired: policy.approvalsRequired,
          coolingOffHours: policy.coolingOffHours,
          expiresAt: new Date(Date.now() + TTL_MS),
          language: recipientLanguage(account.user.language, language),
        }),
      );
      for (const d of delegates) {
        const { token, hash } = newToken();
        links.push({ userId: d.userId, token });
        await tx.save(
          tx.create(RecoveryApprovalRow, { orgId, requestId: saved.id, delegateUserId: d.userId, tokenHash: hash, decision: null }),
        );
      }
      return saved;
    });
    const delegateAccounts = await this.accountsById(delegates.map((d) => d.userId));
    for (const { userId, token } of links) {
      const delegate = delegateAccounts.get(userId);
      if (!delegate) continue;
      await this.mail.sendTemplate(
        recoveryApprovalMail,
        {
          requesterName: displayName(account),
          requesterEmail: account.user.email,
          decideUrl: this.url(`/recovery?decide=${token}`),
          expiry: { minutes: TTL_MS / 60_000 },
        },
        { to: delegate.user.email, language: recipientLanguage(delegate.user.language, language), orgId },
      );
    }
    await this.audit.record({
      action: 'recovery.request',
      outcome: 'success',
      actor: { email, ip: client.ip, userAgent: client.userAgent, orgId },
      target: { type: 'user', id: account.user.id },
      metadata: { requestId: request.id, delegatesAsked: links.length, approvalsRequired: policy.approvalsRequired },
    });
  }

  // ---------------------------------------------------------------- delegates decide

  async decide(member: MemberPrincipal, requestId: string, decision: RecoveryDecision, client: ClientContext): Promise<RecoveryPortal> {
    if (!isUuid(requestId)) throw new DomainError('NOT_FOUND', 'recovery.requestNotFound');
    await this.expireStale(member);
    const request = await tenant(this.requests, member).findOne(requestId);
    if (!request) throw new DomainError('NOT_FOUND', 'recovery.requestNotFound');
    if (request.userId === member.userId) {
      await this.audit.record({
        action: 'recovery.decision',
        outcome: 'failure',
        reason: 'own_request',
        actor: auditActorOf(member, client),
        target: { type: 'user', id: request.userId },
      });
      throw new DomainError('FORBIDDEN', 'recovery.ownRequest');
    }
    const approval = (await tenant(this.approvals, member).find({ requestId, delegateUserId: member.userId }))[0];
    if (!approval) throw new DomainError('FORBIDDEN', 'recovery.notDelegate');
    await this.record(approval, decision, auditActorOf(member, client));
    return this.portal(member);
  }

  private async byLinkToken(token: string): Promise<{ approval: RecoveryApprovalRow; request: RecoveryRequestRow; delegate: Account }> {
    const approval = await acrossOrganisations('an emailed decision link names its delegate and request', () =>
      this.approvals.findOne({ where: { tokenHash: hashToken(token) } }),
    );
    if (!approval) throw new DomainError('INVALID_RESET_LINK', 'recovery.invalidLink');
    await this.expireStale({ orgId: approval.orgId });
    const request = await tenant(this.requests, { orgId: approval.orgId }).findOne(approval.requestId);
    const delegate = await this.auth.findAccount({ id: approval.delegateUserId });
    if (!request || !delegate) throw new DomainError('INVALID_RESET_LINK', 'recovery.invalidLink');
    return { approval, request, delegate };
  }

  async linkView(token: string): Promise<RecoveryLinkView> {
    const { approval, request, delegate } = await this.byLinkToken(token);
    const requester = await this.auth.findAccount({ id: request.userId });
    const counts = await this.approvalCounts({ orgId: request.orgId }, [request.id]);
    return {
      requester: { name: requester ? displayName(requester) : '', email: requester?.user.email ?? '' },
      organizationName: delegate.org?.name ?? '',
      status: request.status,
      myDecision: approval.decision,
      approvals: counts.get(request.id) ?? 0,
      approvalsRequired: request.approvalsRequired,
    };
  }

  async decideLink(token: string, decision: RecoveryDecision, client: ClientContext): Promise<RecoveryLinkView> {
    const { approval, delegate } = await this.byLinkToken(token);
    await this.record(approval, decision, { ...actorOfAccount(delegate), ip: client.ip, userAgent: client.userAgent });
    return this.linkView(token);
  }

  /**
   * One delegate's decision, under a lock on the request so concurrent decisions count right: the
   * approvals reached start the cooling-off; too many declines to reach them decline the request.
   */
  private async record(approval: RecoveryApprovalRow, decision: RecoveryDecision, actor: AuditActor): Promise<void> {
    const orgId = approval.orgId;
    const outcome = await this.dataSource.transaction(async (tx) => {
      const request = await tx.findOne(RecoveryRequestRow, {
        where: { id: approval.requestId, orgId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!request) throw new DomainError('NOT_FOUND', 'recovery.requestNotFound');
      if (request.userId === approval.delegateUserId) throw new DomainError('FORBIDDEN', 'recovery.ownRequest');
      if (request.status !== 'requested') throw new DomainError('CONFLICT', 'recovery.notOpen');
      // A delegate removed since the request was made has no say any more (nor has their link).
      const still = await tx.findOne(RecoveryDelegateRow, { where: { orgId, userId: approval.delegateUserId, status: 'accepted' } });
      if (!still) throw new DomainError('FORBIDDEN', 'recovery.notDelegate');
      const current = await tx.findOne(RecoveryApprovalRow, { where: { id: approval.id, orgId } });
      if (current?.decision) throw new DomainError('CONFLICT', 'recovery.alreadyDecided');
      await tx.update(RecoveryApprovalRow, { id: approval.id, orgId }, { decision, decidedAt: new Date() });
      const all = await tx.find(RecoveryApprovalRow, { where: { requestId: request.id, orgId } });
      const approvals = all.filter((a) => a.decision === 'approve').length;
      const declines = all.filter((a) => a.decision === 'decline').length;
      if (approvals >= request.approvalsRequired) return this.startCoolingOff(tx, request, approvals);
      if (all.length - declines < request.approvalsRequired) {
        await tx.update(RecoveryRequestRow, { id: request.id, orgId }, { status: 'declined', closedAt: new Date() });
        return { request, state: 'declined' as const, approvals, cancelToken: null };
      }
      return { request, state: 'requested' as const, approvals, cancelToken: null };
    });
    await this.audit.record({
      action: 'recovery.decision',
      outcome: 'success',
      actor,
      orgId,
      target: { type: 'user', id: outcome.request.userId },
      metadata: { requestId: outcome.request.id, decision, approvals: outcome.approvals, state: outcome.state },
    });
    if (outcome.state === 'approved' && outcome.cancelToken) await this.coolingOffStarted(outcome.request, outcome.cancelToken);
  }

  private async startCoolingOff(tx: EntityManager, request: RecoveryRequestRow, approvals: number) {
    const { token, hash } = newToken();
    const now = new Date();
    request.status = 'approved';
    request.approvedAt = now;
    request.readyAt = new Date(now.getTime() + request.coolingOffHours * HOUR_MS);
    request.cancelTokenHash = hash;
    await tx.update(
      RecoveryRequestRow,
      { id: request.id, orgId: request.orgId },
      { status: 'approved', approvedAt: now, readyAt: request.readyAt, cancelTokenHash: hash },
    );
    return { request, state: 'approved' as const, approvals, cancelToken: token };
  }

  /** The member is told, with a cancel link; the cooling-off's end is a delayed job. */
  private async coolingOffStarted(request: RecoveryRequestRow, cancelToken: string): Promise<void> {
    const account = await this.auth.findAccount({ id: request.userId });
    if (account) {
      await this.mail.sendTemplate(
        recoveryCoolingOffMail,
        { readyAt: { moment: request.readyAt! }, cancelUrl: this.url(`/recovery?cancel=${cancelToken}`) },
        {
          to: account.user.email,
          language: recipientLanguage(account.user.language, request.language as LanguageCode),
          timeZone: account.org?.timeZone,
          orgId: request.orgId,
        },
      );
    }
    await this.audit.record({
      action: 'recovery.approved',
      outcome: 'success',
      actor: { role: 'SYSTEM', orgId: request.orgId },
      target: { type: 'user', id: request.userId },
      metadata: { requestId: request.id, readyAt: request.readyAt!.toISOString(), coolingOffHours: request.coolingOffHours },
    });
    await this.queues.enqueue(
      JobName.RecoveryReady,
      { orgId: request.orgId, requestId: request.id },
      { jobId: jobIds.recoveryReady(request.id), delay: Math.max(0, request.readyAt!.getTime() - Date.now()) },
    );
  }

  /** The cooling-off's delayed job: a request still approved becomes ready and its reset link is emailed. */
  async coolingOffEnded(orgId: string, requestId: string): Promise<void> {
    const { token, hash } = newToken();
    const expiresAt = new Date(Date.now() + TTL_MS);
    const result = await this.dataSource.query<[unknown, number]>(
      `UPDATE recovery_requests SET status = 'ready', reset_token_hash = $3, expires_at = $4, updated_at = now()
        WHERE id = $1 AND org_id = $2 AND status = 'approved'`,
      [requestId, orgId, hash, expiresAt],
    );
    if (!result[1]) return;
    const request = (await tenant(this.requests, { orgId }).findOne(requestId))!;
    const account = await this.auth.findAccount({ id: request.userId });
    if (account) {
      await this.mail.sendTemplate(
        recoveryResetMail,
        { resetUrl: this.url(`/recovery?reset=${token}`), expiry: { minutes: TTL_MS / 60_000 } },
        { to: account.user.email, language: recipientLanguage(account.user.language, request.language as LanguageCode), orgId },
      );
    }
    await this.audit.record({
      action: 'recovery.ready',
      outcome: 'success',
      actor: { role: 'SYSTEM', orgId },
      target: { type: 'user', id: request.userId },
      metadata: { requestId },
    });
  }

  // ---------------------------------------------------------------- the member's links

  /** Cancels a recovery from the member's emailed link: nothing about the account changes. */
  async cancel(token: string, client: ClientContext): Promise<void> {
    const request = await acrossOrganisations('an emailed cancel link names its request', () =>
      this.requests.findOne({ where: { cancelTokenHash: hashToken(token) } }),
    );
    if (!request) throw new DomainError('INVALID_RESET_LINK', 'recovery.invalidLink');
    if (request.status === 'cancelled') return;
    if (!(OPEN as readonly string[]).includes(request.status)) throw new DomainError('CONFLICT', 'recovery.notOpen');
    await this.requests.update(
      { id: request.id, orgId: request.orgId },
      { status: 'cancelled', closedAt: new Date(), resetTokenHash: null },
    );
    await this.queues.remove(JobName.RecoveryReady, jobIds.recoveryReady(request.id));
    const account = await this.auth.findAccount({ id: request.userId });
    await this.audit.record({
      action: 'recovery.cancel',
      outcome: 'success',
      actor: { ...(account ? actorOfAccount(account) : { orgId: request.orgId }), ip: client.ip, userAgent: client.userAgent },
      orgId: request.orgId,
      target: { type: 'user', id: request.userId },
      metadata: { requestId: request.id, from: request.status },
    });
  }

  /**
   * Sets the new password from the single-use link: every old session ends, and this browser is
   * signed in with a new one.
   */
  async reset(
    body: ResetPasswordRequest,
    request: FastifyRequest,
    reply: FastifyReply,
    client: ClientContext,
    language: LanguageCode,
  ): Promise<SessionInfo> {
    const hash = hashToken(body.token);
    const row = await acrossOrganisations('an emailed reset link names its request', () =>
      this.requests.findOne({ where: { resetTokenHash: hash } }),
    );
    if (!row || row.status !== 'ready' || row.expiresAt.getTime() <= Date.now()) {
      await this.audit.record({
        action: 'recovery.complete',
        outcome: 'failure',
        reason: 'invalid_token',
        actor: { ip: client.ip, userAgent: client.userAgent, orgId: row?.orgId ?? null },
      });
      throw new DomainError('INVALID_RESET_LINK', 'recovery.invalidLink');
    }
    const account = await this.auth.findAccount({ id: row.userId });
    if (!account) throw new DomainError('INVALID_RESET_LINK', 'recovery.invalidLink');
    await this.terminations.assertMaySignIn(account.membership.orgId);
    const passwordHash = await this.passwords.hash(body.password);
    // Single use: only the update that still finds the token wins.
    const used = await this.dataSource.transaction(async (tx) => {
      const result = await tx.query<[unknown, number]>(
        `UPDATE recovery_requests SET status = 'completed', reset_token_hash = NULL, cancel_token_hash = NULL, closed_at = now(), updated_at = now()
          WHERE id = $1 AND org_id = $2 AND reset_token_hash = $3 AND status = 'ready'`,
        [row.id, row.orgId, hash],
      );
      if (!result[1]) return false;
      await tx.update(User, { id: account.user.id }, { passwordHash, passwordChangedAt: new Date() });
      return true;
    });
    if (!used) throw new DomainError('INVALID_RESET_LINK', 'recovery.invalidLink');
    const ended = await this.sessions.destroyAllFor(account.user.id);
    await this.auth.signIn(request, reply, newSessionOf(account));
    await this.users.update(account.user.id, { lastLoginAt: new Date() });
    await this.audit.record({
      action: 'recovery.complete',
      outcome: 'success',
      actor: { ...actorOfAccount(account), ip: client.ip, userAgent: client.userAgent },
      target: { type: 'user', id: account.user.id },
      metadata: { requestId: row.id, sessionsEnded: ended },
    });
    await this.mail.sendTemplate(
      passwordChangedMail,
      {},
      { to: account.user.email, language: recipientLanguage(account.user.language, language), orgId: row.orgId },
    );
    return sessionInfoOf(account);
  }

  // ---------------------------------------------------------------- helpers

  /** Requests past their expiry that nobody completed become expired (read lazily, per organisation). */
  private async expireStale(scope: OrgScope): Promise<void> {
    await this.dataSource.query(
      `UPDATE recovery_requests SET status = 'expired', closed_at = now(), reset_token_hash = NULL, updated_at = now()
        WHERE org_id = $1 AND status IN ('requested', 'ready') AND expires_at < now()`,
      [scope.orgId],
    );
  }

  private async approvalCounts(scope: OrgScope, requestIds: string[]): Promise<Map<string, number>> {
    if (!requestIds.length) return new Map();
    const rows = await this.dataSource.query<{ request_id: string; n: string }[]>(
      `SELECT request_id, count(*) AS n FROM recovery_approvals WHERE org_id = $1 AND request_id = ANY($2) AND decision = 'approve' GROUP BY request_id`,
      [scope.orgId, requestIds],
    );
    return new Map(rows.map((r) => [r.request_id, Number(r.n)]));
  }

  private async accountsById(ids: string[]): Promise<Map<string, Account>> {
    const map = new Map<string, Account>();
    for (const id of new Set(ids)) {
      const account = await this.auth.findAccount({ id });
      if (account) map.set(id, account);
    }
    return map;
  }

  private requestView(
    r: RecoveryRequestRow,
    requester: Account | undefined,
    approvals: number,
    myDecision: RecoveryDecision | null,
  ): RecoveryRequestView {
    return {
      id: r.id,
      requester: { name: requester ? displayName(requester) : '', email: requester?.user.email ?? '' },
      status: r.status,
      approvalsRequired: r.approvalsRequired,
      approvals,
      myDecision,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      readyAt: r.readyAt?.toISOString() ?? null,
    };
  }
}

function personOf(account: Account): RecoveryPerson {
  return { id: account.user.id, name: displayName(account), email: account.user.email, role: account.membership.role };
}

/** The audit actor of someone acting through an emailed link (no session: the link proves who they are). */
function actorOfAccount(account: Account): AuditActor {
  return { userId: account.user.id, role: account.membership.role, orgId: account.membership.orgId, email: account.user.email };
}
