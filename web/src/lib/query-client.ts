import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { defaultQueryFn } from './api';

export type ErrorNotifier = (description: string) => void;

/**
 * Tells `notify` what went wrong, in the reader's language. The error texts (every reason of
 * `@muster/contracts` in English) load with the first failure, not with the public site; if even
 * they cannot load, Muster cannot be reached, which is what the reader is told.
 */
function report(notify: ErrorNotifier, error: unknown): void {
  import('./error-text').then(
    ({ errorText }) => notify(errorText(i18n.t, error)),
    () => notify(i18n.t('common.offline', { ns: 'errors' })),
  );
}

/**
 * TanStack Query defaults of spec §7: no retry, no refetch on focus, no polling, data never
 * stale. Any failed query or mutation is reported through `notify` (a destructive "Error" toast).
 */
export function createQueryClient(notify: ErrorNotifier): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        report(notify, error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent) return;
        report(notify, error);
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
