import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';

import { landingPath } from '@pathways/shared/auth/access';
import { paths } from '@pathways/shared/navigation/paths';

import { Logo } from '../../../components/ui/logo';
import type { Viewer } from '../../../lib/session/use-session';
import { LoginMenu, useSignupDialog } from '../../auth';

const signedIn = () => import('./signed-in-top-bar');
const MenuButton = lazy(() => signedIn().then((m) => ({ default: m.MenuButton })));
const LocationSearchSlot = lazy(() => signedIn().then((m) => ({ default: m.LocationSearchSlot })));
const NotificationsMenu = lazy(() => signedIn().then((m) => ({ default: m.NotificationsMenu })));
const ActionItemsMenu = lazy(() => signedIn().then((m) => ({ default: m.ActionItemsMenu })));

/**
 * The top bar: logo, location search (candidates), Employers link, Sign up,
 * the Log in drop-down (not on /login), and on medium+ screens the candidate's bell and
 * to-do list.
 */
export function TopBar({
  viewer,
  drawerOpen,
  onMenuClick,
}: {
  viewer: Viewer | null;
  drawerOpen: boolean;
  onMenuClick: () => void;
}) {
  const { pathname } = useLocation();
  const theme = useTheme();
  const mdUp = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const signup = useSignupDialog();
  const isCandidate = viewer?.role === 'candidate';

  return (
    <AppBar
      position="fixed"
      color="inherit"
      sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (t) => t.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ gap: { xs: 0.75, sm: 1.5 }, px: { xs: 1.5, sm: 3 } }}>
        {viewer && (
          <Suspense fallback={<Box sx={{ width: 40, flexShrink: 0 }} />}>
            <MenuButton drawerOpen={drawerOpen} onClick={onMenuClick} showOpenIcon={mdUp} />
          </Suspense>
        )}
        <Logo to={viewer ? landingPath(viewer) : paths.home} compact={!viewer} />
        <Suspense fallback={null}>{isCandidate && <LocationSearchSlot />}</Suspense>
        <Box sx={{ flexGrow: 1 }} />
        {viewer?.role !== 'client' && (
          <Button
            component={RouterLink}
            to={paths.employers}
            color="inherit"
            sx={{ flexShrink: 0, px: { xs: 1, sm: 1.5 } }}
          >
            Employers
          </Button>
        )}
        {isCandidate && (
          <Suspense fallback={null}>
            <NotificationsMenu />
            {mdUp && <ActionItemsMenu />}
          </Suspense>
        )}
        {!viewer && (
          <Button variant="contained" onClick={signup.open} sx={{ flexShrink: 0 }}>
            Sign up
          </Button>
        )}
        {!viewer && pathname !== paths.login && <LoginMenu />}
      </Toolbar>
    </AppBar>
  );
}
