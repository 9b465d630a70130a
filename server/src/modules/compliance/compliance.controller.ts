import { Controller, Param } from '@nestjs/common';
import {
  api,
  type ComplianceProfile,
  type ComplianceRule,
  type MemberPrincipal,
  type ProfileEvaluation,
  type ProfileList,
  type RuleList,
} from '@muster/contracts';
import { MemberAuth } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { ComplianceProfilesService } from './compliance-profiles.service.js';

interface EvaluationQuery {
  asOf?: string;
  from?: string;
  to?: string;
}

/** Compliance profiles and rules: every member reads, ADMINs and MANAGERs write (the service checks). */
@Controller()
export class ComplianceController {
  constructor(private readonly profiles: ComplianceProfilesService) {}

  @Endpoint(api.compliance.rules)
  rules(@MemberAuth('compliance.noOrganization') actor: MemberPrincipal): Promise<RuleList> {
    return this.profiles.listRules(actor);
  }

  @Endpoint(api.compliance.addRule)
  addRule(
    @MemberAuth('compliance.noOrganization') actor: MemberPrincipal,
    @ValidBody() body: Parameters<ComplianceProfilesService['addRule']>[1],
  ): Promise<ComplianceRule> {
    return this.profiles.addRule(actor, body);
  }

  @Endpoint(api.compliance.profiles)
  list(@MemberAuth('compliance.noOrganization') actor: MemberPrincipal): Promise<ProfileList> {
    return this.profiles.list(actor);
  }

  @Endpoint(api.compliance.createProfile)
  create(
    @MemberAuth('compliance.noOrganization') actor: MemberPrincipal,
    @ValidBody() body: Parameters<ComplianceProfilesService['create']>[1],
  ): Promise<ComplianceProfile> {
    return this.profiles.create(actor, body);
  }

  @Endpoint(api.compliance.profile)
  get(@MemberAuth('compliance.noOrganization') actor: MemberPrincipal, @Param('id') id: string): Promise<ComplianceProfile> {
    return this.profiles.get(actor, id);
  }

  @Endpoint(api.compliance.updateProfile)
  update(
    @MemberAuth('compliance.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @ValidBody() body: Parameters<ComplianceProfilesService['update']>[2],
  ): Promise<ComplianceProfile> {
    return this.profiles.update(actor, id, body);
  }

  @Endpoint(api.compliance.deleteProfile)
  remove(@MemberAuth('compliance.noOrganization') actor: MemberPrincipal, @Param('id') id: string): Promise<void> {
    return this.profiles.remove(actor, id);
  }

  @Endpoint(api.compliance.evaluate)
  evaluate(
    @MemberAuth('compliance.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @ValidQuery() query: EvaluationQuery,
  ): Promise<ProfileEvaluation> {
    return this.profiles.evaluate(actor, id, {
      asOf: query.asOf ? new Date(query.asOf) : undefined,
      period: query.from && query.to ? { from: query.from, to: query.to } : undefined,
    });
  }
}
