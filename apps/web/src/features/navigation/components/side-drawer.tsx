import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';

import type { Viewer } from '../../../lib/session/use-session';
import { DrawerNav } from './drawer-nav';

export const DRAWER_WIDTH = 264;
export const DRAWER_ID = 'app-drawer';

/**
 * The side drawer: pinned beside the page on wide screens, an overlay that closes after each
 * choice on narrower ones (where "narrower" depends on the role, see useDrawer).
 */
export default function SideDrawer({
  viewer,
  pinned,
  open,
  onClose,
}: {
  viewer: Viewer;
  pinned: boolean;
  open: boolean;
  onClose: () => void;
}) {
  if (pinned) {
    return (
      <Drawer
        id={DRAWER_ID}
        variant="persistent"
        open={open}
        sx={{
          width: open ? DRAWER_WIDTH : 0,
          flexShrink: 0,
          transition: (theme) => theme.transitions.create('width'),
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <DrawerNav viewer={viewer} onNavigate={() => {}} />
      </Drawer>
    );
  }
  return (
    <Drawer
      id={DRAWER_ID}
      variant="temporary"
      open={open}
      onClose={onClose}
      // Over the top bar, as a phone's navigation sheet.
      sx={{
        zIndex: (theme) => theme.zIndex.modal,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw', boxSizing: 'border-box' },
      }}
      slotProps={{ paper: { 'aria-label': 'Navigation' } }}
    >
      <DrawerNav viewer={viewer} onNavigate={onClose} />
    </Drawer>
  );
}
