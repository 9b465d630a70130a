import { Controller, Param } from '@nestjs/common';
import {
  api,
  type CodesRevoked,
  type LockoutList,
  type MyRestriction,
  type Principal,
  type Restriction,
  type RestrictionPage,
  type SessionsEnded,
  type SupportOrganizationList,
  type SupportUserDetail,
  type SupportUserPage,
} from '@muster/contracts';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { AccountControlsService } from './account-controls.service.js';

type S = AccountControlsService;

/** The signed-in principal's own read-only state (any session). */
@Controller()
export class MyRestrictionController {
  constructor(private readonly controls: AccountControlsService) {}

  @Endpoint(api.accountControls.mine)
  mine(@Auth() auth: Principal): Promise<MyRestriction> {
    return this.controls.mine(auth);
  }
}

/** Support's account controls: SYSOPS and above, across organisations. */
@Controller()
@MinRole('SYSOPS')
export class AccountControlsController {
  constructor(private readonly controls: AccountControlsService) {}

  @Endpoint(api.accountControls.searchUsers)
  searchUsers(@ValidQuery() query: Parameters<S['searchUsers']>[0]): Promise<SupportUserPage> {
    return this.controls.searchUsers(query);
  }

  @Endpoint(api.accountControls.user)
  user(@Auth() auth: Principal, @Param('userId') userId: string): Promise<SupportUserDetail> {
    return this.controls.userDetail(auth, userId);
  }

  @Endpoint(api.accountControls.signOutEverywhere)
  signOutEverywhere(@Auth() auth: Principal, @Client() client: ClientContext, @Param('userId') userId: string): Promise<SessionsEnded> {
    return this.controls.signOutEverywhere(auth, client, userId);
  }

  @Endpoint(api.accountControls.forcePasswordReset)
  forcePasswordReset(@Auth() auth: Principal, @Client() client: ClientContext, @Param('userId') userId: string): Promise<SessionsEnded> {
    return this.controls.forcePasswordReset(auth, client, userId);
  }

  @Endpoint(api.accountControls.revokeCodes)
  revokeCodes(@Auth() auth: Principal, @Client() client: ClientContext, @Param('userId') userId: string): Promise<CodesRevoked> {
    return this.controls.revokeCodes(auth, client, userId);
  }

  @Endpoint(api.accountControls.organizations)
  organizations(@ValidQuery() query: { q?: string }): Promise<SupportOrganizationList> {
    return this.controls.searchOrganizations(query.q ?? '');
  }

  @Endpoint(api.accountControls.restrictions)
  restrictions(@ValidQuery() query: Parameters<S['list']>[0]): Promise<RestrictionPage> {
    return this.controls.list(query);
  }

  @Endpoint(api.accountControls.restrict)
  restrict(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<S['restrict']>[2],
  ): Promise<Restriction> {
    return this.controls.restrict(auth, client, body);
  }

  @Endpoint(api.accountControls.lift)
  lift(@Auth() auth: Principal, @Client() client: ClientContext, @Param('id') id: string): Promise<Restriction> {
    return this.controls.lift(auth, client, id);
  }

  @Endpoint(api.accountControls.lockouts)
  lockouts(): Promise<LockoutList> {
    return this.controls.lockouts();
  }

  @Endpoint(api.accountControls.unlock)
  unlock(@Auth() auth: Principal, @Client() client: ClientContext, @ValidBody() body: { email: string }): Promise<{ unlocked: boolean }> {
    return this.controls.unlock(auth, client, body.email);
  }
}
