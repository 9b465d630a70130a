import { API_PATHS } from '@muster/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { storeReturnUrl } from '../auth/return-url';
import { clearSessionLock } from './lock-store';
import { currentPath, replaceLocationOutsideRouter } from './navigation';

/**
 * Logging out from the lock screen: the current page is remembered as the return URL (spec §4),
 * then the app's logout — POST /api/auth/logout, the lock cleared, /login, the query cache cleared.
 * It is `useLogout` of the auth feature, except that the lock lives outside the router and so
 * navigates through history. A failed request is only logged, and the user still leaves.
 */
export function useLockLogout() {
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: () => apiRequest('POST', API_PATHS.logout),
    meta: { silent: true },
    onError: (err) => console.error('Logout failed', err),
    onSettled: () => {
      clearSessionLock();
      replaceLocationOutsideRouter('/login');
      queryClient.clear();
    },
  });
  return {
    isPending: logout.isPending,
    logout: () => {
      storeReturnUrl(currentPath());
      logout.mutate();
    },
  };
}
