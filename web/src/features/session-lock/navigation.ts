/** The page's path with its query and fragment: what the login page returns to. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/**
 * Replaces the current page with `path` from outside the router (the lock is mounted beside the
 * router, not inside it). The data router follows history "pop" events, so it renders the new page
 * without a reload — a reload would drop the toast that explains why the user was signed out. The
 * history entry keeps the router's index so its back/forward bookkeeping stays right.
 */
export function replaceLocationOutsideRouter(path: string): void {
  const previous = window.history.state as { idx?: unknown } | null;
  const idx = typeof previous?.idx === 'number' ? previous.idx : 0;
  window.history.replaceState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
}
