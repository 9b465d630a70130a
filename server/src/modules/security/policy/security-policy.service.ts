import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DEFAULT_SECURITY_POLICY,
  type MemberRole,
  type OrgPrincipal,
  type Role,
  type SecurityPolicy,
  type SecurityPolicyAnswer,
  type SignInMethod,
  type UpdateSecurityPolicyRequest,
} from '@muster/contracts';
import { Repository } from 'typeorm';
import { AuditService } from '../../../platform/audit/audit.service.js';
import type { ClientContext } from '../../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../../platform/auth/principal.js';
import { DomainError, InvalidFieldError } from '../../../platform/errors/domain-error.js';
import { tenant } from '../../../platform/tenancy/tenant-scope.js';
import { Organization } from '../../identity/entities/organization.entity.js';
import { SecurityPolicyRow } from '../entities/security-policy.entity.js';
import { isCommonPassword } from './common-password.js';

/** Who signs in, as the sign-in path knows them (identity's account). */
export interface SigningIn {
  user: { id: string; email: string };
  membership: { orgId: string | null; role: Role };
}

/**
 * An organisation's security policy and where it applies: sign-in (which methods its members may
 * use), setting a password (length and the common-password check) and the sessions' default
 * auto-lock. Identity calls it at sign-in and when a password is set; it depends on no other
 * module's service, so identity can import it.
 */
@Injectable()
export class SecurityPolicyService {
  constructor(
    @InjectRepository(SecurityPolicyRow) private readonly rows: Repository<SecurityPolicyRow>,
    @InjectRepository(Organization) private readonly orgs: Repository<Organization>,
    private readonly audit: AuditService,
  ) {}

  private async row(orgId: string): Promise<SecurityPolicyRow | null> {
    const [row] = await tenant(this.rows, { orgId }).find();
    return row ?? null;
  }

  /** The policy of an organisation (the defaults when it has none, or for platform staff). */
  async policyOf(orgId: string | null): Promise<SecurityPolicy> {
    if (!orgId) return { ...DEFAULT_SECURITY_POLICY };
    const [row, org] = await Promise.all([
      this.row(orgId),
      this.orgs.findOne({ where: { id: orgId }, select: { id: true, defaultAutoLockMinutes: true } }),
    ]);
    return policyFrom(row, org?.defaultAutoLockMinutes ?? null);
  }

  async answer(auth: OrgPrincipal): Promise<SecurityPolicyAnswer> {
    const [row, org] = await Promise.all([
      this.row(auth.orgId),
      this.orgs.findOne({ where: { id: auth.orgId }, select: { id: true, defaultAutoLockMinutes: true } }),
    ]);
    return { ...policyFrom(row, org?.defaultAutoLockMinutes ?? null), updatedAt: row?.updatedAt.toISOString() ?? null };
  }

  /**
   * Changes the policy (ADMIN), audited with each changed value before and after. Returns whether
   * the default auto-lock changed (the caller refreshes the members' sessions then).
   */
  async update(
    auth: OrgPrincipal,
    body: UpdateSecurityPolicyRequest,
    client: ClientContext,
  ): Promise<{ answer: SecurityPolicyAnswer; autoLockChanged: boolean }> {
    const before = await this.policyOf(auth.orgId);
    const next: SecurityPolicy = { ...before };
    for (const [key, value] of Object.entries(body) as [keyof SecurityPolicy, unknown][]) {
      if (value !== undefined) (next as Record<keyof SecurityPolicy, unknown>)[key] = value;
    }
    if (!next.signInMethods.includes('password') && !next.adminsMayUseCodes) {
      throw new InvalidFieldError('adminsMayUseCodes', 'security.adminsNeedMethod');
    }
    const scope = tenant(this.rows, auth);
    const row = (await this.row(auth.orgId)) ?? scope.create({});
    Object.assign(row, {
      passwordMinLength: next.passwordMinLength,
      rejectCommonPasswords: next.rejectCommonPasswords,
      signInMethods: [...next.signInMethods],
      adminsMayUseCodes: next.adminsMayUseCodes,
      pinsRequired: next.pinsRequired,
      verificationRoles: [...next.verificationRoles],
      verificationDueBy: next.verificationDueBy,
    });
    const saved = await scope.save(row);
    const autoLockChanged = before.defaultAutoLockMinutes !== next.defaultAutoLockMinutes;
    if (autoLockChanged) await this.orgs.update({ id: auth.orgId }, { defaultAutoLockMinutes: next.defaultAutoLockMinutes });
    const changes = Object.fromEntries(
      (Object.keys(next) as (keyof SecurityPolicy)[])
        .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(next[key]))
        .map((key) => [key, { from: before[key], to: next[key] }]),
    );
    await this.audit.record({
      action: 'security.policy.update',
      outcome: 'success',
      actor: auditActorOf(auth, client),
      target: { type: 'organization', id: auth.orgId },
      metadata: { changes },
    });
    return { answer: { ...next, updatedAt: saved.updatedAt.toISOString() }, autoLockChanged };
  }

  /**
   * At sign-in, after the credentials were checked and before the session is issued: refuses a
   * method the member's organisation does not allow (audited), with a reason saying which to use.
   */
  async assertMethodAllowed(account: SigningIn, method: SignInMethod, client: ClientContext): Promise<void> {
    const { orgId, role } = account.membership;
    if (!orgId) return;
    const policy = await this.policyOf(orgId);
    const reason = !policy.signInMethods.includes(method)
      ? method === 'password'
        ? 'security.passwordNotAllowed'
        : 'security.codeNotAllowed'
      : method === 'magic_code' && role === 'ADMIN' && !policy.adminsMayUseCodes
        ? 'security.codeNotAllowedForAdmins'
        : null;
    if (!reason) return;
    await this.audit.record({
      action: method === 'password' ? 'auth.login' : 'auth.magic.failed',
      outcome: 'failure',
      reason: 'method_not_allowed',
      actor: { userId: account.user.id, role, orgId, email: account.user.email, ip: client.ip, userAgent: client.userAgent },
      metadata: { method },
    });
    throw new DomainError('FORBIDDEN', reason);
  }

  /** When a password is set (change, reset): the organisation's length and the common-password check, on the `password` field. */
  async assertPasswordAllowed(orgId: string | null, password: string): Promise<void> {
    const policy = await this.policyOf(orgId);
    if (password.length < policy.passwordMinLength) {
      throw new InvalidFieldError('password', 'security.passwordTooShort', { min: policy.passwordMinLength });
    }
    if (policy.rejectCommonPasswords && isCommonPassword(password)) throw new InvalidFieldError('password', 'security.commonPassword');
  }

  /** Whether members of `role` must pass ID verification, and by when. */
  async verificationDuty(orgId: string, role: Role): Promise<{ required: boolean; dueBy: string | null }> {
    const policy = await this.policyOf(orgId);
    const required = (policy.verificationRoles as readonly Role[]).includes(role);
    return { required, dueBy: required ? policy.verificationDueBy : null };
  }
}

function policyFrom(row: SecurityPolicyRow | null, defaultAutoLockMinutes: number | null): SecurityPolicy {
  if (!row) return { ...DEFAULT_SECURITY_POLICY, signInMethods: [...DEFAULT_SECURITY_POLICY.signInMethods], defaultAutoLockMinutes };
  return {
    passwordMinLength: row.passwordMinLength,
    rejectCommonPasswords: row.rejectCommonPasswords,
    defaultAutoLockMinutes,
    signInMethods: [...row.signInMethods],
    adminsMayUseCodes: row.adminsMayUseCodes,
    pinsRequired: row.pinsRequired,
    verificationRoles: [...row.verificationRoles] as MemberRole[],
    verificationDueBy: row.verificationDueBy,
  };
}
