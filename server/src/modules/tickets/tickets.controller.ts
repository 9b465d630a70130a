import { Controller, Param } from '@nestjs/common';
import { api, type TicketDetail, type TicketList } from '@muster/contracts';
import { Auth, type AuthContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { TicketsService } from './tickets.service.js';

@Controller()
export class TicketsController {
  constructor(private readonly tickets: TicketsService) {}

  @Endpoint(api.tickets.create)
  create(@Auth() auth: AuthContext, @ValidBody() body: Parameters<TicketsService['create']>[1]): Promise<TicketDetail> {
    return this.tickets.create(auth, body);
  }

  @Endpoint(api.tickets.list)
  list(@Auth() auth: AuthContext, @ValidQuery() query: Parameters<TicketsService['list']>[1]): Promise<TicketList> {
    return this.tickets.list(auth, query);
  }

  @Endpoint(api.tickets.get)
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<TicketDetail> {
    return this.tickets.get(auth, id);
  }

  @Endpoint(api.tickets.comment)
  comment(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<TicketsService['comment']>[2],
  ): Promise<TicketDetail> {
    return this.tickets.comment(auth, id, body);
  }

  @Endpoint(api.tickets.update)
  update(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<TicketsService['update']>[2],
  ): Promise<TicketDetail> {
    return this.tickets.update(auth, id, body);
  }
}
