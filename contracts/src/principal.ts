import type { SessionInfo } from './auth.js';
import type { LanguageCode } from './i18n.js';
import type { Role } from './roles.js';

/**
 * Who is acting: resolved once per request by the server's access guard and once per socket at
 * the handshake, from the Redis session alone (no database read). Services receive it from
 * controllers and gateways and never re-read the account to learn who acts.
 */
export interface Principal {
  sessionId: string;
  /** A member of Muster, or a guest auditor signed in through an invite. */
  kind: 'user' | 'auditor';
  /** The user's id, or the invite's id for a guest auditor. */
  principalId: string;
  userId: string | null;
  inviteId: string | null;
  /** Null for platform staff, who belong to no organisation. */
  orgId: string | null;
  orgName: string | null;
  role: Role;
  /** How the person is named to others: first and last name, else the username. */
  name: string;
  email: string;
  /** The language the person chose (English until they choose one). */
  language: LanguageCode;
  /** The organisation's IANA time zone (UTC for platform staff). */
  timeZone: string;
}

/** A principal acting inside an organisation: the only kind that reaches org-owned rows. */
export interface OrgPrincipal extends Principal {
  orgId: string;
  orgName: string;
}

/** A member of an organisation (not a guest auditor): drills, tickets, documents. */
export interface MemberPrincipal extends OrgPrincipal {
  kind: 'user';
  userId: string;
}

/** The name a session's profile gives a person: first and last name, else the username. */
export function displayNameOf(user: Pick<SessionInfo['user'], 'firstName' | 'lastName' | 'username'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}
