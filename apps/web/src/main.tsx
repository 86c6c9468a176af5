// First, before any schema is used.
import './config/zod';

import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

const UpdatePrompt = lazy(() => import('./features/pwa/components/update-prompt'));

// A deploy removes the old version's scripts: when one fails to load, reload once to get
// the new version rather than show a broken page.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'pathways.reloadedForUpdate';
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  event.preventDefault();
  window.location.reload();
});
window.addEventListener('load', () => {
  window.setTimeout(() => sessionStorage.removeItem('pathways.reloadedForUpdate'), 10_000);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </AppProvider>
  </StrictMode>,
);
