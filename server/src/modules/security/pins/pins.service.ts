import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ROLE_RANKS,
  SECURITY_LIMITS,
  type MemberPrincipal,
  type MyPin,
  type OrgPrincipal,
  type PinCheckResult,
  type PinMembers,
  type Principal,
  type SecurityNotices,
  type SecurityUser,
  type SetPinRequest,
} from '@muster/contracts';
import { Repository } from 'typeorm';
import { AuditService } from '../../../platform/audit/audit.service.js';
import type { ClientContext } from '../../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../../platform/auth/principal.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { LimiterService } from '../../../platform/limits/limiter.service.js';
import { isUuid, tenant } from '../../../platform/tenancy/tenant-scope.js';
import type { Account } from '../../identity/accounts.js';
import { AuthService } from '../../identity/auth.service.js';
import { PasswordService } from '../../identity/password.service.js';
import { IdVerificationService } from '../../id-verification/id-verification.service.js';
import { SecurityPinRow } from '../entities/security-pin.entity.js';
import { SecurityPolicyService } from '../policy/security-policy.service.js';

const nameOf = (account: Account): string =>
  [account.user.firstName, account.user.lastName].filter(Boolean).join(' ') || account.user.username;

/**
 * Support PINs: a member sets one (stored only as an argon2id hash); the organisation's ADMIN sees
 * who has one and may require them; a support operator checks the PIN a caller says (5 tries per
 * member per 15 minutes, each on the member's timeline) or removes it. No answer carries a PIN or
 * its hash.
 */
@Injectable()
export class PinsService {
  constructor(
    @InjectRepository(SecurityPinRow) private readonly pins: Repository<SecurityPinRow>,
    private readonly accounts: AuthService,
    private readonly passwords: PasswordService,
    private readonly limiter: LimiterService,
    private readonly policy: SecurityPolicyService,
    private readonly verification: IdVerificationService,
    private readonly audit: AuditService,
  ) {}

  private async pinOf(orgId: string, userId: string): Promise<SecurityPinRow | null> {
    const [row] = await tenant(this.pins, { orgId }).find({ userId });
    return row ?? null;
  }

  async mine(auth: MemberPrincipal): Promise<MyPin> {
    const [row, policy] = await Promise.all([this.pinOf(auth.orgId, auth.userId), this.policy.policyOf(auth.orgId)]);
    return { hasPin: Boolean(row), setAt: row?.updatedAt.toISOString() ?? null, required: policy.pinsRequired };
  }

  /** Sets or changes the member's PIN (audited; the PIN is never written anywhere but as its hash). */
  async set(auth: MemberPrincipal, body: SetPinRequest, client: ClientContext): Promise<MyPin> {
    const scope = tenant(this.pins, auth);
    const row = (await this.pinOf(auth.orgId, auth.userId)) ?? scope.create({ userId: auth.userId });
    const changed = Boolean(row.id);
    row.pinHash = await this.passwords.hash(body.pin);
    await scope.save(row);
    await this.audit.record({
      action: 'security.pin.set',
      outcome: 'success',
      actor: auditActorOf(auth, client),
      target: { type: 'user', id: auth.userId },
      metadata: { changed },
    });
    return this.mine(auth);
  }

  /** Who of the organisation has a PIN (ADMIN). */
  async members(auth: OrgPrincipal): Promise<PinMembers> {
    const [members, pins, policy] = await Promise.all([
      this.accounts.membersOf(auth.orgId),
      tenant(this.pins, auth).find(),
      this.policy.policyOf(auth.orgId),
    ]);
    const byUser = new Map(pins.map((p) => [p.userId, p]));
    return {
      required: policy.pinsRequired,
      items: members.map((account) => ({
        userId: account.user.id,
        name: nameOf(account),
        email: account.user.email,
        role: account.membership.role,
        hasPin: byUser.has(account.user.id),
        setAt: byUser.get(account.user.id)?.updatedAt.toISOString() ?? null,
      })),
    };
  }

  async pinRequiredFor(auth: MemberPrincipal): Promise<boolean> {
    const mine = await this.mine(auth);
    return mine.required && !mine.hasPin;
  }

  /** A user an operator may act on: 404 for none, 403 for a role above the operator's. */
  private async target(op: Principal, by: { id: string } | { email: string }): Promise<Account> {
    const account = 'id' in by && !isUuid(by.id) ? null : await this.accounts.findAccount(by);
    if (!account) throw new DomainError('NOT_FOUND', 'security.userNotFound');
    if (ROLE_RANKS[account.membership.role] > ROLE_RANKS[op.role]) throw new DomainError('FORBIDDEN', 'security.aboveRank');
    return account;
  }

  private async userOf(account: Account): Promise<SecurityUser> {
    const orgId = account.membership.orgId;
    const [pin, verification] = orgId
      ? await Promise.all([this.pinOf(orgId, account.user.id), this.verification.stateOf(orgId, account.user.id)])
      : [null, null];
    return {
      id: account.user.id,
      name: nameOf(account),
      email: account.user.email,
      role: account.membership.role,
      orgName: account.org?.name ?? null,
      hasPin: Boolean(pin),
      verification,
    };
  }

  async findUser(op: Principal, email: string): Promise<SecurityUser> {
    return this.userOf(await this.target(op, { email }));
  }

  /** Checks the PIN a caller said; counted per member (429 with Retry-After past 5 in 15 minutes). */
  async check(op: Principal, body: { userId: string; pin: string }, client: ClientContext): Promise<PinCheckResult> {
    const account = await this.target(op, { id: body.userId });
    const orgId = account.membership.orgId;
    const row = orgId
      ? await this.pins.findOne({ where: { orgId, userId: account.user.id }, select: { id: true, orgId: true, pinHash: true } })
      : null;
    if (!orgId || !row) throw new DomainError('CONFLICT', 'security.noPin');
    const limit = this.limiter.limit('pinCheck', {
      points: SECURITY_LIMITS.pinChecksPerWindow,
      durationSeconds: SECURITY_LIMITS.pinCheckWindowSeconds,
    });
    const actor = auditActorOf(op, client);
    try {
      await limit.consume(account.user.id, 'security.pinTooMany');
    } catch (err) {
      await this.audit.record({
        action: 'security.pin.check',
        outcome: 'failure',
        reason: 'rate_limited',
        actor,
        orgId,
        target: { type: 'user', id: account.user.id },
      });
      throw err;
    }
    const match = await this.passwords.verify(row.pinHash, body.pin);
    await this.audit.record({
      action: 'security.pin.check',
      outcome: match ? 'success' : 'failure',
      ...(match ? {} : { reason: 'no_match' }),
      actor,
      orgId,
      target: { type: 'user', id: account.user.id },
    });
    return { match };
  }

  /** Removes a member's PIN (they set a new one in their profile); audited. */
  async reset(op: Principal, userId: string, client: ClientContext): Promise<SecurityUser> {
    const account = await this.target(op, { id: userId });
    const orgId = account.membership.orgId;
    const row = orgId ? await this.pinOf(orgId, account.user.id) : null;
    if (!orgId || !row) throw new DomainError('CONFLICT', 'security.noPin');
    await this.pins.delete({ id: row.id, orgId });
    await this.audit.record({
      action: 'security.pin.reset',
      outcome: 'success',
      actor: auditActorOf(op, client),
      orgId,
      target: { type: 'user', id: account.user.id },
    });
    return this.userOf(account);
  }

  async notices(auth: MemberPrincipal): Promise<SecurityNotices> {
    const [pinRequired, verification] = await Promise.all([this.pinRequiredFor(auth), this.verification.notice(auth)]);
    return { pinRequired, verification };
  }
}
