import { api, type CustomRuleInput, type ProfileInput } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const complianceKeys = {
  all: ['compliance'] as const,
  rules: ['compliance', 'rules'] as const,
  profiles: ['compliance', 'profiles'] as const,
  evaluation: (id: string) => ['compliance', 'evaluation', id] as const,
};

/** The rules a profile may apply: the built-in ones and the organisation's own. */
export function useComplianceRules() {
  return useQuery({ queryKey: complianceKeys.rules, queryFn: () => callEndpoint(api.compliance.rules) });
}

/**
 * The organisation's profiles, each with its counts of passing, due-soon and failing rules. States
 * change with drill runs approved elsewhere in the app: read again whenever the page opens.
 */
export function useProfiles() {
  return useQuery({ queryKey: complianceKeys.profiles, queryFn: () => callEndpoint(api.compliance.profiles), refetchOnMount: 'always' });
}

/** Where each rule of a profile stands today. */
export function useEvaluation(id: string | null) {
  return useQuery({
    queryKey: complianceKeys.evaluation(id ?? ''),
    queryFn: () => callEndpoint(api.compliance.evaluate, { params: { id: id! } }),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

function useComplianceMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }),
  });
}

export const useCreateProfile = () => useComplianceMutation((body: ProfileInput) => callEndpoint(api.compliance.createProfile, { body }));
export const useUpdateProfile = () =>
  useComplianceMutation(({ id, body }: { id: string; body: ProfileInput }) =>
    callEndpoint(api.compliance.updateProfile, { params: { id }, body }),
  );
export const useDeleteProfile = () => useComplianceMutation((id: string) => callEndpoint(api.compliance.deleteProfile, { params: { id } }));
export const useAddRule = () => useComplianceMutation((body: CustomRuleInput) => callEndpoint(api.compliance.addRule, { body }));
