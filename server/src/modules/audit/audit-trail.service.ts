import { Injectable } from '@nestjs/common';
import type { ChainVerification, CustomerTimeline, ThreatsOverview, ThreatsQuery, TimelinePage, TimelineQuery } from '@muster/contracts';
import { AuditService, type AuditActor } from '../../platform/audit/audit.service.js';
import { AuditQueryService, type TimelineScope } from './audit-query.service.js';

/** The rules around reading the trail: which reads are themselves audited. */
@Injectable()
export class AuditTrailService {
  constructor(
    private readonly queries: AuditQueryService,
    private readonly audit: AuditService,
  ) {}

  timeline(scope: TimelineScope, query: TimelineQuery): Promise<TimelinePage> {
    return this.queries.timeline(scope, query);
  }

  threats(orgId: string | null, query: ThreatsQuery): Promise<ThreatsOverview> {
    return this.queries.threats(orgId, query);
  }

  /** An export is a download of security data: audited in the organisation it came from. */
  async exportTimeline(actor: AuditActor, scope: TimelineScope, query: TimelineQuery, orgId: string | null): Promise<string> {
    const { csv, rows } = await this.queries.timelineCsv(scope, query);
    await this.audit.record({
      action: 'audit.export',
      outcome: 'success',
      actor,
      orgId,
      metadata: { scope: scope.kind, rows, filters: filtersOf(query) },
    });
    return csv;
  }

  async exportThreats(actor: AuditActor, orgId: string | null, query: ThreatsQuery): Promise<string> {
    const { csv, rows } = await this.queries.threatsCsv(orgId, query);
    await this.audit.record({
      action: 'audit.export',
      outcome: 'success',
      actor,
      orgId,
      metadata: { scope: 'threats', rows, filters: filtersOf(query) },
    });
    return csv;
  }

  /**
   * A support operator reading a customer's security events. The first page of each look is
   * audited in the customer's organisation, so its admins see who looked.
   */
  async customerTimeline(actor: AuditActor, userId: string, query: TimelineQuery): Promise<CustomerTimeline> {
    const customer = await this.queries.customer(userId);
    const page = await this.queries.timeline({ kind: 'customer', userId: customer.id }, query);
    if (query.page === 1) {
      await this.audit.record({
        action: 'audit.customer_timeline.view',
        outcome: 'success',
        actor,
        orgId: customer.orgId,
        target: { type: 'user', id: customer.id },
      });
    }
    return { ...page, customer };
  }

  async exportCustomerTimeline(actor: AuditActor, userId: string, query: TimelineQuery): Promise<string> {
    const customer = await this.queries.customer(userId);
    const { csv, rows } = await this.queries.timelineCsv({ kind: 'customer', userId: customer.id }, query);
    await this.audit.record({
      action: 'audit.export',
      outcome: 'success',
      actor,
      orgId: customer.orgId,
      target: { type: 'user', id: customer.id },
      metadata: { scope: 'customer', rows, filters: filtersOf(query) },
    });
    return csv;
  }

  async verify(actor: AuditActor, orgId: string | null): Promise<ChainVerification> {
    const result = await this.audit.verify(orgId);
    await this.audit.record({
      action: 'audit.verify',
      outcome: result.ok ? 'success' : 'failure',
      ...(result.firstBroken ? { reason: result.firstBroken.reason } : {}),
      actor,
      orgId,
      metadata: { checked: result.checked, ...(result.firstBroken ? { brokenAt: result.firstBroken.seq } : {}) },
    });
    return result;
  }
}

function filtersOf(query: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([key, value]) => value !== undefined && key !== 'page' && key !== 'pageSize'));
}
