import { api } from '@muster/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toaster } from '../../components/ui/toaster';
import { ApiError, callEndpoint } from '../../lib/api';

/**
 * The auditor portal's logout (spec §7, §8): an ok answer shows "Logged out", clears the cache and
 * goes to /auditor-login; a non-ok answer does nothing visible; a network failure says "Failed to logout".
 */
export function useAuditorLogout() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callEndpoint(api.auth.logout),
    meta: { silent: true },
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('auditor.loggedOutTitle'), description: t('auditor.loggedOutText') });
      void navigate('/auditor-login', { replace: true });
      queryClient.clear();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        console.error('Logout answered', err.status);
        return;
      }
      toaster.create({ type: 'error', title: t('common:error.title'), description: t('auditor.logoutFailed') });
    },
  });
}
