import { Controller, Res } from '@nestjs/common';
import { api, type HealthReport, type ProbeRequest } from '@muster/contracts';
import type { FastifyReply } from 'fastify';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { HealthService } from './health.service.js';
import { Public } from '../../platform/auth/auth.decorators.js';
import { RateLimit } from '../../platform/limits/rate-limit.guard.js';

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
  @RateLimit({ name: 'health-probe', points: 30, durationSeconds: 60, reason: 'common.tooManyProbes' })
  probe(@ValidBody() body: ProbeRequest): Promise<{ probeId: string }> {
    return this.health.probe(body.socketId);
  }
}
