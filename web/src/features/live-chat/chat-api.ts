import {
  api,
  buildPath,
  CHAT_TOKEN_HEADER,
  type CannedResponse,
  type CannedResponseInput,
  type ChatAttachment,
  type ChatSummary,
  type CreateChatBanRequest,
  type OperatorState,
  type RateChatRequest,
  type StartChatRequest,
  type TransferChatRequest,
  type UpdateOperatorRequest,
} from '@muster/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, callEndpoint } from '../../lib/api';

/** Query keys of the live-chat screens. */
export const chatKeys = {
  all: ['live-chat'] as const,
  availability: ['live-chat', 'availability'] as const,
  list: (scope: 'queue' | 'mine') => ['live-chat', 'list', scope] as const,
  lists: ['live-chat', 'list'] as const,
  me: ['live-chat', 'operator-me'] as const,
  operators: ['live-chat', 'operators'] as const,
  canned: ['live-chat', 'canned'] as const,
  bans: ['live-chat', 'bans'] as const,
  ownOpen: ['live-chat', 'own-open'] as const,
};

/** The visitor token header for a visitor's REST calls (members and operators send none). */
export function chatHeaders(visitorToken: string | null | undefined): Record<string, string> | undefined {
  return visitorToken ? { [CHAT_TOKEN_HEADER]: visitorToken } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Customer

export function useChatAvailability(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.availability,
    queryFn: () => callEndpoint(api.chat.availability),
    enabled,
    // Asked each time the customer wants a person: presence changes by the minute.
    staleTime: 0,
  });
}

/** Whether a chat is still going on (waiting for an operator or answered). */
export const isOpenChat = (chat: Pick<ChatSummary, 'status'>): boolean => chat.status === 'queued' || chat.status === 'active';

/**
 * The signed-in member's open chat, wherever they started it (another tab, browser or device),
 * or null: the help desk resumes it, so an operator's replies always reach them.
 */
export function useOwnOpenChat(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.ownOpen,
    queryFn: async () => {
      const { items } = await callEndpoint(api.chat.list, { query: { scope: 'customer', limit: 5 } });
      return items.find(isOpenChat) ?? null;
    },
    enabled,
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useStartChat() {
  return useMutation({
    mutationFn: (body: StartChatRequest) => callEndpoint(api.chat.start, { body }),
    meta: { silent: true },
  });
}

/** A customer's or an operator's action on one chat (the visitor sends the token header). */
export function useCloseChat(visitorToken?: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => callEndpoint(api.chat.close, { params: { id: chatId }, headers: chatHeaders(visitorToken) }),
    onSuccess: (chat) => patchChat(queryClient, chat),
  });
}

export function useRateChat(chatId: string, visitorToken: string | null) {
  return useMutation({
    mutationFn: (body: RateChatRequest) =>
      callEndpoint(api.chat.rate, { params: { id: chatId }, body, headers: chatHeaders(visitorToken) }),
  });
}

export function useEmailTranscript(chatId: string, visitorToken: string | null) {
  return useMutation({
    mutationFn: () => callEndpoint(api.chat.transcript, { params: { id: chatId }, body: {}, headers: chatHeaders(visitorToken) }),
  });
}

/** POST /api/chats/:id/attachments (multipart field `file`). */
export function uploadAttachment(chatId: string, file: File, visitorToken: string | null): Promise<ChatAttachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<ChatAttachment>('POST', buildPath(api.chat.uploadAttachment.path, { id: chatId }), form, chatHeaders(visitorToken));
}

/** The attachment's bytes (with the visitor header, which an <img src> cannot send). */
export async function downloadAttachment(chatId: string, attachmentId: string, visitorToken: string | null): Promise<Blob> {
  const res = await fetch(buildPath(api.chat.downloadAttachment.path, { id: chatId, attachmentId }), {
    credentials: 'include',
    headers: chatHeaders(visitorToken),
  });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return res.blob();
}

// ---------------------------------------------------------------------------------------------
// Operators

export function useChatList(scope: 'queue' | 'mine') {
  return useQuery({
    queryKey: chatKeys.list(scope),
    queryFn: () => callEndpoint(api.chat.list, { query: { scope, limit: 100 } }).then((r) => r.items),
  });
}

/** Puts a newer copy of a chat into the lists that hold it. */
export function patchChat(queryClient: QueryClient, chat: ChatSummary): void {
  queryClient.setQueriesData<ChatSummary[]>({ queryKey: chatKeys.lists }, (items) =>
    items?.map((item) => (item.id === chat.id ? chat : item)),
  );
}

export function useOperatorMe() {
  return useQuery({ queryKey: chatKeys.me, queryFn: () => callEndpoint(api.chat.me) });
}

export function useUpdateOperatorMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOperatorRequest) => callEndpoint(api.chat.updateMe, { body }),
    onSuccess: (me) => queryClient.setQueryData<OperatorState>(chatKeys.me, me),
  });
}

export function useOperators(enabled = true) {
  return useQuery({
    queryKey: chatKeys.operators,
    queryFn: () => callEndpoint(api.chat.operators).then((r) => r.items),
    enabled,
  });
}

export function useAcceptChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => callEndpoint(api.chat.accept, { params: { id: chatId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.lists }),
  });
}

export function useTransferChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, body }: { chatId: string; body: TransferChatRequest }) =>
      callEndpoint(api.chat.transfer, { params: { id: chatId }, body }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.lists }),
  });
}

export function useChatToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => callEndpoint(api.chat.toTicket, { params: { id: chatId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.lists }),
  });
}

export function useCannedResponses() {
  return useQuery({ queryKey: chatKeys.canned, queryFn: () => callEndpoint(api.chat.cannedList).then((r) => r.items) });
}

export function useSaveCannedResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CannedResponseInput }) =>
      id ? callEndpoint(api.chat.cannedUpdate, { params: { id }, body }) : callEndpoint(api.chat.cannedCreate, { body }),
    meta: { silent: true },
    onSuccess: (saved) =>
      queryClient.setQueryData<CannedResponse[]>(chatKeys.canned, (items) =>
        items ? [...items.filter((c) => c.id !== saved.id), saved].sort((a, b) => a.shortcut.localeCompare(b.shortcut)) : [saved],
      ),
  });
}

export function useDeleteCannedResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.chat.cannedDelete, { params: { id } }).then(() => id),
    onSuccess: (id) => queryClient.setQueryData<CannedResponse[]>(chatKeys.canned, (items) => items?.filter((c) => c.id !== id)),
  });
}

export function useChatBans() {
  return useQuery({ queryKey: chatKeys.bans, queryFn: () => callEndpoint(api.chat.bans).then((r) => r.items) });
}

export function useCreateChatBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChatBanRequest) => callEndpoint(api.chat.ban, { body }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.bans }),
  });
}

export function useLiftChatBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.chat.unban, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.bans }),
  });
}
