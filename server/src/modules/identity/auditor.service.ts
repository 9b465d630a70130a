import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AUTH_LIMITS,
  JobName,
  jobIds,
  type AuditorContext,
  type AuditorInvite as AuditorInviteView,
  type AuditorScope,
  type AuditorScopeStored,
  type LanguageCode,
  type Principal,
  type SessionInfo,
} from '@muster/contracts';
import { In, IsNull, MoreThan, Repository } from 'typeorm';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { MailService } from '../../platform/mail/mail.service.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { auditorInviteMail, auditorSignInCodeMail } from '../../platform/mail/templates/index.js';
import { SessionService, type NewSession } from '../../platform/session/session.service.js';
import { tenant } from '../../platform/tenancy/tenant-scope.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { AuditorInvite } from './entities/auditor-invite.entity.js';
import { Organization } from './entities/organization.entity.js';
import { MagicCodeService } from './magic-code.service.js';
import { RecipientsService } from './recipients.service.js';
import { ThrottleService } from './throttle.service.js';
import { AuditorAccessService, storedScopeOf } from '../auditor-portal/auditor-access.service.js';
import { ComplianceProfileRow } from '../compliance/entities/compliance-profile.entity.js';

export function inviteView(invite: AuditorInvite, scope: AuditorScope, now = new Date()): AuditorInviteView {
  return {
    id: invite.id,
    email: invite.email,
    auditorName: invite.auditorName,
    firm: invite.firm,
    expiresAt: invite.expiresAt.toISOString(),
    createdAt: invite.createdAt.toISOString(),
    lastUsedAt: invite.lastUsedAt?.toISOString() ?? null,
    revokedAt: invite.revokedAt?.toISOString() ?? null,
    status: invite.revokedAt ? 'revoked' : invite.expiresAt <= now ? 'expired' : 'active',
    scope,
  };
}

/**
 * Guest auditors: invited by an ADMIN, signed in with an emailed code, given a GUEST_AUDITOR
 * session bound to the invite that ends when the invite expires or is revoked.
 */
@Injectable()
export class AuditorService {
  constructor(
    @InjectRepository(AuditorInvite) private readonly invites: Repository<AuditorInvite>,
    @InjectRepository(Organization) private readonly orgs: Repository<Organization>,
    @InjectRepository(ComplianceProfileRow) private readonly profiles: Repository<ComplianceProfileRow>,
    private readonly magic: MagicCodeService,
    private readonly throttle: ThrottleService,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly recipients: RecipientsService,
    private readonly access: AuditorAccessService,
    private readonly queues: QueueService,
  ) {}

  /** Queues the end of an invite at its expiry: its sessions end then, and their sockets close. */
  private async scheduleExpiry(invite: AuditorInvite): Promise<void> {
    await this.queues.enqueue(
      JobName.AuditorInviteExpires,
      { inviteId: invite.id },
      { jobId: jobIds.auditorInviteExpires(invite.id, invite.expiresAt), delay: Math.max(0, invite.expiresAt.getTime() - Date.now()) },
    );
  }

  /** The `system.auditor-invite-expires` job: an invite past its expiry loses its sessions (a moved expiry is left alone). */
  async expire(inviteId: string, now = new Date()): Promise<number> {
    const invite = await acrossOrganisations('an invite expiry job acts on the invite its payload names', () =>
      this.invites.findOne({ where: { id: inviteId } }),
    );
    if (!invite || invite.expiresAt > now) return 0;
    return this.sessions.destroyAllFor(invite.id);
  }

  private async viewOf(invite: AuditorInvite): Promise<AuditorInviteView> {
    return inviteView(invite, (await this.access.scopeOf(invite)).view);
  }

  private scope(auth: Principal) {
    if (!auth.orgId) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    return tenant(this.invites, { orgId: auth.orgId });
  }

  async list(auth: Principal): Promise<AuditorInviteView[]> {
    const rows = await this.scope(auth).find({}, { createdAt: 'DESC' });
    return Promise.all(rows.map((r) => this.viewOf(r)));
  }

  async get(auth: Principal, id: string): Promise<AuditorInviteView> {
    return this.viewOf(await this.scope(auth).get(id, 'invite'));
  }

  /**
   * Checks a scope against the organisation: its profiles must be the organisation's compliance
   * profiles (400 `auditor.unknownProfiles` on `scope.profileIds`) and its facilities facility
   * names of the organisation's profiles (400 `auditor.unknownFacilities` on `scope.facilities`).
   * The shape (at least one profile, the period's order and length) is the contract's.
   */
  private async checkScope(orgId: string, scope: AuditorScopeStored): Promise<void> {
    const found = await tenant(this.profiles, { orgId }).find({ id: In(scope.profileIds) });
    if (found.length !== scope.profileIds.length) throw new InvalidFieldError('scope.profileIds', 'auditor.unknownProfiles');
    if (!scope.facilities.length) return;
    const all = await tenant(this.profiles, { orgId }).find();
    const known = new Set(all.map((p) => p.facilityName?.trim()).filter((n): n is string => Boolean(n)));
    const unknown = scope.facilities.filter((name) => !known.has(name));
    if (unknown.length) throw new InvalidFieldError('scope.facilities', 'auditor.unknownFacilities', { names: unknown.join(', ') });
  }

  async create(
    auth: Principal,
    body: { email: string; auditorName: string; firm: string | null; expiresAt: string; scope: AuditorScopeStored },
    client: ClientContext,
  ): Promise<AuditorInviteView> {
    const scope = this.scope(auth);
    await this.checkScope(scope.orgId, body.scope);
    const invite = await scope.save(
      scope.create({
        email: body.email,
        auditorName: body.auditorName,
        firm: body.firm,
        expiresAt: new Date(body.expiresAt),
        createdByUserId: auth.userId,
        scope: { ...body.scope },
      }),
    );
    await this.scheduleExpiry(invite);
    const org = await this.orgs.findOneByOrFail({ id: scope.orgId });
    await this.audit.record({
      action: 'auditor.invite.created',
      outcome: 'success',
      actor: auditActorOf(auth, client),
      target: { type: 'auditor_invite', id: invite.id },
      metadata: { email: invite.email, expiresAt: body.expiresAt },
    });
    // An auditor is no user: the invitation is in English unless the address is a member's with a language.
    await this.mail.sendTemplate(
      auditorInviteMail,
      {
        organizationName: org.name,
        auditorName: invite.auditorName,
        until: { moment: invite.expiresAt },
        from: body.scope.from,
        to: body.scope.to,
      },
      { to: invite.email, orgId: org.id, timeZone: org.timeZone, language: await this.recipients.languageOf({ email: invite.email }) },
    );
    return this.viewOf(invite);
  }

  /**
   * Changes an active invite's scope and/or expiry (400 for a scope of other profiles or unknown
   * facilities; 409 `auditor.inviteNotActive` for an expired or revoked invite). A new expiry
   * queues the end of the auditor's sessions at it (an earlier job finds the expiry moved and
   * leaves them alone); a narrower scope applies from the auditor's next request.
   */
  async update(
    auth: Principal,
    id: string,
    body: { scope?: AuditorScopeStored; expiresAt?: string },
    client: ClientContext,
  ): Promise<AuditorInviteView> {
    const scope = this.scope(auth);
    const invite = await scope.get(id, 'invite');
    if (invite.revokedAt || invite.expiresAt <= new Date()) throw new DomainError('CONFLICT', 'auditor.inviteNotActive');
    if (body.scope) await this.checkScope(scope.orgId, body.scope);
    const before = { scope: storedScopeOf(invite), expiresAt: invite.expiresAt.toISOString() };
    const expiryMoved = body.expiresAt !== undefined && new Date(body.expiresAt).getTime() !== invite.expiresAt.getTime();
    if (body.scope) invite.scope = { ...body.scope };
    if (body.expiresAt !== undefined) invite.expiresAt = new Date(body.expiresAt);
    await scope.save(invite);
    if (expiryMoved) await this.scheduleExpiry(invite);
    await this.audit.record({
      action: 'auditor.invite.updated',
      outcome: 'success',
      actor: auditActorOf(auth, client),
      target: { type: 'auditor_invite', id: invite.id },
      metadata: {
        email: invite.email,
        ...(body.scope ? { scopeBefore: before.scope, scope: body.scope } : {}),
        ...(expiryMoved ? { expiresAtBefore: before.expiresAt, expiresAt: invite.expiresAt.toISOString() } : {}),
      },
    });
    return this.viewOf(invite);
  }

  async revoke(auth: Principal, id: string, client: ClientContext): Promise<AuditorInviteView> {
    const scope = this.scope(auth);
    const invite = await scope.get(id, 'invite');
    if (!invite.revokedAt) {
      invite.revokedAt = new Date();
      await scope.save(invite);
      const ended = await this.sessions.destroyAllFor(invite.id);
      await this.audit.record({
        action: 'auditor.invite.revoked',
        outcome: 'success',
        actor: auditActorOf(auth, client),
        target: { type: 'auditor_invite', id: invite.id },
        metadata: { sessionsEnded: ended },
      });
    }
    return this.viewOf(invite);
  }

  /** The newest usable invite for an email, across organisations. */
  private activeInvite(email: string): Promise<AuditorInvite | null> {
    return this.invites.findOne({ where: { email, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) }, order: { createdAt: 'DESC' } });
  }

  async requestCode(email: string, nonce: string, client: ClientContext, language: LanguageCode): Promise<void> {
    await this.throttle.consume('magicPerIp', client.ip);
    await this.throttle.consume('magicPerEmail', `auditor:${email}`);
    const invite = await this.activeInvite(email);
    if (!invite) {
      await this.audit.record({
        action: 'auditor.magic.requested',
        outcome: 'failure',
        reason: 'no_active_invite',
        actor: { email, ip: client.ip, userAgent: client.userAgent },
      });
      return;
    }
    const code = await this.magic.issue('auditor', email, invite.id, nonce);
    await this.mail.sendTemplate(
      auditorSignInCodeMail,
      { code, expiry: { minutes: AUTH_LIMITS.magicCodeTtlSeconds / 60 } },
      { to: email, language: await this.recipients.languageOf({ email }, language) },
    );
    await this.audit.record({
      action: 'auditor.magic.requested',
      outcome: 'success',
      orgId: invite.orgId,
      actor: { inviteId: invite.id, email, role: 'GUEST_AUDITOR', ip: client.ip, userAgent: client.userAgent },
    });
  }

  /** Checks the code and returns the session principal, bound to the invite and ending with it. */
  async verifyCode(
    email: string,
    code: string,
    nonce: string | undefined,
    client: ClientContext,
  ): Promise<{ principal: NewSession; info: SessionInfo }> {
    await this.throttle.consume('signInIp', client.ip);
    const result = await this.magic.verify('auditor', email, code, nonce);
    const invite =
      'failure' in result ? null : await this.invites.findOne({ where: { id: result.subjectId }, relations: { organization: true } });
    const usable = invite && !invite.revokedAt && invite.expiresAt > new Date();
    if (!usable) {
      await this.audit.record({
        action: 'auditor.magic.failed',
        outcome: 'failure',
        reason: 'failure' in result ? result.failure : 'invite_not_active',
        orgId: invite?.orgId ?? null,
        actor: { inviteId: invite?.id ?? null, email, role: 'GUEST_AUDITOR', ip: client.ip, userAgent: client.userAgent },
      });
      throw new DomainError('INVALID_MAGIC_CODE', 'auth.invalidMagic');
    }
    await this.invites.update({ id: invite.id, orgId: invite.orgId }, { lastUsedAt: new Date() });
    await this.audit.record({
      action: 'auditor.invite.used',
      outcome: 'success',
      orgId: invite.orgId,
      actor: { inviteId: invite.id, email, role: 'GUEST_AUDITOR', ip: client.ip, userAgent: client.userAgent },
    });
    return {
      principal: {
        kind: 'auditor',
        principalId: invite.id,
        userId: null,
        inviteId: invite.id,
        orgId: invite.orgId,
        role: 'GUEST_AUDITOR',
        notAfter: invite.expiresAt,
        profile: { me: this.infoOf(invite), language: 'en', timeZone: invite.organization?.timeZone ?? 'UTC' },
      },
      info: this.infoOf(invite),
    };
  }

  private infoOf(invite: AuditorInvite): SessionInfo {
    return {
      authenticated: true,
      user: {
        id: invite.id,
        username: invite.email,
        firstName: invite.auditorName,
        lastName: null,
        email: invite.email,
        autoLogoutMinutes: null,
      },
      org: invite.organization ? { id: invite.organization.id, name: invite.organization.name } : null,
      role: 'GUEST_AUDITOR',
    };
  }

  /** The signed-in auditor's invite, or (an ADMIN with `preview`) the previewed invite's: the portal's header. */
  async context(auth: Principal, preview?: string, client?: ClientContext): Promise<AuditorContext> {
    const { invite, preview: previewing } = await this.access.resolve(auth, preview, client);
    return {
      invite: { auditorName: invite.auditorName, firm: invite.firm, expiresAt: invite.expiresAt.toISOString() },
      preview: previewing,
    };
  }
}
