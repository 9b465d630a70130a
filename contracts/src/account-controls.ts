import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';
import { ROLES } from './roles.js';

/**
 * Support's account controls (SYSOPS and above): suspensions and freezes of users and whole
 * organisations, sign-in lockouts and their unlock, and the controls of one account (sign out
 * everywhere, force a password reset, revoke pending codes and links).
 */

/** What a restriction does: a suspension refuses sign-in; a freeze makes the account read-only (423 on writes). */
export const RESTRICTION_KINDS = ['suspension', 'freeze'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];

/** Whom a restriction holds: one user, or every member of an organisation. */
export const RESTRICTION_SUBJECTS = ['user', 'organization'] as const;
export type RestrictionSubject = (typeof RESTRICTION_SUBJECTS)[number];

export const ACCOUNT_CONTROL_LIMITS = {
  reasonMax: 500,
  messageMax: 1_000,
  /** Failed sign-ins shown per locked account (newest first). */
  attemptsShown: 25,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  searchMax: 200,
} as const;

const required = reason('validation.required');
const page = z.coerce.number().int(reason('validation.mustBeWholeNumber')).min(1, reason('validation.oneOrMore')).default(1);
const pageSize = z.coerce
  .number()
  .int(reason('validation.mustBeWholeNumber'))
  .min(1, reason('validation.oneOrMore'))
  .max(ACCOUNT_CONTROL_LIMITS.pageSizeMax, reason('validation.tooBig'))
  .default(ACCOUNT_CONTROL_LIMITS.pageSizeDefault);

const personSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });

/** One suspension or freeze, current or past. */
export const restrictionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(RESTRICTION_KINDS),
  subjectType: z.enum(RESTRICTION_SUBJECTS),
  /** The user's or the organisation's id. */
  subjectId: z.uuid(),
  /** The user's name and email, or the organisation's name. */
  subjectName: z.string(),
  subjectEmail: z.string().nullable(),
  /** The organisation of the subject (the user's, or the organisation itself). */
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Why (for support; never shown to the subject). */
  reason: z.string(),
  /** What the subject is shown at sign-in (suspension) or on every refused change (freeze). */
  message: z.string(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: personSchema.nullable(),
  liftedAt: z.string().nullable(),
  /** Null on a lifted restriction: lifted by its end date. */
  liftedBy: personSchema.nullable(),
  /** In force now (not lifted, end date not reached). */
  active: z.boolean(),
});
export type Restriction = z.infer<typeof restrictionSchema>;

export const restrictionPageSchema = z.object({
  items: z.array(restrictionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RestrictionPage = z.infer<typeof restrictionPageSchema>;

export const restrictionQuerySchema = z.object({
  kind: z.enum(RESTRICTION_KINDS, { error: reason('accountControls.chooseKind') }),
  /** Current (in force), past (lifted or ended), or both. */
  state: z.enum(['current', 'past', 'all'], { error: reason('accountControls.chooseState') }).default('all'),
  page,
  pageSize,
});
export type RestrictionQuery = z.input<typeof restrictionQuerySchema>;
export type RestrictionParams = z.output<typeof restrictionQuerySchema>;

/** Suspends or freezes a user or an organisation. */
export const createRestrictionSchema = z.object({
  kind: z.enum(RESTRICTION_KINDS, { error: reason('accountControls.chooseKind') }),
  subjectType: z.enum(RESTRICTION_SUBJECTS, { error: reason('accountControls.chooseSubject') }),
  subjectId: z.uuid({ error: reason('accountControls.chooseTarget') }),
  reason: z.string({ error: required }).trim().min(1, required).max(ACCOUNT_CONTROL_LIMITS.reasonMax, reason('validation.maxLength')),
  message: z.string().trim().max(ACCOUNT_CONTROL_LIMITS.messageMax, reason('validation.maxLength')).default(''),
  /** An ISO instant in the future; null or absent: until lifted. */
  endsAt: z.iso
    .datetime({ offset: true, error: reason('validation.dateTime') })
    .nullable()
    .optional()
    .refine((value) => value == null || Date.parse(value) > Date.now(), { error: reason('validation.inFuture') }),
});
export type CreateRestrictionRequest = z.input<typeof createRestrictionSchema>;
export type CreateRestrictionParams = z.output<typeof createRestrictionSchema>;

// ---------------------------------------------------------------------------------------------
// Users

export const supportUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** users.status: active, suspended, frozen or locked. */
  status: z.string(),
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportUser = z.infer<typeof supportUserSchema>;

export const userSearchQuerySchema = z.object({
  /** Part of an email, a name or an organisation's name (empty: everyone, newest first). */
  q: z.string().trim().max(ACCOUNT_CONTROL_LIMITS.searchMax, reason('validation.maxLength')).default(''),
  page,
  pageSize,
});
export type UserSearchQuery = z.input<typeof userSearchQuerySchema>;
export type UserSearchParams = z.output<typeof userSearchQuerySchema>;

export const supportUserPageSchema = z.object({
  items: z.array(supportUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SupportUserPage = z.infer<typeof supportUserPageSchema>;

/** One failed sign-in: when and from which address. */
export const failedAttemptSchema = z.object({ at: z.string(), ip: z.string().nullable() });
export type FailedAttempt = z.infer<typeof failedAttemptSchema>;

/** The sign-in lockout of one email (failed sign-ins counted by the limiter). */
export const lockoutSchema = z.object({
  email: z.string(),
  /** The account behind the email, if any (failures are counted for any email). */
  user: z.object({ id: z.uuid(), name: z.string(), organization: z.string().nullable() }).nullable(),
  /** Failures the limiter counts now (the lockout starts at `threshold`). */
  failures: z.number().int(),
  threshold: z.number().int(),
  locked: z.boolean(),
  /** When the count (or the block) lapses. */
  until: z.string().nullable(),
  /** Recent failed sign-ins, newest first. */
  attempts: z.array(failedAttemptSchema),
});
export type Lockout = z.infer<typeof lockoutSchema>;

export const lockoutListSchema = z.object({ items: z.array(lockoutSchema) });
export type LockoutList = z.infer<typeof lockoutListSchema>;

export const activeSessionSchema = z.object({
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/**
 * Everything support sees of one user, as a list of sections (the web draws one panel per key:
 * more sections — ID verification, support PIN — are added beside these).
 */
export const supportUserDetailSchema = z.object({
  user: supportUserSchema.extend({ firstName: z.string().nullable(), lastName: z.string().nullable(), language: z.string().nullable() }),
  memberships: z.array(
    z.object({ organization: z.object({ id: z.uuid(), name: z.string() }).nullable(), role: z.enum(ROLES), since: z.string() }),
  ),
  signInMethods: z.object({
    password: z.boolean(),
    emailedCode: z.boolean(),
    /** The organisation requires single sign-on (password sign-in refused). */
    ssoRequired: z.boolean(),
  }),
  lockout: lockoutSchema,
  restrictions: z.array(restrictionSchema),
  sessions: z.object({ count: z.number().int(), items: z.array(activeSessionSchema) }),
  /** Whether the operator may act on this account (false for a platform account above their rank, or their own). */
  canAct: z.boolean(),
});
export type SupportUserDetail = z.infer<typeof supportUserDetailSchema>;

export const organizationSearchQuerySchema = z.object({
  q: z.string().trim().max(ACCOUNT_CONTROL_LIMITS.searchMax, reason('validation.maxLength')).default(''),
});
export const supportOrganizationListSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string(), members: z.number().int(), createdAt: z.string() })),
});
export type SupportOrganizationList = z.infer<typeof supportOrganizationListSchema>;

export const unlockRequestSchema = z.object({
  email: z.email({ error: reason('validation.email') }).transform((value) => value.toLowerCase()),
});
export type UnlockRequest = z.input<typeof unlockRequestSchema>;

export const unlockResultSchema = z.object({ unlocked: z.boolean() });
export const sessionsEndedSchema = z.object({ sessionsEnded: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
export const codesRevokedSchema = z.object({ codes: z.number().int(), resetLinks: z.number().int() });
export type CodesRevoked = z.infer<typeof codesRevokedSchema>;

/** The signed-in principal's own restriction state (the app shell's read-only banner). */
export const myRestrictionSchema = z.object({
  frozen: z.object({ scope: z.enum(RESTRICTION_SUBJECTS), message: z.string(), endsAt: z.string().nullable() }).nullable(),
});
export type MyRestriction = z.infer<typeof myRestrictionSchema>;

/** Pushed to the user's (or organisation's) sockets when a freeze starts or ends: refetch `mine`. */
export const restrictionChangedSchema = z.object({ kind: z.enum(RESTRICTION_KINDS) });
export type RestrictionChanged = z.infer<typeof restrictionChangedSchema>;

const tag = 'account-controls';

export const accountControlEndpoints = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/account-controls/mine',
    tag,
    summary: 'Whether the signed-in account is frozen (read-only), with the message support left',
    response: myRestrictionSchema,
  }),
  searchUsers: defineEndpoint({
    method: 'GET',
    path: '/api/sysops/users',
    tag,
    summary: 'Find users across organisations by email, name or organisation (SYSOPS+)',
    query: userSearchQuerySchema,
    response: supportUserPageSchema,
  }),
  user: defineEndpoint({
    method: 'GET',
    path: '/api/sysops/users/:userId',
    tag,
    summary: "One user's memberships, sign-in methods, lockout, suspensions, freezes and sessions (SYSOPS+)",
    response: supportUserDetailSchema,
  }),
  signOutEverywhere: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/users/:userId/sign-out-everywhere',
    tag,
    summary: 'End every session of the user and disconnect their sockets (SYSOPS+); audited',
    response: sessionsEndedSchema,
  }),
  forcePasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/users/:userId/force-password-reset',
    tag,
    summary:
      'Require a new password: sessions ended, pending codes revoked, a reset link emailed; password sign-in refused until reset (SYSOPS+)',
    response: sessionsEndedSchema,
  }),
  revokeCodes: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/users/:userId/revoke-codes',
    tag,
    summary: "Revoke the user's pending sign-in code and password reset links (SYSOPS+); audited",
    response: codesRevokedSchema,
  }),
  organizations: defineEndpoint({
    method: 'GET',
    path: '/api/sysops/organizations',
    tag,
    summary: 'Find organisations by name (SYSOPS+)',
    query: organizationSearchQuerySchema,
    response: supportOrganizationListSchema,
  }),
  restrictions: defineEndpoint({
    method: 'GET',
    path: '/api/sysops/restrictions',
    tag,
    summary: 'Current and past suspensions or freezes (SYSOPS+), newest first',
    query: restrictionQuerySchema,
    response: restrictionPageSchema,
  }),
  restrict: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/restrictions',
    tag,
    status: 201,
    summary: 'Suspend or freeze a user or an organisation (SYSOPS+); sessions end at once on suspension; audited',
    body: createRestrictionSchema,
    response: restrictionSchema,
  }),
  lift: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/restrictions/:id/lift',
    tag,
    summary: 'Lift a suspension or freeze (SYSOPS+); audited',
    response: restrictionSchema,
  }),
  lockouts: defineEndpoint({
    method: 'GET',
    path: '/api/sysops/lockouts',
    tag,
    summary: 'Emails with failed sign-ins counted now, locked ones first, with recent attempts and addresses (SYSOPS+)',
    response: lockoutListSchema,
  }),
  unlock: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/lockouts/unlock',
    tag,
    summary: "Clear an email's failed sign-ins and lockout (SYSOPS+); audited",
    body: unlockRequestSchema,
    response: unlockResultSchema,
  }),
};
