import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TicketAttachment } from './entities/ticket-attachment.entity.js';
import { TicketComment } from './entities/ticket-comment.entity.js';
import { TicketEvent } from './entities/ticket-event.entity.js';
import { Ticket } from './entities/ticket.entity.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsService } from './tickets.service.js';
import { UsageModule } from '../usage/usage.module.js';

/** Support tickets: requests, replies and internal notes, service levels, history. */
@Module({
  imports: [TypeOrmModule.forFeature([Ticket, TicketComment, TicketEvent, TicketAttachment]), UsageModule],
  controllers: [TicketsController],
  providers: [TicketsService],
  exports: [TicketsService],
})
export class TicketsModule {}
