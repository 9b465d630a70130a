import { api, type OrganizationSettings, type UpdateOrganizationSettingsRequest } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const ORGANIZATION_SETTINGS_KEY = [api.organization.settings.path] as const;

/** GET /api/organization/settings (ADMIN): the organisation's name and time zone. */
export function useOrganizationSettings(enabled = true) {
  return useQuery({
    queryKey: ORGANIZATION_SETTINGS_KEY,
    queryFn: () => callEndpoint(api.organization.settings),
    enabled,
    // The card shows its own failure, with a way to try again.
    meta: { silent: true },
  });
}

/** PATCH /api/organization/settings; the settings query takes the answer. */
export function useUpdateOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizationSettingsRequest) => callEndpoint(api.organization.updateSettings, { body }),
    meta: { silent: true },
    onSuccess: (settings: OrganizationSettings) => queryClient.setQueryData(ORGANIZATION_SETTINGS_KEY, settings),
  });
}
