import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import { Provider } from '../components/ui/provider';
import { SessionLockGate } from '../features/session-lock/SessionLockGate';
import { applyColorMode } from '../lib/color-mode';
import { RouteErrorBoundary } from '../shell/RouteError';
import { buildRoutes } from './router';

applyColorMode();

const routes = buildRoutes();

/** The page of the current address, and RouteError in its place if it fails to render. */
function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}

/**
 * A plain (declarative) router: Muster's pages load their own data with TanStack Query, so the
 * data router's loaders, actions and fetchers would be dead weight — about 17 KB of gzip
 * JavaScript on every public page (issue 23).
 */
export function App() {
  return (
    <Provider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <SessionLockGate />
    </Provider>
  );
}
