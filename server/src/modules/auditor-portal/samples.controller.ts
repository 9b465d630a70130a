import { Controller } from '@nestjs/common';
import { api, type Principal } from '@muster/contracts';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { SamplesService } from './samples.service.js';

/** Reproducible samples of the records in an auditor's scope (an ADMIN's preview reads them). */
@Controller()
@MinRole('GUEST_AUDITOR')
export class SamplesController {
  constructor(private readonly samples: SamplesService) {}

  @Endpoint(api.auditorPortal.samples)
  async list(@Auth() principal: Principal, @ValidQuery() query: { preview?: string }) {
    return { items: await this.samples.list(principal, query) };
  }

  @Endpoint(api.auditorPortal.drawSample)
  draw(@Auth() principal: Principal, @ValidBody() body: Parameters<SamplesService['draw']>[1], @Client() client: ClientContext) {
    return this.samples.draw(principal, body, client);
  }
}
