import { api } from '@muster/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { callEndpoint } from '../../lib/api';
import { clearSessionLock } from '../session-lock';
import { LOGOUT_MUTATION_KEY } from './logout-key';

/**
 * The app's logout (spec §4): POST /api/auth/logout, then the query cache is cleared and the
 * user goes to /login — or, after an SSO session whose identity provider has single logout, to the
 * IdP with a signed LogoutRequest. A failure is only logged (spec §8), and the user still leaves.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: LOGOUT_MUTATION_KEY,
    mutationFn: () => callEndpoint(api.auth.logout),
    meta: { silent: true },
    onError: (err) => console.error('Logout failed', err),
    onSettled: (result) => {
      clearSessionLock();
      queryClient.clear();
      // An SSO session whose identity provider has single logout continues there (another site).
      if (result?.redirectUrl) window.location.assign(result.redirectUrl);
      else void navigate('/login', { replace: true });
    },
  });
}
