import { Injectable } from '@nestjs/common';
import { DEFAULT_TIME_ZONE, type DrillMember, type LanguageCode, type Role } from '@muster/contracts';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { AuthService } from '../identity/auth.service.js';
import { displayName, type Account } from '../identity/accounts.js';
import type { DrillActor } from './drill-actor.js';

/** A member someone mails (reminders, cadence notices), with the language they chose (null: none yet). */
export interface DrillRecipient extends DrillMember {
  language: LanguageCode | null;
}

/** Who is acting on drills, and who the organisation's members are (leads, participants, owners, recipients). */
@Injectable()
export class DrillMembersService {
  constructor(private readonly accounts: AuthService) {}

  /**
   * The member a background job acts for (a render's requester), as they are now: a request or a
   * socket has its principal instead. Someone who left the organisation is not found.
   */
  async actorById(userId: string | null, orgId: string | null): Promise<DrillActor> {
    const account = userId && orgId ? await this.accounts.findAccount({ id: userId }) : null;
    if (!account || account.membership.orgId !== orgId) throw new NotFoundError('drillRun');
    return this.actorOf(account);
  }

  private actorOf(account: Account): DrillActor {
    if (!account.membership.orgId) throw new DomainError('FORBIDDEN', 'drillTemplate.noOrganization');
    return {
      userId: account.user.id,
      orgId: account.membership.orgId,
      role: account.membership.role,
      name: displayName(account),
      timeZone: account.org?.timeZone ?? DEFAULT_TIME_ZONE,
    };
  }

  async members(orgId: string): Promise<DrillMember[]> {
    return (await this.accounts.membersOf(orgId)).map((a) => ({
      id: a.user.id,
      name: displayName(a),
      email: a.user.email,
      role: a.membership.role,
    }));
  }

  /** Members by id (only those of the organisation: another organisation's user is simply absent). */
  async membersById(orgId: string): Promise<Map<string, DrillMember>> {
    return new Map((await this.members(orgId)).map((m) => [m.id, m]));
  }

  /** Members holding one of `roles` (reminders to managers). */
  async withRoles(orgId: string, roles: readonly Role[]): Promise<DrillRecipient[]> {
    return (await this.recipients(orgId)).filter((m) => (roles as readonly string[]).includes(m.role));
  }

  /** Members as recipients of mail, with their languages. */
  async recipients(orgId: string): Promise<DrillRecipient[]> {
    return (await this.accounts.membersOf(orgId)).map((a) => ({
      id: a.user.id,
      name: displayName(a),
      email: a.user.email,
      role: a.membership.role,
      language: a.user.language,
    }));
  }
}
