import { Controller, Param } from '@nestjs/common';
import {
  api,
  type Broadcast,
  type BroadcastAcks,
  type BroadcastList,
  type MyBroadcast,
  type MyBroadcastList,
  type PlatformOverview,
  type Principal,
} from '@muster/contracts';
import { Auth, Client, MinRole, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { BroadcastsService } from './broadcasts.service.js';
import { PlatformOverviewService } from './platform-overview.service.js';

/** Platform broadcasts: root admins write them, every signed-in person reads their own. */
@Controller()
export class BroadcastsController {
  constructor(
    private readonly broadcasts: BroadcastsService,
    private readonly overview: PlatformOverviewService,
  ) {}

  @Endpoint(api.broadcasts.list)
  @MinRole('ROOT_ADMIN')
  list(): Promise<BroadcastList> {
    return this.broadcasts.list();
  }

  @Endpoint(api.broadcasts.create)
  @MinRole('ROOT_ADMIN')
  create(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<BroadcastsService['create']>[1],
  ): Promise<Broadcast> {
    return this.broadcasts.create(auth, body, client);
  }

  @Endpoint(api.broadcasts.end)
  @MinRole('ROOT_ADMIN')
  end(@Auth() auth: Principal, @Client() client: ClientContext, @Param('id') id: string): Promise<Broadcast> {
    return this.broadcasts.end(auth, id, client);
  }

  @Endpoint(api.broadcasts.acks)
  @MinRole('ROOT_ADMIN')
  acks(@Param('id') id: string): Promise<BroadcastAcks> {
    return this.broadcasts.acknowledgements(id);
  }

  @Endpoint(api.broadcasts.mine)
  mine(@Auth() auth: Principal): Promise<MyBroadcastList> {
    return this.broadcasts.mine(auth);
  }

  @Endpoint(api.broadcasts.acknowledge)
  acknowledge(@Auth() auth: Principal, @Param('id') id: string): Promise<MyBroadcast> {
    return this.broadcasts.acknowledge(auth, id);
  }

  @Endpoint(api.platform.overview)
  @MinRole('DEPUTY_ADMIN')
  platform(): Promise<PlatformOverview> {
    return this.overview.overview();
  }
}
