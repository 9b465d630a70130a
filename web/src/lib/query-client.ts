import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { defaultQueryFn } from './api';
import { errorText } from './error-text';

export type ErrorNotifier = (description: string) => void;

/**
 * TanStack Query defaults of spec §7: no retry, no refetch on focus, no polling, data never
 * stale. Any failed query or mutation is reported through `notify` (a destructive "Error" toast).
 */
export function createQueryClient(notify: ErrorNotifier): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        notify(errorText(i18n.t, error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent) return;
        notify(errorText(i18n.t, error));
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}
