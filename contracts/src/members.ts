import { z } from 'zod';
import { emailSchema, languageCodeSchema, newPasswordSchema, sessionSchema, SIGN_IN_METHODS } from './auth.js';
import { defineEndpoint } from './http.js';
import { PLAN_IDS } from './plans.js';
import { reason } from './reasons.js';
import { hasRank, ROLE_RANKS, ROLES, type Role } from './roles.js';

/**
 * The people of an organisation (issue 18, "Members"): members with their role and status,
 * invitations by email (one, a pasted list or a CSV file), seats counted against the plan.
 */

/** Roles an organisation can give its members: never a platform role, never a guest auditor (who has an invite of their own). */
export const MEMBER_ROLES = ['ADMIN', 'MANAGER', 'INTERNAL_AUDITOR', 'ACCOUNTANT', 'USER'] as const satisfies readonly Role[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);
}

/** The roles `actor` may give (and the members whose role it may change): organisation roles up to its own rank. */
export function assignableRoles(actor: Role): MemberRole[] {
  return MEMBER_ROLES.filter((role) => hasRank(actor, role));
}

/** Whether `actor` outranks or equals `target`: nobody acts on a member ranked above them. */
export function mayManage(actor: Role, target: Role): boolean {
  return ROLE_RANKS[actor] >= ROLE_RANKS[target];
}

/** A membership is active or deactivated (a deactivated member cannot sign in; the seat is free). */
export const MEMBERSHIP_STATUSES = ['active', 'deactivated'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/**
 * What the member list shows: an invitation still pending, an active member, a deactivated one,
 * or an account that support suspended, froze or that is locked (the account's own status).
 */
export const MEMBER_STATUSES = ['invited', 'active', 'deactivated', 'suspended', 'frozen', 'locked'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];


export const MEMBER_LIMITS = {
  /** An invitation link is valid this many days. */
  inviteTtlDays: 7,
  /** At most this many invitations in one list or CSV file (more: 413). */
  bulkMaxRows: 500,
  /** The pasted list or CSV text, in characters. */
  bulkMaxChars: 100_000,
  pageMax: 100,
  nameMax: 100,
} as const;

const inviteRoleSchema = z.enum(MEMBER_ROLES, { error: reason('members.roleNotAssignable') });

export const createInviteSchema = z.object({
  email: emailSchema,
  role: inviteRoleSchema,
  /** The invitee's language, when the inviter knows it (else the inviter's). */
  language: languageCodeSchema.optional(),
});
export type CreateInviteRequest = z.input<typeof createInviteSchema>;

/**
 * Many invitations at once: lines of `email[,role[,language]]` (a pasted list or the text of a CSV
 * file, with or without an `email,role,language` header). A line without a role takes `role`.
 * Every line is checked first; one bad line refuses the whole list (400, a reason per line as
 * `lines.<n>`), so nothing is half-applied.
 */
export const bulkInviteSchema = z.object({
  text: z.string({ error: reason('validation.required') }).min(1, reason('members.emptyList')),
  role: inviteRoleSchema.default('USER'),
  language: languageCodeSchema.optional(),
});
export type BulkInviteRequest = z.input<typeof bulkInviteSchema>;

export const memberListQuerySchema = z.object({
  /** Words of the name or email. */
  q: z.string().trim().max(200, reason('validation.maxLength')).optional(),
  role: z.enum(MEMBER_ROLES, { error: reason('validation.chooseOneOf') }).optional(),
  status: z.enum(MEMBER_STATUSES, { error: reason('validation.chooseOneOf') }).optional(),
  limit: z.coerce.number().int().min(1).max(MEMBER_LIMITS.pageMax, reason('validation.rowsPerPage')).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export type MemberListQuery = z.input<typeof memberListQuerySchema>;
export type MemberListParams = z.output<typeof memberListQuerySchema>;

export const changeRoleSchema = z.object({ role: inviteRoleSchema });
export type ChangeRoleRequest = z.input<typeof changeRoleSchema>;

const personNameSchema = z
  .string({ error: reason('validation.required') })
  .trim()
  .min(1, reason('validation.enterName'))
  .max(MEMBER_LIMITS.nameMax, reason('validation.maxLength'));

/** Accepting an invitation: a new person chooses a name and password; an existing account proves its password. */
export const acceptInviteSchema = z.discriminatedUnion('mode', [
  z
    .object({
      mode: z.literal('new'),
      firstName: personNameSchema,
      lastName: personNameSchema,
      password: newPasswordSchema,
      confirmPassword: z.string(),
    })
    .refine((v) => v.password === v.confirmPassword, { message: reason('validation.passwordsMismatch'), path: ['confirmPassword'] }),
  z.object({
    mode: z.literal('existing'),
    password: z
      .string({ error: reason('validation.passwordRequired') })
      .min(1, reason('validation.passwordRequired'))
      .max(1024),
  }),
]);
export type AcceptInviteRequest = z.input<typeof acceptInviteSchema>;

/** The names asked at the first sign-in of a member who has none. */
export const memberNamesSchema = z.object({ firstName: personNameSchema, lastName: personNameSchema });
export type MemberNamesRequest = z.input<typeof memberNamesSchema>;

const personSchema = z.object({ id: z.uuid().nullable(), name: z.string() });

/** One row of the member list: a member (id = user id) or a pending invitation (id = invite id). */
export const memberRowSchema = z.object({
  kind: z.enum(['member', 'invite']),
  id: z.uuid(),
  /** First and last name (null for an invitation, or a member who gave none). */
  name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(MEMBER_STATUSES),
  lastActiveAt: z.string().nullable(),
  signInMethods: z.array(z.enum(SIGN_IN_METHODS)),
  /** Invitations: who sent it, when it ends, its language. */
  invitedBy: personSchema.nullable(),
  expiresAt: z.string().nullable(),
  language: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

/** Seats: active members plus pending invitations, against the plan's user limit. */
export const seatUsageSchema = z.object({
  plan: z.enum(PLAN_IDS),
  limit: z.number().int(),
  used: z.number().int(),
  activeMembers: z.number().int(),
  pendingInvites: z.number().int(),
});
export type SeatUsage = z.infer<typeof seatUsageSchema>;

export const memberListSchema = z.object({
  items: z.array(memberRowSchema),
  total: z.number().int(),
  seats: seatUsageSchema,
  /** The roles the signed-in administrator may give. */
  assignableRoles: z.array(z.enum(MEMBER_ROLES)),
});
export type MemberList = z.infer<typeof memberListSchema>;

export const inviteResultSchema = z.object({ invites: z.array(memberRowSchema), seats: seatUsageSchema });
export type InviteResult = z.infer<typeof inviteResultSchema>;

/** What the invitation screen shows before it is accepted. */
export const invitePreviewSchema = z.object({
  organization: z.string(),
  inviter: z.string().nullable(),
  role: z.enum(MEMBER_ROLES),
  email: z.string(),
  language: z.string().nullable(),
  expiresAt: z.string(),
  /** new: a person without a Muster account; existing: an account without organisation (signs in with its password). */
  account: z.enum(['new', 'existing']),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const namePromptSchema = z.object({
  /** Ask for the first and last name now. */
  ask: z.boolean(),
  /** The prompt may still be skipped (once). */
  skippable: z.boolean(),
});
export type NamePrompt = z.infer<typeof namePromptSchema>;

const okSchema = z.object({ ok: z.literal(true) });

export const memberEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/members',
    tag: 'members',
    summary: 'The organisation’s members and pending invitations (ADMIN): search, role and status filters, paging, seats',
    query: memberListQuerySchema,
    response: memberListSchema,
  }),
  seats: defineEndpoint({
    method: 'GET',
    path: '/api/members/seats',
    tag: 'members',
    summary: 'Seats taken (active members plus pending invitations) against the plan’s user limit',
    response: seatUsageSchema,
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/members/invites',
    tag: 'members',
    status: 201,
    summary: 'Invites one person by email with a role up to the inviter’s own (402 beyond the seats of the plan)',
    body: createInviteSchema,
    response: inviteResultSchema,
  }),
  bulkInvite: defineEndpoint({
    method: 'POST',
    path: '/api/members/invites/bulk',
    tag: 'members',
    status: 201,
    summary: 'Invites everyone of a pasted list or CSV text (email[,role[,language]] per line); all or nothing',
    body: bulkInviteSchema,
    response: inviteResultSchema,
  }),
  resendInvite: defineEndpoint({
    method: 'POST',
    path: '/api/members/invites/:id/resend',
    tag: 'members',
    summary: 'Sends a pending invitation again with a new link (the old link stops working) valid 7 days',
    response: memberRowSchema,
  }),
  revokeInvite: defineEndpoint({
    method: 'POST',
    path: '/api/members/invites/:id/revoke',
    tag: 'members',
    summary: 'Revokes a pending invitation: its link stops working and its seat is free',
    response: okSchema,
  }),
  changeRole: defineEndpoint({
    method: 'PATCH',
    path: '/api/members/:userId/role',
    tag: 'members',
    summary: 'Changes a member’s role (up to the actor’s rank; never the last administrator’s); takes effect at once',
    body: changeRoleSchema,
    response: memberRowSchema,
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/api/members/:userId/deactivate',
    tag: 'members',
    summary: 'Deactivates a member: their sessions end and they cannot sign in; the seat is free',
    response: memberRowSchema,
  }),
  reactivate: defineEndpoint({
    method: 'POST',
    path: '/api/members/:userId/reactivate',
    tag: 'members',
    summary: 'Reactivates a deactivated member (takes a seat again)',
    response: memberRowSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/members/:userId',
    tag: 'members',
    summary: 'Removes a member from the organisation (the account stays, without organisation); their sessions end at once',
    response: okSchema,
  }),
  namePrompt: defineEndpoint({
    method: 'GET',
    path: '/api/members/name-prompt',
    tag: 'members',
    summary: 'Whether to ask the signed-in member for their first and last name',
    response: namePromptSchema,
  }),
  saveNames: defineEndpoint({
    method: 'POST',
    path: '/api/members/name-prompt',
    tag: 'members',
    summary: 'Saves the signed-in member’s first and last name (answers the new /api/auth/me)',
    body: memberNamesSchema,
    response: sessionSchema,
  }),
  skipNames: defineEndpoint({
    method: 'POST',
    path: '/api/members/name-prompt/skip',
    tag: 'members',
    summary: 'Skips the name prompt (once: the next sign-in asks again, without a skip)',
    response: okSchema,
  }),
  previewInvite: defineEndpoint({
    method: 'GET',
    path: '/api/invites/:token',
    tag: 'members',
    summary: 'The invitation behind a link: organisation, inviter, role (expired, revoked or used links answer their reason)',
    response: invitePreviewSchema,
  }),
  acceptInvite: defineEndpoint({
    method: 'POST',
    path: '/api/invites/:token/accept',
    tag: 'members',
    summary: 'Accepts an invitation (a new account with names and password, or an existing one with its password) and signs in',
    body: acceptInviteSchema,
    response: sessionSchema,
  }),
} as const;
