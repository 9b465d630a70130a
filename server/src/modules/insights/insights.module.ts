import { Module } from '@nestjs/common';
import { LiveChatModule } from '../live-chat/live-chat.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { InsightsController } from './insights.controller.js';
import { InsightsService } from './insights.service.js';

/** Support insights: response and resolution times, satisfaction, load per operator. */
@Module({ imports: [LiveChatModule, TicketsModule], controllers: [InsightsController], providers: [InsightsService] })
export class InsightsModule {}
