import { Controller, Param } from '@nestjs/common';
import { api, type EvidenceRequestState, type Principal } from '@muster/contracts';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { EvidenceRequestsService } from './evidence-requests.service.js';

type ListQuery = { preview?: string; state?: EvidenceRequestState };

/** Evidence requests: the auditor's side (a guest auditor, or an ADMIN previewing read-only) and the organisation's (ADMIN). */
@Controller()
export class EvidenceRequestsController {
  constructor(private readonly requests: EvidenceRequestsService) {}

  @Endpoint(api.auditorPortal.requests)
  @MinRole('GUEST_AUDITOR')
  async list(@Auth() principal: Principal, @ValidQuery() query: ListQuery) {
    return { items: await this.requests.listForAuditor(principal, query) };
  }

  @Endpoint(api.auditorPortal.createRequest)
  @MinRole('GUEST_AUDITOR')
  create(
    @Auth() principal: Principal,
    @ValidBody() body: Parameters<EvidenceRequestsService['create']>[1],
    @Client() client: ClientContext,
  ) {
    return this.requests.create(principal, body, client);
  }

  @Endpoint(api.auditorPortal.reviewRequest)
  @MinRole('GUEST_AUDITOR')
  review(
    @Auth() principal: Principal,
    @Param('id') id: string,
    @ValidBody() body: Parameters<EvidenceRequestsService['review']>[2],
    @Client() client: ClientContext,
  ) {
    return this.requests.review(principal, id, body, client);
  }

  @Endpoint(api.auditorPortal.orgRequests)
  @MinRole('ADMIN')
  async orgList(@Auth() principal: Principal, @ValidQuery() query: ListQuery) {
    return { items: await this.requests.listForOrg(principal, query) };
  }

  @Endpoint(api.auditorPortal.submitRequest)
  @MinRole('ADMIN')
  submit(
    @Auth() principal: Principal,
    @Param('id') id: string,
    @ValidBody() body: Parameters<EvidenceRequestsService['submit']>[2],
    @Client() client: ClientContext,
  ) {
    return this.requests.submit(principal, id, body, client);
  }
}
