import { Controller, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { api, type HealthReport, type ProbeRequest } from '@muster/contracts';
import type { FastifyReply } from 'fastify';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { HealthService } from './health.service.js';
import { Public } from '../../platform/auth/auth.decorators.js';

@Controller()
@Public()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Endpoint(api.health.report)
  async report(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await this.health.report();
    void reply.status(report.failing.length ? 503 : 200).header('Cache-Control', 'no-store');
    return report;
  }

  @Endpoint(api.health.probe)
  @RouteConfig({ rateLimit: { max: 30, timeWindow: '1 minute' } })
  probe(@ValidBody() body: ProbeRequest): Promise<{ probeId: string }> {
    return this.health.probe(body.socketId);
  }
}
