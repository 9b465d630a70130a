import { Controller, Param, Res } from '@nestjs/common';
import { api, type AuditorDashboard, type EvidenceDetail, type EvidenceList, type LanguageCode, type Principal } from '@muster/contracts';
import type { FastifyReply } from 'fastify';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { ReaderLanguage } from '../../platform/http/reader-language.js';
import { contentDisposition } from '../../platform/storage/content-disposition.js';
import { AuditorEvidenceService } from './auditor-evidence.service.js';

type Service = AuditorEvidenceService;

/**
 * What a viewer may do with an evidence file shown inline: nothing but show it. A PDF is framed by
 * the portal (same origin only), so it keeps no `sandbox` (Chromium does not render PDFs in
 * sandboxed documents); an image needs no viewer at all.
 */
const INLINE_CSP: Record<string, string> = {
  'application/pdf': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
};
const STRICT_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

/** The guest auditor's evidence (and an ADMIN's read-only preview of it with `?preview=<invite id>`). */
@Controller()
@MinRole('GUEST_AUDITOR')
export class AuditorEvidenceController {
  constructor(private readonly evidence: AuditorEvidenceService) {}

  @Endpoint(api.auditorPortal.dashboard)
  dashboard(
    @Auth() auth: Principal,
    @ValidQuery() query: { preview?: string },
    @Client() client: ClientContext,
  ): Promise<AuditorDashboard> {
    return this.evidence.dashboard(auth, query.preview, client);
  }

  @Endpoint(api.auditorPortal.evidence)
  list(
    @Auth() auth: Principal,
    @ValidQuery() query: Parameters<Service['list']>[1],
    @Client() client: ClientContext,
  ): Promise<EvidenceList> {
    return this.evidence.list(auth, query, client);
  }

  @Endpoint(api.auditorPortal.record)
  get(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidQuery() query: { preview?: string },
    @Client() client: ClientContext,
  ): Promise<EvidenceDetail> {
    return this.evidence.get(auth, id, query.preview, client);
  }

  @Endpoint(api.auditorPortal.file)
  async file(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidQuery() query: Parameters<Service['file']>[2],
    @Client() client: ClientContext,
    @ReaderLanguage() language: LanguageCode,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.evidence.file(auth, id, query, client, language);
    void reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(file.body.length))
      .header('Content-Disposition', contentDisposition(file.fileName, file.disposition))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', (file.disposition === 'inline' && INLINE_CSP[file.contentType]) || STRICT_CSP)
      .header('X-Frame-Options', 'SAMEORIGIN')
      .header('Cache-Control', 'private, no-store')
      .send(file.body);
  }

  @Endpoint(api.auditorPortal.review)
  review(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidQuery() query: { preview?: string },
    @ValidBody() body: Parameters<Service['review']>[2],
    @Client() client: ClientContext,
  ): Promise<EvidenceDetail> {
    return this.evidence.review(auth, id, body, query.preview, client);
  }
}
