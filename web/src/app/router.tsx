import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, Outlet, type RouteObject } from 'react-router-dom';
import { LoadingOverlay } from '../shell/Loading';
import { PublicLayout } from '../shell/PublicLayout';
import { withAllRecipes } from '../components/ui/recipes-loader';
import { WithQueries } from '../lib/with-queries';
import { OrganisationGate, RankGate } from './guards';
import { PAGES_WITHOUT_QUERIES, ROUTES, type Layout, type PageProps, type RouteEntry } from './route-table';

/** Starts loading the code of the page at `pathname`, so it arrives together with its layout, not after it. */
function preloadPageAt(pathname: string): void {
  const route = ROUTES.find((r) => matchPath(r.path, pathname));
  route?.load().catch(() => undefined);
}

// The signed-in layouts load with the first signed-in page, so the public site never pays for them.
const AppLayout = lazy(
  withAllRecipes(() => {
    preloadPageAt(window.location.pathname);
    return import('../shell/AppLayout').then((m) => ({ default: m.AppLayout }));
  }),
);
const AuditorLayout = lazy(
  withAllRecipes(() => {
    preloadPageAt(window.location.pathname);
    return import('../shell/AuditorLayout').then((m) => ({ default: m.AuditorLayout }));
  }),
);
/** TanStack Query and the session gate, loaded with the first signed-in route (`session-gate.tsx`). */
const SignedInArea = lazy(() => import('./session-gate'));
const NotFoundPage = lazy(withAllRecipes(() => import('../shell/NotFoundPage')));
const StatusPage = lazy(withAllRecipes(() => import('../features/status/StatusPage')));

// One lazy component per loader, so routes sharing a page share its chunk.
const lazyPages = new Map<RouteEntry['load'], LazyExoticComponent<ComponentType<PageProps>>>();
function pageOf(route: RouteEntry): LazyExoticComponent<ComponentType<PageProps>> {
  let page = lazyPages.get(route.load);
  if (!page) {
    // Public pages bring their own recipes; every other screen gets them all.
    page = lazy(route.layout === 'public' ? route.load : withAllRecipes(route.load));
    lazyPages.set(route.load, page);
  }
  return page;
}

function element(route: RouteEntry) {
  const Page = pageOf(route);
  // `data-route` marks the rendered route (it appears once the page's code has loaded).
  const page = (
    <div data-route={route.path}>
      <OrganisationGate area={route.organisation}>
        <Page pageId={route.pageId} />
      </OrganisationGate>
    </div>
  );
  if (route.layout === 'none') {
    // The signed-in area brings TanStack Query with the session gate; the others their own.
    return (
      <Suspense fallback={<LoadingOverlay />}>
        {route.minRole ? (
          <SignedInArea>
            <RankGate minRole={route.minRole}>{page}</RankGate>
          </SignedInArea>
        ) : (
          <WithQueries>{page}</WithQueries>
        )}
      </Suspense>
    );
  }
  if (route.layout === 'public') return PAGES_WITHOUT_QUERIES.has(route.load) ? page : <WithQueries>{page}</WithQueries>;
  // In a signed-in layout, which stands in the signed-in area.
  return route.minRole ? <RankGate minRole={route.minRole}>{page}</RankGate> : page;
}

function childrenOf(layout: Layout): RouteObject[] {
  return ROUTES.filter((r) => r.layout === layout).map((r) => ({ path: r.path, element: element(r) }));
}

/**
 * The router, built from the one route table: public pages in the public layout, signed-in
 * pages in the app and auditor layouts behind the session gate, bare pages on their own, and
 * the Not Found page for anything else.
 */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Outlet />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            ...childrenOf('public'),
            {
              path: '/status',
              element: (
                <WithQueries>
                  <StatusPage />
                </WithQueries>
              ),
            },
          ],
        },
        {
          element: (
            <Suspense fallback={<LoadingOverlay />}>
              <SignedInArea>
                <AppLayout />
              </SignedInArea>
            </Suspense>
          ),
          children: childrenOf('app'),
        },
        {
          element: (
            <Suspense fallback={<LoadingOverlay />}>
              <SignedInArea>
                <AuditorLayout />
              </SignedInArea>
            </Suspense>
          ),
          children: childrenOf('auditor'),
        },
        ...childrenOf('none'),
        {
          path: '*',
          element: (
            <Suspense fallback={<LoadingOverlay />}>
              <NotFoundPage />
            </Suspense>
          ),
        },
      ],
    },
  ];
}
