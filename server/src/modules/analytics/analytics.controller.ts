import { Controller, Param, Res } from '@nestjs/common';
import {
  api,
  type AnalyticsRunList,
  type AnalyticsTicketList,
  type DrillAnalytics,
  type DrillAnalyticsFilters,
  type Principal,
  type TicketAnalytics,
  type TicketAnalyticsFilters,
} from '@muster/contracts';
import type { FastifyReply } from 'fastify';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { inOrg } from '../../platform/auth/principal.js';
import { Endpoint, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { sendDownload } from '../../platform/http/download.js';
import { AnalyticsService } from './analytics.service.js';

/** A chart's CSV, named after the chart and the period. */
function sendCsv(reply: FastifyReply, area: string, chart: string, csv: string): void {
  sendDownload(reply, 'text/csv; charset=utf-8', `muster-${area}-${chart}-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}

/** Drill and ticket analytics of the signed-in member's organisation (MANAGER and above). */
@Controller()
@MinRole('MANAGER')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Endpoint(api.analytics.drills)
  drills(@Auth() auth: Principal, @ValidQuery() query: DrillAnalyticsFilters): Promise<DrillAnalytics> {
    return this.analytics.drills(inOrg(auth), query);
  }

  @Endpoint(api.analytics.drillCsv)
  async drillCsv(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @Param('chart') chart: string,
    @ValidQuery() query: DrillAnalyticsFilters,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    sendCsv(reply, 'drills', chart, await this.analytics.drillCsv(inOrg(auth), client, chart, query));
  }

  @Endpoint(api.analytics.drillRuns)
  drillRuns(
    @Auth() auth: Principal,
    @Param('chart') chart: string,
    @ValidQuery() query: DrillAnalyticsFilters & { key: string },
  ): Promise<AnalyticsRunList> {
    return this.analytics.drillPoint(inOrg(auth), chart, query);
  }

  @Endpoint(api.analytics.tickets)
  tickets(@Auth() auth: Principal, @ValidQuery() query: TicketAnalyticsFilters): Promise<TicketAnalytics> {
    return this.analytics.tickets(inOrg(auth), query);
  }

  @Endpoint(api.analytics.ticketCsv)
  async ticketCsv(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @Param('chart') chart: string,
    @ValidQuery() query: TicketAnalyticsFilters,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    sendCsv(reply, 'tickets', chart, await this.analytics.ticketCsv(inOrg(auth), client, chart, query));
  }

  @Endpoint(api.analytics.ticketList)
  ticketList(
    @Auth() auth: Principal,
    @Param('chart') chart: string,
    @ValidQuery() query: TicketAnalyticsFilters & { key: string },
  ): Promise<AnalyticsTicketList> {
    return this.analytics.ticketPoint(inOrg(auth), chart, query);
  }
}
