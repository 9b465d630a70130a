import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './lib/i18n';

void initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The common namespace loads before the first paint of any text. */}
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
);
