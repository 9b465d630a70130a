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
} from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { Auth, Client, MinRole, OptionalAuth, Public, type AuthContext, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { CannedResponsesService } from './canned-responses.service.js';
import { ChatBansService } from './chat-bans.service.js';
import { ChatOperatorsService } from './chat-operators.service.js';
import { LiveChatService, type ChatParty } from './live-chat.service.js';

/** The party of a request: its session (if any) and a visitor's chat token header. */
function partyOf(auth: AuthContext | null, token: string | undefined): ChatParty {
  return { userId: auth?.userId ?? null, role: auth?.role ?? null, visitorToken: token ?? null };
}

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
    @OptionalAuth() auth: AuthContext | null,
    @ValidBody() body: Parameters<LiveChatService['start']>[1],
    @Client() client: ClientContext,
  ): Promise<StartChatResult> {
    return this.chats.start(partyOf(auth, undefined), body, client);
  }

  @Endpoint(api.chat.list)
  list(@Auth() auth: AuthContext, @ValidQuery() query: Parameters<LiveChatService['list']>[1]): Promise<ChatList> {
    return this.chats.list(partyOf(auth, undefined), query);
  }

  @Endpoint(api.chat.get)
  @Public()
  async get(
    @OptionalAuth() auth: AuthContext | null,
    @Headers(CHAT_TOKEN_HEADER) token: string | undefined,
    @Param('id') id: string,
  ): Promise<ChatDetail> {
    const { chat, messages } = await this.chats.detail(partyOf(auth, token), id);
    return { chat, messages };
  }

  @Endpoint(api.chat.accept)
  @MinRole('SYSOPS')
  accept(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ChatSummary> {
    return this.chats.accept(partyOf(auth, undefined), id);
  }

  @Endpoint(api.chat.transfer)
  @MinRole('SYSOPS')
  transfer(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<LiveChatService['transfer']>[2],
  ): Promise<ChatSummary> {
    return this.chats.transfer(partyOf(auth, undefined), id, body);
  }

  @Endpoint(api.chat.close)
  @Public()
  close(
    @OptionalAuth() auth: AuthContext | null,
    @Headers(CHAT_TOKEN_HEADER) token: string | undefined,
    @Param('id') id: string,
  ): Promise<ChatSummary> {
    return this.chats.close(partyOf(auth, token), id);
  }

  @Endpoint(api.chat.rate)
  @Public()
  rate(
    @OptionalAuth() auth: AuthContext | null,
    @Headers(CHAT_TOKEN_HEADER) token: string | undefined,
    @Param('id') id: string,
    @ValidBody() body: Parameters<LiveChatService['rate']>[2],
  ): Promise<ChatSummary> {
    return this.chats.rate(partyOf(auth, token), id, body);
  }

  @Endpoint(api.chat.transcript)
  @Public()
  transcript(
    @OptionalAuth() auth: AuthContext | null,
    @Headers(CHAT_TOKEN_HEADER) token: string | undefined,
    @Param('id') id: string,
  ): Promise<{ sentTo: string }> {
    return this.chats.transcript(partyOf(auth, token), id);
  }

  @Endpoint(api.chat.toTicket)
  @MinRole('SYSOPS')
  toTicket(@Auth() auth: AuthContext, @Param('id') id: string): Promise<{ ticketId: string }> {
    return this.chats.toTicket(partyOf(auth, undefined), id);
  }

  @Endpoint(api.chat.uploadAttachment)
  @Public()
  upload(
    @OptionalAuth() auth: AuthContext | null,
    @Headers(CHAT_TOKEN_HEADER) token: string | undefined,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<ChatAttachment> {
    return this.chats.upload(partyOf(auth, token), id, request);
  }

  @Endpoint(api.chat.downloadAttachment)
  @Public()
  async download(
    @OptionalAuth() auth: AuthContext | null,
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
  me(@Auth() auth: AuthContext): Promise<OperatorState> {
    return this.operators.state(auth.userId!, auth.role);
  }

  @Endpoint(api.chat.updateMe)
  updateMe(@Auth() auth: AuthContext, @ValidBody() body: Parameters<ChatOperatorsService['update']>[2]): Promise<OperatorState> {
    return this.operators.update(auth.userId!, auth.role, body);
  }

  @Endpoint(api.chat.cannedList)
  cannedList(@Auth() auth: AuthContext): Promise<{ items: CannedResponse[] }> {
    return this.canned.list(auth);
  }

  @Endpoint(api.chat.cannedCreate)
  cannedCreate(@Auth() auth: AuthContext, @ValidBody() body: Parameters<CannedResponsesService['create']>[1]): Promise<CannedResponse> {
    return this.canned.create(auth, body);
  }

  @Endpoint(api.chat.cannedUpdate)
  cannedUpdate(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<CannedResponsesService['update']>[2],
  ): Promise<CannedResponse> {
    return this.canned.update(auth, id, body);
  }

  @Endpoint(api.chat.cannedDelete)
  cannedDelete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<{ deleted: true }> {
    return this.canned.remove(auth, id);
  }

  @Endpoint(api.chat.bans)
  banList(): Promise<{ items: ChatBan[] }> {
    return this.bans.list();
  }

  @Endpoint(api.chat.ban)
  ban(
    @Auth() auth: AuthContext,
    @ValidBody() body: Parameters<ChatBansService['create']>[1],
    @Client() client: ClientContext,
  ): Promise<ChatBan> {
    return this.bans.create(auth, body, client);
  }

  @Endpoint(api.chat.unban)
  unban(@Auth() auth: AuthContext, @Param('id') id: string, @Client() client: ClientContext): Promise<ChatBan> {
    return this.bans.revoke(auth, id, client);
  }
}
