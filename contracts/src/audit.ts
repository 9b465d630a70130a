import { reason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { ROLES } from './roles.js';

/**
 * The audit trail: every security-relevant action is one append-only event, hash-chained per
 * organisation, mapped to an OCSF event class and activity (https://schema.ocsf.io). The events are
 * the single source of the security timelines, the threats view and the SIEM webhook stream.
 */
export const OCSF_VERSION = '1.3.0';

/** OCSF categories the audit trail uses. */
export const OCSF_CATEGORIES = {
  3: 'Identity & Access Management',
  6: 'Application Activity',
} as const;
export type OcsfCategoryUid = keyof typeof OCSF_CATEGORIES;

/** OCSF event classes the audit trail maps to, with the activities it uses of each. */
export const OCSF_CLASSES = {
  3001: {
    name: 'Account Change',
    categoryUid: 3,
    activities: { 1: 'Create', 2: 'Enable', 3: 'Password Change', 4: 'Password Reset', 5: 'Disable', 9: 'Lock', 12: 'Unlock', 99: 'Other' },
  },
  3002: {
    name: 'Authentication',
    categoryUid: 3,
    activities: { 1: 'Logon', 2: 'Logoff', 6: 'Preauth', 99: 'Other' },
  },
  3005: {
    name: 'User Access Management',
    categoryUid: 3,
    activities: { 1: 'Assign Privileges', 2: 'Revoke Privileges', 99: 'Other' },
  },
  6003: {
    name: 'API Activity',
    categoryUid: 6,
    activities: { 1: 'Create', 2: 'Read', 3: 'Update', 4: 'Delete', 99: 'Other' },
  },
} as const satisfies Record<number, { name: string; categoryUid: OcsfCategoryUid; activities: Record<number, string> }>;
export type OcsfClassUid = keyof typeof OCSF_CLASSES;
export const OCSF_CLASS_UIDS = Object.keys(OCSF_CLASSES).map(Number) as OcsfClassUid[];

/** OCSF severity ids (0 Unknown and 6 Fatal are not used). */
export const OCSF_SEVERITIES = { 1: 'Informational', 2: 'Low', 3: 'Medium', 4: 'High', 5: 'Critical' } as const;
export type OcsfSeverityId = keyof typeof OCSF_SEVERITIES;
export const OCSF_SEVERITY_IDS = [1, 2, 3, 4, 5] as const satisfies readonly OcsfSeverityId[];

interface ActionMapping {
  classUid: OcsfClassUid;
  activityId: number;
  /** Severity of a success; a failure is one step higher unless `failureSeverityId` says. */
  severityId: OcsfSeverityId;
  failureSeverityId?: OcsfSeverityId;
}

const auth = (activityId: number, severityId: OcsfSeverityId = 1, failureSeverityId?: OcsfSeverityId): ActionMapping => ({
  classUid: 3002,
  activityId,
  severityId,
  ...(failureSeverityId ? { failureSeverityId } : {}),
});
const account = (activityId: number, severityId: OcsfSeverityId = 2): ActionMapping => ({ classUid: 3001, activityId, severityId });
const access = (activityId: number, severityId: OcsfSeverityId = 2): ActionMapping => ({ classUid: 3005, activityId, severityId });
const apiActivity = (activityId: number, severityId: OcsfSeverityId = 1): ActionMapping => ({ classUid: 6003, activityId, severityId });

/**
 * Every audited action (`area.verb`) and the OCSF class, activity and severity it maps to. The
 * audit service takes only these names, so a new action cannot be written without its mapping.
 */
export const AUDIT_ACTIONS = {
  'auth.login': auth(1, 1, 3),
  'auth.logout': auth(2),
  'auth.lockout': account(9, 4),
  'auth.register': account(1),
  'auth.magic.requested': auth(6),
  'auth.magic.verified': auth(1, 1, 3),
  'auth.magic.failed': auth(1, 3),
  'auth.verify_password': auth(99, 2, 3),
  'auth.password_reset.requested': account(4, 2),
  'auth.password_reset': account(4, 3),
  'auth.password_change': account(3, 3),
  'auditor.magic.requested': auth(6),
  'auditor.magic.failed': auth(1, 3),
  'auditor.invite.created': access(1, 3),
  'auditor.invite.used': auth(1, 2),
  'auditor.invite.revoked': access(2, 3),
  'organization.settings.update': apiActivity(3, 2),
  'chat.ban': account(5, 3),
  'chat.unban': account(2, 2),
  'usage.thresholds.change': apiActivity(3),
  'billing.overage.enable': apiActivity(3, 2),
  'billing.overage.disable': apiActivity(3, 2),
  'billing.plan.change': apiActivity(3, 3),
  'billing.checkout.start': apiActivity(1),
  'billing.checkout.cancel': apiActivity(3),
  'billing.renewal.stop': apiActivity(3, 3),
  'billing.renewal.resume': apiActivity(3, 2),
  'billing.invoices.export': apiActivity(2, 2),
  'billing.invoice.paid': apiActivity(3, 2),
  'billing.credit.grant': apiActivity(1, 3),
  'drill.run.approve': apiActivity(3),
  'drill.summary.export': apiActivity(2, 2),
  'executive.summary.export': apiActivity(2, 2),
  'analytics.export': apiActivity(2, 2),
  'compliance.document.upload': apiActivity(1, 2),
  'compliance.document.download': apiActivity(2, 2),
  'audit.verify': apiActivity(2, 2),
  'audit.export': apiActivity(2, 2),
  'audit.customer_timeline.view': apiActivity(2, 3),
  'sso.provider.create': apiActivity(1, 3),
  'sso.provider.update': apiActivity(3, 3),
  'sso.provider.delete': apiActivity(4, 3),
  'sso.enforcement.change': apiActivity(3, 4),
  'sso.login': auth(1, 1, 3),
  'sso.test': auth(99, 1, 2),
  'sso.break_glass.used': auth(1, 4),
  'sso.logout': auth(2),
  'siem.destination.create': apiActivity(1, 3),
  'siem.destination.update': apiActivity(3, 3),
  'siem.destination.delete': apiActivity(4, 3),
  'siem.destination.enable': apiActivity(3, 3),
  'siem.destination.disable': apiActivity(3, 4),
  'siem.secret.rotate': apiActivity(3, 3),
  'siem.test.send': apiActivity(1),
  'siem.deliveries.replay': apiActivity(3, 2),
  'member.invite.create': access(1, 2),
  'member.invite.resend': access(1, 2),
  'member.invite.revoke': access(2, 2),
  'member.invite.accept': access(1, 2),
  'member.role.change': access(99, 3),
  'member.deactivate': account(5, 3),
  'member.reactivate': account(2, 2),
  'member.remove': access(2, 3),
  'scim.token.create': apiActivity(1, 3),
  'scim.token.revoke': apiActivity(4, 3),
  'scim.user.create': account(1, 2),
  'scim.user.replace': apiActivity(3, 2),
  'scim.user.patch': apiActivity(3, 2),
  'scim.user.deactivate': account(5, 3),
  'scim.user.reactivate': account(2, 2),
  'scim.user.delete': access(2, 3),
  'scim.user.role': access(99, 3),
  'scim.group.create': apiActivity(1, 2),
  'scim.group.change': apiActivity(3, 2),
  'scim.group.delete': apiActivity(4, 2),
  'scim.group.role': access(99, 3),
  'security.policy.update': apiActivity(3, 3),
  'security.pin.set': account(99, 2),
  'security.pin.check': account(99, 2),
  'security.pin.reset': account(99, 3),
  'id_verification.submit': apiActivity(1),
  'id_verification.claim': apiActivity(3),
  'id_verification.image.view': apiActivity(2, 3),
  'id_verification.approve': account(99, 3),
  'id_verification.reject': account(99, 3),
  'id_verification.request_info': apiActivity(3, 2),
  'recovery.policy.change': apiActivity(3, 3),
  'recovery.delegate.add': access(1, 3),
  'recovery.delegate.accept': access(1, 2),
  'recovery.delegate.remove': access(2, 3),
  'recovery.request': account(4, 3),
  'recovery.decision': account(4, 3),
  'recovery.approved': account(4, 3),
  'recovery.ready': account(4, 3),
  'recovery.cancel': account(4, 2),
  'recovery.complete': account(4, 4),
  'organization.terminate': account(5, 5),
  'organization.purge': apiActivity(4, 4),
  'organization.restore.request': apiActivity(1, 2),
  'organization.restore.confirm': apiActivity(3, 2),
  'organization.restore.decide': account(2, 4),
  'account.suspend': account(5, 4),
  'account.unsuspend': account(2, 2),
  'account.freeze': account(5, 3),
  'account.unfreeze': account(2, 2),
  'account.unlock': account(12, 2),
  'account.sessions.revoke': auth(2, 3),
  'account.password_reset.force': account(4, 3),
  'account.codes.revoke': account(99, 2),
  'compliance.packet.issue': apiActivity(1, 2),
  'compliance.packet.download': apiActivity(2, 2),
  'compliance.packet.revoke': apiActivity(3, 3),
  'compliance.waiver.accept': apiActivity(1),
  'packet_keys.rotate': apiActivity(3, 3),
  'sop.version.approve': apiActivity(3, 2),
  'sop.version.effective': apiActivity(3, 2),
  'sop.acknowledge': apiActivity(3),
  'evidence.added': apiActivity(1, 2),
  'evidence.viewed': apiActivity(2, 2),
  'evidence.downloaded': apiActivity(2, 2),
  'evidence.shared': apiActivity(2, 2),
  'evidence.hold.placed': apiActivity(3, 3),
  'evidence.hold.released': apiActivity(3, 3),
  'evidence.reviewed': apiActivity(3, 2),
  'evidence.purged': apiActivity(4, 3),
  'evidence.integrity_failed': apiActivity(2, 5),
  'evidence.request.created': apiActivity(1, 2),
  'evidence.request.submitted': apiActivity(3, 2),
  'evidence.request.reviewed': apiActivity(3, 2),
  'evidence.sample.drawn': apiActivity(1, 2),
  'audit_bundle.requested': apiActivity(1, 2),
  'audit_bundle.downloaded': apiActivity(2, 2),
  'auditor.invite.updated': apiActivity(3, 3),
  'approval.requested': apiActivity(1, 3),
  'approval.approved': apiActivity(3, 3),
  'approval.rejected': apiActivity(3, 2),
  'approval.expired': apiActivity(3, 2),
  'approval.break_glass': apiActivity(1, 5),
  'approval.reviewed': apiActivity(3, 2),
  'platform.role.raise': access(99, 4),
  'evidence.hold.released_by_platform': apiActivity(3, 4),
  'broadcast.created': apiActivity(1, 2),
  'broadcast.ended': apiActivity(3, 2),
} as const satisfies Record<string, ActionMapping>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export function isAuditAction(value: string): value is AuditAction {
  return Object.prototype.hasOwnProperty.call(AUDIT_ACTIONS, value);
}

/** The OCSF class, activity and severity of an action's outcome. */
export function ocsfOf(
  action: AuditAction,
  outcome: AuditOutcome,
): { classUid: OcsfClassUid; activityId: number; severityId: OcsfSeverityId } {
  const mapping: ActionMapping = AUDIT_ACTIONS[action];
  const severityId =
    outcome === 'success' ? mapping.severityId : (mapping.failureSeverityId ?? (Math.min(mapping.severityId + 1, 5) as OcsfSeverityId));
  return { classUid: mapping.classUid, activityId: mapping.activityId, severityId };
}

/** Names of an OCSF class and activity (`Authentication`, `Logon`). */
export function ocsfNames(
  classUid: number,
  activityId: number,
): { className: string; activityName: string; categoryUid: number; categoryName: string } {
  const cls = (OCSF_CLASSES as Record<number, { name: string; categoryUid: OcsfCategoryUid; activities: Record<number, string> }>)[
    classUid
  ];
  if (!cls) return { className: 'Unknown', activityName: 'Unknown', categoryUid: 0, categoryName: 'Uncategorized' };
  return {
    className: cls.name,
    activityName: cls.activities[activityId] ?? 'Other',
    categoryUid: cls.categoryUid,
    categoryName: OCSF_CATEGORIES[cls.categoryUid],
  };
}

/** Sign-in actions (successful ones open a session; failed ones feed the threats view). */
export const SIGN_IN_ACTIONS: readonly AuditAction[] = [
  'auth.login',
  'auth.magic.verified',
  'auth.magic.failed',
  'sso.login',
  'auditor.invite.used',
  'auditor.magic.failed',
];

/** When the threats view flags an account or an address, and what counts as unusual. */
export const THREAT_RULES = {
  /** Default window of the threats view, in days. */
  windowDays: 7,
  /** An account with this many failed sign-ins in the window is flagged. */
  accountFailures: 5,
  /** An address with this many failed sign-ins, or failing on this many accounts, is flagged. */
  addressFailures: 10,
  addressAccounts: 3,
  /** A sign-in from an address the user has not signed in from in this many days is new. */
  newAddressDays: 90,
  /**
   * A sign-in is at an unusual hour when the user signed in at least `usualMinSignIns` times in
   * the `usualDays` before it and never within `usualHourSpread` hours (UTC, on the clock) of it.
   */
  usualDays: 30,
  usualMinSignIns: 5,
  usualHourSpread: 1,
} as const;

export const THREAT_KINDS = ['failed_sign_in', 'lockout', 'unusual_hour', 'new_address'] as const;
export type ThreatKind = (typeof THREAT_KINDS)[number];

/** Timeline pages: 25 rows by default, at most 100; CSV exports at most 50,000 rows. */
export const TIMELINE_PAGE = { defaultSize: 25, maxSize: 100, maxExportRows: 50_000 } as const;

const isoDate = z.iso.datetime({ offset: true, error: reason('validation.dateTime') });

/** The filters every timeline takes. Dates are ISO instants; `to` is exclusive. */
export const timelineQuerySchema = z
  .object({
    page: z.coerce.number().int(reason('validation.mustBeWholeNumber')).min(1, reason('validation.oneOrMore')).default(1),
    pageSize: z.coerce
      .number()
      .int(reason('validation.mustBeWholeNumber'))
      .min(1, reason('validation.oneOrMore'))
      .max(TIMELINE_PAGE.maxSize, reason('validation.rowsPerPage'))
      .default(TIMELINE_PAGE.defaultSize),
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** An action (`auth.login`) or an area (`auth`, `billing`). */
    action: z
      .string()
      .trim()
      .max(64, reason('validation.atMostCharacters'))
      .regex(/^[a-z_.]*$/, reason('validation.actionFilter'))
      .optional(),
    outcome: z.enum(AUDIT_OUTCOMES, { error: reason('validation.chooseOutcome') }).optional(),
    classUid: z.coerce
      .number()
      .refine((v) => (OCSF_CLASS_UIDS as number[]).includes(v), {
        message: reason('validation.chooseOneOf'),
        params: { list: OCSF_CLASS_UIDS.join(', ') },
      })
      .optional(),
    minSeverityId: z.coerce.number().int().min(1, reason('validation.severityRange')).max(5, reason('validation.severityRange')).optional(),
    /** An address, exactly. */
    ip: z.string().trim().max(64, reason('validation.atMostCharacters')).optional(),
    /** Free text: an email, a target id, a reason. */
    q: z.string().trim().max(100, reason('validation.atMostCharacters')).optional(),
    /** Platform staff only: the organisation to read. */
    orgId: z.uuid(reason('validation.organizationId')).optional(),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) < new Date(q.to), { message: reason('audit.badRange'), path: ['to'] });
export type TimelineQuery = z.output<typeof timelineQuerySchema>;
export type TimelineQueryInput = z.input<typeof timelineQuerySchema>;

export const auditEventSchema = z.object({
  id: z.uuid(),
  /** Position in the organisation's chain (1, 2, …). */
  seq: z.number().int(),
  orgId: z.uuid().nullable(),
  time: z.string(),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  reason: z.string().nullable(),
  classUid: z.number().int(),
  className: z.string(),
  activityId: z.number().int(),
  activityName: z.string(),
  severityId: z.number().int(),
  actor: z.object({
    userId: z.uuid().nullable(),
    inviteId: z.uuid().nullable(),
    role: z.enum(ROLES).nullable(),
    email: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

export const timelinePageSchema = z.object({
  items: z.array(auditEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;

export const customerTimelineSchema = timelinePageSchema.extend({
  customer: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES).nullable(),
    status: z.string(),
    orgId: z.uuid().nullable(),
    orgName: z.string().nullable(),
  }),
});
export type CustomerTimeline = z.infer<typeof customerTimelineSchema>;

export const threatsQuerySchema = z
  .object({
    page: z.coerce.number().int(reason('validation.mustBeWholeNumber')).min(1, reason('validation.oneOrMore')).default(1),
    pageSize: z.coerce
      .number()
      .int(reason('validation.mustBeWholeNumber'))
      .min(1, reason('validation.oneOrMore'))
      .max(TIMELINE_PAGE.maxSize, reason('validation.rowsPerPage'))
      .default(TIMELINE_PAGE.defaultSize),
    from: isoDate.optional(),
    to: isoDate.optional(),
    kind: z.enum(THREAT_KINDS, { error: reason('validation.chooseOneOf') }).optional(),
    /** Only flagged accounts and addresses (default: all with a failure). */
    flaggedOnly: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    orgId: z.uuid(reason('validation.organizationId')).optional(),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) < new Date(q.to), { message: reason('audit.badRange'), path: ['to'] });
export type ThreatsQuery = z.output<typeof threatsQuerySchema>;
export type ThreatsQueryInput = z.input<typeof threatsQuerySchema>;

export const threatFindingSchema = z.object({ kind: z.enum(THREAT_KINDS), event: auditEventSchema });
export type ThreatFinding = z.infer<typeof threatFindingSchema>;

export const threatsOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  summary: z.object({
    failedSignIns: z.number().int(),
    lockouts: z.number().int(),
    unusualHours: z.number().int(),
    newAddresses: z.number().int(),
    flaggedAccounts: z.number().int(),
    flaggedAddresses: z.number().int(),
  }),
  /** Failed sign-ins by account (email attempted), most failures first (at most 50). */
  accounts: z.array(
    z.object({
      email: z.string(),
      userId: z.uuid().nullable(),
      failures: z.number().int(),
      addresses: z.number().int(),
      lockouts: z.number().int(),
      lastAt: z.string(),
      flagged: z.boolean(),
    }),
  ),
  /** Failed sign-ins by client address, most failures first (at most 50). */
  addresses: z.array(
    z.object({
      ip: z.string(),
      failures: z.number().int(),
      accounts: z.number().int(),
      lastAt: z.string(),
      flagged: z.boolean(),
    }),
  ),
  /** Every finding of the window, newest first, one page. */
  findings: z.object({
    items: z.array(threatFindingSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type ThreatsOverview = z.infer<typeof threatsOverviewSchema>;

export const verifyQuerySchema = z.object({ orgId: z.uuid(reason('validation.organizationId')).optional() });

export const CHAIN_BREAKS = ['hash_mismatch', 'prev_hash_mismatch', 'sequence_gap'] as const;
export type ChainBreak = (typeof CHAIN_BREAKS)[number];

export const chainVerificationSchema = z.object({
  orgId: z.uuid().nullable(),
  ok: z.boolean(),
  /** Events checked, in chain order. */
  checked: z.number().int(),
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  /** The first link that does not hold, or null. */
  firstBroken: z
    .object({
      seq: z.number().int(),
      eventId: z.uuid().nullable(),
      reason: z.enum(CHAIN_BREAKS),
      expected: z.string(),
      found: z.string(),
    })
    .nullable(),
  verifiedAt: z.string(),
});
export type ChainVerification = z.infer<typeof chainVerificationSchema>;

export const auditEndpoints = {
  myTimeline: defineEndpoint({
    method: 'GET',
    path: '/api/security/timeline',
    summary: "The signed-in user's own security events, newest first",
    tag: 'audit',
    query: timelineQuerySchema,
    response: timelinePageSchema,
  }),
  myTimelineCsv: defineEndpoint({
    method: 'GET',
    path: '/api/security/timeline.csv',
    summary: "The signed-in user's own security events as CSV (the same filters)",
    tag: 'audit',
    query: timelineQuerySchema,
  }),
  orgTimeline: defineEndpoint({
    method: 'GET',
    path: '/api/admin/security/timeline',
    summary: "The organisation's security events, newest first (platform staff name the organisation)",
    tag: 'audit',
    query: timelineQuerySchema,
    response: timelinePageSchema,
  }),
  orgTimelineCsv: defineEndpoint({
    method: 'GET',
    path: '/api/admin/security/timeline.csv',
    summary: "The organisation's security events as CSV (the same filters)",
    tag: 'audit',
    query: timelineQuerySchema,
  }),
  threats: defineEndpoint({
    method: 'GET',
    path: '/api/admin/security/threats',
    summary: 'Failed sign-ins by account and address, lockouts, sign-ins at unusual hours or from new addresses',
    tag: 'audit',
    query: threatsQuerySchema,
    response: threatsOverviewSchema,
  }),
  threatsCsv: defineEndpoint({
    method: 'GET',
    path: '/api/admin/security/threats.csv',
    summary: 'The findings of the threats view as CSV (the same filters)',
    tag: 'audit',
    query: threatsQuerySchema,
  }),
  customerTimeline: defineEndpoint({
    method: 'GET',
    path: '/api/sysops/customers/:userId/timeline',
    summary: "One customer's security events, for support operators (the view is audited)",
    tag: 'audit',
    query: timelineQuerySchema,
    response: customerTimelineSchema,
  }),
  customerTimelineCsv: defineEndpoint({
    method: 'GET',
    path: '/api/sysops/customers/:userId/timeline.csv',
    summary: "One customer's security events as CSV",
    tag: 'audit',
    query: timelineQuerySchema,
  }),
  verify: defineEndpoint({
    method: 'GET',
    path: '/api/audit/verify',
    summary: "Recomputes the organisation's audit hash chain and reports the first broken link",
    tag: 'audit',
    query: verifyQuerySchema,
    response: chainVerificationSchema,
  }),
} as const;
