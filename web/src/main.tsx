import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import i18n, { initI18n, SHELL_NAMESPACES } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';

initI18n()
  .then(() => {
    // A signed-in page: the shell's texts load beside the session check, not after it.
    if (window.location.pathname.startsWith('/app/')) return i18n.loadNamespaces([...SHELL_NAMESPACES]);
    return undefined;
  })
  .catch((err: unknown) => {
    console.error('Translations could not be initialised', err);
  });

// The service worker (offline page, update notice) only in production builds, once the page
// has loaded so it never competes with the first paint.
if (import.meta.env.PROD) {
  const register = () => void registerServiceWorker();
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// The first render runs as a transition, so React renders in slices and yields to the browser
// between them instead of holding the main thread for the whole page at once.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      {/* The common namespace loads before the first paint of any text. */}
      <Suspense fallback={null}>
        <App />
      </Suspense>
    </StrictMode>,
  );
});
