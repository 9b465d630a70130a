import { Controller, Header, Param } from '@nestjs/common';
import {
  api,
  type MemberPrincipal,
  type PacketKeys,
  type PacketList,
  type PacketManifestView,
  type PacketView,
  type VerifyPacketInput,
  type VerifyBundleResult,
  type VerifyPacketResult,
  type WaiverState,
} from '@muster/contracts';
import { DomainError } from '../../platform/errors/domain-error.js';
import { Client, MemberAuth, MinRole, Public, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { RateLimit } from '../../platform/limits/rate-limit.guard.js';
import { SigningService } from '../../platform/signing/signing.service.js';
import { BundleVerifyService } from '../audit-bundles/bundle-verify.service.js';
import { PacketsService } from './packets.service.js';

/**
 * Compliance packets: members read them (downloads go through the render queue, after the
 * waiver), an ADMIN revokes. No route changes an issued packet otherwise.
 */
@Controller()
export class PacketsController {
  constructor(private readonly packets: PacketsService) {}

  @Endpoint(api.packets.list)
  @MinRole('USER')
  list(@MemberAuth('packets.noOrganization') actor: MemberPrincipal): Promise<PacketList> {
    return this.packets.list(actor);
  }

  @Endpoint(api.packets.get)
  @MinRole('USER')
  get(@MemberAuth('packets.noOrganization') actor: MemberPrincipal, @Param('id') id: string): Promise<PacketView> {
    return this.packets.get(actor, id);
  }

  @Endpoint(api.packets.manifest)
  @MinRole('USER')
  manifest(@MemberAuth('packets.noOrganization') actor: MemberPrincipal, @Param('id') id: string): Promise<PacketManifestView> {
    return this.packets.manifest(actor, id);
  }

  @Endpoint(api.packets.revoke)
  @MinRole('ADMIN')
  revoke(
    @MemberAuth('packets.noOrganization') actor: MemberPrincipal,
    @Param('id') id: string,
    @ValidBody() body: { reason: string },
    @Client() client: ClientContext,
  ): Promise<PacketView> {
    return this.packets.revoke(actor, id, body.reason, client);
  }

  @Endpoint(api.packets.waiver)
  @MinRole('USER')
  waiver(@MemberAuth('packets.noOrganization') actor: MemberPrincipal): Promise<WaiverState> {
    return this.packets.waiver(actor);
  }

  @Endpoint(api.packets.acceptWaiver)
  @MinRole('USER')
  acceptWaiver(
    @MemberAuth('packets.noOrganization') actor: MemberPrincipal,
    @ValidBody() body: { version: string },
    @Client() client: ClientContext,
  ): Promise<WaiverState> {
    return this.packets.acceptWaiver(actor, body.version, client);
  }
}

/** The public side: a packet's live status, and the signing keys. */
@Controller()
export class VerifyPacketController {
  constructor(
    private readonly packets: PacketsService,
    private readonly signing: SigningService,
    private readonly bundles: BundleVerifyService,
  ) {}

  @Endpoint(api.packets.verify)
  @Public()
  @RateLimit({ name: 'verify-packet', points: 60, durationSeconds: 60, reason: 'packets.tooManyChecks' })
  verify(@ValidBody() body: VerifyPacketInput): Promise<VerifyPacketResult | VerifyBundleResult> {
    // An audit bundle's manifest (issue 20) is checked by the bundles; the packet fields are then ignored.
    if (body.bundleManifest !== undefined) return this.bundles.verify(body.bundleManifest);
    return this.packets.verify(body);
  }

  @Endpoint(api.packets.rotateKeys)
  @MinRole('ROOT_ADMIN')
  rotate(): Promise<{ active: string; retired: string[] }> {
    // Rotating the signing key needs a second platform admin (issue 22): an approval request
    // (POST /api/approvals, kind signing_key_rotate) or break-glass rotates it.
    return Promise.reject(new DomainError('CONFLICT', 'approvals.required'));
  }

  @Endpoint(api.packets.keys)
  @Public()
  @Header('Cache-Control', 'public, max-age=3600')
  @Header('Access-Control-Allow-Origin', '*')
  async keys(): Promise<PacketKeys> {
    return { keys: await this.signing.published() };
  }
}
