import { PRODUCT_NAME, type SessionInfo } from '@muster/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toaster } from '../../components/ui/toaster';
import { hasSignedInBefore, rememberSignIn } from './first-visit';
import { takeReturnUrl } from './return-url';
import { SESSION_QUERY_KEY } from './session';

export const DEFAULT_SIGNED_IN_PATH = '/app/dashboard';

/**
 * After a successful password or code sign-in: the welcome toast ("Welcome back, {email}" of
 * spec §8 once this browser has signed in before, a first welcome otherwise), the session
 * refetched (spec §4), and the stored return URL (taken once) or the dashboard.
 */
export function useCompleteSignIn(): (session: SessionInfo) => void {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (session: SessionInfo) => {
      const welcome = hasSignedInBefore() ? 'login.welcome' : 'login.welcomeFirst';
      toaster.create({ type: 'success', title: t(welcome, { email: session.user.email, product: PRODUCT_NAME }) });
      rememberSignIn();
      // The answer is the session: show it at once, and refetch it as the spec asks.
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, refetchType: 'all' });
      void navigate(takeReturnUrl() ?? DEFAULT_SIGNED_IN_PATH, { replace: true });
    },
    [t, queryClient, navigate],
  );
}
