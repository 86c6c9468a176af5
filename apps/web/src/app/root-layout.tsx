import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';

import { Footer } from '../components/layouts/footer';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { PageLoading } from '../components/ui/page-loading';
import { SkipLink } from '../components/ui/skip-link';
import { useUser } from '../lib/session/current-user';
import { useSignupDialog } from '../features/auth/hooks/use-signup-dialog';
import { useLiveUpdatesOn } from '../features/live/live-switch';
import { TopBar } from '../features/navigation/components/top-bar';
import { useDrawer } from '../features/navigation/hooks/use-drawer';
import { SupportChatSync } from '../features/support-chat/components/support-chat-sync';
import { sessionEnded } from '../lib/session/session-ended';
import { forgetServerQueries } from '../lib/server-state';
import { useSession } from '../lib/session/use-session';
import { canonicalFrom } from './canonical-move';
import { RouteError } from './route-error';
import { useDocumentTitle } from './route-title';

// Only signed-in users need these: a guest's first page does not download them.
const SessionWatcher = lazy(() => import('../features/auth/components/session-watcher'));
const LiveUpdates = lazy(() => import('../features/live/components/live-updates'));
const SideDrawer = lazy(() => import('../features/navigation/components/side-drawer'));
const SignupDialog = lazy(() => import('../features/auth/components/signup-dialog'));
const CandidateBanners = lazy(() => import('../features/banners/components/candidate-banners'));

export const MAIN_ID = 'main-content';

/**
 * A title per route, and a new page starts at the top. What the server wrote into <head> for
 * the first page (its description, canonical address, structured data) goes with the first
 * move to another page.
 */
function PageChange() {
  useDocumentTitle();
  const { pathname, state } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (pathname === paths.login) sessionEnded.set(false);
    // The first page made its address canonical (its name added): still the same page.
    if (canonicalFrom(state) === firstPath.current) firstPath.current = pathname;
    if (pathname !== firstPath.current) {
      for (const element of document.querySelectorAll('[data-server-head]')) element.remove();
      forgetServerQueries();
    }
    // Only a new address is a move; the state changes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}

/** The shell of every page: top bar, side drawer for signed-in users, banners, footer. */
export function RootLayout() {
  const { viewer } = useSession();
  const { data: user } = useUser();
  const drawer = useDrawer(viewer?.role ?? null);
  const signup = useSignupDialog();
  const location = useLocation();
  const live = useLiveUpdatesOn();

  return (
    <>
      {viewer && (
        <Suspense fallback={null}>
          <SessionWatcher />
          {live && <LiveUpdates />}
        </Suspense>
      )}
      <PageChange />
      <SupportChatSync user={user} />
      <SkipLink target={MAIN_ID} />
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <TopBar
          viewer={viewer}
          drawerOpen={viewer ? drawer.open : false}
          onMenuClick={drawer.toggle}
        />
        <Toolbar aria-hidden="true" />
        <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
          {viewer && (
            <Suspense fallback={null}>
              <SideDrawer
                viewer={viewer}
                pinned={drawer.pinned}
                open={drawer.open}
                onClose={drawer.close}
              />
            </Suspense>
          )}
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <Box
              component="main"
              id={MAIN_ID}
              tabIndex={-1}
              sx={{ flex: 1, display: 'flex', flexDirection: 'column', outline: 'none' }}
            >
              {viewer?.role === 'candidate' && (
                <Suspense fallback={null}>
                  <CandidateBanners />
                </Suspense>
              )}
              <ErrorBoundary
                resetKey={location.pathname}
                fallback={(error) => <RouteError error={error} />}
              >
                <Suspense fallback={<PageLoading />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            </Box>
            <Footer />
          </Box>
        </Box>
      </Box>
      {signup.isOpen && (
        <Suspense fallback={null}>
          <SignupDialog open onClose={signup.close} />
        </Suspense>
      )}
    </>
  );
}
