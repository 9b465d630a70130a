import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { PLAN_IDS } from './plans.js';
import { usageResourceSchema } from './usage.js';
import { seatUsageSchema } from './members.js';
import { cadenceStatusSchema } from './drill-reminders.js';
import { DRILL_RUN_STATUSES } from './drill-runs.js';
import { TICKET_STATUSES } from './tickets.js';
import { ID_VERIFICATION_STATES } from './security.js';

/**
 * The role dashboards (spec §2 "Role dashboards", issue 22): figures computed from live data in the
 * viewer's organisation and time zone. Every figure names the screen behind it on the web side.
 */

/** The onboarding checklist items, in the order a new organisation does them. */
export const ONBOARDING_ITEMS = ['timeZone', 'inviteTeam', 'complianceProfile', 'firstDrill', 'siemDestination'] as const;
export type OnboardingItemId = (typeof ONBOARDING_ITEMS)[number];

export const onboardingSchema = z.object({
  /** Items that apply to the organisation (the SIEM destination only on Enterprise), each ticked from real data. */
  items: z.array(z.object({ id: z.enum(ONBOARDING_ITEMS), done: z.boolean() })),
  done: z.boolean(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

const complianceSummarySchema = z.array(
  z.object({
    profileId: z.uuid(),
    name: z.string(),
    passing: z.number().int(),
    dueSoon: z.number().int(),
    failing: z.number().int(),
  }),
);
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>;

export const adminDashboardSchema = z.object({
  timeZone: z.string(),
  seats: seatUsageSchema,
  usage: z.object({ plan: z.enum(PLAN_IDS), period: z.string(), resources: z.array(usageResourceSchema) }),
  compliance: complianceSummarySchema,
  evidenceRequests: z.object({ open: z.number().int(), overdue: z.number().int() }),
  security: z.object({
    /** The threats view over the last 7 days. */
    failedSignIns: z.number().int(),
    lockouts: z.number().int(),
    flaggedAccounts: z.number().int(),
    sso: z.object({
      providers: z.number().int(),
      required: z.boolean(),
      /** SAML sign-ins over the last 7 days. */
      signIns: z.number().int(),
      failures: z.number().int(),
    }),
    siem: z.object({
      destinations: z.number().int(),
      /** Destinations disabled or failing now. */
      unhealthy: z.number().int(),
      /** Deliveries over the last 24 hours. */
      delivered: z.number().int(),
      failed: z.number().int(),
      pending: z.number().int(),
    }),
  }),
  recentAudit: z.array(
    z.object({
      id: z.uuid(),
      action: z.string(),
      outcome: z.string(),
      actorEmail: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

const runItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(DRILL_RUN_STATUSES),
  scheduledAt: z.string(),
  location: z.string(),
});
export type DashboardRun = z.infer<typeof runItemSchema>;

export const managerDashboardSchema = z.object({
  timeZone: z.string(),
  cadences: z.object({
    dueSoon: z.number().int(),
    overdue: z.number().int(),
    items: z.array(cadenceStatusSchema),
  }),
  /** Monday to Sunday of the current week in the organisation's time zone. */
  week: z.object({
    from: z.string(),
    to: z.string(),
    scheduled: z.number().int(),
    live: z.number().int(),
    completed: z.number().int(),
    items: z.array(runItemSchema),
  }),
  correctiveActions: z.object({ open: z.number().int(), overdue: z.number().int() }),
  /** The last six months (organisation calendar), oldest first. */
  trend: z.array(
    z.object({
      month: z.string(),
      runs: z.number().int(),
      /** Checked-in participants over all participants of the month's finished runs, in percent. */
      attendancePercent: z.number().nullable(),
      /** Median time to muster of the month's finished runs, in minutes (one decimal). */
      musterMedianMinutes: z.number().nullable(),
    }),
  ),
  sopAcknowledgements: z.object({
    /** Active members times effective SOPs, minus the acknowledgements of those versions. */
    missing: z.number().int(),
    items: z.array(z.object({ sopId: z.uuid(), title: z.string(), version: z.number().int(), missing: z.number().int() })),
  }),
});
export type ManagerDashboard = z.infer<typeof managerDashboardSchema>;

export const userDashboardSchema = z.object({
  timeZone: z.string(),
  nextDrills: z.array(runItemSchema.extend({ checkedIn: z.boolean() })),
  checkIns: z.object({
    /** Runs I was on and checked in to, over the last 90 days (finished runs only). */
    attended: z.number().int(),
    missed: z.number().int(),
    last: z.array(z.object({ runId: z.uuid(), title: z.string(), at: z.string() })),
  }),
  tickets: z.object({
    open: z.number().int(),
    items: z.array(
      z.object({ id: z.uuid(), number: z.number().int(), subject: z.string(), status: z.enum(TICKET_STATUSES), updatedAt: z.string() }),
    ),
  }),
  sopsToAcknowledge: z.array(z.object({ sopId: z.uuid(), title: z.string(), version: z.number().int() })),
  verification: z.object({ state: z.enum(ID_VERIFICATION_STATES).nullable(), updatedAt: z.string().nullable() }),
});
export type UserDashboard = z.infer<typeof userDashboardSchema>;

export const internalAuditorDashboardSchema = z.object({
  timeZone: z.string(),
  compliance: complianceSummarySchema,
  evidence: z.object({
    total: z.number().int(),
    /** Records whose period ended within the last 90 days (or has not ended). */
    fresh: z.number().int(),
    stale: z.number().int(),
    lastAddedAt: z.string().nullable(),
  }),
  flagged: z.object({ records: z.number().int(), requests: z.number().int() }),
  chain: z.object({
    lastVerifiedAt: z.string().nullable(),
    ok: z.boolean().nullable(),
    checked: z.number().int().nullable(),
  }),
});
export type InternalAuditorDashboard = z.infer<typeof internalAuditorDashboardSchema>;

export const sysopsDashboardSchema = z.object({
  chat: z.object({ queued: z.number().int(), active: z.number().int(), operatorsOnline: z.number().int() }),
  /** Open and pending tickets by where they stand against their SLA. */
  tickets: z.object({ breached: z.number().int(), dueSoon: z.number().int(), onTrack: z.number().int() }),
  idVerification: z.object({ waiting: z.number().int(), inReview: z.number().int() }),
  accounts: z.object({ suspended: z.number().int(), frozen: z.number().int(), locked: z.number().int() }),
  knowledgeInReview: z.number().int(),
});
export type SysopsDashboard = z.infer<typeof sysopsDashboardSchema>;

/** The one-page compliance and readiness summary for an organisation's leadership (ADMIN). */
export const executiveSummarySchema = z.object({
  organization: z.string(),
  timeZone: z.string(),
  asOf: z.string(),
  readiness: z.object({
    cadencesOverdue: z.number().int(),
    cadencesDueSoon: z.number().int(),
    cadences: z.number().int(),
    /** Finished runs over the last six months. */
    runs: z.number().int(),
    attendancePercent: z.number().nullable(),
    musterMedianMinutes: z.number().nullable(),
    actionsOpen: z.number().int(),
    actionsOverdue: z.number().int(),
    acknowledgementsMissing: z.number().int(),
  }),
  compliance: complianceSummarySchema,
  evidence: z.object({ fresh: z.number().int(), stale: z.number().int(), flagged: z.number().int(), requestsOverdue: z.number().int() }),
  security: z.object({
    failedSignIns: z.number().int(),
    lockouts: z.number().int(),
    chainOk: z.boolean().nullable(),
    chainVerifiedAt: z.string().nullable(),
  }),
  seats: z.object({ used: z.number().int(), limit: z.number().int() }),
});
export type ExecutiveSummary = z.infer<typeof executiveSummarySchema>;

/** A ticket is "due soon" when an SLA deadline is within this many hours. */
export const SLA_DUE_SOON_HOURS = 4;
/** Evidence is fresh while its period ended at most this many days ago. */
export const EVIDENCE_FRESH_DAYS = 90;

export const dashboardEndpoints = {
  onboarding: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/onboarding',
    tag: 'dashboards',
    summary: "The new organisation's onboarding checklist, ticked from real data (ADMIN, MANAGER)",
    response: onboardingSchema,
  }),
  admin: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/admin',
    tag: 'dashboards',
    summary: 'Members and seats, usage, compliance, evidence requests, security signals and recent audit events (ADMIN)',
    response: adminDashboardSchema,
  }),
  manager: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/manager',
    tag: 'dashboards',
    summary: 'Cadences due and overdue, runs this week, corrective actions, attendance trend, SOP acknowledgements (MANAGER)',
    response: managerDashboardSchema,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/me',
    tag: 'dashboards',
    summary: 'My next drills and check-ins, my tickets, SOPs to acknowledge and my verification state',
    response: userDashboardSchema,
  }),
  internalAuditor: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/internal-auditor',
    tag: 'dashboards',
    summary: 'Compliance status, evidence freshness, flagged records and the audit chain check (INTERNAL_AUDITOR)',
    response: internalAuditorDashboardSchema,
  }),
  executive: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/executive',
    tag: 'dashboards',
    summary: "The organisation's one-page compliance and readiness summary for its leadership (ADMIN)",
    response: executiveSummarySchema,
  }),
  sysops: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/sysops',
    tag: 'dashboards',
    summary: 'Live chat queue, tickets by SLA state, ID verification queue, restrictions and articles in review (SYSOPS)',
    response: sysopsDashboardSchema,
  }),
};
