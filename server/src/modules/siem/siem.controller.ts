import { Controller, Param } from '@nestjs/common';
import {
  api,
  type SiemDelivery,
  type SiemDeliveryDetail,
  type SiemDeliveryPage,
  type SiemDestination,
  type SiemSecretReveal,
  type Principal,
} from '@muster/contracts';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf, inOrg } from '../../platform/auth/principal.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { SiemService } from './siem.service.js';

/** SIEM destinations belong to an organisation: platform accounts have none. */
function orgOf(auth: Principal): string {
  return inOrg(auth, 'audit.noOrganization').orgId;
}

/** The organisation's SIEM webhook destinations and their delivery logs (ADMIN). */
@Controller()
@MinRole('ADMIN')
export class SiemController {
  constructor(private readonly siem: SiemService) {}

  @Endpoint(api.siem.list)
  async list(@Auth() auth: Principal): Promise<{ items: SiemDestination[] }> {
    return { items: await this.siem.list(orgOf(auth)) };
  }

  @Endpoint(api.siem.create)
  create(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<SiemService['create']>[2],
  ): Promise<SiemSecretReveal> {
    return this.siem.create(auditActorOf(auth, client), orgOf(auth), body);
  }

  @Endpoint(api.siem.update)
  update(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<SiemService['update']>[3],
  ): Promise<SiemDestination> {
    return this.siem.update(auditActorOf(auth, client), orgOf(auth), id, body);
  }

  @Endpoint(api.siem.remove)
  remove(@Auth() auth: Principal, @Client() client: ClientContext, @Param('id') id: string): Promise<void> {
    return this.siem.remove(auditActorOf(auth, client), orgOf(auth), id);
  }

  @Endpoint(api.siem.rotate)
  rotate(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<SiemService['rotate']>[3],
  ): Promise<SiemSecretReveal> {
    return this.siem.rotate(auditActorOf(auth, client), orgOf(auth), id, body);
  }

  @Endpoint(api.siem.test)
  test(@Auth() auth: Principal, @Client() client: ClientContext, @Param('id') id: string): Promise<SiemDelivery> {
    return this.siem.sendTest(auditActorOf(auth, client), orgOf(auth), id);
  }

  @Endpoint(api.siem.deliveries)
  deliveries(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidQuery() query: Parameters<SiemService['deliveryPage']>[2],
  ): Promise<SiemDeliveryPage> {
    return this.siem.deliveryPage(orgOf(auth), id, query);
  }

  @Endpoint(api.siem.delivery)
  delivery(@Auth() auth: Principal, @Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<SiemDeliveryDetail> {
    return this.siem.deliveryDetail(orgOf(auth), id, deliveryId);
  }

  @Endpoint(api.siem.replay)
  replay(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<SiemDelivery> {
    return this.siem.replay(auditActorOf(auth, client), orgOf(auth), id, deliveryId);
  }

  @Endpoint(api.siem.replayFailed)
  async replayFailed(@Auth() auth: Principal, @Client() client: ClientContext, @Param('id') id: string): Promise<{ replayed: number }> {
    return { replayed: await this.siem.replayFailed(auditActorOf(auth, client), orgOf(auth), id) };
  }
}
