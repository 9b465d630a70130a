import { API_PATHS, type SessionInfo } from '@muster/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';
import { sanitiseDetectedLanguage } from '../lib/i18n';

/**
 * Stores a language chosen while signed in on the server (PATCH /api/auth/profile), so the
 * user's emails are written in it; the browser keeps its own copy as before (storage key and
 * cookie). Signed out, or a guest auditor (no user to store it on): nothing to do. A failure is
 * only logged, like any language-change failure (spec §8). The path alone, not the endpoint
 * object: the public pages' selector must not load zod.
 */
export async function rememberLanguage(queryClient: QueryClient, code: string): Promise<void> {
  const session = queryClient.getQueryData<SessionInfo | null>([API_PATHS.me]);
  if (!session || session.role === 'GUEST_AUDITOR') return;
  try {
    const next = await apiRequest<SessionInfo>('PATCH', API_PATHS.profile, { language: sanitiseDetectedLanguage(code) });
    queryClient.setQueryData([API_PATHS.me], next);
  } catch (err) {
    console.error('The language could not be stored for your account', err);
  }
}
