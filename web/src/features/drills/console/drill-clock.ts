import { elapsedMs, type DrillTimer } from '@muster/contracts';
import { useSyncExternalStore } from 'react';

/** How often a running drill clock is redrawn. */
export const TICK_MS = 250;

/**
 * One shared ticker for every running clock of the page (the big timer, running steps, inject
 * countdowns): they redraw together, and only the components that show a running time redraw.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of [...listeners]) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const noSubscription = () => () => undefined;
const readNow = () => now;
const frozen = () => 0;

/** Whether the clock is moving (started, neither paused nor finished). */
export function isRunning(timer: DrillTimer): boolean {
  return Boolean(timer.startedAt) && !timer.pausedAt && !timer.completedAt && !timer.cancelledAt;
}

/** Drill time (ms) at local time `localNow`, on the server's clock (`offsetMs` = server − local). */
export function drillElapsed(timer: DrillTimer, offsetMs: number, localNow: number): number {
  return elapsedMs(timer, localNow + offsetMs);
}

/** The drill time, redrawn every TICK_MS while the clock runs and still while it does not. */
export function useDrillElapsed(timer: DrillTimer, offsetMs: number): number {
  const running = isRunning(timer);
  const tick = useSyncExternalStore(running ? subscribe : noSubscription, running ? readNow : frozen);
  return drillElapsed(timer, offsetMs, running ? Math.max(tick, Date.now()) : Date.now());
}
