import {
  api,
  buildPath,
  type BulkTicketStatusRequest,
  type CreateTicketRequest,
  type SupportOperator,
  type TicketAttachment,
  type TicketCommentRequest,
  type TicketDetail,
  type TicketList,
  type TicketListQuery,
  type UpdateTicketRequest,
} from '@muster/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, callEndpoint, uploadFile } from '../../lib/api';
import { onResync, useSocketEvent } from '../../lib/socket';

/** Query keys of the tickets feature: everything under `tickets` is invalidated together. */
export const ticketKeys = {
  all: ['tickets'] as const,
  list: (query: TicketListQuery) => ['tickets', 'list', query] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
  operators: ['tickets', 'operators'] as const,
};

/** `/api/tickets?scope=…&status=…`, leaving out empty filters. */
export function ticketListUrl(query: TicketListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${api.tickets.list.path}?${search}` : api.tickets.list.path;
}

export function attachmentUrl(ticketId: string, attachmentId: string): string {
  return buildPath(api.tickets.download.path, { id: ticketId, attachmentId });
}

/**
 * Keeps the ticket screens current without a reload: a `ticket:updated` push (a reply, a status,
 * an assignment, a file) refetches the lists and, when it is the one shown, the ticket; a
 * reconnect that lost events refetches everything of tickets.
 */
function useTicketPushes(ticketId?: string): void {
  const queryClient = useQueryClient();
  useSocketEvent('ticket:updated', ({ ticketId: changed }) => {
    void queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] });
    if (changed === ticketId) void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(changed) });
  });
  useEffect(() => onResync(() => void queryClient.invalidateQueries({ queryKey: ticketKeys.all })), [queryClient]);
}

/** A list of tickets; the previous page stays on screen while the next one loads. */
export function useTickets(query: TicketListQuery, options: { enabled?: boolean } = {}) {
  useTicketPushes();
  return useQuery({
    queryKey: ticketKeys.list(query),
    queryFn: () => apiRequest<TicketList>('GET', ticketListUrl(query)),
    placeholderData: keepPreviousData,
    // The screens show the error in place, with the server's message.
    meta: { silent: true },
    enabled: options.enabled ?? true,
  });
}

export function useTicket(id: string) {
  useTicketPushes(id);
  return useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: () => callEndpoint(api.tickets.get, { params: { id } }),
    meta: { silent: true },
  });
}

/** Support operators a ticket can be assigned to (only asked for by operators). */
export function useOperators(enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.operators,
    queryFn: () => callEndpoint(api.tickets.operators) as Promise<{ items: SupportOperator[] }>,
    enabled,
  });
}

/** A changed ticket: its detail takes the answer and every list is refetched. */
function settle(queryClient: QueryClient, ticket: TicketDetail) {
  queryClient.setQueryData(ticketKeys.detail(ticket.id), ticket);
  void queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketRequest) => callEndpoint(api.tickets.create, { body }),
    // Field errors show under their inputs; the form reports the rest.
    meta: { silent: true },
    onSuccess: (ticket) => settle(queryClient, ticket),
  });
}

export function useAddComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketCommentRequest) => callEndpoint(api.tickets.comment, { params: { id }, body }),
    meta: { silent: true },
    onSuccess: (ticket) => settle(queryClient, ticket),
  });
}

export function useUpdateTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTicketRequest) => callEndpoint(api.tickets.update, { params: { id }, body }),
    onSuccess: (ticket) => settle(queryClient, ticket),
  });
}

/** Assigns any ticket of a list (the operator queue). */
export function useAssignTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, assigneeId }: { id: string; assigneeId: string | null }) =>
      callEndpoint(api.tickets.update, { params: { id }, body: { assigneeId } }),
    onSuccess: (ticket) => settle(queryClient, ticket),
  });
}

export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkTicketStatusRequest) => callEndpoint(api.tickets.bulkStatus, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** Uploads one file to a ticket; the ticket is refetched to show it. */
export function useUploadAttachment(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, internal }: { file: File; internal?: boolean }) =>
      uploadFile<TicketAttachment>(
        `${buildPath(api.tickets.upload.path, { id: ticketId })}${internal ? '?internal=true' : ''}`,
        file,
        file.name,
      ),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
  });
}
