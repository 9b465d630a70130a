import { Controller, Param, Res } from '@nestjs/common';
import {
  api,
  PLATFORM_ROLES,
  type ChainVerification,
  type CustomerTimeline,
  type ThreatsOverview,
  type ThreatsQuery,
  type TimelinePage,
  type TimelineQuery,
  type Principal,
} from '@muster/contracts';
import type { FastifyReply } from 'fastify';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { Endpoint, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { sendDownload } from '../../platform/http/download.js';
import type { TimelineScope } from './audit-query.service.js';
import { AuditTrailService } from './audit-trail.service.js';

/** The signed-in principal's own events: a user's, or a guest auditor's invite's. */
function ownScope(auth: Principal): TimelineScope {
  return auth.userId ? { kind: 'user', userId: auth.userId } : { kind: 'invite', inviteId: auth.inviteId ?? '' };
}

/**
 * The organisation an admin reads: always their own. Platform staff (no organisation) name one
 * with `orgId`, or read the platform's own chain (events of no organisation) without it.
 */
function orgScope(auth: Principal, orgId: string | undefined): string | null {
  if (auth.orgId) return auth.orgId;
  return PLATFORM_ROLES.includes(auth.role) ? (orgId?.toLowerCase() ?? null) : null;
}

/** A CSV export named after its content and today's date. */
function sendCsv(reply: FastifyReply, name: string, csv: string): void {
  sendDownload(reply, 'text/csv; charset=utf-8', `${name}-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}

/** Security timelines, the threats view, CSV exports and the chain check. */
@Controller()
export class AuditController {
  constructor(private readonly trail: AuditTrailService) {}

  @Endpoint(api.audit.myTimeline)
  myTimeline(@Auth() auth: Principal, @ValidQuery() query: TimelineQuery): Promise<TimelinePage> {
    return this.trail.timeline(ownScope(auth), query);
  }

  @Endpoint(api.audit.myTimelineCsv)
  async myTimelineCsv(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidQuery() query: TimelineQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const csv = await this.trail.exportTimeline(auditActorOf(auth, client), ownScope(auth), query, auth.orgId);
    sendCsv(reply, 'muster-my-security-timeline', csv);
  }

  @Endpoint(api.audit.orgTimeline)
  @MinRole('ADMIN')
  orgTimeline(@Auth() auth: Principal, @ValidQuery() query: TimelineQuery): Promise<TimelinePage> {
    return this.trail.timeline({ kind: 'org', orgId: orgScope(auth, query.orgId) }, query);
  }

  @Endpoint(api.audit.orgTimelineCsv)
  @MinRole('ADMIN')
  async orgTimelineCsv(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidQuery() query: TimelineQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const orgId = orgScope(auth, query.orgId);
    const csv = await this.trail.exportTimeline(auditActorOf(auth, client), { kind: 'org', orgId }, query, orgId);
    sendCsv(reply, 'muster-security-timeline', csv);
  }

  @Endpoint(api.audit.threats)
  @MinRole('ADMIN')
  threats(@Auth() auth: Principal, @ValidQuery() query: ThreatsQuery): Promise<ThreatsOverview> {
    return this.trail.threats(orgScope(auth, query.orgId), query);
  }

  @Endpoint(api.audit.threatsCsv)
  @MinRole('ADMIN')
  async threatsCsv(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidQuery() query: ThreatsQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const csv = await this.trail.exportThreats(auditActorOf(auth, client), orgScope(auth, query.orgId), query);
    sendCsv(reply, 'muster-security-threats', csv);
  }

  @Endpoint(api.audit.customerTimeline)
  @MinRole('SYSOPS')
  customerTimeline(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @Param('userId') userId: string,
    @ValidQuery() query: TimelineQuery,
  ): Promise<CustomerTimeline> {
    return this.trail.customerTimeline(auditActorOf(auth, client), userId, query);
  }

  @Endpoint(api.audit.customerTimelineCsv)
  @MinRole('SYSOPS')
  async customerTimelineCsv(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @Param('userId') userId: string,
    @ValidQuery() query: TimelineQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const csv = await this.trail.exportCustomerTimeline(auditActorOf(auth, client), userId, query);
    sendCsv(reply, 'muster-customer-timeline', csv);
  }

  @Endpoint(api.audit.verify)
  @MinRole('ADMIN')
  verify(@Auth() auth: Principal, @Client() client: ClientContext, @ValidQuery() query: { orgId?: string }): Promise<ChainVerification> {
    return this.trail.verify(auditActorOf(auth, client), orgScope(auth, query.orgId));
  }
}
