import { displayNameOf, type ErrorReason, type MemberPrincipal, type OrgPrincipal, type Principal } from '@muster/contracts';
import type { AuditActor } from '../audit/audit.service.js';
import { DomainError } from '../errors/domain-error.js';
import type { SessionProfile, SessionRecord } from '../session/session.store.js';
import type { ClientContext } from './auth.decorators.js';

/**
 * The principal of a session record, from the record alone. A record without the profile fields
 * the principal needs (issued by an older version) is no session at all: its holder signs in again.
 */
export function principalOf(record: SessionRecord, sessionId: string): Principal | null {
  // Read as the JSON it was: an older session may lack any of these.
  const profile = record.profile as Partial<SessionProfile> | undefined;
  if (!profile?.me || !profile.language || !profile.timeZone) return null;
  return {
    sessionId,
    kind: record.kind,
    principalId: record.principalId,
    userId: record.userId,
    inviteId: record.inviteId,
    orgId: record.orgId,
    orgName: profile.me.org?.name ?? null,
    role: record.role,
    name: displayNameOf(profile.me.user),
    email: profile.me.user.email,
    language: profile.language,
    timeZone: profile.timeZone,
  };
}

/** A person signed in with a Muster account (guest auditors are not: 403). */
export function asUser(principal: Principal): Principal & { userId: string } {
  if (principal.kind !== 'user' || !principal.userId) throw new DomainError('FORBIDDEN', 'auth.forbidden');
  return principal as Principal & { userId: string };
}

/** The principal inside its organisation, or a 403 with `reason` for platform staff (who have none). */
export function inOrg(principal: Principal, reason: ErrorReason = 'auth.noOrganization'): OrgPrincipal {
  if (!principal.orgId) throw new DomainError('FORBIDDEN', reason);
  return principal as OrgPrincipal;
}

/** A member acting inside their organisation (guest auditors are not members: 403). */
export function asMember(principal: Principal, reason: ErrorReason = 'auth.noOrganization'): MemberPrincipal {
  const org = inOrg(principal, reason);
  if (org.kind !== 'user' || !org.userId) throw new DomainError('FORBIDDEN', 'auth.forbidden');
  return org as MemberPrincipal;
}

/** What the audit trail records of whoever acts: the one audit actor, derived from the principal. */
export function auditActorOf(
  principal: Principal,
  client?: ClientContext | null,
): AuditActor & Pick<Principal, 'userId' | 'role' | 'orgId'> {
  return {
    userId: principal.userId,
    inviteId: principal.inviteId,
    role: principal.role,
    orgId: principal.orgId,
    email: principal.email,
    ip: client?.ip ?? null,
    userAgent: client?.userAgent ?? null,
  };
}
