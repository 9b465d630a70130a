import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  api,
  type MapDetail,
  type MapImage,
  type MapSummary,
  type MapVersion,
  type MemberPrincipal,
  type MusterPoint,
  type OrgPrincipal,
} from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MemberAuth, MinRole, OrgAuth } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { MapsService } from './maps.service.js';

/** Emergency maps: every member reads and exports; MANAGER and above create, save and upload. */
@Controller()
export class MapsController {
  constructor(private readonly maps: MapsService) {}

  @Endpoint(api.maps.list)
  list(@OrgAuth('maps.noOrganization') principal: OrgPrincipal): Promise<{ items: MapSummary[] }> {
    return this.maps.list(principal);
  }

  @Endpoint(api.maps.musterPoints)
  async musterPoints(@OrgAuth('maps.noOrganization') principal: OrgPrincipal): Promise<{ items: MusterPoint[] }> {
    return { items: await this.maps.listMusterPoints(principal) };
  }

  @Endpoint(api.maps.create)
  @MinRole('MANAGER')
  create(
    @MemberAuth('maps.noOrganization') principal: MemberPrincipal,
    @ValidBody() body: { content: Parameters<MapsService['create']>[1] },
  ): Promise<MapDetail> {
    return this.maps.create(principal, body.content);
  }

  @Endpoint(api.maps.uploadImage)
  @MinRole('MANAGER')
  uploadImage(@MemberAuth('maps.noOrganization') principal: MemberPrincipal, @Req() request: FastifyRequest): Promise<MapImage> {
    return this.maps.uploadImage(principal, request);
  }

  @Endpoint(api.maps.image)
  async image(@OrgAuth('maps.noOrganization') principal: OrgPrincipal, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.maps.image(principal, id);
    void reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(file.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, max-age=3600')
      .send(file.stream);
  }

  @Endpoint(api.maps.get)
  get(@OrgAuth('maps.noOrganization') principal: OrgPrincipal, @Param('id') id: string): Promise<MapDetail> {
    return this.maps.get(principal, id);
  }

  @Endpoint(api.maps.save)
  @MinRole('MANAGER')
  save(
    @MemberAuth('maps.noOrganization') principal: MemberPrincipal,
    @Param('id') id: string,
    @ValidBody() body: Parameters<MapsService['save']>[2],
  ): Promise<MapDetail> {
    return this.maps.save(principal, id, body);
  }

  @Endpoint(api.maps.versions)
  versions(@OrgAuth('maps.noOrganization') principal: OrgPrincipal, @Param('id') id: string): Promise<{ items: MapVersion[] }> {
    return this.maps.versions(principal, id);
  }

  @Endpoint(api.maps.version)
  version(
    @OrgAuth('maps.noOrganization') principal: OrgPrincipal,
    @Param('id') id: string,
    @Param('version') version: string,
  ): Promise<MapDetail> {
    return this.maps.get(principal, id, /^\d{1,9}$/.test(version) ? Number(version) : Number.NaN);
  }
}
