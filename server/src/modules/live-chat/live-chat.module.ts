import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TicketsModule } from '../tickets/tickets.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { CannedResponsesService } from './canned-responses.service.js';
import { ChatBansService } from './chat-bans.service.js';
import { ChatMessagesStore } from './chat-messages.store.js';
import { ChatOperatorsService } from './chat-operators.service.js';
import { CannedResponseRow } from './entities/canned-response.entity.js';
import { ChatAttachmentRow } from './entities/chat-attachment.entity.js';
import { ChatBanRow } from './entities/chat-ban.entity.js';
import { ChatMessageRow } from './entities/chat-message.entity.js';
import { ChatOperator } from './entities/chat-operator.entity.js';
import { Chat } from './entities/chat.entity.js';
import { ChatOperatorsController, LiveChatController } from './live-chat.controller.js';
import { LiveChatGateway } from './live-chat.gateway.js';
import { LiveChatService } from './live-chat.service.js';

/** Live chat: customers and support operators, messages, assignment, canned responses, bans. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Chat, ChatMessageRow, ChatAttachmentRow, ChatOperator, CannedResponseRow, ChatBanRow]),
    TicketsModule,
    UsageModule,
  ],
  controllers: [LiveChatController, ChatOperatorsController],
  providers: [LiveChatService, ChatMessagesStore, ChatOperatorsService, CannedResponsesService, ChatBansService, LiveChatGateway],
  exports: [LiveChatService],
})
export class LiveChatModule {}
