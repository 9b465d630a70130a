import {
  api,
  type PinCheckRequest,
  type SecurityPolicyAnswer,
  type SetPinRequest,
  type UpdateSecurityPolicyRequest,
} from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/** Query keys of organisation security; all start with `security`. */
export const securityKeys = {
  all: ['security'] as const,
  policy: ['security', 'policy'] as const,
  pins: ['security', 'pins'] as const,
  myPin: ['security', 'my-pin'] as const,
  notices: ['security', 'notices'] as const,
  user: (email: string) => ['security', 'user', email] as const,
};

/** GET /api/admin/security/policy (ADMIN). */
export function useSecurityPolicy() {
  return useQuery({ queryKey: securityKeys.policy, queryFn: () => callEndpoint(api.security.policy), meta: { silent: true } });
}

/** PATCH /api/admin/security/policy; the policy, the PIN list and the notices read the answer. */
export function useUpdateSecurityPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSecurityPolicyRequest) => callEndpoint(api.security.updatePolicy, { body }),
    meta: { silent: true },
    onSuccess: (policy: SecurityPolicyAnswer) => {
      queryClient.setQueryData(securityKeys.policy, policy);
      void queryClient.invalidateQueries({ queryKey: securityKeys.pins });
      void queryClient.invalidateQueries({ queryKey: securityKeys.notices });
    },
  });
}

/** GET /api/admin/security/pins (ADMIN): who has a PIN. */
export function usePinMembers() {
  return useQuery({ queryKey: securityKeys.pins, queryFn: () => callEndpoint(api.security.pinMembers), meta: { silent: true } });
}

/** GET /api/security/pin: whether I have a PIN. */
export function useMyPin() {
  return useQuery({ queryKey: securityKeys.myPin, queryFn: () => callEndpoint(api.security.myPin), meta: { silent: true } });
}

/** PUT /api/security/pin. */
export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPinRequest) => callEndpoint(api.security.setPin, { body }),
    meta: { silent: true },
    onSuccess: (pin) => {
      queryClient.setQueryData(securityKeys.myPin, pin);
      void queryClient.invalidateQueries({ queryKey: securityKeys.notices });
    },
  });
}

/** GET /api/security/notices: what the shell tells a member (members of an organisation only). */
export function useSecurityNotices(enabled: boolean) {
  return useQuery({
    queryKey: securityKeys.notices,
    queryFn: () => callEndpoint(api.security.notices),
    enabled,
    meta: { silent: true },
  });
}

/** GET /api/sysops/security/user?email= (support operators). */
export function useSecurityUser(email: string | null) {
  return useQuery({
    queryKey: securityKeys.user(email ?? ''),
    queryFn: () => callEndpoint(api.security.findUser, { query: { email: email ?? '' } }),
    enabled: Boolean(email),
    meta: { silent: true },
  });
}

export function useCheckPin() {
  return useMutation({
    mutationFn: (body: PinCheckRequest) => callEndpoint(api.security.checkPin, { body }),
    meta: { silent: true },
  });
}

export function useResetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callEndpoint(api.security.resetPin, { body: { userId } }),
    meta: { silent: true },
    onSuccess: (user) => queryClient.setQueryData(securityKeys.user(user.email), user),
  });
}
