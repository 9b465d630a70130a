import { hashKey, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { toaster } from '../components/ui/toaster';
import { peekedSession, SESSION_QUERY_KEY, sessionPresence } from '../features/auth/session-fetch';
import { createQueryClient } from './query-client';

/**
 * TanStack Query for the screens that call the API (spec §7), loaded with the first of them
 * (`WithQueries`): the public site's static pages never load it. One client for the whole page,
 * whichever screens load it.
 */
export const queryClient = createQueryClient((description) =>
  toaster.create({ type: 'error', title: i18n.t('error.title', { ns: 'common' }), description }),
);

// The session the page's first check found starts the cache (fresh for the usual 5 minutes).
const peeked = peekedSession();
if (peeked) queryClient.setQueryData(SESSION_QUERY_KEY, peeked.value, { updatedAt: peeked.at });

// Every answer of the session query tells the public shell whether someone is signed in.
const sessionHash = hashKey(SESSION_QUERY_KEY);
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.query.queryHash !== sessionHash) return;
  const data: unknown = event.query.state.data;
  if (data !== undefined) sessionPresence.set(data !== null);
});

export default function QueryLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
