/** The nine ranked roles (spec §6, spec/routes.json "ranks"). */
export const ROLES = [
  'ROOT_ADMIN',
  'DEPUTY_ADMIN',
  'SYSOPS',
  'ADMIN',
  'MANAGER',
  'INTERNAL_AUDITOR',
  'ACCOUNTANT',
  'GUEST_AUDITOR',
  'USER',
] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_RANKS: Readonly<Record<Role, number>> = {
  ROOT_ADMIN: 9,
  DEPUTY_ADMIN: 8,
  SYSOPS: 7,
  ADMIN: 6,
  MANAGER: 5,
  INTERNAL_AUDITOR: 4,
  ACCOUNTANT: 3,
  GUEST_AUDITOR: 2,
  USER: 1,
};

/** Roles that belong to the platform and may have no organisation. */
export const PLATFORM_ROLES: readonly Role[] = ['ROOT_ADMIN', 'DEPUTY_ADMIN', 'SYSOPS'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A route or endpoint with a minimum role is allowed when the user's rank is at least its rank. */
export function hasRank(role: Role | null | undefined, minRole: Role | null | undefined): boolean {
  if (!minRole) return true;
  if (!role) return false;
  return ROLE_RANKS[role] >= ROLE_RANKS[minRole];
}
