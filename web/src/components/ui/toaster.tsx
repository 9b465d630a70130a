import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { toaster as regionToaster } from './toaster-region';

type ToastOptions = Parameters<typeof regionToaster.create>[0];

/*
 * The toaster's code (Zag's toast machine, the region and its rules in toaster-region.tsx) loads
 * with the first toast rather than with every page: most visits to the public site never raise
 * one. The region mounts then, and shows the toast.
 */
let region: Promise<typeof import('./toaster-region')> | null = null;
const loadRegion = () => (region ??= import('./toaster-region'));

let wanted = false;
const listeners = new Set<() => void>();

export const toaster = {
  /** Shows a toast: one visible at a time, 5000 ms by default (spec §9; see toaster-region.tsx). */
  create(options: ToastOptions): void {
    if (!wanted) {
      wanted = true;
      for (const listener of listeners) listener();
    }
    loadRegion()
      .then((module) => module.toaster.create(options))
      .catch((err: unknown) => {
        console.error('The toaster could not be loaded', err);
      });
  },
};

const ToastRegion = lazy(() => loadRegion().then((module) => ({ default: module.Toaster })));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toast region, mounted once a toast has been asked for. */
export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return shown ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
