import { Controller, Param, Res } from '@nestjs/common';
import { api, type AuditBundleView, type Principal } from '@muster/contracts';
import type { FastifyReply } from 'fastify';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { contentDisposition } from '../../platform/storage/content-disposition.js';
import { AuditBundlesService } from './audit-bundles.service.js';

/** A guest auditor's audit bundles (an ADMIN previewing an invite reads and downloads them; only the auditor builds). */
@Controller()
@MinRole('GUEST_AUDITOR')
export class AuditBundlesController {
  constructor(private readonly bundles: AuditBundlesService) {}

  @Endpoint(api.auditBundles.list)
  list(
    @Auth() auth: Principal,
    @ValidQuery() query: { preview?: string },
    @Client() client: ClientContext,
  ): Promise<{ items: AuditBundleView[] }> {
    return this.bundles.list(auth, query.preview, client);
  }

  @Endpoint(api.auditBundles.create)
  create(
    @Auth() auth: Principal,
    @ValidQuery() query: { preview?: string },
    @ValidBody() body: { recordIds?: string[] },
    @Client() client: ClientContext,
  ): Promise<AuditBundleView> {
    return this.bundles.create(auth, query.preview, client, body.recordIds);
  }

  @Endpoint(api.auditBundles.get)
  get(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidQuery() query: { preview?: string },
    @Client() client: ClientContext,
  ): Promise<AuditBundleView> {
    return this.bundles.get(auth, query.preview, id, client);
  }

  @Endpoint(api.auditBundles.download)
  async download(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidQuery() query: { preview?: string },
    @Client() client: ClientContext,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.bundles.download(auth, query.preview, id, client);
    void reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', contentDisposition(file.fileName))
      .header('Content-Length', String(file.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(file.stream);
  }
}
