import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  assignableRoles,
  hasRank,
  MEMBER_LIMITS,
  mayManage,
  PLANS,
  UPGRADE_PATH,
  type AcceptInviteRequest,
  type BulkInviteRequest,
  type CreateInviteRequest,
  type FieldReason,
  type InvitePreview,
  type InviteResult,
  type LanguageCode,
  type MemberList,
  type MemberListParams,
  type MemberNamesRequest,
  type MemberPrincipal,
  type MemberRole,
  type MemberRow,
  type MemberStatus,
  type NamePrompt,
  type Role,
  type SeatUsage,
  type SessionInfo,
  type SignInMethod,
} from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { LimiterService } from '../../platform/limits/limiter.service.js';
import { MailService } from '../../platform/mail/mail.service.js';
import { memberInviteMail } from '../../platform/mail/templates/index.js';
import { SessionService } from '../../platform/session/session.service.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { isUuid, tenant } from '../../platform/tenancy/tenant-scope.js';
import { profileOf, type Account } from '../identity/accounts.js';
import { AuthService } from '../identity/auth.service.js';
import { Membership } from '../identity/entities/membership.entity.js';
import { User } from '../identity/entities/user.entity.js';
import { PasswordService } from '../identity/password.service.js';
import { SubscriptionsService } from '../usage/subscriptions.service.js';
import { MemberInvite } from './entities/member-invite.entity.js';
import { parseInviteLines, type InviteLine } from './invite-lines.js';

const DAY_MS = 86_400_000;
const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Wrong passwords tried on one invitation before it refuses for a while. */
const ACCEPT_LIMIT = { points: 10, durationSeconds: 15 * 60 };

interface ListRow {
  kind: 'member' | 'invite';
  id: string;
  name: string | null;
  username: string | null;
  email: string;
  role: Role;
  status: MemberStatus;
  last_active_at: Date | null;
  has_password: boolean;
  sso_required: boolean;
  invited_by_id: string | null;
  invited_by_name: string | null;
  expires_at: Date | null;
  language: string | null;
  created_at: Date;
  total: string;
}

/** What a new invitation needs to be emailed once its row is committed. */
interface Outgoing {
  invite: MemberInvite;
  token: string;
}

/**
 * The people of an organisation: the member list, invitations (one, a list, a CSV file) with
 * their single-use links, roles within the rank rules, deactivation, removal, and the seats of
 * the plan. Every change runs with the organisation's row locked (`SELECT … FOR UPDATE`), so two
 * requests can never both take the last seat or both demote one of the last two administrators.
 */
@Injectable()
export class MembersService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(MemberInvite) private readonly invites: Repository<MemberInvite>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Membership) private readonly memberships: Repository<Membership>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly subscriptions: SubscriptionsService,
    private readonly limiter: LimiterService,
  ) {}

  /** A deactivated member cannot sign in: identity asks at every sign-in. */
  onModuleInit(): void {
    this.auth.registerSignInCheck((account, client, action) => this.assertMaySignIn(account, client, action));
  }

  async assertMaySignIn(account: Account, client: ClientContext, action: 'auth.login' | 'auth.magic.failed'): Promise<void> {
    if (account.membership.status !== 'deactivated') return;
    await this.audit.record({
      action,
      outcome: 'failure',
      reason: 'membership_deactivated',
      actor: {
        userId: account.user.id,
        role: account.membership.role,
        orgId: account.membership.orgId,
        email: account.user.email,
        ip: client.ip,
        userAgent: client.userAgent,
      },
    });
    throw new DomainError('FORBIDDEN', 'members.deactivated', { organization: account.org?.name ?? '' });
  }

  // ---------------------------------------------------------------- list and seats

  async list(actor: MemberPrincipal, query: MemberListParams): Promise<MemberList> {
    const q = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const [result] = await this.dataSource.query<{ total: string; items: Omit<ListRow, 'total'>[] | null }[]>(
      `WITH rows AS (
         SELECT 'member' AS kind, u.id, NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS name, u.username, u.email,
                m.role, CASE WHEN m.status = 'deactivated' THEN 'deactivated' ELSE u.status END AS status,
                u.last_login_at AS last_active_at, (u.password_hash IS NOT NULL) AS has_password, o.sso_required,
                NULL::uuid AS invited_by_id, NULL::varchar AS invited_by_name, NULL::timestamptz AS expires_at, u.language, m.created_at
           FROM memberships m JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.org_id
          WHERE m.org_id = $1
         UNION ALL
         SELECT 'invite', i.id, NULL, NULL, i.email, i.role, 'invited', NULL, false, false,
                i.invited_by_user_id, i.invited_by_name, i.expires_at, i.language, i.created_at
           FROM member_invites i
          WHERE i.org_id = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
       ), filtered AS (
         SELECT * FROM rows
          WHERE ($2::text IS NULL OR name ILIKE $2 OR email ILIKE $2 OR username ILIKE $2)
            AND ($3::text IS NULL OR role = $3)
            AND ($4::text IS NULL OR status = $4)
       )
       SELECT (SELECT count(*) FROM filtered) AS total,
              (SELECT json_agg(p) FROM (
                 SELECT * FROM filtered ORDER BY (kind = 'invite'), lower(coalesce(name, email)), email, id LIMIT $5 OFFSET $6
               ) p) AS items`,
      [actor.orgId, q, query.role ?? null, query.status ?? null, query.limit, query.offset],
    );
    return {
      items: (result?.items ?? []).map((row) => this.rowOf(row)),
      total: Number(result?.total ?? 0),
      seats: await this.seats(actor),
      assignableRoles: assignableRoles(actor.role),
    };
  }

  private rowOf(row: Omit<ListRow, 'total'>): MemberRow {
    const methods: SignInMethod[] = [];
    if (row.kind === 'member') {
      if (row.has_password && !row.sso_required) methods.push('password');
      methods.push('magic_code');
    }
    return {
      kind: row.kind,
      id: row.id,
      name: row.name,
      username: row.username,
      email: row.email,
      role: row.role,
      status: row.status,
      lastActiveAt: row.last_active_at ? new Date(row.last_active_at).toISOString() : null,
      signInMethods: methods,
      invitedBy: row.kind === 'invite' ? { id: row.invited_by_id, name: row.invited_by_name ?? '' } : null,
      expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
      language: row.language,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  private async memberRow(orgId: string, userId: string, manager: EntityManager = this.dataSource.manager): Promise<MemberRow> {
    const [row] = await manager.query<ListRow[]>(
      `SELECT 'member' AS kind, u.id, NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS name, u.username, u.email,
              m.role, CASE WHEN m.status = 'deactivated' THEN 'deactivated' ELSE u.status END AS status,
              u.last_login_at AS last_active_at, (u.password_hash IS NOT NULL) AS has_password, o.sso_required,
              NULL AS invited_by_id, NULL AS invited_by_name, NULL AS expires_at, u.language, m.created_at
         FROM memberships m JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.org_id
        WHERE m.org_id = $1 AND m.user_id = $2`,
      [orgId, userId],
    );
    if (!row) throw new DomainError('NOT_FOUND', 'members.memberNotFound');
    return this.rowOf(row);
  }

  private inviteRow(invite: MemberInvite): MemberRow {
    return this.rowOf({
      kind: 'invite',
      id: invite.id,
      name: null,
      username: null,
      email: invite.email,
      role: invite.role,
      status: 'invited',
      last_active_at: null,
      has_password: false,
      sso_required: false,
      invited_by_id: invite.invitedByUserId,
      invited_by_name: invite.invitedByName,
      expires_at: invite.expiresAt,
      language: invite.language,
      created_at: invite.createdAt,
    });
  }

  /** Seats taken: active members plus pending (unexpired, unrevoked, unaccepted) invitations. */
  async seats(scope: { orgId: string }, manager: EntityManager = this.dataSource.manager): Promise<SeatUsage> {
    const subscription = await this.subscriptions.of(scope.orgId, manager);
    const [row] = await manager.query<{ members: string; invites: string }[]>(
      `SELECT (SELECT count(*) FROM memberships m WHERE m.org_id = $1 AND m.status = 'active' AND m.role <> 'GUEST_AUDITOR') AS members,
              (SELECT count(*) FROM member_invites i
                WHERE i.org_id = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()) AS invites`,
      [scope.orgId],
    );
    const activeMembers = Number(row?.members ?? 0);
    const pendingInvites = Number(row?.invites ?? 0);
    return {
      plan: subscription.plan,
      limit: PLANS[subscription.plan].limits.users,
      used: activeMembers + pendingInvites,
      activeMembers,
      pendingInvites,
    };
  }

  /** 402 with the numbers and the upgrade link when `requested` more seats do not fit. */
  private async assertSeats(orgId: string, requested: number, manager: EntityManager): Promise<SeatUsage> {
    const seats = await this.seats({ orgId }, manager);
    if (seats.used + requested > seats.limit) {
      throw new DomainError(
        'USAGE_LIMIT_REACHED',
        'members.seatLimit',
        { limit: seats.limit, used: seats.used, requested, upgrade: UPGRADE_PATH },
        { headers: { Link: `<${UPGRADE_PATH}>; rel="payment"` } },
      );
    }
    return seats;
  }

  /** Serialises every change of an organisation's people on its row. */
  private async lockOrganisation(manager: EntityManager, orgId: string): Promise<{ name: string; time_zone: string }> {
    const [org] = await manager.query<{ name: string; time_zone: string }[]>(
      'SELECT name, time_zone FROM organizations WHERE id = $1 FOR UPDATE',
      [orgId],
    );
    if (!org) throw new DomainError('NOT_FOUND', 'members.memberNotFound');
    return org;
  }

  // ---------------------------------------------------------------- invitations

  async invite(actor: MemberPrincipal, body: CreateInviteRequest, client: ClientContext): Promise<InviteResult> {
    const line: InviteLine = { line: 1, email: body.email, role: body.role, language: body.language ?? null };
    return this.createInvites(actor, [line], client, (_, reason) => ({ email: reason }));
  }

  async bulkInvite(actor: MemberPrincipal, body: BulkInviteRequest, client: ClientContext): Promise<InviteResult> {
    if (body.text.length > MEMBER_LIMITS.bulkMaxChars) {
      throw new DomainError('PAYLOAD_TOO_LARGE', 'members.tooManyRows', {
        max: MEMBER_LIMITS.bulkMaxRows,
        rows: body.text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '').length,
      });
    }
    const parsed = parseInviteLines(body.text, body.role ?? 'USER', body.language ?? null);
    if (!parsed.ok && 'rows' in parsed) {
      throw new DomainError('PAYLOAD_TOO_LARGE', 'members.tooManyRows', { max: MEMBER_LIMITS.bulkMaxRows, rows: parsed.rows });
    }
    if (!parsed.ok) throw this.linesError(parsed.fields);
    if (parsed.lines.length === 0) throw new InvalidFieldError('text', 'members.emptyList');
    return this.createInvites(actor, parsed.lines, client, (line, reason) => ({ [`lines.${line.line}`]: reason }));
  }

  private linesError(fields: Record<string, FieldReason>): DomainError {
    const [first] = Object.values(fields);
    return new DomainError('VALIDATION_FAILED', first!.reason, first!.params, { fields });
  }

  /**
   * Checks every invitation, then makes them all or none: roles within the inviter's rank, no
   * member or pending invitation already for the address, and seats for all of them (402).
   */
  private async createInvites(
    actor: MemberPrincipal,
    lines: InviteLine[],
    client: ClientContext,
    fieldOf: (line: InviteLine, reason: FieldReason) => Record<string, FieldReason>,
  ): Promise<InviteResult> {
    const fields: Record<string, FieldReason> = {};
    for (const line of lines) {
      if (!hasRank(actor.role, line.role))
        Object.assign(fields, fieldOf(line, { reason: 'members.roleAboveYours', params: { role: line.role } }));
    }
    if (Object.keys(fields).length) throw this.linesError(fields);

    const outgoing: Outgoing[] = [];
    const result = await this.dataSource.transaction(async (tx) => {
      const org = await this.lockOrganisation(tx, actor.orgId);
      const emails = lines.map((l) => l.email);
      const members = await tx.query<{ email: string }[]>(
        'SELECT u.email FROM users u JOIN memberships m ON m.user_id = u.id WHERE m.org_id = $1 AND u.email = ANY($2)',
        [actor.orgId, emails],
      );
      const pending = await tx.query<{ email: string }[]>(
        `SELECT email FROM member_invites
          WHERE org_id = $1 AND email = ANY($2) AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
        [actor.orgId, emails],
      );
      const memberSet = new Set(members.map((m) => m.email));
      const pendingSet = new Set(pending.map((p) => p.email));
      for (const line of lines) {
        if (memberSet.has(line.email))
          Object.assign(fields, fieldOf(line, { reason: 'members.alreadyMember', params: { email: line.email } }));
        else if (pendingSet.has(line.email))
          Object.assign(fields, fieldOf(line, { reason: 'members.alreadyInvited', params: { email: line.email } }));
      }
      if (Object.keys(fields).length) throw this.linesError(fields);
      await this.assertSeats(actor.orgId, lines.length, tx);

      const scope = tenant(tx.getRepository(MemberInvite), actor);
      const expiresAt = new Date(Date.now() + MEMBER_LIMITS.inviteTtlDays * DAY_MS);
      for (const line of lines) {
        const token = randomBytes(32).toString('base64url');
        const invite = await scope.save(
          scope.create({
            email: line.email,
            role: line.role,
            language: line.language,
            tokenHash: sha256(token),
            invitedByUserId: actor.userId,
            invitedByName: actor.name,
            expiresAt,
            acceptedAt: null,
            acceptedUserId: null,
            revokedAt: null,
          }),
        );
        outgoing.push({ invite, token });
        await this.audit.record({
          action: 'member.invite.create',
          outcome: 'success',
          actor: auditActorOf(actor, client),
          target: { type: 'email', id: line.email },
          metadata: { inviteId: invite.id, role: line.role, bulk: lines.length > 1 },
        });
      }
      return { org, seats: await this.seats(actor, tx) };
    });
    for (const { invite, token } of outgoing) await this.sendInvite(actor, invite, token, result.org);
    return { invites: outgoing.map(({ invite }) => this.inviteRow(invite)), seats: result.seats };
  }

  /** Emails the link in the invitee's language (given, else their account's), else the inviter's. */
  private async sendInvite(
    actor: MemberPrincipal,
    invite: MemberInvite,
    token: string,
    org: { name: string; time_zone: string },
  ): Promise<void> {
    const account = await this.users.findOne({ where: { email: invite.email }, select: { id: true, language: true } });
    const language: LanguageCode = invite.language ?? account?.language ?? actor.language;
    await this.mail.sendTemplate(
      memberInviteMail,
      {
        organizationName: org.name,
        inviterName: actor.name,
        role: invite.role,
        acceptUrl: `${this.config.APP_ORIGINS[0] ?? ''}/invite/${token}`,
        validFor: { minutes: MEMBER_LIMITS.inviteTtlDays * 24 * 60 },
        until: { moment: invite.expiresAt },
      },
      { to: invite.email, language, timeZone: org.time_zone, orgId: invite.orgId },
    );
  }

  /** A pending invitation of the actor's organisation, its row locked (404 for anything else). */
  private async pendingInvite(tx: EntityManager, actor: MemberPrincipal, id: string): Promise<MemberInvite> {
    const invite = isUuid(id)
      ? await tx
          .getRepository(MemberInvite)
          .createQueryBuilder('i')
          .setLock('pessimistic_write')
          .where('i.org_id = :orgId AND i.id = :id', { orgId: actor.orgId, id })
          .getOne()
      : null;
    if (!invite || invite.acceptedAt || invite.revokedAt) throw new DomainError('NOT_FOUND', 'members.inviteNotFound');
    return invite;
  }

  /** A new link (the old one stops working), valid 7 days from now; an expired invitation needs a free seat again. */
  async resendInvite(actor: MemberPrincipal, id: string, client: ClientContext): Promise<MemberRow> {
    let token = '';
    const { invite, org } = await this.dataSource.transaction(async (tx) => {
      const org = await this.lockOrganisation(tx, actor.orgId);
      const invite = await this.pendingInvite(tx, actor, id);
      if (!hasRank(actor.role, invite.role)) throw new DomainError('FORBIDDEN', 'members.roleAboveYours', { role: invite.role });
      if (invite.expiresAt.getTime() <= Date.now()) await this.assertSeats(actor.orgId, 1, tx);
      token = randomBytes(32).toString('base64url');
      invite.tokenHash = sha256(token);
      invite.expiresAt = new Date(Date.now() + MEMBER_LIMITS.inviteTtlDays * DAY_MS);
      const saved = await tenant(tx.getRepository(MemberInvite), actor).save(invite);
      await this.audit.record({
        action: 'member.invite.resend',
        outcome: 'success',
        actor: auditActorOf(actor, client),
        target: { type: 'email', id: invite.email },
        metadata: { inviteId: invite.id, role: invite.role },
      });
      return { invite: saved, org };
    });
    await this.sendInvite(actor, invite, token, org);
    return this.inviteRow(invite);
  }

  async revokeInvite(actor: MemberPrincipal, id: string, client: ClientContext): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, actor.orgId);
      const invite = await this.pendingInvite(tx, actor, id);
      if (!hasRank(actor.role, invite.role)) throw new DomainError('FORBIDDEN', 'members.roleAboveYours', { role: invite.role });
      invite.revokedAt = new Date();
      await tenant(tx.getRepository(MemberInvite), actor).save(invite);
      await this.audit.record({
        action: 'member.invite.revoke',
        outcome: 'success',
        actor: auditActorOf(actor, client),
        target: { type: 'email', id: invite.email },
        metadata: { inviteId: invite.id, role: invite.role },
      });
    });
  }

  // ---------------------------------------------------------------- accepting an invitation

  /**
   * The invitation behind a link, whatever its state (found by the hash of the token: the link
   * names its organisation). Unknown tokens — including a link replaced by a resend — are invalid.
   */
  private async inviteByToken(token: string, manager: EntityManager = this.dataSource.manager): Promise<MemberInvite> {
    const invite =
      token.length >= 20 && token.length <= 100
        ? await acrossOrganisations('an invitation link names its organisation', () =>
            manager.getRepository(MemberInvite).findOne({ where: { tokenHash: sha256(token) }, relations: { organization: true } }),
          )
        : null;
    if (!invite) throw new DomainError('NOT_FOUND', 'members.inviteInvalid');
    if (invite.acceptedAt) throw new DomainError('CONFLICT', 'members.inviteUsed');
    if (invite.revokedAt) throw new DomainError('CONFLICT', 'members.inviteRevoked');
    if (invite.expiresAt.getTime() <= Date.now()) throw new DomainError('CONFLICT', 'members.inviteExpired');
    return invite;
  }

  private async userByEmail(email: string): Promise<{ user: User; membership: Membership | null } | null> {
    const user = await this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.email = :email', { email }).getOne();
    if (!user) return null;
    return { user, membership: await this.memberships.findOne({ where: { userId: user.id } }) };
  }

  async preview(token: string): Promise<InvitePreview> {
    const invite = await this.inviteByToken(token);
    const existing = await this.userByEmail(invite.email);
    if (existing?.membership) throw this.joinedElsewhere(existing.membership, invite);
    return {
      organization: invite.organization?.name ?? '',
      inviter: invite.invitedByName,
      role: invite.role,
      email: invite.email,
      language: invite.language,
      expiresAt: invite.expiresAt.toISOString(),
      account: existing ? 'existing' : 'new',
    };
  }

  private joinedElsewhere(membership: Membership, invite: MemberInvite): DomainError {
    return membership.orgId === invite.orgId
      ? new DomainError('CONFLICT', 'members.inviteUsed')
      : new DomainError('CONFLICT', 'members.otherOrganization');
  }

  /**
   * Joins the organisation: a new person gets an account with the names and password given; an
   * existing account without organisation proves its password. Then the browser is signed in.
   */
  async accept(
    token: string,
    body: AcceptInviteRequest,
    request: FastifyRequest,
    reply: FastifyReply,
    client: ClientContext,
  ): Promise<SessionInfo> {
    const invite = await this.inviteByToken(token);
    const existing = await this.userByEmail(invite.email);
    if (existing?.membership) throw this.joinedElsewhere(existing.membership, invite);
    let passwordHash: string | null = null;
    if (existing) {
      if (body.mode !== 'existing') throw new DomainError('CONFLICT', 'members.accountExists');
      await this.limiter.limit('invite-accept', ACCEPT_LIMIT).consume(invite.id, 'members.tooManyAttempts');
      if (!(await this.passwords.verify(existing.user.passwordHash, body.password))) {
        await this.audit.record({
          action: 'member.invite.accept',
          outcome: 'failure',
          reason: 'bad_password',
          orgId: invite.orgId,
          actor: { userId: existing.user.id, email: existing.user.email, ip: client.ip, userAgent: client.userAgent },
          target: { type: 'user', id: existing.user.id },
        });
        throw new InvalidFieldError('password', 'members.wrongPassword');
      }
    } else {
      if (body.mode !== 'new') throw new DomainError('CONFLICT', 'members.noAccount');
      passwordHash = await this.passwords.hash(body.password);
    }

    const userId = await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, invite.orgId);
      // Re-read under the lock: two tabs accepting at once join once.
      const current = await this.inviteByToken(token, tx);
      let user = existing?.user ?? null;
      if (!user && body.mode === 'new') {
        user = await tx.save(
          tx.create(User, {
            username: await this.freeUsername(tx, current.email),
            firstName: body.firstName,
            lastName: body.lastName,
            email: current.email,
            passwordHash,
            passwordChangedAt: new Date(),
            autoLogoutMinutes: 30,
            language: current.language,
          }),
        );
      }
      if (!user) throw new DomainError('CONFLICT', 'members.noAccount');
      const taken = await tx.query<{ id: string }[]>('SELECT id FROM memberships WHERE user_id = $1 FOR UPDATE', [user.id]);
      if (taken.length) throw new DomainError('CONFLICT', 'members.otherOrganization');
      await tx.save(tx.create(Membership, { userId: user.id, orgId: current.orgId, role: current.role, status: 'active' }));
      current.acceptedAt = new Date();
      current.acceptedUserId = user.id;
      await tenant(tx.getRepository(MemberInvite), { orgId: current.orgId }).save(current);
      await this.audit.record({
        action: 'member.invite.accept',
        outcome: 'success',
        orgId: current.orgId,
        actor: { userId: user.id, role: current.role, orgId: current.orgId, email: user.email, ip: client.ip, userAgent: client.userAgent },
        target: { type: 'user', id: user.id },
        metadata: { inviteId: current.id, role: current.role, newAccount: !existing, invitedBy: current.invitedByUserId },
      });
      return user.id;
    });
    const account = await this.auth.findAccount({ id: userId });
    if (!account) throw new DomainError('NOT_FOUND', 'members.memberNotFound');
    return this.auth.completeSignIn(request, reply, account, client, 'password');
  }

  private async freeUsername(tx: EntityManager, email: string): Promise<string> {
    const base = (email.split('@')[0] ?? 'user').replace(/[^a-z0-9._-]/gi, '').slice(0, 40) || 'user';
    for (let attempt = 0; attempt < 6; attempt++) {
      const candidate = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
      if (!(await tx.exists(User, { where: { username: candidate } }))) return candidate;
    }
    return `${base}-${randomBytes(8).toString('hex')}`;
  }

  // ---------------------------------------------------------------- roles, deactivation, removal

  /** The member's membership in the actor's organisation, locked, or 404; never one ranked above the actor. */
  private async managedMembership(tx: EntityManager, actor: MemberPrincipal, userId: string): Promise<Membership> {
    const membership = isUuid(userId)
      ? await tx
          .getRepository(Membership)
          .createQueryBuilder('m')
          .setLock('pessimistic_write')
          .where('m.org_id = :orgId AND m.user_id = :userId', { orgId: actor.orgId, userId })
          .getOne()
      : null;
    if (!membership) throw new DomainError('NOT_FOUND', 'members.memberNotFound');
    if (!mayManage(actor.role, membership.role)) throw new DomainError('FORBIDDEN', 'members.memberAboveYou');
    return membership;
  }

  /** Refuses when `membership` is the organisation's last active ADMIN (the other admins' rows locked). */
  private async assertNotLastAdmin(tx: EntityManager, membership: Membership): Promise<void> {
    if (membership.role !== 'ADMIN' || membership.status !== 'active') return;
    const others = await tx.query<{ id: string }[]>(
      `SELECT id FROM memberships WHERE org_id = $1 AND role = 'ADMIN' AND status = 'active' AND id <> $2 FOR UPDATE`,
      [membership.orgId, membership.id],
    );
    if (others.length === 0) throw new DomainError('CONFLICT', 'members.lastAdmin');
  }

  private target(userId: string) {
    return { type: 'user', id: userId };
  }

  async changeRole(actor: MemberPrincipal, userId: string, role: MemberRole, client: ClientContext): Promise<MemberRow> {
    if (!hasRank(actor.role, role)) throw new DomainError('FORBIDDEN', 'members.roleAboveYours', { role });
    const changed = await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, actor.orgId);
      const membership = await this.managedMembership(tx, actor, userId);
      const from = membership.role;
      if (from === role) return false;
      if (role !== 'ADMIN') await this.assertNotLastAdmin(tx, membership);
      await tx.query('UPDATE memberships SET role = $1, updated_at = now() WHERE id = $2', [role, membership.id]);
      await this.audit.record({
        action: 'member.role.change',
        outcome: 'success',
        actor: auditActorOf(actor, client),
        target: this.target(userId),
        metadata: { role: { from, to: role } },
      });
      return true;
    });
    if (changed) await this.refreshSessions(userId);
    return this.memberRow(actor.orgId, userId);
  }

  /** Every session of the member takes the new profile at once; their sockets reconnect as it. */
  private async refreshSessions(userId: string): Promise<void> {
    const account = await this.auth.findAccount({ id: userId });
    if (account) await this.sessions.refreshProfile(userId, profileOf(account));
  }

  async deactivate(actor: MemberPrincipal, userId: string, client: ClientContext): Promise<MemberRow> {
    if (userId === actor.userId) throw new DomainError('CONFLICT', 'members.notYourself');
    await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, actor.orgId);
      const membership = await this.managedMembership(tx, actor, userId);
      if (membership.status === 'deactivated') throw new DomainError('CONFLICT', 'members.alreadyDeactivated');
      await this.assertNotLastAdmin(tx, membership);
      await tx.query(`UPDATE memberships SET status = 'deactivated', updated_at = now() WHERE id = $1`, [membership.id]);
      await this.audit.record({
        action: 'member.deactivate',
        outcome: 'success',
        actor: auditActorOf(actor, client),
        target: this.target(userId),
        metadata: { role: membership.role },
      });
    });
    await this.sessions.destroyAllFor(userId);
    return this.memberRow(actor.orgId, userId);
  }

  async reactivate(actor: MemberPrincipal, userId: string, client: ClientContext): Promise<MemberRow> {
    await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, actor.orgId);
      const membership = await this.managedMembership(tx, actor, userId);
      if (membership.status !== 'deactivated') throw new DomainError('CONFLICT', 'members.notDeactivated');
      await this.assertSeats(actor.orgId, 1, tx);
      await tx.query(`UPDATE memberships SET status = 'active', updated_at = now() WHERE id = $1`, [membership.id]);
      await this.audit.record({
        action: 'member.reactivate',
        outcome: 'success',
        actor: auditActorOf(actor, client),
        target: this.target(userId),
        metadata: { role: membership.role },
      });
    });
    return this.memberRow(actor.orgId, userId);
  }

  /** The membership goes; the account stays, without organisation. Every session ends at once. */
  async remove(actor: MemberPrincipal, userId: string, client: ClientContext): Promise<void> {
    if (userId === actor.userId) throw new DomainError('CONFLICT', 'members.notYourself');
    await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, actor.orgId);
      const membership = await this.managedMembership(tx, actor, userId);
      await this.assertNotLastAdmin(tx, membership);
      await tx.query('DELETE FROM memberships WHERE id = $1', [membership.id]);
      await this.audit.record({
        action: 'member.remove',
        outcome: 'success',
        actor: auditActorOf(actor, client),
        target: this.target(userId),
        metadata: { role: membership.role, status: membership.status },
      });
    });
    await this.sessions.destroyAllFor(userId);
  }

  // ---------------------------------------------------------------- names at the first sign-in

  async namePrompt(actor: MemberPrincipal): Promise<NamePrompt> {
    const user = await this.users.findOne({ where: { id: actor.userId } });
    if (!user) throw new DomainError('UNAUTHENTICATED', 'auth.notSignedIn');
    const missing = !user.firstName?.trim() || !user.lastName?.trim();
    const skipped = user.namePromptSkippedAt;
    // After a skip, the next sign-in asks again, without the skip.
    const askedAgain = skipped !== null && (user.lastLoginAt?.getTime() ?? 0) > skipped.getTime();
    return { ask: missing && (skipped === null || askedAgain), skippable: skipped === null };
  }

  async saveNames(actor: MemberPrincipal, body: MemberNamesRequest): Promise<SessionInfo> {
    return this.auth.updateProfile(actor, { firstName: body.firstName, lastName: body.lastName });
  }

  async skipNames(actor: MemberPrincipal): Promise<void> {
    const prompt = await this.namePrompt(actor);
    if (!prompt.skippable) throw new DomainError('CONFLICT', 'members.namesRequired');
    await this.users.update(actor.userId, { namePromptSkippedAt: new Date() });
  }
}
