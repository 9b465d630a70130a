import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { ContactMessage } from './entities/contact-message.entity.js';
import { TicketsModule } from '../tickets/tickets.module.js';

/** The public contact form and the messages it leaves for support operators. */
@Module({
  imports: [TypeOrmModule.forFeature([ContactMessage]), TicketsModule],
  controllers: [ContactController],
  providers: [ContactService],
})
export class ContactModule {}
