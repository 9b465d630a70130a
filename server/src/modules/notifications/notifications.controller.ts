import { Controller, Param } from '@nestjs/common';
import { api, type NotificationList } from '@muster/contracts';
import { Auth, type AuthContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Endpoint(api.notifications.list)
  list(@Auth() auth: AuthContext, @ValidQuery() query: { limit: number }): Promise<NotificationList> {
    return this.notifications.list(auth, query.limit);
  }

  @Endpoint(api.notifications.readAll)
  readAll(@Auth() auth: AuthContext): Promise<{ unread: number }> {
    return this.notifications.readAll(auth);
  }

  @Endpoint(api.notifications.read)
  read(@Auth() auth: AuthContext, @Param('id') id: string): Promise<{ unread: number }> {
    return this.notifications.read(auth, id);
  }
}
