// First, before any schema is used.
import './config/zod';

import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { lazy, startTransition, StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { tokenStore } from './lib/session/token-store';
import { createQueryClient } from './lib/query-client';
import { rememberServerQueries } from './lib/server-state';
import { useHydrated } from './lib/use-hydrated';

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

/** What the server did not render: shown once the page has hydrated. */
function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

/**
 * Marks when the app has taken the page over (hydrated the server's markup or rendered its
 * own): from then on the router follows every move of the address and every control answers.
 */
function MarkInteractive() {
  useEffect(() => {
    if (performance.getEntriesByName('pathways:interactive').length === 0) {
      performance.mark('pathways:interactive');
    }
  }, []);
  return null;
}

/** Lets the browser paint, scroll and answer a tap before the app's next part starts. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The app's code starts in parts, each in a task of its own: the style system and theme,
// then the shell and its routes. Started at once, their first run held a phone's main thread
// for about a fifth of a second, and a tap in that time waited for all of it. The parts' code
// is in the shell's file (the build's shell group); each adds a one-line file that the page
// preloads with the shell.
await nextTask();
const { AppProvider } = await import('./app/provider');
await nextTask();
const { AppRouter } = await import('./app/router');

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
      <MarkInteractive />
      <AfterHydration>
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      </AfterHydration>
    </AppProvider>
  </StrictMode>
);

// A public page the server rendered for a guest comes with the data it was rendered from:
// the browser takes over that markup. A signed-in user sees their own version of the page, and
// an address with a fragment (`#signup` opens the sign-up conversation at once) shows what the
// server, which never receives the fragment, did not render: both are rendered afresh, as is a
// page whose address changed before its scripts started (the markup is of another page).
const root = document.getElementById('root')!;
// When the app's code starts (after its modules have loaded): a page the server rendered has
// painted by then.
performance.mark('pathways:start');
const serverState = document.getElementById('pathways-state');
if (
  serverState?.textContent &&
  root.firstChild &&
  root.dataset.address === window.location.pathname + window.location.search &&
  tokenStore.get() === null &&
  window.location.hash === ''
) {
  const state = JSON.parse(serverState.textContent) as DehydratedState;
  hydrate(queryClient, state);
  rememberServerQueries(state.queries.map((query) => query.queryHash));
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: a tap or a scroll during it is answered at once.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
