import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ACCOUNT_CONTROL_LIMITS,
  AUTH_LIMITS,
  displayNameOf,
  ROLE_RANKS,
  type CodesRevoked,
  type CreateRestrictionParams,
  type Lockout,
  type LockoutList,
  type MyRestriction,
  type Principal,
  type Restriction,
  type RestrictionPage,
  type RestrictionParams,
  type SessionsEnded,
  type SupportOrganizationList,
  type SupportUser,
  type SupportUserDetail,
  type SupportUserPage,
  type UserSearchParams,
} from '@muster/contracts';
import type { Redis } from 'ioredis';
import { In, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { REDIS } from '../../platform/redis/redis.tokens.js';
import { SessionService } from '../../platform/session/session.service.js';
import { SessionStore } from '../../platform/session/session.store.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { AuthService } from '../identity/auth.service.js';
import { Membership } from '../identity/entities/membership.entity.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { User } from '../identity/entities/user.entity.js';
import { MagicCodeService } from '../identity/magic-code.service.js';
import { ThrottleService } from '../identity/throttle.service.js';
import { AccountRestriction } from './entities/account-restriction.entity.js';
import { RestrictionsService } from './restrictions.service.js';

type CreateRestriction = CreateRestrictionParams;

/** The limiter's key space of failed sign-ins per email (ThrottleService's `failuresPerAccount`). */
const FAILURES_LIMIT = 'failuresPerAccount';

/** Escapes LIKE's wildcards in a search text. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Support's account controls (SYSOPS and above): finding users across organisations, what support
 * sees of one, suspensions and freezes, lockouts, and the controls of one account. Every action is
 * audited with the operator as actor and the account (or organisation) as target, in the target's
 * organisation's chain (so its admins and its SIEM stream see it). Nobody acts on an account whose
 * rank is above their own, nor on their own.
 */
@Injectable()
export class AccountControlsService {
  constructor(
    @InjectRepository(AccountRestriction) private readonly restrictionRows: Repository<AccountRestriction>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Membership) private readonly memberships: Repository<Membership>,
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly restrictions: RestrictionsService,
    private readonly auth: AuthService,
    private readonly throttle: ThrottleService,
    private readonly magic: MagicCodeService,
    private readonly sessions: SessionService,
    private readonly sessionStore: SessionStore,
    private readonly audit: AuditService,
  ) {}

  // -------------------------------------------------------------------------------------------
  // The principal's own state

  async mine(principal: Principal): Promise<MyRestriction> {
    const [freeze] = await this.restrictions.inForce(['freeze'], principal.userId, principal.orgId);
    return {
      frozen: freeze ? { scope: freeze.subjectType, message: freeze.message, endsAt: freeze.endsAt?.toISOString() ?? null } : null,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Users

  async searchUsers(query: UserSearchParams): Promise<SupportUserPage> {
    const { page, pageSize } = query;
    const q = query.q.trim();
    return acrossOrganisations('support searches users', async () => {
      const qb = this.memberships
        .createQueryBuilder('m')
        .innerJoinAndSelect('m.user', 'u')
        .leftJoinAndSelect('m.organization', 'o')
        .orderBy('u.created_at', 'DESC')
        .addOrderBy('u.id', 'ASC')
        .skip((page - 1) * pageSize)
        .take(pageSize);
      if (q) {
        qb.where(
          `(u.email ILIKE :q ESCAPE '\\' OR u.username ILIKE :q ESCAPE '\\' OR o.name ILIKE :q ESCAPE '\\'
            OR concat_ws(' ', u.first_name, u.last_name) ILIKE :q ESCAPE '\\')`,
          { q: likePattern(q) },
        );
      }
      const [rows, total] = await qb.getManyAndCount();
      return { items: rows.map((m) => this.userOf(m)), total, page, pageSize };
    });
  }

  private userOf(m: Membership): SupportUser {
    const user = m.user!;
    return {
      id: user.id,
      email: user.email,
      name: displayNameOf(user),
      role: m.role,
      status: user.status,
      organization: m.organization ? { id: m.organization.id, name: m.organization.name } : null,
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
    };
  }

  /** A user's membership with user and organisation; 404 for an unknown or malformed id. */
  private async membershipOf(userId: string): Promise<Membership> {
    const m = isUuid(userId)
      ? await acrossOrganisations('support reads a user', () =>
          this.memberships.findOne({ where: { userId }, relations: { user: true, organization: true } }),
        )
      : null;
    if (!m?.user) throw new NotFoundError('customer');
    return m;
  }

  /** Refuses acting on one's own account or on one whose rank is above the operator's. */
  private assertMayAct(operator: Principal, target: Membership): void {
    if (target.userId === operator.userId) throw new DomainError('FORBIDDEN', 'accountControls.ownAccount');
    if (ROLE_RANKS[target.role] > ROLE_RANKS[operator.role]) throw new DomainError('FORBIDDEN', 'accountControls.aboveRank');
  }

  private mayAct(operator: Principal, target: Membership): boolean {
    return target.userId !== operator.userId && ROLE_RANKS[target.role] <= ROLE_RANKS[operator.role];
  }

  async userDetail(operator: Principal, userId: string): Promise<SupportUserDetail> {
    const m = await this.membershipOf(userId);
    const user = m.user!;
    const withHash = await this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id: user.id }).getOne();
    const rows = await this.restrictionRows
      .createQueryBuilder('r')
      .where("r.kind IN ('suspension', 'freeze')")
      .andWhere(
        m.orgId
          ? "((r.subject_type = 'user' AND r.user_id = :userId) OR (r.subject_type = 'organization' AND r.org_id = :orgId))"
          : "r.subject_type = 'user' AND r.user_id = :userId",
        { userId: user.id, orgId: m.orgId },
      )
      .orderBy('r.created_at', 'DESC')
      .take(50)
      .getMany();
    const [lockout] = await this.lockoutsOf([user.email]);
    const sessions = await this.sessionsOf(user.id);
    return {
      user: { ...this.userOf(m), firstName: user.firstName, lastName: user.lastName, language: user.language },
      memberships: [
        {
          organization: m.organization ? { id: m.organization.id, name: m.organization.name } : null,
          role: m.role,
          since: m.createdAt.toISOString(),
        },
      ],
      signInMethods: {
        password: Boolean(withHash?.passwordHash) && !m.organization?.ssoRequired,
        emailedCode: true,
        ssoRequired: m.organization?.ssoRequired ?? false,
      },
      lockout: lockout!,
      restrictions: await this.viewsOf(rows),
      sessions: { count: sessions.length, items: sessions },
      canAct: this.mayAct(operator, m),
    };
  }

  /** The user's live sessions from the Redis session index, newest first. */
  private async sessionsOf(userId: string): Promise<SupportUserDetail['sessions']['items']> {
    const ids = await this.redis.smembers(this.sessionStore.principalKey(userId));
    const records = await Promise.all(ids.map((id) => this.sessionStore.get(id)));
    return records
      .filter((r) => r !== null)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((r) => ({
        createdAt: new Date(r.createdAt).toISOString(),
        lastSeenAt: new Date(r.lastActivityAt).toISOString(),
        expiresAt: new Date(r.expiresAt).toISOString(),
      }));
  }

  async signOutEverywhere(operator: Principal, client: ClientContext, userId: string): Promise<SessionsEnded> {
    const m = await this.membershipOf(userId);
    this.assertMayAct(operator, m);
    const sessionsEnded = await this.sessions.destroyAllFor(m.userId);
    await this.audit.record({
      action: 'account.sessions.revoke',
      outcome: 'success',
      actor: auditActorOf(operator, client),
      orgId: m.orgId,
      target: { type: 'user', id: m.userId },
      metadata: { sessionsEnded },
    });
    return { sessionsEnded };
  }

  /**
   * Requires a new password: a `password_reset` restriction refuses every sign-in until the
   * password changes, sessions end, pending codes and links are revoked and a fresh reset link is
   * emailed (in the user's language).
   */
  async forcePasswordReset(operator: Principal, client: ClientContext, userId: string): Promise<SessionsEnded> {
    const m = await this.membershipOf(userId);
    this.assertMayAct(operator, m);
    const [open] = await this.restrictions.inForce(['password_reset'], m.userId, null);
    let sessionsEnded: number;
    if (open) sessionsEnded = await this.sessions.destroyAllFor(m.userId);
    else {
      ({ sessionsEnded } = await this.restrictions.start({
        kind: 'password_reset',
        subjectType: 'user',
        userId: m.userId,
        orgId: m.orgId,
        reason: 'forced password reset',
        message: '',
        endsAt: null,
        createdBy: operator.userId,
      }));
    }
    const revoked = await this.revoke(m.user!);
    await this.auth.sendResetLink(m.user!);
    await this.audit.record({
      action: 'account.password_reset.force',
      outcome: 'success',
      actor: auditActorOf(operator, client),
      orgId: m.orgId,
      target: { type: 'user', id: m.userId },
      metadata: { sessionsEnded, ...revoked },
    });
    return { sessionsEnded };
  }

  async revokeCodes(operator: Principal, client: ClientContext, userId: string): Promise<CodesRevoked> {
    const m = await this.membershipOf(userId);
    this.assertMayAct(operator, m);
    const revoked = await this.revoke(m.user!);
    await this.audit.record({
      action: 'account.codes.revoke',
      outcome: 'success',
      actor: auditActorOf(operator, client),
      orgId: m.orgId,
      target: { type: 'user', id: m.userId },
      metadata: revoked,
    });
    return revoked;
  }

  private async revoke(user: User): Promise<CodesRevoked> {
    return { codes: await this.magic.revoke('login', user.email), resetLinks: await this.auth.revokeResetLinks(user.id) };
  }

  // -------------------------------------------------------------------------------------------
  // Organisations

  async searchOrganizations(q: string): Promise<SupportOrganizationList> {
    const text = q.trim();
    const orgs = await this.organizations
      .createQueryBuilder('o')
      .where(text ? "o.name ILIKE :q ESCAPE '\\'" : 'TRUE', { q: likePattern(text) })
      .orderBy('o.name', 'ASC')
      .take(50)
      .getMany();
    const counts = orgs.length
      ? await acrossOrganisations('support counts members', () =>
          this.memberships
            .createQueryBuilder('m')
            .select('m.org_id', 'orgId')
            .addSelect('count(*)::int', 'n')
            .where('m.org_id IN (:...ids)', { ids: orgs.map((o) => o.id) })
            .groupBy('m.org_id')
            .getRawMany<{ orgId: string; n: number }>(),
        )
      : [];
    const byOrg = new Map(counts.map((c) => [c.orgId, c.n]));
    return {
      items: orgs.map((o) => ({ id: o.id, name: o.name, members: byOrg.get(o.id) ?? 0, createdAt: o.createdAt.toISOString() })),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Suspensions and freezes

  async list(query: RestrictionParams): Promise<RestrictionPage> {
    const { page, pageSize } = query;
    const qb = this.restrictionRows
      .createQueryBuilder('r')
      .where('r.kind = :kind', { kind: query.kind })
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'ASC')
      .skip((page - 1) * pageSize)
      .take(pageSize);
    const current = 'r.lifted_at IS NULL AND (r.ends_at IS NULL OR r.ends_at > now())';
    if (query.state === 'current') qb.andWhere(current);
    if (query.state === 'past') qb.andWhere(`NOT (${current})`);
    const [rows, total] = await qb.getManyAndCount();
    return { items: await this.viewsOf(rows), total, page, pageSize };
  }

  async restrict(operator: Principal, client: ClientContext, body: CreateRestriction): Promise<Restriction> {
    let userId: string | null = null;
    let orgId: string | null;
    if (body.subjectType === 'user') {
      const m = await this.membershipOf(body.subjectId);
      this.assertMayAct(operator, m);
      userId = m.userId;
      orgId = m.orgId;
    } else {
      const org = await this.organizations.findOne({ where: { id: body.subjectId } });
      if (!org) throw new NotFoundError('organization');
      if (operator.orgId === org.id) throw new DomainError('FORBIDDEN', 'accountControls.ownAccount');
      orgId = org.id;
    }
    const existing = (await this.restrictions.inForce([body.kind], userId, orgId)).find(
      (r) => r.subjectType === body.subjectType && (userId ? r.userId === userId : r.orgId === orgId),
    );
    if (existing)
      throw new DomainError('CONFLICT', body.kind === 'suspension' ? 'accountControls.alreadySuspended' : 'accountControls.alreadyFrozen');
    const { row, sessionsEnded } = await this.restrictions.start({
      kind: body.kind,
      subjectType: body.subjectType,
      userId,
      orgId,
      reason: body.reason,
      message: body.message,
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
      createdBy: operator.userId,
    });
    await this.audit.record({
      action: body.kind === 'suspension' ? 'account.suspend' : 'account.freeze',
      outcome: 'success',
      actor: auditActorOf(operator, client),
      orgId,
      reason: body.reason,
      target: this.restrictions.targetOf(row),
      metadata: { restrictionId: row.id, endsAt: row.endsAt?.toISOString() ?? null, sessionsEnded },
    });
    return (await this.viewsOf([row]))[0]!;
  }

  async lift(operator: Principal, client: ClientContext, id: string): Promise<Restriction> {
    const row = isUuid(id) ? await this.restrictionRows.findOne({ where: { id, kind: In(['suspension', 'freeze']) } }) : null;
    if (!row) throw new DomainError('NOT_FOUND', 'accountControls.restrictionNotFound');
    if (row.userId) this.assertMayAct(operator, await this.membershipOf(row.userId));
    const active = !row.liftedAt && (!row.endsAt || row.endsAt.getTime() > Date.now());
    if (!active || !(await this.restrictions.lift(row, { actor: auditActorOf(operator, client), userId: operator.userId }))) {
      throw new DomainError('CONFLICT', 'accountControls.notActive');
    }
    return (await this.viewsOf([row]))[0]!;
  }

  /** The rows as the API shows them, with names of subjects, organisations and operators. */
  private async viewsOf(rows: AccountRestriction[]): Promise<Restriction[]> {
    const userIds = [...new Set(rows.flatMap((r) => [r.userId, r.createdBy, r.liftedBy]).filter((id): id is string => !!id))];
    const orgIds = [...new Set(rows.map((r) => r.orgId).filter((id): id is string => !!id))];
    const [users, orgs] = await Promise.all([
      userIds.length ? this.users.find({ where: { id: In(userIds) } }) : [],
      orgIds.length ? this.organizations.find({ where: { id: In(orgIds) } }) : [],
    ]);
    const userById = new Map(users.map((u) => [u.id, u]));
    const orgById = new Map(orgs.map((o) => [o.id, o]));
    const person = (id: string | null) => {
      const u = id ? userById.get(id) : undefined;
      return u ? { id: u.id, name: displayNameOf(u), email: u.email } : null;
    };
    const now = Date.now();
    return rows.map((r) => {
      const org = r.orgId ? orgById.get(r.orgId) : undefined;
      const subjectUser = r.userId ? userById.get(r.userId) : undefined;
      return {
        id: r.id,
        kind: r.kind === 'freeze' ? 'freeze' : 'suspension',
        subjectType: r.subjectType,
        subjectId: r.subjectType === 'user' ? r.userId! : r.orgId!,
        subjectName: r.subjectType === 'user' ? (subjectUser ? displayNameOf(subjectUser) : '') : (org?.name ?? ''),
        subjectEmail: subjectUser?.email ?? null,
        organization: org ? { id: org.id, name: org.name } : null,
        reason: r.reason,
        message: r.message,
        endsAt: r.endsAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        createdBy: person(r.createdBy),
        liftedAt: r.liftedAt?.toISOString() ?? null,
        liftedBy: person(r.liftedBy),
        active: !r.liftedAt && (!r.endsAt || r.endsAt.getTime() > now),
      };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Lockouts

  private failuresKey(email: string): string {
    return `${this.config.REDIS_PREFIX}:throttle:${FAILURES_LIMIT}:${email}`;
  }

  /**
   * Emails whose failed sign-ins the limiter counts now (read from its Redis keys), locked ones
   * first, each with the failed sign-ins of the window and their addresses (from the audit trail,
   * which records every failed sign-in with its address and time).
   */
  async lockouts(): Promise<LockoutList> {
    const prefix = this.failuresKey('');
    const emails: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      emails.push(...keys.map((k) => k.slice(prefix.length)));
    } while (cursor !== '0' && emails.length < 1_000);
    const items = await this.lockoutsOf(emails.slice(0, 200));
    items.sort((a, b) => Number(b.locked) - Number(a.locked) || b.failures - a.failures || a.email.localeCompare(b.email));
    return { items: items.filter((i) => i.failures > 0) };
  }

  private async lockoutsOf(emails: string[]): Promise<Lockout[]> {
    if (!emails.length) return [];
    const counts = await Promise.all(
      emails.map(async (email) => {
        const [value, ttl] = await Promise.all([this.redis.get(this.failuresKey(email)), this.redis.pttl(this.failuresKey(email))]);
        return { email, failures: Number(value ?? 0), ttl };
      }),
    );
    const windowSeconds = AUTH_LIMITS.lockoutWindowSeconds + AUTH_LIMITS.lockoutSeconds;
    const attempts = await acrossOrganisations('support reads failed sign-ins', () =>
      this.users.manager.query<{ email: string; at: Date; ip: string | null }[]>(
        `SELECT email, at, ip FROM (
           SELECT actor_email AS email, created_at AS at, ip,
                  row_number() OVER (PARTITION BY actor_email ORDER BY created_at DESC) AS n
             FROM audit_events
            WHERE action = 'auth.login' AND outcome = 'failure' AND actor_email = ANY($1)
              AND created_at > now() - make_interval(secs => $2)
         ) a WHERE n <= $3 ORDER BY at DESC`,
        [emails, windowSeconds, ACCOUNT_CONTROL_LIMITS.attemptsShown],
      ),
    );
    const found = await acrossOrganisations('support reads locked accounts', () =>
      this.memberships
        .createQueryBuilder('m')
        .innerJoinAndSelect('m.user', 'u')
        .leftJoinAndSelect('m.organization', 'o')
        .where('u.email IN (:...emails)', { emails })
        .getMany(),
    );
    const byEmail = new Map(found.map((m) => [m.user!.email, m]));
    const threshold = AUTH_LIMITS.lockoutFailures;
    return counts.map(({ email, failures, ttl }) => {
      const m = byEmail.get(email);
      return {
        email,
        user: m ? { id: m.userId, name: displayNameOf(m.user!), organization: m.organization?.name ?? null } : null,
        failures: Math.min(failures, threshold),
        threshold,
        locked: failures >= threshold,
        until: failures > 0 && ttl > 0 ? new Date(Date.now() + ttl).toISOString() : null,
        attempts: attempts.filter((a) => a.email === email).map((a) => ({ at: new Date(a.at).toISOString(), ip: a.ip })),
      };
    });
  }

  async unlock(operator: Principal, client: ClientContext, email: string): Promise<{ unlocked: boolean }> {
    const m = await acrossOrganisations('support unlocks an account', () =>
      this.memberships.findOne({ where: { user: { email } }, relations: { user: true } }),
    );
    if (m) this.assertMayAct(operator, m);
    const failures = Number((await this.redis.get(this.failuresKey(email))) ?? 0);
    await this.throttle.reset(FAILURES_LIMIT, email);
    await this.audit.record({
      action: 'account.unlock',
      outcome: 'success',
      actor: auditActorOf(operator, client),
      orgId: m?.orgId ?? null,
      ...(m ? { target: { type: 'user', id: m.userId } } : {}),
      metadata: { email, failures, wasLocked: failures >= AUTH_LIMITS.lockoutFailures },
    });
    return { unlocked: failures > 0 };
  }
}
