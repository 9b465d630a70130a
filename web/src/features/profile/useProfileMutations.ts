import { api, type ChangePasswordRequest, type UpdateProfileRequest } from '@muster/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { SESSION_QUERY_KEY } from '../auth/session';

/** PATCH /api/auth/profile; the session query takes the answer (it is the new /me). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => callEndpoint(api.auth.updateProfile, { body }),
    // Field errors are shown under their inputs by the form.
    meta: { silent: true },
    onSuccess: (session) => queryClient.setQueryData(SESSION_QUERY_KEY, session),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => callEndpoint(api.auth.changePassword, { body }),
    meta: { silent: true },
  });
}
