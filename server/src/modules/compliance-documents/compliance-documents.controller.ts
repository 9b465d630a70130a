import { Controller, Param, Req, Res } from '@nestjs/common';
import { api, type DocumentDetail, type DocumentList, type MemberPrincipal } from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Client, MemberAuth, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { contentDisposition } from '../../platform/storage/content-disposition.js';
import { ComplianceDocumentsService } from './compliance-documents.service.js';

/** The compliance document library: every member reads and downloads (audited); ADMINs and MANAGERs upload. */
@Controller()
export class ComplianceDocumentsController {
  constructor(private readonly documents: ComplianceDocumentsService) {}

  @Endpoint(api.complianceDocuments.list)
  list(
    @MemberAuth('compliance.noOrganization') actor: MemberPrincipal,
    @ValidQuery() query: Parameters<ComplianceDocumentsService['list']>[1],
  ): Promise<DocumentList> {
    return this.documents.list(actor, query);
  }

  @Endpoint(api.complianceDocuments.create)
  create(
    @MemberAuth('compliance.noOrganization') actor: MemberPrincipal,
    @ValidQuery() query: Parameters<ComplianceDocumentsService['create']>[2],
    @Req() request: FastifyRequest,
    @Client() client: ClientContext,
  ): Promise<DocumentDetail> {
    return this.documents.create(actor, request, query, client);
  }

  @Endpoint(api.complianceDocuments.get)
  get(@MemberAuth('compliance.noOrganization') actor: MemberPrincipal, @Param('id') id: string): Promise<DocumentDetail> {
    return this.documents.get(actor, id);
  }

  @Endpoint(api.complianceDocuments.update)
  update(
    @MemberAuth('compliance.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @ValidBody() body: Parameters<ComplianceDocumentsService['update']>[2],
  ): Promise<DocumentDetail> {
    return this.documents.update(actor, id, body);
  }

  @Endpoint(api.complianceDocuments.addVersion)
  addVersion(
    @MemberAuth('compliance.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @ValidQuery() query: Parameters<ComplianceDocumentsService['addVersion']>[3],
    @Req() request: FastifyRequest,
    @Client() client: ClientContext,
  ): Promise<DocumentDetail> {
    return this.documents.addVersion(actor, id, request, query, client);
  }

  @Endpoint(api.complianceDocuments.download)
  async download(
    @MemberAuth('compliance.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @Param('versionId') versionId: string,
    @Client() client: ClientContext,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { version, file } = await this.documents.download(actor, id, versionId, client);
    void reply
      .header('Content-Type', version.contentType)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', contentDisposition(version.filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(file.stream);
  }
}
