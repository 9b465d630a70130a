import { Controller, Param } from '@nestjs/common';
import { api, type NotificationList, type Principal } from '@muster/contracts';
import { Auth } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Endpoint(api.notifications.list)
  list(@Auth() auth: Principal, @ValidQuery() query: { limit: number }): Promise<NotificationList> {
    return this.notifications.list(auth, query.limit);
  }

  @Endpoint(api.notifications.readAll)
  readAll(@Auth() auth: Principal): Promise<{ unread: number }> {
    return this.notifications.readAll(auth);
  }

  @Endpoint(api.notifications.read)
  read(@Auth() auth: Principal, @Param('id') id: string): Promise<{ unread: number }> {
    return this.notifications.read(auth, id);
  }
}
