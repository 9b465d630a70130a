import { displayNameOf, type SessionInfo } from '@muster/contracts';
import type { Membership } from './entities/membership.entity.js';
import type { Organization } from './entities/organization.entity.js';
import type { User } from './entities/user.entity.js';
import type { NewSession } from '../../platform/session/session.service.js';
import type { SessionProfile } from '../../platform/session/session.store.js';

/** A user with the membership that gives their role, and their organisation if any. */
export interface Account {
  user: User;
  membership: Membership;
  org: Organization | null;
}

/** What a new session of this account holds. */
export function newSessionOf(account: Account): NewSession {
  return {
    kind: 'user',
    principalId: account.user.id,
    userId: account.user.id,
    inviteId: null,
    orgId: account.membership.orgId,
    role: account.membership.role,
    profile: profileOf(account),
  };
}

/** What the sessions of this account keep of it (see `SessionProfile`). */
export function profileOf(account: Account): SessionProfile {
  return { me: sessionInfoOf(account), language: account.user.language ?? 'en', timeZone: account.org?.timeZone ?? 'UTC' };
}

export function sessionInfoOf(account: Account): SessionInfo {
  const { user, membership, org } = account;
  return {
    authenticated: true,
    user: {
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      // A member without their own setting gets the organisation's default (security policy).
      autoLogoutMinutes: user.autoLogoutMinutes ?? org?.defaultAutoLockMinutes ?? null,
    },
    org: org ? { id: org.id, name: org.name } : null,
    role: membership.role,
  };
}

/** How a person is named to others: first and last name, else the username. */
export function displayName(account: Account): string {
  return displayNameOf(account.user);
}
