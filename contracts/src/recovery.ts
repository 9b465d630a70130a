import { z } from 'zod';
import { emailSchema, resetPasswordSchema, sessionSchema } from './auth.js';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';
import { ROLES } from './roles.js';

/**
 * Account recovery through delegates (Apple's recovery contacts), organisation termination with
 * its purge, and self-service restore (issue 18). One module's contracts: recovery delegates and
 * their policy, recovery requests, terminations and restore requests.
 */
export const RECOVERY_LIMITS = {
  /** At most this many delegates per organisation. */
  maxDelegates: 5,
  defaultApprovals: 2,
  defaultCoolingOffHours: 24,
  /** The cooling-off period an administrator may choose, in hours (0 = the reset link is sent at once). */
  minCoolingOffHours: 0,
  maxCoolingOffHours: 168,
  /** A request nobody completed expires this many days after it was made (or became ready). */
  requestTtlDays: 7,
} as const;

/** Spec §9: terminated accounts are mostly deleted within 90 days; compliance and billing records are kept 7 years. */
export const TERMINATION_RETENTION = {
  purgeAfterDays: 90,
  keptRecordsYears: 7,
} as const;

export const RECOVERY_STATES = ['requested', 'approved', 'ready', 'completed', 'cancelled', 'declined', 'expired'] as const;
export type RecoveryState = (typeof RECOVERY_STATES)[number];
export const DELEGATE_STATES = ['pending', 'accepted'] as const;
export type DelegateState = (typeof DELEGATE_STATES)[number];
export const RECOVERY_DECISIONS = ['approve', 'decline'] as const;
export type RecoveryDecision = (typeof RECOVERY_DECISIONS)[number];
export const TERMINATION_STATES = ['terminated', 'restored', 'purged'] as const;
export type TerminationState = (typeof TERMINATION_STATES)[number];
export const RESTORE_STATES = ['unconfirmed', 'pending', 'approved', 'declined'] as const;
export type RestoreState = (typeof RESTORE_STATES)[number];

const required = reason('validation.required');
const uuid = z.uuid({ error: reason('recovery.invalidId') });
const token = z.string({ error: required }).trim().min(20, reason('recovery.invalidLink')).max(200, reason('recovery.invalidLink'));

// ---- delegates and policy (ADMIN) ----

export const recoveryPolicySchema = z.object({
  approvalsRequired: z
    .number({ error: reason('validation.wholeNumber') })
    .int(reason('validation.wholeNumber'))
    .min(1, reason('recovery.approvalsMin'))
    .max(RECOVERY_LIMITS.maxDelegates, reason('recovery.approvalsMax')),
  coolingOffHours: z
    .number({ error: reason('validation.wholeNumber') })
    .int(reason('validation.wholeNumber'))
    .min(RECOVERY_LIMITS.minCoolingOffHours, reason('recovery.coolingOffRange'))
    .max(RECOVERY_LIMITS.maxCoolingOffHours, reason('recovery.coolingOffRange')),
});
export type RecoveryPolicy = z.infer<typeof recoveryPolicySchema>;

export const addDelegateSchema = z.object({ userId: uuid });
export type AddDelegateRequest = z.infer<typeof addDelegateSchema>;

export const recoveryPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(ROLES) });
export type RecoveryPerson = z.infer<typeof recoveryPersonSchema>;

export const recoveryDelegateSchema = z.object({
  id: z.string(),
  member: recoveryPersonSchema,
  status: z.enum(DELEGATE_STATES),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type RecoveryDelegate = z.infer<typeof recoveryDelegateSchema>;

export const recoverySettingsSchema = z.object({
  policy: recoveryPolicySchema,
  delegates: z.array(recoveryDelegateSchema),
  /** Members who may still be named (active, not yet delegates). */
  candidates: z.array(recoveryPersonSchema),
  maxDelegates: z.number(),
});
export type RecoverySettings = z.infer<typeof recoverySettingsSchema>;

// ---- the delegate portal (/recovery signed in) and the emailed links ----

export const recoveryRequestViewSchema = z.object({
  id: z.string(),
  requester: z.object({ name: z.string(), email: z.string() }),
  status: z.enum(RECOVERY_STATES),
  approvalsRequired: z.number(),
  approvals: z.number(),
  /** This delegate's own decision (null until taken). */
  myDecision: z.enum(RECOVERY_DECISIONS).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When the cooling-off period ends (set once the approvals are reached). */
  readyAt: z.string().nullable(),
});
export type RecoveryRequestView = z.infer<typeof recoveryRequestViewSchema>;

export const recoveryPortalSchema = z.object({
  /** Delegations offered to the signed-in member, waiting for an answer. */
  invitations: z.array(z.object({ id: z.string(), organizationName: z.string(), invitedAt: z.string() })),
  /** Whether the signed-in member is an accepted delegate. */
  isDelegate: z.boolean(),
  /** Recovery requests of the organisation this member is a delegate for, newest first. */
  requests: z.array(recoveryRequestViewSchema),
});
export type RecoveryPortal = z.infer<typeof recoveryPortalSchema>;

export const recoveryDecisionSchema = z.object({
  decision: z.enum(RECOVERY_DECISIONS, { error: reason('recovery.chooseDecision') }),
});
export type RecoveryDecisionRequest = z.infer<typeof recoveryDecisionSchema>;

export const recoveryTokenSchema = z.object({ token });
export type RecoveryTokenRequest = z.infer<typeof recoveryTokenSchema>;

export const recoveryLinkDecisionSchema = z.object({
  token,
  decision: z.enum(RECOVERY_DECISIONS, { error: reason('recovery.chooseDecision') }),
});
export type RecoveryLinkDecisionRequest = z.infer<typeof recoveryLinkDecisionSchema>;

export const recoveryTokenQuerySchema = z.object({ token });

/** What an emailed decision link shows before the delegate decides. */
export const recoveryLinkViewSchema = z.object({
  requester: z.object({ name: z.string(), email: z.string() }),
  organizationName: z.string(),
  status: z.enum(RECOVERY_STATES),
  myDecision: z.enum(RECOVERY_DECISIONS).nullable(),
  approvals: z.number(),
  approvalsRequired: z.number(),
});
export type RecoveryLinkView = z.infer<typeof recoveryLinkViewSchema>;

export const recoveryAskSchema = z.object({ email: emailSchema });
export type RecoveryAskRequest = z.infer<typeof recoveryAskSchema>;

/** The new password of a recovery (the existing password rules). */
export const recoveryResetSchema = resetPasswordSchema;

export const recoveryOkSchema = z.object({ ok: z.literal(true) });

// ---- termination (ROOT_ADMIN, DEPUTY_ADMIN) ----

export const terminationQuerySchema = z.object({ q: z.string().trim().max(200, reason('validation.maxLength')).default('') });

export const terminateSchema = z.object({
  /** The organisation's name, typed to confirm. */
  confirmName: z.string({ error: required }).trim().min(1, required).max(200, reason('validation.maxLength')),
  reason: z.string().trim().max(500, reason('validation.maxLength')).default(''),
});
export type TerminateRequest = z.input<typeof terminateSchema>;

export const terminationSchema = z.object({
  id: z.string(),
  organization: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(TERMINATION_STATES),
  terminatedAt: z.string(),
  purgeAfter: z.string(),
  reason: z.string(),
  members: z.number(),
  restoredAt: z.string().nullable(),
  purgedAt: z.string().nullable(),
});
export type Termination = z.infer<typeof terminationSchema>;

export const organizationSearchSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      members: z.number(),
      termination: terminationSchema.nullable(),
    }),
  ),
});
export type OrganizationSearch = z.infer<typeof organizationSearchSchema>;
export const terminationListSchema = z.object({ items: z.array(terminationSchema) });
export type TerminationList = z.infer<typeof terminationListSchema>;

// ---- restore (/restore, SYSOPS queue) ----

export const restoreAskSchema = z.object({ email: emailSchema });
export type RestoreAskRequest = z.infer<typeof restoreAskSchema>;

export const restoreConfirmedSchema = z.object({ organizationName: z.string(), status: z.enum(RESTORE_STATES) });
export type RestoreConfirmed = z.infer<typeof restoreConfirmedSchema>;

export const restoreRequestSchema = z.object({
  id: z.string(),
  organization: z.object({ id: z.string(), name: z.string() }),
  requester: z.object({ name: z.string(), email: z.string() }),
  status: z.enum(RESTORE_STATES),
  terminatedAt: z.string(),
  purgeAfter: z.string(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RestoreRequest = z.infer<typeof restoreRequestSchema>;
export const restoreRequestListSchema = z.object({ items: z.array(restoreRequestSchema) });
export type RestoreRequestList = z.infer<typeof restoreRequestListSchema>;

export const restoreDecisionSchema = z.object({
  decision: z.enum(RECOVERY_DECISIONS, { error: reason('recovery.chooseDecision') }),
});
export type RestoreDecisionRequest = z.infer<typeof restoreDecisionSchema>;

export const recoveryEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/recovery/settings',
    tag: 'recovery',
    summary: "The organisation's recovery policy and delegates (ADMIN)",
    response: recoverySettingsSchema,
  }),
  setPolicy: defineEndpoint({
    method: 'PUT',
    path: '/api/recovery/policy',
    tag: 'recovery',
    summary: 'Sets how many delegate approvals a recovery needs (at most the accepted delegates) and the cooling-off period (ADMIN)',
    body: recoveryPolicySchema,
    response: recoverySettingsSchema,
  }),
  addDelegate: defineEndpoint({
    method: 'POST',
    path: '/api/recovery/delegates',
    tag: 'recovery',
    status: 201,
    summary: 'Names a member as a recovery delegate (at most 5); they are emailed a link to accept (ADMIN)',
    body: addDelegateSchema,
    response: recoverySettingsSchema,
  }),
  removeDelegate: defineEndpoint({
    method: 'DELETE',
    path: '/api/recovery/delegates/:id',
    tag: 'recovery',
    summary: 'Removes a recovery delegate (ADMIN)',
    response: recoverySettingsSchema,
  }),
  portal: defineEndpoint({
    method: 'GET',
    path: '/api/recovery/portal',
    tag: 'recovery',
    summary: "The signed-in member's delegations to accept and the recovery requests they decide on",
    response: recoveryPortalSchema,
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/recovery/delegations/:id/accept',
    tag: 'recovery',
    summary: 'Accepts being a recovery delegate (the signed-in member)',
    response: recoveryPortalSchema,
  }),
  acceptLink: defineEndpoint({
    method: 'POST',
    path: '/api/recovery/delegations/accept-link',
    tag: 'recovery',
    summary: 'Accepts being a recovery delegate from the emailed link',
    body: recoveryTokenSchema,
    response: z.object({ organizationName: z.string() }),
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/api/recovery/requests/:id/decision',
    tag: 'recovery',
    summary: 'A delegate approves or declines a recovery request (never their own)',
    body: recoveryDecisionSchema,
    response: recoveryPortalSchema,
  }),
  linkView: defineEndpoint({
    method: 'GET',
    path: '/api/recovery/decision-link',
    tag: 'recovery',
    summary: 'What an emailed decision link is about (whose recovery, its state)',
    query: recoveryTokenQuerySchema,
    response: recoveryLinkViewSchema,
  }),
  decideLink: defineEndpoint({
    method: 'POST',
    path: '/api/recovery/decision-link',
    tag: 'recovery',
    summary: 'A delegate approves or declines from the emailed link',
    body: recoveryLinkDecisionSchema,
    response: recoveryLinkViewSchema,
  }),
  ask: defineEndpoint({
    method: 'POST',
    path: '/api/recovery/requests',
    tag: 'recovery',
    status: 202,
    summary: 'A locked-out member asks for recovery; the answer is the same whether or not the email has an account (rate limited)',
    body: recoveryAskSchema,
    response: recoveryOkSchema,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/recovery/cancel',
    tag: 'recovery',
    summary: 'Cancels a recovery from the link emailed to the member (nothing changes)',
    body: recoveryTokenSchema,
    response: recoveryOkSchema,
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/api/recovery/reset',
    tag: 'recovery',
    summary: 'Sets the new password from the single-use link sent after the cooling-off; ends every old session and signs in',
    body: recoveryResetSchema,
    response: sessionSchema,
  }),
};

export const terminationEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/terminations/organizations',
    tag: 'terminations',
    summary: 'Finds organisations by name, with their termination (ROOT_ADMIN, DEPUTY_ADMIN)',
    query: terminationQuerySchema,
    response: organizationSearchSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/terminations',
    tag: 'terminations',
    summary: 'Terminated organisations with their purge dates (ROOT_ADMIN, DEPUTY_ADMIN)',
    response: terminationListSchema,
  }),
  terminate: defineEndpoint({
    method: 'POST',
    path: '/api/terminations/organizations/:orgId',
    tag: 'terminations',
    status: 201,
    summary:
      'Refused with 409 approvals.required: terminating an organisation needs a second platform admin (POST /api/approvals, kind org_terminate). Once approved, its members are signed out at once and refused at sign-in; data is purged after 90 days',
    body: terminateSchema,
    response: terminationSchema,
  }),
  askRestore: defineEndpoint({
    method: 'POST',
    path: '/api/restore/requests',
    tag: 'terminations',
    status: 202,
    summary:
      'A member of an organisation terminated less than 90 days ago asks to restore it; an email confirms (same answer for any email)',
    body: restoreAskSchema,
    response: recoveryOkSchema,
  }),
  confirmRestore: defineEndpoint({
    method: 'POST',
    path: '/api/restore/confirm',
    tag: 'terminations',
    summary: "Confirms a restore request from the emailed link: it goes to the support operators' queue",
    body: recoveryTokenSchema,
    response: restoreConfirmedSchema,
  }),
  restoreQueue: defineEndpoint({
    method: 'GET',
    path: '/api/restore/requests',
    tag: 'terminations',
    summary: 'Confirmed restore requests waiting for a decision, oldest first (SYSOPS and above)',
    response: restoreRequestListSchema,
  }),
  decideRestore: defineEndpoint({
    method: 'POST',
    path: '/api/restore/requests/:id/decision',
    tag: 'terminations',
    summary:
      'Approves (the organisation and its members sign in again, the purge is cancelled) or declines a restore request (SYSOPS and above)',
    body: restoreDecisionSchema,
    response: restoreRequestSchema,
  }),
};
