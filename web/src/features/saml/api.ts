import { api, type CreateSamlProviderInput, type UpdateSamlProviderInput, type UpdateSsoSettingsInput } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const samlKeys = { overview: ['saml', 'overview'] as const };

/** Providers, enforcement and the last sign-in events (read at every opening: sign-ins happen elsewhere). */
export function useSamlOverview() {
  return useQuery({
    queryKey: samlKeys.overview,
    queryFn: () => callEndpoint(api.saml.overview),
    refetchOnMount: 'always',
    meta: { silent: true },
  });
}

function useRefreshing<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: samlKeys.overview }),
    meta: { silent: true },
  });
}

export const useCreateProvider = () => useRefreshing((body: CreateSamlProviderInput) => callEndpoint(api.saml.create, { body }));
export const useUpdateProvider = () =>
  useRefreshing(({ id, body }: { id: string; body: UpdateSamlProviderInput }) => callEndpoint(api.saml.update, { params: { id }, body }));
export const useRemoveProvider = () => useRefreshing((id: string) => callEndpoint(api.saml.remove, { params: { id } }));
export const useRefreshMetadata = () => useRefreshing((id: string) => callEndpoint(api.saml.refresh, { params: { id } }));
export const useSaveSettings = () => useRefreshing((body: UpdateSsoSettingsInput) => callEndpoint(api.saml.settings, { body }));

export function useTestSignIn() {
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.saml.test, { params: { id } }),
    meta: { silent: true },
  });
}
