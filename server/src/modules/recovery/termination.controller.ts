import { Controller, Param } from '@nestjs/common';
import {
  api,
  type LanguageCode,
  type OrganizationSearch,
  type Principal,
  type RecoveryTokenRequest,
  type RestoreAskRequest,
  type RestoreConfirmed,
  type RestoreDecisionRequest,
  type RestoreRequest,
  type RestoreRequestList,
  type TerminateRequest,
  type Termination,
  type TerminationList,
} from '@muster/contracts';
import { Auth, Client, MinRole, Public, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { ReaderLanguage } from '../../platform/http/reader-language.js';
import { RestoreService } from './restore.service.js';
import { TerminationService } from './termination.service.js';

/** Termination (ROOT_ADMIN, DEPUTY_ADMIN) and restore (members ask, SYSOPS and above decide). */
@Controller()
export class TerminationController {
  constructor(
    private readonly terminations: TerminationService,
    private readonly restores: RestoreService,
  ) {}

  @Endpoint(api.terminations.search)
  @MinRole('DEPUTY_ADMIN')
  search(@ValidQuery() query: { q: string }): Promise<OrganizationSearch> {
    return this.terminations.search(query.q);
  }

  @Endpoint(api.terminations.list)
  @MinRole('DEPUTY_ADMIN')
  list(): Promise<TerminationList> {
    return this.terminations.list();
  }

  @Endpoint(api.terminations.terminate)
  @MinRole('DEPUTY_ADMIN')
  terminate(@ValidBody() _body: Required<TerminateRequest>): Promise<Termination> {
    // Terminating an organisation needs a second platform admin (issue 22): an approval request
    // (POST /api/approvals, kind org_terminate) runs it once approved, or break-glass at once.
    return Promise.reject(new DomainError('CONFLICT', 'approvals.required'));
  }

  @Endpoint(api.terminations.askRestore)
  @Public()
  async askRestore(
    @ValidBody() body: RestoreAskRequest,
    @Client() client: ClientContext,
    @ReaderLanguage() language: LanguageCode,
  ): Promise<{ ok: true }> {
    await this.restores.ask(body.email, client, language);
    return { ok: true };
  }

  @Endpoint(api.terminations.confirmRestore)
  @Public()
  confirmRestore(@ValidBody() body: RecoveryTokenRequest, @Client() client: ClientContext): Promise<RestoreConfirmed> {
    return this.restores.confirm(body.token, client);
  }

  @Endpoint(api.terminations.restoreQueue)
  @MinRole('SYSOPS')
  restoreQueue(): Promise<RestoreRequestList> {
    return this.restores.queue();
  }

  @Endpoint(api.terminations.decideRestore)
  @MinRole('SYSOPS')
  decideRestore(
    @Auth() operator: Principal,
    @Param('id') id: string,
    @ValidBody() body: RestoreDecisionRequest,
    @Client() client: ClientContext,
  ): Promise<RestoreRequest> {
    return this.restores.decide(operator, id, body.decision, client);
  }
}
