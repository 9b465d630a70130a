import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  api,
  type LanguageCode,
  type SupportOperator,
  type TicketAttachment,
  type TicketBulkResult,
  type TicketDetail,
  type TicketList,
  type Principal,
} from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { ReaderLanguage } from '../../platform/http/reader-language.js';
import { contentDisposition } from '../../platform/storage/content-disposition.js';
import { TicketsService } from './tickets.service.js';

@Controller()
export class TicketsController {
  constructor(private readonly tickets: TicketsService) {}

  @Endpoint(api.tickets.create)
  create(
    @Auth() auth: Principal,
    @ValidBody() body: Parameters<TicketsService['create']>[1],
    @ReaderLanguage() language: LanguageCode,
  ): Promise<TicketDetail> {
    return this.tickets.create(auth, body, language);
  }

  @Endpoint(api.tickets.list)
  list(@Auth() auth: Principal, @ValidQuery() query: Parameters<TicketsService['list']>[1]): Promise<TicketList> {
    return this.tickets.list(auth, query);
  }

  @Endpoint(api.tickets.bulkStatus)
  bulkStatus(@Auth() auth: Principal, @ValidBody() body: Parameters<TicketsService['bulkStatus']>[1]): Promise<TicketBulkResult> {
    return this.tickets.bulkStatus(auth, body);
  }

  @Endpoint(api.tickets.operators)
  operators(@Auth() auth: Principal): Promise<{ items: SupportOperator[] }> {
    return this.tickets.operators(auth);
  }

  @Endpoint(api.tickets.get)
  get(@Auth() auth: Principal, @Param('id') id: string): Promise<TicketDetail> {
    return this.tickets.get(auth, id);
  }

  @Endpoint(api.tickets.comment)
  comment(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidBody() body: Parameters<TicketsService['comment']>[2],
  ): Promise<TicketDetail> {
    return this.tickets.comment(auth, id, body);
  }

  @Endpoint(api.tickets.update)
  update(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidBody() body: Parameters<TicketsService['update']>[2],
  ): Promise<TicketDetail> {
    return this.tickets.update(auth, id, body);
  }

  @Endpoint(api.tickets.upload)
  upload(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidQuery() query: Parameters<TicketsService['attach']>[3],
    @Req() request: FastifyRequest,
  ): Promise<TicketAttachment> {
    return this.tickets.attach(auth, id, request, query);
  }

  @Endpoint(api.tickets.download)
  async download(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @Param('attachmentId') attachmentId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { attachment, file } = await this.tickets.download(auth, id, attachmentId);
    void reply
      .header('Content-Type', attachment.contentType)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', contentDisposition(attachment.filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(file.stream);
  }
}
