import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PLAN_IDS, type PlatformOverview } from '@muster/contracts';
import type { DataSource } from 'typeorm';
import { QueueService } from '../../platform/queues/queue.service.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { ApprovalsService } from '../approvals/approvals.service.js';
import { BroadcastsService } from './broadcasts.service.js';

/** Months `YYYY-MM` (UTC) from 11 months before `now`'s to `now`'s. */
export function lastTwelveMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = 11; back >= 0; back -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${String(d.getUTCFullYear())}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/** The platform at a glance for its root and deputy admins. */
@Injectable()
export class PlatformOverviewService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queues: QueueService,
    private readonly approvals: ApprovalsService,
    private readonly broadcasts: BroadcastsService,
  ) {}

  async overview(now = new Date()): Promise<PlatformOverview> {
    const months = lastTwelveMonths(now);
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [plans, growth, revenue] = await acrossOrganisations('platform overview: counts over every organisation', () =>
      Promise.all([
        this.dataSource.query<{ plan: string; count: number }[]>(
          `SELECT COALESCE(s.plan, 'basic') AS plan, count(*)::int AS count
             FROM organizations o LEFT JOIN subscriptions s ON s.org_id = o.id
            WHERE NOT EXISTS (SELECT 1 FROM organization_terminations t WHERE t.org_id = o.id AND t.status = 'terminated')
            GROUP BY 1`,
        ),
        this.dataSource.query<{ month: string; count: number }[]>(
          `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*)::int AS count
             FROM organizations WHERE created_at >= $1 GROUP BY 1`,
          [new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))],
        ),
        this.dataSource.query<[{ cents: number }]>(
          `SELECT COALESCE(sum(total_cents), 0)::int AS cents FROM invoices
            WHERE provider = 'builtin' AND status = 'paid' AND paid_at >= $1 AND paid_at <= $2`,
          [monthStart, now],
        ),
      ]),
    );
    const byPlan = new Map(plans.map((p) => [p.plan, p.count]));
    const byMonth = new Map(growth.map((g) => [g.month, g.count]));
    const [approvals, broadcasts, queues] = await Promise.all([this.approvals.counts(), this.broadcasts.counts(), this.queues.counts()]);
    return {
      organizationsByPlan: PLAN_IDS.map((plan) => ({ plan, count: byPlan.get(plan) ?? 0 })),
      organizations: plans.reduce((sum, p) => sum + p.count, 0),
      growth: months.map((month) => ({ month, count: byMonth.get(month) ?? 0 })),
      revenueThisMonthCents: revenue[0].cents,
      pendingApprovals: approvals.pending,
      unreviewedBreakGlass: approvals.unreviewedBreakGlass,
      queues,
      activeBroadcasts: broadcasts.active,
      scheduledBroadcasts: broadcasts.scheduled,
    };
  }
}
