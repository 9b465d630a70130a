import { api } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const packetKeys = {
  all: ['compliance-packets'] as const,
  list: ['compliance-packets', 'list'] as const,
  waiver: ['compliance-packets', 'waiver'] as const,
  profiles: ['compliance-packets', 'profiles'] as const,
};

/** The organisation's packets, newest first. */
export function usePackets() {
  return useQuery({ queryKey: packetKeys.list, queryFn: () => callEndpoint(api.packets.list) });
}

/** The organisation's compliance profiles (to generate a packet for one). */
export function useProfiles() {
  return useQuery({ queryKey: packetKeys.profiles, queryFn: () => callEndpoint(api.compliance.profiles) });
}

/** The current waiver version and whether the member accepted it. */
export function useWaiver() {
  return useQuery({ queryKey: packetKeys.waiver, queryFn: () => callEndpoint(api.packets.waiver) });
}

export function useAcceptWaiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: string) => callEndpoint(api.packets.acceptWaiver, { body: { version } }),
    onSuccess: (state) => queryClient.setQueryData(packetKeys.waiver, state),
  });
}

export function useRevokePacket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => callEndpoint(api.packets.revoke, { params: { id }, body: { reason } }),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: packetKeys.list }),
  });
}
