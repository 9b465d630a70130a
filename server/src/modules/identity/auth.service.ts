import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AUTH_LIMITS,
  DEFAULT_TIME_ZONE,
  hasRank,
  ROLES,
  type ChangePasswordRequest,
  type LanguageCode,
  type Role,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SessionInfo,
  type UpdateProfileRequest,
  type Principal,
} from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { DataSource, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService, type AuditActor } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { MailService, recipientLanguage } from '../../platform/mail/mail.service.js';
import {
  passwordChangedMail,
  registerExistingMail,
  resetLinkMail,
  signInCodeMail,
  welcomeMail,
} from '../../platform/mail/templates/index.js';
import { REDIS } from '../../platform/redis/redis.tokens.js';
import { clearSessionCookie, sessionIdFrom, setSessionCookie } from '../../platform/session/session-cookie.js';
import { SessionService, type NewSession } from '../../platform/session/session.service.js';
import type { SessionRecord } from '../../platform/session/session.store.js';
import { newSessionOf, profileOf, sessionInfoOf, type Account } from './accounts.js';
import { Membership } from './entities/membership.entity.js';
import { Organization } from './entities/organization.entity.js';
import { User } from './entities/user.entity.js';
import { MagicCodeService } from './magic-code.service.js';
import { PasswordService } from './password.service.js';
import { ThrottleService } from './throttle.service.js';
import { SecurityPolicyService } from '../security/policy/security-policy.service.js';
import { TerminationService } from '../recovery/termination.service.js';
import { RestrictionsService } from '../account-controls/restrictions.service.js';

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * A rule another module adds to every sign-in (after the password or code was checked): it throws
 * the refusal. The members module refuses deactivated memberships.
 */
export type SignInCheck = (account: Account, client: ClientContext, action: 'auth.login' | 'auth.magic.failed') => Promise<void>;

/** The rules of signing up, signing in and out, and managing one's own credentials. */
@Injectable()
export class AuthService {
  private readonly signInChecks: SignInCheck[] = [];

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Membership) private readonly memberships: Repository<Membership>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly passwords: PasswordService,
    private readonly throttle: ThrottleService,
    private readonly magic: MagicCodeService,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly policy: SecurityPolicyService,
    private readonly termination: TerminationService,
    private readonly restrictions: RestrictionsService,
  ) {}

  /** Whether a member of an organisation that enforces SSO keeps password authentication (the sso module's break-glass admins). */
  private passwordExempt: (account: Account) => Promise<boolean> = () => Promise.resolve(false);

  registerPasswordExemption(exempt: (account: Account) => Promise<boolean>): void {
    this.passwordExempt = exempt;
  }

  /** Adds a rule to every sign-in (see `SignInCheck`). */
  registerSignInCheck(check: SignInCheck): void {
    this.signInChecks.push(check);
  }

  /** The account behind an email or user id, with its password hash. */
  async findAccount(by: { email: string } | { id: string }): Promise<Account | null> {
    const user = await this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('email' in by ? 'u.email = :email' : 'u.id = :id', by)
      .getOne();
    if (!user) return null;
    const membership = await this.memberships.findOne({ where: { userId: user.id }, relations: { organization: true } });
    if (!membership) return null;
    return { user, membership, org: membership.organization ?? null };
  }

  /** Active accounts whose role is at least `minRole` (e.g. the support operators), by name. */
  accountsWithRank(minRole: Role): Promise<Account[]> {
    return this.activeAccounts('m.role IN (:...roles)', { roles: ROLES.filter((r) => hasRank(r, minRole)) });
  }

  /** Active members of an organisation, by name (drill leads, participants, owners, reminder recipients). */
  membersOf(orgId: string): Promise<Account[]> {
    return this.activeAccounts('m.org_id = :orgId', { orgId });
  }

  private async activeAccounts(where: string, params: Record<string, unknown>): Promise<Account[]> {
    const memberships = await this.memberships
      .createQueryBuilder('m')
      .innerJoinAndSelect('m.user', 'u')
      .leftJoinAndSelect('m.organization', 'o')
      .where(where, params)
      .andWhere("u.status = 'active'")
      .andWhere("m.status = 'active'")
      .orderBy('u.firstName', 'ASC')
      .addOrderBy('u.lastName', 'ASC')
      .addOrderBy('u.email', 'ASC')
      .getMany();
    return memberships.map((m) => ({ user: m.user!, membership: m, org: m.organization ?? null }));
  }

  /** The signed-in user's account; 401 when the session has none (a guest auditor, a deleted user). */
  async requireAccount(auth: Principal): Promise<Account> {
    const account = auth.userId ? await this.findAccount({ id: auth.userId }) : null;
    if (!account) throw new DomainError('UNAUTHENTICATED', 'auth.notSignedIn');
    return account;
  }

  private actor(client: ClientContext, account?: Account | null, email?: string): AuditActor {
    return {
      userId: account?.user.id ?? null,
      role: account?.membership.role ?? null,
      orgId: account?.membership.orgId ?? null,
      email: account?.user.email ?? email ?? null,
      ip: client.ip,
      userAgent: client.userAgent,
    };
  }

  /**
   * Opens a session for a principal whose credentials were checked: the previous session of
   * this browser (if any) is destroyed, so the id rotates at every sign-in.
   */
  async signIn(request: FastifyRequest, reply: FastifyReply, principal: NewSession): Promise<void> {
    const previous = sessionIdFrom(request.headers.cookie);
    if (previous) await this.sessions.destroy(previous);
    const { id, maxAgeSeconds } = await this.sessions.issue(principal);
    setSessionCookie(request, reply, id, maxAgeSeconds);
  }

  /** Password sign-in (the local strategy). Every failure answers the same message. */
  async loginWithPassword(email: string, password: string, client: ClientContext): Promise<Account> {
    await this.throttle.consume('signInIp', client.ip);
    try {
      await this.throttle.assertOpen('failuresPerAccount', email);
    } catch (err) {
      await this.audit.record({ action: 'auth.login', outcome: 'failure', reason: 'locked_out', actor: this.actor(client, null, email) });
      throw err;
    }
    const account = await this.findAccount({ email });
    const ok = await this.passwords.verify(account?.user.passwordHash, password);
    if (!account || !ok) {
      const lockedNow = await this.throttle.fail('failuresPerAccount', email);
      await this.audit.record({
        action: 'auth.login',
        outcome: 'failure',
        reason: account ? 'bad_password' : 'unknown_account',
        actor: this.actor(client, account, email),
      });
      if (lockedNow) {
        await this.audit.record({
          action: 'auth.lockout',
          outcome: 'success',
          reason: `${AUTH_LIMITS.lockoutFailures}_failures`,
          actor: this.actor(client, account, email),
          metadata: { lockedForSeconds: AUTH_LIMITS.lockoutSeconds },
        });
      }
      throw new DomainError('INVALID_CREDENTIALS', 'auth.invalidCredentials');
    }
    // SSO enforcement (with its break-glass admins) is a sign-in check of the sso module.
    await this.assertMaySignIn(account, client, 'auth.login');
    await this.throttle.reset('failuresPerAccount', email);
    return account;
  }

  /**
   * Support's suspensions (of the user or the organisation) and forced password resets answer
   * their own reason with support's message (account-controls). Other suspended and locked
   * accounts cannot sign in (same answer; reason audited); frozen ones can (they are read-only).
   */
  private async assertMaySignIn(account: Account, client: ClientContext, action: 'auth.login' | 'auth.magic.failed'): Promise<void> {
    await this.restrictions.assertMaySignIn(account.user, account.membership.orgId, client);
    for (const check of this.signInChecks) await check(account, client, action);
    await this.termination.assertMaySignIn(account.membership.orgId, { action, actor: this.actor(client, account) });
    if (account.user.status === 'active' || account.user.status === 'frozen') return;
    await this.audit.record({ action, outcome: 'failure', reason: `account_${account.user.status}`, actor: this.actor(client, account) });
    throw new DomainError('INVALID_CREDENTIALS', action === 'auth.login' ? 'auth.invalidCredentials' : 'auth.invalidMagic');
  }

  /** After a successful sign-in of any kind. */
  async completeSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    account: Account,
    client: ClientContext,
    method: 'password' | 'magic_code',
  ): Promise<SessionInfo> {
    // The organisation's security policy may not allow this method for this member (audited there).
    await this.policy.assertMethodAllowed(account, method, client);
    await this.signIn(request, reply, { ...newSessionOf(account), method });
    await this.users.update(account.user.id, { lastLoginAt: new Date() });
    await this.audit.record({
      action: method === 'password' ? 'auth.login' : 'auth.magic.verified',
      outcome: 'success',
      actor: this.actor(client, account),
      metadata: { method },
    });
    return sessionInfoOf(account);
  }

  /**
   * Creates the organisation with this user as ADMIN. No session. An email already in use
   * creates nothing: its owner is told by email, and the answer is the same (no enumeration).
   */
  async register(body: RegisterRequest, client: ClientContext, language: LanguageCode): Promise<void> {
    await this.throttle.consume('signInIp', client.ip);
    const existing = await this.users.findOne({ where: { email: body.email } });
    if (existing) {
      // Its owner, in their own language; the new organisation would have had the browser's zone.
      await this.mail.sendTemplate(
        registerExistingMail,
        { organizationName: body.organizationName, email: body.email },
        { to: body.email, language: recipientLanguage(existing.language, language) },
      );
      await this.audit.record({
        action: 'auth.register',
        outcome: 'failure',
        reason: 'email_in_use',
        actor: this.actor(client, null, body.email),
      });
      return;
    }
    const hash = await this.passwords.hash(body.password);
    const account = await this.dataSource.transaction(async (tx) => {
      const org = await tx.save(tx.create(Organization, { name: body.organizationName, timeZone: body.timeZone ?? DEFAULT_TIME_ZONE }));
      const user = await tx.save(
        tx.create(User, {
          username: await this.freeUsername(body.email),
          email: body.email,
          passwordHash: hash,
          passwordChangedAt: new Date(),
          autoLogoutMinutes: 30,
        }),
      );
      const membership = await tx.save(tx.create(Membership, { userId: user.id, orgId: org.id, role: 'ADMIN' }));
      return { user, membership, org };
    });
    await this.audit.record({
      action: 'auth.register',
      outcome: 'success',
      actor: this.actor(client, account),
      target: { type: 'organization', id: account.org.id },
      metadata: { timeZone: account.org.timeZone },
    });
    await this.mail.sendTemplate(
      welcomeMail,
      { organizationName: body.organizationName, loginUrl: this.publicUrl('/login'), email: body.email },
      { to: body.email, language },
    );
  }

  private async freeUsername(email: string): Promise<string> {
    const base = (email.split('@')[0] ?? 'user').replace(/[^a-z0-9._-]/gi, '').slice(0, 40) || 'user';
    for (let attempt = 0; attempt < 6; attempt++) {
      const candidate = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
      if (!(await this.users.exists({ where: { username: candidate } }))) return candidate;
    }
    return `${base}-${randomBytes(8).toString('hex')}`;
  }

  private publicUrl(path: string): string {
    return `${this.config.APP_ORIGINS[0] ?? ''}${path}`;
  }

  /** Where an SSO session's logout continues (the IdP's single logout), from the sso module. */
  private logoutRedirect: (session: SessionRecord, client: ClientContext) => Promise<string | null> = () => Promise.resolve(null);

  registerLogoutRedirect(redirect: (session: SessionRecord, client: ClientContext) => Promise<string | null>): void {
    this.logoutRedirect = redirect;
  }

  /** Ends the session; answers the IdP's single-logout URL for an SSO session whose IdP has one. */
  async logout(request: FastifyRequest, reply: FastifyReply, auth: Principal | null, client: ClientContext): Promise<string | null> {
    let redirectUrl: string | null = null;
    if (auth) {
      const session = await this.sessions.record(auth.sessionId);
      if (session?.sso) redirectUrl = await this.logoutRedirect(session, client).catch(() => null);
      await this.sessions.destroy(auth.sessionId);
      await this.audit.record({
        action: 'auth.logout',
        outcome: 'success',
        actor: {
          userId: auth.userId,
          inviteId: auth.inviteId,
          role: auth.role,
          orgId: auth.orgId,
          ip: client.ip,
          userAgent: client.userAgent,
        },
      });
    }
    clearSessionCookie(request, reply);
    return redirectUrl;
  }

  /** Emails a sign-in code bound to this browser. Says nothing about whether the account exists. */
  async requestMagic(email: string, nonce: string, client: ClientContext, language: LanguageCode): Promise<void> {
    await this.throttle.consume('magicPerIp', client.ip);
    await this.throttle.consume('magicPerEmail', email);
    const account = await this.findAccount({ email });
    // A suspended account gets its code too: signing in with it answers support's message.
    if (!account || !['active', 'frozen', 'suspended'].includes(account.user.status)) {
      await this.audit.record({
        action: 'auth.magic.requested',
        outcome: 'failure',
        reason: account ? `account_${account.user.status}` : 'unknown_account',
        actor: this.actor(client, account, email),
      });
      return;
    }
    const code = await this.magic.issue('login', email, account.user.id, nonce);
    await this.mail.sendTemplate(
      signInCodeMail,
      { code, expiry: { minutes: AUTH_LIMITS.magicCodeTtlSeconds / 60 } },
      { to: email, language: recipientLanguage(account.user.language, language) },
    );
    await this.audit.record({ action: 'auth.magic.requested', outcome: 'success', actor: this.actor(client, account) });
  }

  /** Signs in with an emailed code (the magic strategy). Every failure answers the same message. */
  async verifyMagic(email: string, code: string, nonce: string | undefined, client: ClientContext): Promise<Account> {
    await this.throttle.consume('signInIp', client.ip);
    const result = await this.magic.verify('login', email, code, nonce);
    if ('failure' in result) {
      await this.audit.record({
        action: 'auth.magic.failed',
        outcome: 'failure',
        reason: result.failure,
        actor: this.actor(client, null, email),
      });
      throw new DomainError('INVALID_MAGIC_CODE', 'auth.invalidMagic');
    }
    const account = await this.findAccount({ id: result.subjectId });
    if (!account) throw new DomainError('INVALID_MAGIC_CODE', 'auth.invalidMagic');
    await this.assertMaySignIn(account, client, 'auth.magic.failed');
    return account;
  }

  /** The session-lock check: is this the signed-in user's password? */
  async verifyPassword(auth: Principal, password: string, client: ClientContext): Promise<boolean> {
    await this.throttle.consume('verifyPassword', auth.sessionId);
    const account = auth.userId ? await this.findAccount({ id: auth.userId }) : null;
    const actor = {
      userId: auth.userId,
      inviteId: auth.inviteId,
      role: auth.role,
      orgId: auth.orgId,
      ip: client.ip,
      userAgent: client.userAgent,
    };
    // A session opened through SSO is unlocked through SSO; under enforcement only break-glass
    // admins keep password authentication.
    const session = await this.sessions.record(auth.sessionId);
    const ssoSession =
      session?.method === 'sso' || (account?.org?.ssoRequired === true && !(await this.passwordExempt(account).catch(() => false)));
    if (!account || ssoSession || !account.user.passwordHash) {
      await this.audit.record({ action: 'auth.verify_password', outcome: 'failure', reason: 'no_password_authentication', actor });
      throw new DomainError('SSO_REQUIRED', 'auth.ssoRequired');
    }
    const ok = await this.passwords.verify(account.user.passwordHash, password);
    if (!ok) await this.audit.record({ action: 'auth.verify_password', outcome: 'failure', reason: 'bad_password', actor });
    return ok;
  }

  /** Emails a single-use reset link valid 30 minutes. Says nothing about whether the account exists. */
  async forgotPassword(email: string, client: ClientContext, language: LanguageCode): Promise<void> {
    await this.throttle.consume('resetPerIp', client.ip);
    await this.throttle.consume('resetPerEmail', email);
    const account = await this.findAccount({ email });
    if (!account || !['active', 'frozen'].includes(account.user.status)) {
      await this.audit.record({
        action: 'auth.password_reset.requested',
        outcome: 'failure',
        reason: account ? `account_${account.user.status}` : 'unknown_account',
        actor: this.actor(client, account, email),
      });
      return;
    }
    await this.sendResetLink(account.user, language);
    await this.audit.record({ action: 'auth.password_reset.requested', outcome: 'success', actor: this.actor(client, account) });
  }

  /** Emails the user a single-use reset link valid 30 minutes (also when support forces a reset). */
  async sendResetLink(user: Pick<User, 'id' | 'email' | 'language'>, language: LanguageCode = 'en'): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.redis.set(this.resetKey(token), user.id, 'EX', AUTH_LIMITS.resetLinkTtlSeconds);
    await this.mail.sendTemplate(
      resetLinkMail,
      { resetUrl: this.publicUrl(`/reset-password?token=${token}`), expiry: { minutes: AUTH_LIMITS.resetLinkTtlSeconds / 60 } },
      { to: user.email, language: recipientLanguage(user.language, language) },
    );
  }

  /** Removes the user's pending reset links (support revokes them); returns how many there were. */
  async revokeResetLinks(userId: string): Promise<number> {
    const pattern = `${this.config.REDIS_PREFIX}:password-reset:*`;
    let revoked = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (!keys.length) continue;
      const owners = await this.redis.mget(keys);
      const mine = keys.filter((_, i) => owners[i] === userId);
      if (mine.length) revoked += await this.redis.del(...mine);
    } while (cursor !== '0');
    return revoked;
  }

  private resetKey(token: string): string {
    return `${this.config.REDIS_PREFIX}:password-reset:${sha256(token)}`;
  }

  /** Sets a new password with a reset token (single use) and ends every session of the user. */
  async resetPassword(body: ResetPasswordRequest, client: ClientContext, language: LanguageCode): Promise<void> {
    const userId = await this.redis.get(this.resetKey(body.token));
    const account = userId ? await this.findAccount({ id: userId }) : null;
    // The organisation's password policy; a refused password leaves the link usable.
    if (account) await this.policy.assertPasswordAllowed(account.membership.orgId, body.password);
    if (!account || (await this.redis.getdel(this.resetKey(body.token))) !== userId) {
      await this.audit.record({ action: 'auth.password_reset', outcome: 'failure', reason: 'invalid_token', actor: this.actor(client) });
      throw new DomainError('INVALID_RESET_LINK', 'auth.invalidResetLink');
    }
    await this.users.update(account.user.id, { passwordHash: await this.passwords.hash(body.password), passwordChangedAt: new Date() });
    const ended = await this.sessions.destroyAllFor(account.user.id);
    await this.throttle.reset('failuresPerAccount', account.user.email);
    await this.audit.record({
      action: 'auth.password_reset',
      outcome: 'success',
      actor: this.actor(client, account),
      metadata: { sessionsEnded: ended },
    });
    await this.mail.sendTemplate(
      passwordChangedMail,
      {},
      { to: account.user.email, language: recipientLanguage(account.user.language, language) },
    );
  }

  async changePassword(auth: Principal, body: ChangePasswordRequest, client: ClientContext): Promise<void> {
    const account = auth.userId ? await this.findAccount({ id: auth.userId }) : null;
    if (!account || account.org?.ssoRequired || !account.user.passwordHash) throw new DomainError('SSO_REQUIRED', 'auth.ssoRequired');
    if (!(await this.passwords.verify(account.user.passwordHash, body.currentPassword))) {
      await this.audit.record({
        action: 'auth.password_change',
        outcome: 'failure',
        reason: 'bad_password',
        actor: this.actor(client, account),
      });
      throw new InvalidFieldError('currentPassword', 'auth.wrongCurrentPassword');
    }
    await this.policy.assertPasswordAllowed(account.membership.orgId, body.password);
    await this.users.update(account.user.id, { passwordHash: await this.passwords.hash(body.password), passwordChangedAt: new Date() });
    const ended = await this.sessions.destroyAllFor(account.user.id, auth.sessionId);
    await this.audit.record({
      action: 'auth.password_change',
      outcome: 'success',
      actor: this.actor(client, account),
      metadata: { otherSessionsEnded: ended },
    });
  }

  async updateProfile(auth: Principal, body: UpdateProfileRequest): Promise<SessionInfo> {
    if (!auth.userId) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    if (body.username) {
      const taken = await this.users.findOne({ where: { username: body.username } });
      if (taken && taken.id !== auth.userId)
        throw new DomainError(
          'CONFLICT',
          'validation.usernameTaken',
          {},
          { fields: { username: { reason: 'validation.usernameTaken', params: {} } } },
        );
    }
    const changes: Partial<User> = {};
    if (body.firstName !== undefined) changes.firstName = body.firstName || null;
    if (body.lastName !== undefined) changes.lastName = body.lastName || null;
    if (body.username !== undefined) changes.username = body.username;
    if (body.autoLogoutMinutes !== undefined) changes.autoLogoutMinutes = body.autoLogoutMinutes;
    // The language chosen in the web app: the user's emails are written in it from now on.
    if (body.language !== undefined) changes.language = body.language;
    if (Object.keys(changes).length) await this.users.update(auth.userId, changes);
    // Every session of the user (other tabs, other devices, every instance) sees the new profile.
    const profile = profileOf(await this.requireAccount(auth));
    await this.sessions.refreshProfile(auth.userId, profile);
    return profile.me;
  }
}
