import { Controller, Headers, Param, Req, StreamableFile } from '@nestjs/common';
import {
  api,
  CHAT_TOKEN_HEADER,
  type CannedResponse,
  type ChatAttachment,
  type ChatBan,
  type ChatDetail,
  type ChatList,
  type ChatSummary,
  type OperatorState,
  type StartChatResult,
  type Principal,
} from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { Auth, Client, MinRole, OptionalAuth, Public, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { CannedResponsesService } from './canned-responses.service.js';
import { ChatBansService } from './chat-bans.service.js';
import { ChatOperatorsService } from './chat-operators.service.js';
import { LiveChatService, partyOf } from './live-chat.service.js';

@Controller()
export class LiveChatController {
  constructor(private readonly chats: LiveChatService) {}

  @Endpoint(api.chat.availability)
  @Public()
  availability(): Promise<{ operatorsOnline: boolean }> {
    return this.chats.availability();
  }

  @Endpoint(api.chat.start)
  @Public()
  start(
    @OptionalAuth() auth: Principal | null,
    @ValidBody() body: Parameters<LiveChatService['start']>[1],
    @Client() client: ClientContext,
  ): Promise<StartChatResult> {
    return this.chats.start(partyOf(auth), body, client);
  }

  @Endpoint(api.chat.list)
  list(@Auth() auth: Principal, @ValidQuery() query: Parameters<LiveChatService['list']>[1]): Promise<ChatList> {
    return this.chats.list(partyOf(auth), query);
  }

  @Endpoint(api.chat.get)
  @Public()
  async get(
    @OptionalAuth() auth: Principal | null,
    @Headers(CHAT_TOKEN_HEADER) token: string | undefined,
    @Param('id') id: string,
  ): Promise<ChatDetail> {
    const { chat, messages } = await this.chats.detail(partyOf(auth, token), id);
    return { chat, messages };
  }

  @Endpoint(api.chat.accept)
  @MinRole('SYSOPS')
  accept(@Auth() auth: Principal, @Param('id') id: string): Promise<ChatSummary> {
    return this.chats.accept(partyOf(auth), id);
  }

  @Endpoint(api.chat.transfer)
  @MinRole('SYSOPS')
  transfer(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidBody() body: Parameters<LiveChatService['transfer']>[2],
  ): Promise<ChatSummary> {
    return this.chats.transfer(partyOf(auth), id, body);
  }

  @Endpoint(api.chat.close)
  @Public()
  close(
    @OptionalAuth() auth: Principal | null,
    @Headers(CHAT_TOKEN_HEADER) token: string | undefined,
    @Param('id') id: string,
  ): Promise<ChatSummary> {
    return this.chats.close(partyOf(auth, token), id);
  }

  @Endpoint(api.chat.rate)
  @Public()
  rate(
    @OptionalAuth() auth: Principal | null,
    @Headers(CHAT_TOKEN_HEADER) token: string | undefined,
    @Param('id') id: string,
    @ValidBody() body: Parameters<LiveChatService['rate']>[2],
  ): Promise<ChatSummary> {
    return this.chats.rate(partyOf(auth, token), id, body);
  }

  @Endpoint(api.chat.transcript)
  @Public()
  transcript(
    @OptionalAuth() auth: Principal | null,
    @Headers(CHAT_TOKEN_HEADER) token: string | undefined,
    @Param('id') id: string,
  ): Promise<{ sentTo: string }> {
    return this.chats.transcript(partyOf(auth, token), id);
  }

  @Endpoint(api.chat.toTicket)
  @MinRole('SYSOPS')
  toTicket(@Auth() auth: Principal, @Param('id') id: string): Promise<{ ticketId: string }> {
    return this.chats.toTicket(partyOf(auth), id);
  }

  @Endpoint(api.chat.uploadAttachment)
  @Public()
  upload(
    @OptionalAuth() auth: Principal | null,
    @Headers(CHAT_TOKEN_HEADER) token: string | undefined,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<ChatAttachment> {
    return this.chats.upload(partyOf(auth, token), id, request);
  }

  @Endpoint(api.chat.downloadAttachment)
  @Public()
  async download(
    @OptionalAuth() auth: Principal | null,
    @Headers(CHAT_TOKEN_HEADER) token: string | undefined,
    @Param('id') id: string,
    @Param('attachmentId') attachmentId: string,
  ): Promise<StreamableFile> {
    const { file, content } = await this.chats.download(partyOf(auth, token), id, attachmentId);
    return new StreamableFile(content.stream, {
      type: file.contentType,
      length: content.size,
      disposition: `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    });
  }
}

@Controller()
@MinRole('SYSOPS')
export class ChatOperatorsController {
  constructor(
    private readonly operators: ChatOperatorsService,
    private readonly canned: CannedResponsesService,
    private readonly bans: ChatBansService,
  ) {}

  @Endpoint(api.chat.operators)
  async list(): Promise<{ items: OperatorState[] }> {
    return { items: await this.operators.list() };
  }

  @Endpoint(api.chat.me)
  me(@Auth() auth: Principal): Promise<OperatorState> {
    return this.operators.state(auth);
  }

  @Endpoint(api.chat.updateMe)
  updateMe(@Auth() auth: Principal, @ValidBody() body: Parameters<ChatOperatorsService['update']>[1]): Promise<OperatorState> {
    return this.operators.update(auth, body);
  }

  @Endpoint(api.chat.cannedList)
  cannedList(@Auth() auth: Principal): Promise<{ items: CannedResponse[] }> {
    return this.canned.list(auth);
  }

  @Endpoint(api.chat.cannedCreate)
  cannedCreate(@Auth() auth: Principal, @ValidBody() body: Parameters<CannedResponsesService['create']>[1]): Promise<CannedResponse> {
    return this.canned.create(auth, body);
  }

  @Endpoint(api.chat.cannedUpdate)
  cannedUpdate(
    @Auth() auth: Principal,
    @Param('id') id: string,
    @ValidBody() body: Parameters<CannedResponsesService['update']>[2],
  ): Promise<CannedResponse> {
    return this.canned.update(auth, id, body);
  }

  @Endpoint(api.chat.cannedDelete)
  cannedDelete(@Auth() auth: Principal, @Param('id') id: string): Promise<{ deleted: true }> {
    return this.canned.remove(auth, id);
  }

  @Endpoint(api.chat.bans)
  banList(): Promise<{ items: ChatBan[] }> {
    return this.bans.list();
  }

  @Endpoint(api.chat.ban)
  ban(
    @Auth() auth: Principal,
    @ValidBody() body: Parameters<ChatBansService['create']>[1],
    @Client() client: ClientContext,
  ): Promise<ChatBan> {
    return this.bans.create(auth, body, client);
  }

  @Endpoint(api.chat.unban)
  unban(@Auth() auth: Principal, @Param('id') id: string, @Client() client: ClientContext): Promise<ChatBan> {
    return this.bans.revoke(auth, id, client);
  }
}
