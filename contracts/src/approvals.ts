import { z } from 'zod';
import { CREDIT_LIMITS } from './billing.js';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';

/**
 * Four-eyes approvals (issue 22): platform actions that need a second platform admin. A ROOT_ADMIN
 * or DEPUTY_ADMIN asks (with a reason), another one approves (the action runs then, once) or
 * rejects; an undecided request expires. Break-glass runs the action at once with a
 * justification, alerts every approver and waits for a review.
 */
export const APPROVAL_KINDS = [
  'role_raise',
  'credit_grant',
  'org_terminate',
  'legal_hold_release',
  'signing_key_rotate',
  'sso_enforcement_off',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'failed', 'break_glass'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_RULES = {
  /** How long a request waits for a second admin before it expires. */
  expiresAfterHours: 72,
  /** Credit grants above this (in cents) need a second platform admin. */
  creditThresholdCents: 100_000,
  reasonMin: 3,
  reasonMax: 500,
} as const;

/** What each kind acts on. */
export const approvalPayloadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('role_raise'),
    userId: z.uuid({ error: reason('approvals.chooseUser') }),
    role: z.enum(['DEPUTY_ADMIN', 'ROOT_ADMIN'], { error: reason('approvals.chooseRole') }),
  }),
  z.object({
    kind: z.literal('credit_grant'),
    orgId: z.uuid({ error: reason('validation.creditOrganization') }),
    amountCents: z
      .number({ error: reason('validation.creditAmount') })
      .int(reason('validation.creditWholeCents'))
      .min(CREDIT_LIMITS.minCents, reason('validation.creditMin'))
      .max(CREDIT_LIMITS.maxCents, reason('validation.creditMax')),
  }),
  z.object({
    kind: z.literal('org_terminate'),
    orgId: z.uuid({ error: reason('approvals.chooseOrganization') }),
    confirmName: z.string().trim().min(1, reason('approvals.confirmName')).max(200),
  }),
  z.object({
    kind: z.literal('legal_hold_release'),
    orgId: z.uuid({ error: reason('approvals.chooseOrganization') }),
    evidenceId: z.uuid({ error: reason('approvals.chooseEvidence') }),
  }),
  z.object({ kind: z.literal('signing_key_rotate') }),
  z.object({
    kind: z.literal('sso_enforcement_off'),
    orgId: z.uuid({ error: reason('approvals.chooseOrganization') }),
  }),
]);
export type ApprovalPayload = z.infer<typeof approvalPayloadSchema>;

const reasonText = z
  .string({ error: reason('approvals.reasonRequired') })
  .trim()
  .min(APPROVAL_RULES.reasonMin, reason('approvals.reasonRequired'))
  .max(APPROVAL_RULES.reasonMax, reason('validation.atMostCharacters'));

export const requestApprovalSchema = z.object({ payload: approvalPayloadSchema, reason: reasonText });
export type RequestApprovalInput = z.input<typeof requestApprovalSchema>;

export const breakGlassSchema = z.object({ payload: approvalPayloadSchema, justification: reasonText });
export type BreakGlassInput = z.input<typeof breakGlassSchema>;

export const decideApprovalSchema = z.object({ note: z.string().trim().max(APPROVAL_RULES.reasonMax).default('') });
export type DecideApprovalInput = z.input<typeof decideApprovalSchema>;

export const approvalPersonSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });

export const approvalSchema = z.object({
  id: z.uuid(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  payload: approvalPayloadSchema,
  /** What the payload names, in words (organisation name, user email, amount). */
  subject: z.string(),
  reason: z.string(),
  breakGlass: z.boolean(),
  requestedBy: approvalPersonSchema,
  decidedBy: approvalPersonSchema.nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime(),
  /** Why the action failed when it ran (a reason), for status `failed`. */
  failure: z.string().nullable(),
  reviewedBy: approvalPersonSchema.nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const APPROVAL_VIEWS = ['pending', 'history', 'break_glass'] as const;
export const approvalQuerySchema = z.object({
  view: z.enum(APPROVAL_VIEWS).default('pending'),
  kind: z.enum(APPROVAL_KINDS).optional(),
  status: z.enum(APPROVAL_STATUSES).optional(),
  /** Break-glass view: only those not reviewed yet. */
  unreviewed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ApprovalQuery = z.input<typeof approvalQuerySchema>;

export const approvalListSchema = z.object({ items: z.array(approvalSchema) });
export type ApprovalList = z.infer<typeof approvalListSchema>;

/** Payload of `approval:changed` (rooms of the platform's approvers). */
export interface ApprovalChanged {
  approval: Approval;
}

/** The platform's accounts (no organisation), for the role raise. */
export const platformAccountsSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.string() })),
});
export type PlatformAccounts = z.infer<typeof platformAccountsSchema>;

/** An organisation's records under an active legal hold, for choosing the one a release names. */
export const heldEvidenceQuerySchema = z.object({ orgId: z.uuid({ error: reason('approvals.chooseOrganization') }) });
export type HeldEvidenceQuery = z.infer<typeof heldEvidenceQuerySchema>;
export const heldEvidenceSchema = z.object({
  items: z.array(
    z.object({
      /** The evidence record's id (what a `legal_hold_release` names). */
      id: z.uuid(),
      title: z.string(),
      holdReason: z.string(),
      heldBy: z.string(),
      heldSince: z.iso.datetime(),
    }),
  ),
});
export type HeldEvidence = z.infer<typeof heldEvidenceSchema>;

export const approvalEndpoints = {
  accounts: defineEndpoint({
    method: 'GET',
    path: '/api/approvals/platform-accounts',
    summary: "The platform's accounts (for raising one to Deputy or Root admin)",
    tag: 'approvals',
    response: platformAccountsSchema,
  }),
  heldEvidence: defineEndpoint({
    method: 'GET',
    path: '/api/approvals/held-evidence',
    summary: "An organisation's evidence records under an active legal hold (for asking to release one)",
    tag: 'approvals',
    query: heldEvidenceQuerySchema,
    response: heldEvidenceSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/approvals',
    summary: 'Approval requests (pending, decided, break-glass)',
    tag: 'approvals',
    query: approvalQuerySchema,
    response: approvalListSchema,
  }),
  request: defineEndpoint({
    method: 'POST',
    path: '/api/approvals',
    summary: 'Ask a second platform admin to approve an action',
    tag: 'approvals',
    status: 201,
    body: requestApprovalSchema,
    response: approvalSchema,
  }),
  breakGlass: defineEndpoint({
    method: 'POST',
    path: '/api/approvals/break-glass',
    summary: 'Run an action at once, with a justification (alerts every approver)',
    tag: 'approvals',
    status: 201,
    body: breakGlassSchema,
    response: approvalSchema,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/approvals/:id/approve',
    summary: 'Approve a request of another admin: the action runs',
    tag: 'approvals',
    body: decideApprovalSchema,
    response: approvalSchema,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/approvals/:id/reject',
    summary: 'Reject a request',
    tag: 'approvals',
    body: decideApprovalSchema,
    response: approvalSchema,
  }),
  review: defineEndpoint({
    method: 'POST',
    path: '/api/approvals/:id/review',
    summary: 'Acknowledge a break-glass action as reviewed',
    tag: 'approvals',
    response: approvalSchema,
  }),
} as const;
