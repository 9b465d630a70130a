import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AdminDashboard,
  type ComplianceSummary,
  type DashboardRun,
  type ExecutiveSummary,
  EVIDENCE_FRESH_DAYS,
  type InternalAuditorDashboard,
  type ManagerDashboard,
  type MemberPrincipal,
  type Onboarding,
  type OnboardingItemId,
  type OrgPrincipal,
  SLA_DUE_SOON_HOURS,
  type SysopsDashboard,
  threatsQuerySchema,
  type UserDashboard,
} from '@muster/contracts';
import type { DataSource } from 'typeorm';
import { AuditService, type AuditActor } from '../../platform/audit/audit.service.js';
import { acrossOrganisations, withinOrganisation } from '../../platform/tenancy/tenant-check.js';
import { AuditTrailService } from '../audit/audit-trail.service.js';
import { ComplianceProfilesService } from '../compliance/compliance-profiles.service.js';
import { RemindersService } from '../drills/reminders.service.js';
import { MembersService } from '../members/members.service.js';
import { UsageService } from '../usage/usage.service.js';

const DAY_MS = 86_400_000;
const int = (value: unknown): number => Number(value ?? 0);
const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

interface RunRow {
  id: string;
  title: string;
  status: DashboardRun['status'];
  scheduled_at: Date;
  location: string;
}

function runOf(row: RunRow): DashboardRun {
  return { id: row.id, title: row.title, status: row.status, scheduledAt: row.scheduled_at.toISOString(), location: row.location };
}

/**
 * The role dashboards: each figure an SQL aggregate over the viewer's organisation (the sysops one
 * over the platform's support queues), in the viewer's time zone. Rules that other modules own
 * (seats, usage against limits, compliance evaluation, cadence states, the threats view) are asked
 * of their services, not repeated here.
 */
@Injectable()
export class DashboardsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly members: MembersService,
    private readonly usage: UsageService,
    private readonly compliance: ComplianceProfilesService,
    private readonly reminders: RemindersService,
    private readonly auditTrail: AuditTrailService,
    private readonly audit: AuditService,
  ) {}

  /** One query over the organisation's rows (the tenant check knows them as its own). */
  private query<T>(org: Pick<OrgPrincipal, 'orgId'>, sql: string, params: unknown[] = []): Promise<T[]> {
    return withinOrganisation(org.orgId, () => this.dataSource.query<T[]>(sql, [org.orgId, ...params]));
  }

  // -------------------------------------------------------------------------------- onboarding

  /** The checklist of a new organisation, each item ticked from what the organisation has done. */
  async onboarding(principal: OrgPrincipal): Promise<Onboarding> {
    const [row] = await this.query<{
      time_zone: boolean;
      invited: boolean;
      profiles: boolean;
      runs: boolean;
      siem: boolean;
      plan: string | null;
    }>(
      principal,
      `SELECT (o.time_zone <> 'UTC' OR EXISTS (SELECT 1 FROM audit_events e WHERE e.org_id = $1
                 AND e.action = 'organization.settings.update' AND e.metadata ? 'timeZone')) AS time_zone,
              (EXISTS (SELECT 1 FROM member_invites i WHERE i.org_id = $1)
                 OR (SELECT count(*) FROM memberships m WHERE m.org_id = $1 AND m.role <> 'GUEST_AUDITOR') > 1) AS invited,
              EXISTS (SELECT 1 FROM compliance_profiles p WHERE p.org_id = $1) AS profiles,
              EXISTS (SELECT 1 FROM drill_runs r WHERE r.org_id = $1 AND r.status <> 'cancelled') AS runs,
              EXISTS (SELECT 1 FROM siem_destinations d WHERE d.org_id = $1) AS siem,
              (SELECT s.plan FROM subscriptions s WHERE s.org_id = $1) AS plan
         FROM organizations o WHERE o.id = $1`,
    );
    const done: Record<OnboardingItemId, boolean> = {
      timeZone: Boolean(row?.time_zone),
      inviteTeam: Boolean(row?.invited),
      complianceProfile: Boolean(row?.profiles),
      firstDrill: Boolean(row?.runs),
      siemDestination: Boolean(row?.siem),
    };
    const ids: OnboardingItemId[] = ['timeZone', 'inviteTeam', 'complianceProfile', 'firstDrill'];
    if (row?.plan === 'enterprise') ids.push('siemDestination');
    const items = ids.map((id) => ({ id, done: done[id] }));
    return { items, done: items.every((i) => i.done) };
  }

  // ------------------------------------------------------------------------------------ admin

  private async complianceSummary(principal: OrgPrincipal): Promise<ComplianceSummary> {
    const { items } = await this.compliance.list(principal);
    return items.map((p) => ({
      profileId: p.id,
      name: p.name,
      passing: p.counts.passing,
      dueSoon: p.counts.due_soon,
      failing: p.counts.failing,
    }));
  }

  async admin(principal: OrgPrincipal, now = new Date()): Promise<AdminDashboard> {
    const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
    const [seats, usage, compliance, threats, [counts], recent] = await Promise.all([
      this.members.seats(principal),
      this.usage.overview(principal.orgId),
      this.complianceSummary(principal),
      this.auditTrail.threats(principal.orgId, threatsQuerySchema.parse({ from: weekAgo.toISOString(), to: now.toISOString() })),
      this.query<Record<string, string | boolean>>(
        principal,
        `SELECT (SELECT count(*) FROM evidence_requests r WHERE r.org_id = $1 AND r.state = 'open') AS requests_open,
                (SELECT count(*) FROM evidence_requests r WHERE r.org_id = $1 AND r.state = 'open'
                   AND r.due_date < ($2::timestamptz AT TIME ZONE $3)::date) AS requests_overdue,
                (SELECT count(*) FROM saml_providers p WHERE p.org_id = $1) AS sso_providers,
                (SELECT o.sso_required FROM organizations o WHERE o.id = $1) AS sso_required,
                (SELECT count(*) FROM saml_sign_in_events e WHERE e.org_id = $1 AND e.created_at >= $4
                   AND e.outcome <> 'test') AS sso_sign_ins,
                (SELECT count(*) FROM saml_sign_in_events e WHERE e.org_id = $1 AND e.created_at >= $4
                   AND e.outcome = 'refused') AS sso_failures,
                (SELECT count(*) FROM siem_destinations d WHERE d.org_id = $1) AS siem_destinations,
                (SELECT count(*) FROM siem_destinations d WHERE d.org_id = $1
                   AND (NOT d.enabled OR d.failing_since IS NOT NULL)) AS siem_unhealthy,
                (SELECT count(*) FROM siem_deliveries x WHERE x.org_id = $1 AND x.test = false
                   AND x.created_at >= $2::timestamptz - interval '24 hours' AND x.status = 'delivered') AS siem_delivered,
                (SELECT count(*) FROM siem_deliveries x WHERE x.org_id = $1 AND x.test = false
                   AND x.created_at >= $2::timestamptz - interval '24 hours' AND x.status = 'failed') AS siem_failed,
                (SELECT count(*) FROM siem_deliveries x WHERE x.org_id = $1 AND x.test = false
                   AND x.created_at >= $2::timestamptz - interval '24 hours' AND x.status = 'pending') AS siem_pending`,
        [now, principal.timeZone, weekAgo],
      ),
      this.query<{ id: string; action: string; outcome: string; actor_email: string | null; created_at: Date }>(
        principal,
        `SELECT e.id, e.action, e.outcome, e.actor_email, e.created_at FROM audit_events e
          WHERE e.org_id = $1 ORDER BY e.seq DESC LIMIT 8`,
      ),
    ]);
    return {
      timeZone: principal.timeZone,
      seats,
      usage: { plan: usage.plan, period: usage.period, resources: usage.resources },
      compliance,
      evidenceRequests: { open: int(counts?.requests_open), overdue: int(counts?.requests_overdue) },
      security: {
        failedSignIns: threats.summary.failedSignIns,
        lockouts: threats.summary.lockouts,
        flaggedAccounts: threats.summary.flaggedAccounts,
        sso: {
          providers: int(counts?.sso_providers),
          required: Boolean(counts?.sso_required),
          signIns: int(counts?.sso_sign_ins),
          failures: int(counts?.sso_failures),
        },
        siem: {
          destinations: int(counts?.siem_destinations),
          unhealthy: int(counts?.siem_unhealthy),
          delivered: int(counts?.siem_delivered),
          failed: int(counts?.siem_failed),
          pending: int(counts?.siem_pending),
        },
      },
      recentAudit: recent.map((e) => ({
        id: e.id,
        action: e.action,
        outcome: e.outcome,
        actorEmail: e.actor_email,
        at: e.created_at.toISOString(),
      })),
    };
  }

  // ---------------------------------------------------------------------------------- manager

  async manager(principal: OrgPrincipal, now = new Date()): Promise<ManagerDashboard> {
    const zone = principal.timeZone;
    const [cadences, week, weekRuns, [actions], trend, sops] = await Promise.all([
      this.reminders.cadenceStatuses(principal.orgId, now, zone),
      this.query<{ from: string; to: string; scheduled: string; live: string; completed: string }>(
        principal,
        `WITH w AS (SELECT date_trunc('week', $2::timestamptz AT TIME ZONE $3) AS start)
         SELECT to_char(w.start, 'YYYY-MM-DD') AS from, to_char(w.start + interval '6 days', 'YYYY-MM-DD') AS to,
                count(r.id) FILTER (WHERE r.status = 'scheduled') AS scheduled,
                count(r.id) FILTER (WHERE r.status IN ('in_progress', 'paused')) AS live,
                count(r.id) FILTER (WHERE r.status IN ('completed', 'approved')) AS completed
           FROM w LEFT JOIN drill_runs r ON r.org_id = $1 AND r.status <> 'cancelled'
            AND r.scheduled_at >= (w.start AT TIME ZONE $3) AND r.scheduled_at < ((w.start + interval '7 days') AT TIME ZONE $3)
          GROUP BY w.start`,
        [now, zone],
      ),
      this.query<RunRow>(
        principal,
        `SELECT r.id, r.title, r.status, r.scheduled_at, r.location FROM drill_runs r
          WHERE r.org_id = $1 AND r.status <> 'cancelled'
            AND r.scheduled_at >= (date_trunc('week', $2::timestamptz AT TIME ZONE $3) AT TIME ZONE $3)
            AND r.scheduled_at < ((date_trunc('week', $2::timestamptz AT TIME ZONE $3) + interval '7 days') AT TIME ZONE $3)
          ORDER BY r.scheduled_at LIMIT 10`,
        [now, zone],
      ),
      this.query<{ open: string; overdue: string }>(
        principal,
        `SELECT count(*) AS open,
                count(*) FILTER (WHERE a.due_date < ($2::timestamptz AT TIME ZONE $3)::date) AS overdue
           FROM drill_corrective_actions a WHERE a.org_id = $1 AND a.status <> 'done'`,
        [now, zone],
      ),
      this.query<{ month: string; runs: string; present: string | null; total: string | null; muster_ms: number | string | null }>(
        principal,
        `WITH months AS (
           SELECT m AS start FROM generate_series(date_trunc('month', $2::timestamptz AT TIME ZONE $3) - interval '5 months',
                                                  date_trunc('month', $2::timestamptz AT TIME ZONE $3), interval '1 month') m
         ), runs AS (
           SELECT r.id, date_trunc('month', r.completed_at AT TIME ZONE $3) AS start, r.muster_elapsed_ms
             FROM drill_runs r
            WHERE r.org_id = $1 AND r.status IN ('completed', 'approved') AND r.completed_at IS NOT NULL
              AND r.completed_at >= ((SELECT min(start) FROM months) AT TIME ZONE $3)
              AND r.completed_at <= $2::timestamptz
         ), attendance AS (
           SELECT p.run_id, count(*) AS total, count(p.checked_in_at) AS present
             FROM drill_run_participants p WHERE p.org_id = $1 AND p.run_id IN (SELECT id FROM runs) GROUP BY p.run_id
         )
         SELECT to_char(m.start, 'YYYY-MM') AS month, count(r.id) AS runs, sum(a.present) AS present, sum(a.total) AS total,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY r.muster_elapsed_ms) AS muster_ms
           FROM months m LEFT JOIN runs r ON r.start = m.start LEFT JOIN attendance a ON a.run_id = r.id
          GROUP BY m.start ORDER BY m.start`,
        [now, zone],
      ),
      this.query<{ sop_id: string; title: string; number: number; missing: string }>(
        principal,
        `SELECT v.sop_id, coalesce(v.content->>'title', d.title) AS title, v.number,
                (SELECT count(*) FROM memberships m
                  WHERE m.org_id = $1 AND m.status = 'active' AND m.role <> 'GUEST_AUDITOR'
                    AND NOT EXISTS (SELECT 1 FROM sop_acknowledgements a
                                     WHERE a.org_id = $1 AND a.version_id = v.id AND a.user_id = m.user_id)) AS missing
           FROM sop_versions v JOIN sop_documents d ON d.id = v.sop_id AND d.org_id = $1
          WHERE v.org_id = $1 AND v.status = 'effective'
          ORDER BY missing DESC, title`,
      ),
    ]);
    const w = week[0]!;
    const sopItems = sops.map((s) => ({ sopId: s.sop_id, title: s.title, version: s.number, missing: int(s.missing) }));
    return {
      timeZone: zone,
      cadences: {
        dueSoon: cadences.filter((c) => c.state === 'due_soon').length,
        overdue: cadences.filter((c) => c.state === 'overdue').length,
        items: cadences,
      },
      week: {
        from: w.from,
        to: w.to,
        scheduled: int(w.scheduled),
        live: int(w.live),
        completed: int(w.completed),
        items: weekRuns.map(runOf),
      },
      correctiveActions: { open: int(actions?.open), overdue: int(actions?.overdue) },
      trend: trend.map((t) => ({
        month: t.month,
        runs: int(t.runs),
        attendancePercent: t.total && int(t.total) > 0 ? Math.round((int(t.present) / int(t.total)) * 1000) / 10 : null,
        musterMedianMinutes: t.muster_ms === null ? null : Math.round(Number(t.muster_ms) / 6000) / 10,
      })),
      sopAcknowledgements: { missing: sopItems.reduce((sum, s) => sum + s.missing, 0), items: sopItems.filter((s) => s.missing > 0) },
    };
  }

  // ------------------------------------------------------------------------------------- user

  async me(principal: MemberPrincipal, now = new Date()): Promise<UserDashboard> {
    const me = principal.userId;
    const [next, [checkIns], lastCheckIns, [ticketCount], tickets, sops, [verification]] = await Promise.all([
      this.query<RunRow & { checked_in_at: Date | null }>(
        principal,
        `SELECT r.id, r.title, r.status, r.scheduled_at, r.location, p.checked_in_at
           FROM drill_runs r JOIN drill_run_participants p ON p.run_id = r.id AND p.org_id = $1 AND p.user_id = $2
          WHERE r.org_id = $1 AND r.status IN ('scheduled', 'in_progress', 'paused')
          ORDER BY r.scheduled_at LIMIT 5`,
        [me],
      ),
      this.query<{ attended: string; missed: string }>(
        principal,
        `SELECT count(*) FILTER (WHERE p.checked_in_at IS NOT NULL) AS attended,
                count(*) FILTER (WHERE p.checked_in_at IS NULL) AS missed
           FROM drill_run_participants p JOIN drill_runs r ON r.id = p.run_id AND r.org_id = $1
          WHERE p.org_id = $1 AND p.user_id = $2 AND r.status IN ('completed', 'approved')
            AND r.completed_at >= $3::timestamptz - interval '90 days'`,
        [me, now],
      ),
      this.query<{ run_id: string; title: string; checked_in_at: Date }>(
        principal,
        `SELECT p.run_id, r.title, p.checked_in_at
           FROM drill_run_participants p JOIN drill_runs r ON r.id = p.run_id AND r.org_id = $1
          WHERE p.org_id = $1 AND p.user_id = $2 AND p.checked_in_at IS NOT NULL
          ORDER BY p.checked_in_at DESC LIMIT 3`,
        [me],
      ),
      this.query<{ open: string }>(
        principal,
        `SELECT count(*) AS open FROM tickets t WHERE t.org_id = $1 AND t.requester_user_id = $2 AND t.status IN ('open', 'pending')`,
        [me],
      ),
      this.query<{
        id: string;
        number: number;
        subject: string;
        status: UserDashboard['tickets']['items'][number]['status'];
        updated_at: Date;
      }>(
        principal,
        `SELECT t.id, t.number, t.subject, t.status, t.updated_at FROM tickets t
          WHERE t.org_id = $1 AND t.requester_user_id = $2 ORDER BY t.updated_at DESC LIMIT 5`,
        [me],
      ),
      this.query<{ sop_id: string; title: string; number: number }>(
        principal,
        `SELECT v.sop_id, coalesce(v.content->>'title', d.title) AS title, v.number
           FROM sop_versions v JOIN sop_documents d ON d.id = v.sop_id AND d.org_id = $1
          WHERE v.org_id = $1 AND v.status = 'effective'
            AND NOT EXISTS (SELECT 1 FROM sop_acknowledgements a WHERE a.org_id = $1 AND a.version_id = v.id AND a.user_id = $2)
          ORDER BY title`,
        [me],
      ),
      this.query<{ state: UserDashboard['verification']['state']; updated_at: Date }>(
        principal,
        `SELECT c.state, c.updated_at FROM id_verification_cases c
          WHERE c.org_id = $1 AND c.user_id = $2 ORDER BY c.updated_at DESC LIMIT 1`,
        [me],
      ),
    ]);
    return {
      timeZone: principal.timeZone,
      nextDrills: next.map((r) => ({ ...runOf(r), checkedIn: r.checked_in_at !== null })),
      checkIns: {
        attended: int(checkIns?.attended),
        missed: int(checkIns?.missed),
        last: lastCheckIns.map((c) => ({ runId: c.run_id, title: c.title, at: c.checked_in_at.toISOString() })),
      },
      tickets: {
        open: int(ticketCount?.open),
        items: tickets.map((t) => ({
          id: t.id,
          number: t.number,
          subject: t.subject,
          status: t.status,
          updatedAt: t.updated_at.toISOString(),
        })),
      },
      sopsToAcknowledge: sops.map((s) => ({ sopId: s.sop_id, title: s.title, version: s.number })),
      verification: { state: verification?.state ?? null, updatedAt: iso(verification?.updated_at) },
    };
  }

  // ------------------------------------------------------------------------- internal auditor

  async internalAuditor(principal: OrgPrincipal, now = new Date()): Promise<InternalAuditorDashboard> {
    const [compliance, [evidence], [flagged], [chain]] = await Promise.all([
      this.complianceSummary(principal),
      this.query<{ total: string; fresh: string; last_added: Date | null }>(
        principal,
        `SELECT count(*) AS total,
                count(*) FILTER (WHERE r.period_to >= ($2::timestamptz AT TIME ZONE $3)::date - $4::int) AS fresh,
                max(r.created_at) AS last_added
           FROM evidence_records r WHERE r.org_id = $1`,
        [now, principal.timeZone, EVIDENCE_FRESH_DAYS],
      ),
      this.query<{ records: string; requests: string }>(
        principal,
        `SELECT (SELECT count(DISTINCT v.record_id) FROM evidence_reviews v WHERE v.org_id = $1 AND v.state = 'flagged') AS records,
                (SELECT count(*) FROM evidence_requests r WHERE r.org_id = $1 AND r.state = 'flagged') AS requests`,
      ),
      this.query<{ created_at: Date; outcome: string; checked: string | null }>(
        principal,
        `SELECT e.created_at, e.outcome, e.metadata->>'checked' AS checked FROM audit_events e
          WHERE e.org_id = $1 AND e.action = 'audit.verify' ORDER BY e.seq DESC LIMIT 1`,
      ),
    ]);
    const total = int(evidence?.total);
    const fresh = int(evidence?.fresh);
    return {
      timeZone: principal.timeZone,
      compliance,
      evidence: { total, fresh, stale: total - fresh, lastAddedAt: iso(evidence?.last_added) },
      flagged: { records: int(flagged?.records), requests: int(flagged?.requests) },
      chain: chain
        ? {
            lastVerifiedAt: chain.created_at.toISOString(),
            ok: chain.outcome === 'success',
            checked: chain.checked === null ? null : int(chain.checked),
          }
        : { lastVerifiedAt: null, ok: null, checked: null },
    };
  }

  // -------------------------------------------------------------------------------- executive

  /** The leadership's one page: the admin, manager and auditor figures that tell readiness and compliance. */
  async executive(principal: OrgPrincipal, now = new Date()): Promise<ExecutiveSummary> {
    const [admin, manager, auditor] = await Promise.all([
      this.admin(principal, now),
      this.manager(principal, now),
      this.internalAuditor(principal, now),
    ]);
    const finished = manager.trend.reduce((sum, m) => sum + m.runs, 0);
    const [row] = await this.query<{ present: string | null; total: string | null; muster_ms: number | string | null }>(
      principal,
      `WITH runs AS (
         SELECT r.id, r.muster_elapsed_ms FROM drill_runs r
          WHERE r.org_id = $1 AND r.status IN ('completed', 'approved') AND r.completed_at IS NOT NULL
            AND r.completed_at >= ((date_trunc('month', $2::timestamptz AT TIME ZONE $3) - interval '5 months') AT TIME ZONE $3)
            AND r.completed_at <= $2::timestamptz
       )
       SELECT (SELECT count(p.checked_in_at) FROM drill_run_participants p WHERE p.org_id = $1 AND p.run_id IN (SELECT id FROM runs)) AS present,
              (SELECT count(*) FROM drill_run_participants p WHERE p.org_id = $1 AND p.run_id IN (SELECT id FROM runs)) AS total,
              (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY muster_elapsed_ms) FROM runs) AS muster_ms`,
      [now, principal.timeZone],
    );
    const [org] = await this.query<{ name: string }>(principal, `SELECT o.name FROM organizations o WHERE o.id = $1`);
    const total = int(row?.total);
    return {
      organization: org?.name ?? principal.orgName,
      timeZone: principal.timeZone,
      asOf: now.toISOString(),
      readiness: {
        cadencesOverdue: manager.cadences.overdue,
        cadencesDueSoon: manager.cadences.dueSoon,
        cadences: manager.cadences.items.length,
        runs: finished,
        attendancePercent: total > 0 ? Math.round((int(row?.present) / total) * 1000) / 10 : null,
        musterMedianMinutes: row?.muster_ms === null || row?.muster_ms === undefined ? null : Math.round(Number(row.muster_ms) / 6000) / 10,
        actionsOpen: manager.correctiveActions.open,
        actionsOverdue: manager.correctiveActions.overdue,
        acknowledgementsMissing: manager.sopAcknowledgements.missing,
      },
      compliance: admin.compliance,
      evidence: {
        fresh: auditor.evidence.fresh,
        stale: auditor.evidence.stale,
        flagged: auditor.flagged.records + auditor.flagged.requests,
        requestsOverdue: admin.evidenceRequests.overdue,
      },
      security: {
        failedSignIns: admin.security.failedSignIns,
        lockouts: admin.security.lockouts,
        chainOk: auditor.chain.ok,
        chainVerifiedAt: auditor.chain.lastVerifiedAt,
      },
      seats: { used: admin.seats.used, limit: admin.seats.limit },
    };
  }

  /** Records that the summary left the product as a file (an export is audited). */
  async auditedExport(actor: AuditActor, orgId: string, language: string): Promise<void> {
    await this.audit.record({
      action: 'executive.summary.export',
      outcome: 'success',
      actor,
      orgId,
      metadata: { format: 'pdf', language },
    });
  }

  // ----------------------------------------------------------------------------------- sysops

  /** The platform's support queues (support works across organisations). */
  async sysops(now = new Date()): Promise<SysopsDashboard> {
    const [row] = await acrossOrganisations('the support dashboard counts every organisation’s queues', () =>
      this.dataSource.query<Record<string, string>[]>(
        `SELECT (SELECT count(*) FROM chats c WHERE c.status = 'queued') AS chats_queued,
                (SELECT count(*) FROM chats c WHERE c.status = 'active') AS chats_active,
                (SELECT count(*) FROM chat_operators o WHERE o.presence = 'online') AS operators_online,
                (SELECT count(*) FROM tickets t WHERE t.status IN ('open', 'pending')
                   AND ((t.first_responded_at IS NULL AND t.first_response_due_at < $1) OR t.resolution_due_at < $1)) AS breached,
                (SELECT count(*) FROM tickets t WHERE t.status IN ('open', 'pending')
                   AND NOT ((t.first_responded_at IS NULL AND t.first_response_due_at < $1) OR t.resolution_due_at < $1)
                   AND ((t.first_responded_at IS NULL AND t.first_response_due_at < $2) OR t.resolution_due_at < $2)) AS due_soon,
                (SELECT count(*) FROM tickets t WHERE t.status IN ('open', 'pending')) AS tickets_open,
                (SELECT count(*) FROM id_verification_cases v WHERE v.state = 'submitted') AS id_waiting,
                (SELECT count(*) FROM id_verification_cases v WHERE v.state = 'in_review') AS id_in_review,
                (SELECT count(*) FROM users u WHERE u.status = 'suspended') AS suspended,
                (SELECT count(*) FROM users u WHERE u.status = 'frozen') AS frozen,
                (SELECT count(*) FROM users u WHERE u.status = 'locked') AS locked,
                (SELECT count(*) FROM knowledge_articles k WHERE k.status = 'in_review') AS articles_in_review`,
        [now, new Date(now.getTime() + SLA_DUE_SOON_HOURS * 3_600_000)],
      ),
    );
    const breached = int(row?.breached);
    const dueSoon = int(row?.due_soon);
    return {
      chat: { queued: int(row?.chats_queued), active: int(row?.chats_active), operatorsOnline: int(row?.operators_online) },
      tickets: { breached, dueSoon, onTrack: int(row?.tickets_open) - breached - dueSoon },
      idVerification: { waiting: int(row?.id_waiting), inReview: int(row?.id_in_review) },
      accounts: { suspended: int(row?.suspended), frozen: int(row?.frozen), locked: int(row?.locked) },
      knowledgeInReview: int(row?.articles_in_review),
    };
  }
}
