import { Component, lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type { toaster as regionToaster } from './toaster-region';

type ToastOptions = Parameters<typeof regionToaster.create>[0];

/*
 * The toaster's code (Zag's toast machine, the region and its rules in toaster-region.tsx) loads
 * with the first toast rather than with every page: most visits to the public site never raise
 * one. The region mounts then, and shows the toast.
 */
let region: Promise<typeof import('./toaster-region')> | null = null;
function loadRegion() {
  region ??= import('./toaster-region').catch((err: unknown) => {
    // Offline, or the file is gone after a new release: the next toast tries again.
    region = null;
    throw err;
  });
  return region;
}

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

/** Keeps a toast region that could not load from taking the page down with it. */
class ToastRegionBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The toaster could not be shown', error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** The toast region, mounted once a toast has been asked for. */
export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return shown ? (
    <ToastRegionBoundary>
      <Suspense fallback={null}>
        <ToastRegion />
      </Suspense>
    </ToastRegionBoundary>
  ) : null;
}
