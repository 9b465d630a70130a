import { api, type Ack, type ProbeResult } from '@muster/contracts';
import { useCallback, useRef, useState } from 'react';
import { callEndpoint } from '../../lib/api';
import { getSocket, useSocketEvent } from '../../lib/socket';

type PingAck = Ack<{ sentAt: number; serverTime: number; node: string }>;

export interface RoundTrip {
  socketMs: number;
  /** HTTP → queue → worker → Redis adapter → this socket. */
  jobMs: number;
  handledBy: string;
}

const PROBE_TIMEOUT_MS = 10_000;

/** Measures the socket ping and the full job round trip. */
export function useRoundTrip() {
  const [result, setResult] = useState<RoundTrip | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  // The worker may answer before the POST's own response arrives: results are kept by probe id
  // until the POST tells which one is ours.
  const arrived = useRef(new Map<string, ProbeResult>());
  const waiting = useRef<{ probeId: string; resolve: (r: ProbeResult) => void } | null>(null);

  useSocketEvent('health:probe-result', (payload) => {
    if (waiting.current?.probeId === payload.probeId) waiting.current.resolve(payload);
    else arrived.current.set(payload.probeId, payload);
  });

  const run = useCallback(async () => {
    setRunning(true);
    setError(null);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const socket = getSocket();
      if (!socket.connected) await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const pingStarted = performance.now();
      const ack = (await socket.timeout(5000).emitWithAck('system:ping', { sentAt: Date.now() })) as PingAck;
      if (!ack.ok) throw new Error(ack.message);
      const socketMs = performance.now() - pingStarted;

      const started = performance.now();
      const { probeId } = await callEndpoint(api.health.probe, { body: { socketId: socket.id ?? '' } });
      const probe =
        arrived.current.get(probeId) ??
        (await new Promise<ProbeResult>((resolve, reject) => {
          waiting.current = { probeId, resolve };
          timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
        }));
      setResult({ socketMs: Math.round(socketMs), jobMs: Math.round(performance.now() - started), handledBy: probe.handledBy });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      clearTimeout(timer);
      waiting.current = null;
      arrived.current.clear();
      setRunning(false);
    }
  }, []);

  return { result, error, running, run };
}
