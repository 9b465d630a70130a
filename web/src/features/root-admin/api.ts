import { api } from '@muster/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/** The platform's overview; approvals and broadcasts refresh it (their keys start with `platform` too). */
export function usePlatformOverview() {
  return useQuery({ queryKey: ['platform', 'overview'], queryFn: () => callEndpoint(api.platform.overview), refetchOnMount: 'always' });
}
