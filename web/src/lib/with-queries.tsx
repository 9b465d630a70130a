import { lazy, type ReactNode } from 'react';

const QueryLayer = lazy(() => import('./query-layer'));

/**
 * Provides TanStack Query to `children`, loading it first (they suspend meanwhile, inside the
 * route's Suspense boundary). Every screen that calls the API is wrapped in it; the public site's
 * static pages and shell are not, so a visitor's first page never loads it (issue 23).
 */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryLayer>{children}</QueryLayer>;
}
