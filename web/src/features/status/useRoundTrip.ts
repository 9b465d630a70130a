import { api, type Ack, type ProbeResult } from '@muster/contracts';

type PingAck = Ack<{ sentAt: number; serverTime: number; node: string }>;
import { useCallback, useRef, useState } from 'react';
import { callEndpoint } from '../../lib/api';
import { getSocket, useSocketEvent } from '../../lib/socket';

export interface RoundTrip {
  socketMs: number;
  /** HTTP → queue → worker → Redis adapter → this socket. */
  jobMs: number;
  handledBy: string;
}

/** Measures the socket ping and the full job round trip. */
export function useRoundTrip() {
  const [result, setResult] = useState<RoundTrip | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const pending = useRef<{ probeId: string | null; started: number; socketMs: number; resolve: (r: ProbeResult) => void } | null>(null);

  useSocketEvent('health:probe-result', (payload) => {
    if (pending.current && pending.current.probeId === payload.probeId) pending.current.resolve(payload);
  });

  const run = useCallback(async () => {
    setRunning(true);
    setError(null);
    try {
      const socket = getSocket();
      if (!socket.connected) await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const pingStarted = performance.now();
      const ack = (await socket.timeout(5000).emitWithAck('system:ping', { sentAt: Date.now() })) as PingAck;
      if (!ack.ok) throw new Error(ack.message);
      const socketMs = performance.now() - pingStarted;
      const started = performance.now();
      const arrived = new Promise<ProbeResult>((resolve, reject) => {
        pending.current = { probeId: null, started, socketMs, resolve };
        setTimeout(() => reject(new Error('timeout')), 10_000);
      });
      const { probeId } = await callEndpoint(api.health.probe, { body: { socketId: socket.id ?? '' } });
      pending.current!.probeId = probeId;
      const probe = await arrived;
      setResult({ socketMs: Math.round(socketMs), jobMs: Math.round(performance.now() - started), handledBy: probe.handledBy });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      pending.current = null;
      setRunning(false);
    }
  }, []);

  return { result, error, running, run };
}
