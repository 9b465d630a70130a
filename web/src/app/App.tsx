import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Provider } from '../components/ui/provider';
import { SessionLock } from '../features/session-lock';
import { applyColorMode } from '../lib/color-mode';
import { buildRoutes } from './router';

applyColorMode();

export function App() {
  const router = useMemo(() => createBrowserRouter(buildRoutes()), []);
  return (
    <Provider>
      <RouterProvider router={router} />
      <SessionLock />
    </Provider>
  );
}
