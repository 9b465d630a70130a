import { api, type CreateSimulationInput, type SimulationControl, type SimulationRun, type SimulationSpeed } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../lib/api';
import { onResync, useSocketEvent } from '../../lib/socket';

export const simulationKeys = {
  all: ['simulation'] as const,
  templates: ['simulation', 'templates'] as const,
  list: ['simulation', 'list'] as const,
  run: (id: string) => ['simulation', 'run', id] as const,
};

export function useSimulationTemplates() {
  return useQuery({ queryKey: simulationKeys.templates, queryFn: () => callEndpoint(api.simulation.templates), meta: { silent: true } });
}

export function useSimulations() {
  return useQuery({
    queryKey: simulationKeys.list,
    queryFn: () => callEndpoint(api.simulation.list),
    refetchOnMount: 'always',
    meta: { silent: true },
  });
}

export function useSimulation(id: string | null) {
  return useQuery({
    queryKey: simulationKeys.run(id ?? ''),
    queryFn: () => callEndpoint(api.simulation.get, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
    refetchOnMount: 'always',
    meta: { silent: true },
  });
}

/**
 * Keeps the sandbox live: every `simulation:updated` (the server's clock reached an event, or
 * someone played, paused, sped up or reset a run) replaces that run and refreshes the list; a
 * reconnect that lost events reads everything again.
 */
export function useLiveSimulations(): void {
  const queryClient = useQueryClient();
  useSocketEvent('simulation:updated', (run) => {
    queryClient.setQueryData(simulationKeys.run(run.id), run);
    void queryClient.invalidateQueries({ queryKey: simulationKeys.list });
  });
  useEffect(() => onResync(() => void queryClient.invalidateQueries({ queryKey: simulationKeys.all })), [queryClient]);
}

function useRunMutation<V>(call: (vars: V) => Promise<SimulationRun>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (run) => {
      queryClient.setQueryData(simulationKeys.run(run.id), run);
      void queryClient.invalidateQueries({ queryKey: simulationKeys.list });
    },
    meta: { silent: true },
  });
}

export function useCreateSimulation() {
  return useRunMutation((input: CreateSimulationInput) => callEndpoint(api.simulation.create, { body: input }));
}

export function useControlSimulation() {
  return useRunMutation(({ id, action }: { id: string; action: SimulationControl }) =>
    callEndpoint(api.simulation.control, { params: { id }, body: { action } }),
  );
}

export function useSimulationSpeed() {
  return useRunMutation(({ id, speed }: { id: string; speed: SimulationSpeed }) =>
    callEndpoint(api.simulation.speed, { params: { id }, body: { speed } }),
  );
}
