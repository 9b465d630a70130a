import { Controller } from '@nestjs/common';
import {
  api,
  type MemberPrincipal,
  type MyPin,
  type OrgPrincipal,
  type PinCheckResult,
  type PinMembers,
  type Principal,
  type SecurityNotices,
  type SecurityPolicyAnswer,
  type SecurityUser,
} from '@muster/contracts';
import { Auth, Client, MemberAuth, MinRole, OrgAuth, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { PinsService } from './pins/pins.service.js';
import { SecurityService } from './security.service.js';

/** The organisation's security policy and PINs (ADMIN), and a member's own PIN and notices. */
@Controller()
export class SecurityController {
  constructor(
    private readonly security: SecurityService,
    private readonly pins: PinsService,
  ) {}

  @Endpoint(api.security.policy)
  @MinRole('ADMIN')
  policy(@OrgAuth() auth: OrgPrincipal): Promise<SecurityPolicyAnswer> {
    return this.security.policy(auth);
  }

  @Endpoint(api.security.updatePolicy)
  @MinRole('ADMIN')
  updatePolicy(
    @OrgAuth() auth: OrgPrincipal,
    @ValidBody() body: Parameters<SecurityService['updatePolicy']>[1],
    @Client() client: ClientContext,
  ): Promise<SecurityPolicyAnswer> {
    return this.security.updatePolicy(auth, body, client);
  }

  @Endpoint(api.security.pinMembers)
  @MinRole('ADMIN')
  pinMembers(@OrgAuth() auth: OrgPrincipal): Promise<PinMembers> {
    return this.pins.members(auth);
  }

  @Endpoint(api.security.notices)
  notices(@MemberAuth('security.membersOnly') auth: MemberPrincipal): Promise<SecurityNotices> {
    return this.pins.notices(auth);
  }

  @Endpoint(api.security.myPin)
  myPin(@MemberAuth('security.membersOnly') auth: MemberPrincipal): Promise<MyPin> {
    return this.pins.mine(auth);
  }

  @Endpoint(api.security.setPin)
  setPin(
    @MemberAuth('security.membersOnly') auth: MemberPrincipal,
    @ValidBody() body: Parameters<PinsService['set']>[1],
    @Client() client: ClientContext,
  ): Promise<MyPin> {
    return this.pins.set(auth, body, client);
  }
}

/** A support operator verifying a caller (SYSOPS and above). */
@Controller()
@MinRole('SYSOPS')
export class CallerVerificationController {
  constructor(private readonly pins: PinsService) {}

  @Endpoint(api.security.findUser)
  findUser(@Auth() auth: Principal, @ValidQuery() query: { email: string }): Promise<SecurityUser> {
    return this.pins.findUser(auth, query.email);
  }

  @Endpoint(api.security.checkPin)
  checkPin(
    @Auth() auth: Principal,
    @ValidBody() body: { userId: string; pin: string },
    @Client() client: ClientContext,
  ): Promise<PinCheckResult> {
    return this.pins.check(auth, body, client);
  }

  @Endpoint(api.security.resetPin)
  resetPin(@Auth() auth: Principal, @ValidBody() body: { userId: string }, @Client() client: ClientContext): Promise<SecurityUser> {
    return this.pins.reset(auth, body.userId, client);
  }
}
