import type { Role } from '@muster/contracts';
import { WARM_PAGES, warmDelay } from '../app/navigation';
import { routeFor } from '../app/route-table';

/**
 * After sign-in, loads the code of the role's likely next pages in the background
 * (spec §6), 100 ms plus 50 ms per page apart. Each warm-up leaves a User Timing mark
 * `muster:warm:<path>`. Returns a function that cancels what has not started.
 */
export function warmPages(role: Role): () => void {
  const timers = WARM_PAGES[role].map((path, index) =>
    setTimeout(() => {
      const route = routeFor(path);
      if (!route) return;
      performance.mark(`muster:warm:${path}`);
      route.load().catch((err: unknown) => console.warn('Page warming failed', path, err));
    }, warmDelay(index)),
  );
  return () => timers.forEach(clearTimeout);
}
