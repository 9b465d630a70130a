import { Controller, Param, Req, Res } from '@nestjs/common';
import { api, type EvidenceDetail, type EvidenceList, type MemberPrincipal, type RenderView } from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Client, MemberAuth, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { contentDisposition } from '../../platform/storage/content-disposition.js';
import { RenderJobsService } from '../documents/render-jobs.service.js';
import type { EvidenceSnapshotRequest } from './evidence-snapshot.render.js';
import { EvidenceService } from './evidence.service.js';

const INLINE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'";

/**
 * The evidence vault of an organisation: INTERNAL_AUDITORs and ADMINs read (MANAGERs are refused
 * by the service), ADMINs add records and change legal holds. Guest auditors have their portal.
 */
@Controller()
@MinRole('INTERNAL_AUDITOR')
export class EvidenceController {
  constructor(
    private readonly evidence: EvidenceService,
    private readonly renders: RenderJobsService,
  ) {}

  @Endpoint(api.evidence.list)
  list(
    @MemberAuth('evidence.noOrganization') actor: MemberPrincipal,
    @ValidQuery() query: Parameters<EvidenceService['list']>[1],
  ): Promise<EvidenceList> {
    return this.evidence.list(actor, query);
  }

  @Endpoint(api.evidence.upload)
  upload(
    @MemberAuth('evidence.noOrganization') actor: MemberPrincipal,
    @ValidQuery() query: Parameters<EvidenceService['upload']>[2],
    @Req() request: FastifyRequest,
    @Client() client: ClientContext,
  ): Promise<EvidenceDetail> {
    return this.evidence.upload(actor, request, query, client);
  }

  @Endpoint(api.evidence.link)
  link(
    @MemberAuth('evidence.noOrganization') actor: MemberPrincipal,
    @ValidBody() body: Parameters<EvidenceService['link']>[1],
    @Client() client: ClientContext,
  ): Promise<RenderView> {
    const request: EvidenceSnapshotRequest = { kind: 'evidence-snapshot', link: body, language: actor.language };
    return this.renders.startOwned(actor, client, request);
  }

  @Endpoint(api.evidence.sources)
  sources(
    @MemberAuth('evidence.noOrganization') actor: MemberPrincipal,
    @ValidQuery() query: { kind: Parameters<EvidenceService['sources']>[1] },
  ): ReturnType<EvidenceService['sources']> {
    return this.evidence.sources(actor, query.kind);
  }

  @Endpoint(api.evidence.get)
  get(@MemberAuth('evidence.noOrganization') actor: MemberPrincipal, @Param('id') id: string): Promise<EvidenceDetail> {
    return this.evidence.get(actor, id);
  }

  @Endpoint(api.evidence.file)
  async file(
    @MemberAuth('evidence.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @ValidQuery() query: { disposition: 'inline' | 'attachment' },
    @Client() client: ClientContext,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { row, body } = await this.evidence.file(actor, id, query.disposition, client);
    void reply
      .header('Content-Type', row.contentType)
      .header('Content-Length', String(body.length))
      .header('Content-Disposition', contentDisposition(row.fileName, query.disposition))
      .header('X-Content-Type-Options', 'nosniff')
      // Shown inline, a PDF needs the browser's viewer, which a sandboxed document does not get;
      // the type was read from the bytes and is never sniffed, so nothing in it runs as a page.
      .header('Content-Security-Policy', query.disposition === 'inline' ? INLINE_CSP : "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(body);
  }

  @Endpoint(api.evidence.placeHold)
  placeHold(
    @MemberAuth('evidence.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @ValidBody() body: { reason: string },
    @Client() client: ClientContext,
  ): Promise<EvidenceDetail> {
    return this.evidence.placeHold(actor, id, body.reason, client);
  }

  @Endpoint(api.evidence.releaseHold)
  releaseHold(
    @MemberAuth('evidence.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @Client() client: ClientContext,
  ): Promise<EvidenceDetail> {
    return this.evidence.releaseHold(actor, id, client);
  }
}
