import { Controller, Param } from '@nestjs/common';
import {
  api,
  type AckStatus,
  type LinkedStepList,
  type MemberPrincipal,
  type Redline,
  type SopDetail,
  type SopList,
  type SopTemplateList,
  type SopVersion,
} from '@muster/contracts';
import { Client, MemberAuth, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { SopsService } from './sops.service.js';

type Ok = { ok: true };

/** SOPs: every member reads and acknowledges; MANAGER and above write, submit, approve (never their own) and put in force. */
@Controller()
export class SopsController {
  constructor(private readonly sops: SopsService) {}

  @Endpoint(api.sops.list)
  list(@MemberAuth('sops.noOrganization') actor: MemberPrincipal): Promise<SopList> {
    return this.sops.list(actor);
  }

  @Endpoint(api.sops.templates)
  templates(@MemberAuth('sops.noOrganization') _actor: MemberPrincipal): SopTemplateList {
    return this.sops.templates();
  }

  @Endpoint(api.sops.linkedSteps)
  linkedSteps(@MemberAuth('sops.noOrganization') actor: MemberPrincipal, @ValidQuery() query: { refs: string[] }): Promise<LinkedStepList> {
    return this.sops.linkedSteps(actor, query.refs);
  }

  @Endpoint(api.sops.ackStatus)
  ackStatus(@MemberAuth('sops.noOrganization') actor: MemberPrincipal, @ValidQuery() query: { sopIds: string[] }): Promise<AckStatus> {
    return this.sops.ackStatus(actor, query.sopIds);
  }

  @Endpoint(api.sops.create)
  create(
    @MemberAuth('sops.noOrganization') actor: MemberPrincipal,
    @ValidBody() body: Parameters<SopsService['create']>[1],
  ): Promise<SopDetail> {
    return this.sops.create(actor, body);
  }

  @Endpoint(api.sops.get)
  get(@MemberAuth('sops.noOrganization') actor: MemberPrincipal, @Param('id') id: string): Promise<SopDetail> {
    return this.sops.get(actor, id);
  }

  @Endpoint(api.sops.version)
  version(
    @MemberAuth('sops.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @Param('versionId') versionId: string,
  ): Promise<SopVersion> {
    return this.sops.version(actor, id, versionId);
  }

  @Endpoint(api.sops.saveDraft)
  saveDraft(
    @MemberAuth('sops.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @Param('versionId') versionId: string,
    @ValidBody() body: Parameters<SopsService['saveDraft']>[3],
  ): Promise<SopVersion> {
    return this.sops.saveDraft(actor, id, versionId, body);
  }

  @Endpoint(api.sops.newVersion)
  newVersion(@MemberAuth('sops.noOrganization') actor: MemberPrincipal, @Param('id') id: string): Promise<SopVersion> {
    return this.sops.newVersion(actor, id);
  }

  @Endpoint(api.sops.submit)
  submit(
    @MemberAuth('sops.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @Param('versionId') versionId: string,
  ): Promise<SopVersion> {
    return this.sops.submit(actor, id, versionId);
  }

  @Endpoint(api.sops.returnToDraft)
  returnToDraft(
    @MemberAuth('sops.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @Param('versionId') versionId: string,
  ): Promise<SopVersion> {
    return this.sops.returnToDraft(actor, id, versionId);
  }

  @Endpoint(api.sops.approve)
  approve(
    @MemberAuth('sops.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @Param('versionId') versionId: string,
    @Client() client: ClientContext,
  ): Promise<SopVersion> {
    return this.sops.approve(actor, id, versionId, client);
  }

  @Endpoint(api.sops.makeEffective)
  makeEffective(
    @MemberAuth('sops.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @Param('versionId') versionId: string,
    @ValidBody() body: { effectiveFrom: string },
    @Client() client: ClientContext,
  ): Promise<SopVersion> {
    return this.sops.makeEffective(actor, id, versionId, body.effectiveFrom, client);
  }

  @Endpoint(api.sops.redline)
  redline(
    @MemberAuth('sops.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @ValidQuery() query: { from: string; to: string },
  ): Promise<Redline> {
    return this.sops.redline(actor, id, query);
  }

  @Endpoint(api.sops.acknowledge)
  async acknowledge(
    @MemberAuth('sops.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @Client() client: ClientContext,
  ): Promise<Ok> {
    await this.sops.acknowledge(actor, id, client);
    return { ok: true };
  }
}
