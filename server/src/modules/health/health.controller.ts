import { Controller, Res } from '@nestjs/common';
import { api, type ProbeRequest } from '@muster/contracts';
import type { FastifyReply } from 'fastify';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { HealthService, type HealthAnswer } from './health.service.js';
import { Public } from '../../platform/auth/auth.decorators.js';
import { RateLimit } from '../../platform/limits/rate-limit.guard.js';

/** The report's status, headers and JSON text; the fast read (health.module.ts) answers the same. */
export function healthReply(reply: FastifyReply, { report, json }: HealthAnswer): string {
  void reply
    .status(report.failing.length ? 503 : 200)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8');
  return json;
}

@Controller()
@Public()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * The shared report (see HealthService), answered as its JSON text: the text is made once per
   * report, not once per probe. The body is the same `HealthReport` the contract declares.
   */
  @Endpoint(api.health.report)
  async report(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return healthReply(reply, await this.health.answer());
  }

  @Endpoint(api.health.probe)
  @RateLimit({ name: 'health-probe', points: 30, durationSeconds: 60, reason: 'common.tooManyProbes' })
  probe(@ValidBody() body: ProbeRequest): Promise<{ probeId: string }> {
    return this.health.probe(body.socketId);
  }
}
