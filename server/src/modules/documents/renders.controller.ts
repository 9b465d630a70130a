import { Controller, Param, Res } from '@nestjs/common';
import { api, type RenderView, type Principal } from '@muster/contracts';
import type { FastifyReply } from 'fastify';
import { Auth, Client, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { sendDownload } from '../../platform/http/download.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { RendersService, type RenderInput } from './renders.service.js';

/** A render is for a signed-in member (guest auditors have a portal of their own). */
function userOf(auth: Principal): string {
  if (!auth.userId) throw new DomainError('FORBIDDEN', 'auth.forbidden');
  return auth.userId;
}

@Controller()
export class RendersController {
  constructor(private readonly renders: RendersService) {}

  @Endpoint(api.documents.startRender)
  start(@Auth() auth: Principal, @Client() client: ClientContext, @ValidBody() body: RenderInput): Promise<RenderView> {
    return this.renders.start(auth, client, body);
  }

  @Endpoint(api.documents.render)
  render(@Auth() auth: Principal, @Param('id') id: string): Promise<RenderView> {
    return this.renders.get(userOf(auth), id);
  }

  @Endpoint(api.documents.download)
  async download(@Auth() auth: Principal, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.renders.download(userOf(auth), id);
    sendDownload(reply, file.contentType, file.fileName, file.stream);
  }
}
