import { Controller, Param } from '@nestjs/common';
import {
  api,
  type Approval,
  type ApprovalList,
  type HeldEvidence,
  type HeldEvidenceQuery,
  type PlatformAccounts,
  type Principal,
} from '@muster/contracts';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { asUser } from '../../platform/auth/principal.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { ApprovalsService } from './approvals.service.js';

/** The platform's approvers: ROOT_ADMIN and DEPUTY_ADMIN accounts (no organisation of their own). */
function approver(auth: Principal): Principal & { userId: string } {
  if (!ApprovalsService.isApprover(auth)) throw new DomainError('FORBIDDEN', 'auth.forbidden');
  return asUser(auth);
}

/** Four-eyes approvals of platform actions (ROOT_ADMIN, DEPUTY_ADMIN). */
@Controller()
@MinRole('DEPUTY_ADMIN')
export class ApprovalsController {
  constructor(private readonly approvals: ApprovalsService) {}

  @Endpoint(api.approvals.list)
  list(@Auth() auth: Principal, @ValidQuery() query: Parameters<ApprovalsService['list']>[0]): Promise<ApprovalList> {
    approver(auth);
    return this.approvals.list(query);
  }

  @Endpoint(api.approvals.accounts)
  accounts(@Auth() auth: Principal): Promise<PlatformAccounts> {
    approver(auth);
    return this.approvals.platformAccounts();
  }

  @Endpoint(api.approvals.heldEvidence)
  heldEvidence(@Auth() auth: Principal, @ValidQuery() query: HeldEvidenceQuery): Promise<HeldEvidence> {
    approver(auth);
    return this.approvals.heldEvidence(query.orgId);
  }

  @Endpoint(api.approvals.request)
  request(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<ApprovalsService['request']>[1],
  ): Promise<Approval> {
    return this.approvals.request(approver(auth), body, client);
  }

  @Endpoint(api.approvals.breakGlass)
  breakGlass(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<ApprovalsService['breakGlass']>[1],
  ): Promise<Approval> {
    return this.approvals.breakGlass(approver(auth), body, client);
  }

  @Endpoint(api.approvals.approve)
  approve(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<ApprovalsService['approve']>[2],
  ): Promise<Approval> {
    return this.approvals.approve(approver(auth), id, body, client);
  }

  @Endpoint(api.approvals.reject)
  reject(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<ApprovalsService['reject']>[2],
  ): Promise<Approval> {
    return this.approvals.reject(approver(auth), id, body, client);
  }

  @Endpoint(api.approvals.review)
  review(@Auth() auth: Principal, @Client() client: ClientContext, @Param('id') id: string): Promise<Approval> {
    return this.approvals.review(approver(auth), id, client);
  }
}
