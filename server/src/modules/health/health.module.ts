import { Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { api } from '@muster/contracts';
import type { FastifyInstance } from 'fastify';
import { registerFastRead } from '../../platform/http/fast-read.js';
import { HealthController, healthReply } from './health.controller.js';
import { HealthGateway } from './health.gateway.js';
import { HealthProcessor } from './health.processor.js';
import { HealthService } from './health.service.js';

@Module({
  controllers: [HealthController],
  providers: [HealthService, HealthProcessor, HealthGateway],
})
export class HealthModule {
  /**
   * Probes (an orchestrator's, a load balancer's, every few seconds per instance) get the shared
   * report without Nest's pipeline while it is fresh. Registered while the modules are made, before
   * the routes are added; a worker has no HTTP adapter.
   */
  constructor(adapterHost: HttpAdapterHost, health: HealthService) {
    const adapter = adapterHost.httpAdapter as HttpAdapterHost['httpAdapter'] | undefined;
    registerFastRead(adapter?.getInstance<FastifyInstance>(), api.health.report, (_request, reply) => {
      const answer = health.settledAnswer();
      if (!answer) return false;
      void reply.send(healthReply(reply, answer));
      return true;
    });
  }
}
