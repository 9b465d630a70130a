import { approvalPayloadSchema, type ApprovalKind, type ApprovalPayload } from '@muster/contracts';
import { z } from 'zod';
import { passIssues } from '../../lib/forms';

/** The request form's values: one field per thing a kind may name ('' when not chosen). */
export interface ApprovalFormValues {
  kind: ApprovalKind;
  orgId: string;
  userId: string;
  role: 'DEPUTY_ADMIN' | 'ROOT_ADMIN';
  /** Dollars as typed ("2500" or "2500.50"). */
  amount: string;
  confirmName: string;
  evidenceId: string;
  reason: string;
}

export const EMPTY_APPROVAL_FORM: ApprovalFormValues = {
  kind: 'credit_grant',
  orgId: '',
  userId: '',
  role: 'DEPUTY_ADMIN',
  amount: '',
  confirmName: '',
  evidenceId: '',
  reason: '',
};

/** Which fields of the form each kind shows. */
export const KIND_FIELDS: Record<ApprovalKind, readonly (keyof ApprovalFormValues)[]> = {
  role_raise: ['userId', 'role'],
  credit_grant: ['orgId', 'amount'],
  org_terminate: ['orgId', 'confirmName'],
  legal_hold_release: ['orgId', 'evidenceId'],
  signing_key_rotate: [],
  sso_enforcement_off: ['orgId'],
};

/** Cents of a typed dollar amount (NaN when it is not one). */
export function centsOf(amount: string): number {
  const trimmed = amount.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

/** The payload the form's values name: only the fields of its kind. */
export function payloadOf(values: ApprovalFormValues): unknown {
  switch (values.kind) {
    case 'role_raise':
      return { kind: values.kind, userId: values.userId, role: values.role };
    case 'credit_grant':
      return { kind: values.kind, orgId: values.orgId, amountCents: centsOf(values.amount) };
    case 'org_terminate':
      return { kind: values.kind, orgId: values.orgId, confirmName: values.confirmName };
    case 'legal_hold_release':
      return { kind: values.kind, orgId: values.orgId, evidenceId: values.evidenceId.trim() };
    case 'signing_key_rotate':
      return { kind: values.kind };
    case 'sso_enforcement_off':
      return { kind: values.kind, orgId: values.orgId };
  }
}

/** The form's schema: the contracts' payload and reason checks, their messages on the form's fields. */
export function approvalFormSchema() {
  return z.custom<ApprovalFormValues>().transform((values, ctx): { payload: ApprovalPayload; text: string } => {
    const payload = approvalPayloadSchema.safeParse(payloadOf(values));
    const text = values.reason.trim();
    let ok = payload.success;
    if (!payload.success) passIssues(ctx, payload.error.issues, (path) => (path === 'amountCents' ? 'amount' : path));
    if (text.length < 3) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'approvals.reasonRequired' });
      ok = false;
    }
    if (!ok || !payload.success) return z.NEVER;
    return { payload: payload.data, text };
  });
}
