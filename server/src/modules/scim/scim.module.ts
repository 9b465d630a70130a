import { Logger, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import { MembersModule } from '../members/members.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { ScimGroupMemberRow, ScimGroupRow, ScimRequestRow, ScimTokenRow, ScimUserRow } from './entities/scim.entities.js';
import { ScimAdminController } from './scim-admin.controller.js';
import { registerScimHttp } from './scim-http.js';
import { ScimProtocolController } from './scim-protocol.controller.js';
import { ScimTokenGuard } from './scim-token.guard.js';
import { ScimService } from './scim.service.js';

export const SCIM_ENTITIES = [ScimTokenRow, ScimUserRow, ScimGroupRow, ScimGroupMemberRow, ScimRequestRow];

/** SCIM 2.0 provisioning: the protocol at /api/scim/v2 and the admin page's API. */
@Module({
  imports: [TypeOrmModule.forFeature(SCIM_ENTITIES), UsageModule, MembersModule],
  controllers: [ScimProtocolController, ScimAdminController],
  providers: [ScimService, ScimTokenGuard],
})
export class ScimModule implements OnModuleInit {
  private readonly logger = new Logger('Scim');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly scim: ScimService,
  ) {}

  /** In an api process (a worker has no HTTP listener): the SCIM edge and the request log. */
  onModuleInit(): void {
    // A worker's application context has no HTTP adapter.
    const adapter = this.adapterHost.httpAdapter as HttpAdapterHost['httpAdapter'] | undefined;
    const fastify = adapter?.getInstance<FastifyInstance>();
    if (!fastify || typeof fastify.addContentTypeParser !== 'function') return;
    registerScimHttp(fastify, (request, reply) => {
      const caller = request.scimCaller!;
      const path = (request.url.split('?')[0] ?? '').replace(/^\/api\/scim\/v2/, '') || '/';
      const query = request.url.includes('?') ? `?${request.url.split('?')[1]}` : '';
      this.scim
        .logRequest(caller, {
          method: request.method,
          path: `${path}${decodeSafe(query)}`.slice(0, 500),
          status: reply.statusCode,
          durationMs: reply.elapsedTime,
        })
        .catch((err: unknown) => this.logger.warn({ err }, 'SCIM request not logged'));
    });
  }
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
