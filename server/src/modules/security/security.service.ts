import { Injectable } from '@nestjs/common';
import type { OrgPrincipal, SecurityPolicyAnswer, UpdateSecurityPolicyRequest } from '@muster/contracts';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { OrganizationsService } from '../identity/organizations.service.js';
import { SecurityPolicyService } from './policy/security-policy.service.js';

/** The policy screen's rules: a new default auto-lock reaches every member's sessions at once. */
@Injectable()
export class SecurityService {
  constructor(
    private readonly policies: SecurityPolicyService,
    private readonly organizations: OrganizationsService,
  ) {}

  policy(auth: OrgPrincipal): Promise<SecurityPolicyAnswer> {
    return this.policies.answer(auth);
  }

  async updatePolicy(auth: OrgPrincipal, body: UpdateSecurityPolicyRequest, client: ClientContext): Promise<SecurityPolicyAnswer> {
    const { answer, autoLockChanged } = await this.policies.update(auth, body, client);
    if (autoLockChanged) await this.organizations.refreshMemberSessions(auth.orgId);
    return answer;
  }
}
