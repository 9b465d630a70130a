import {
  hasRank,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketCategory,
  type Role,
  type TicketPriority,
  type TicketScope,
  type TicketStatus,
} from '@muster/contracts';

const pick =
  <T extends string>(allowed: readonly T[]) =>
  (value: string): T | undefined =>
    (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** Address values read back as filters; anything unknown is no filter. */
export const asStatus: (v: string) => TicketStatus | undefined = pick(TICKET_STATUSES);
export const asPriority: (v: string) => TicketPriority | undefined = pick(TICKET_PRIORITIES);
export const asCategory: (v: string) => TicketCategory | undefined = pick(TICKET_CATEGORIES);

/** Which tickets /app/tickets lists for a role: all (operators), the organisation's (ADMIN, MANAGER), else one's own. */
export function ticketScopeFor(role: Role | null | undefined, hasOrganization: boolean): TicketScope {
  if (hasRank(role, 'SYSOPS')) return 'all';
  if (hasOrganization && (role === 'ADMIN' || role === 'MANAGER')) return 'organization';
  return 'mine';
}
