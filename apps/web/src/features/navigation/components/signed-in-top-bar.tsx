import Menu from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import IconButton from '@mui/material/IconButton';

import { ActionItemsMenu, NotificationsMenu } from './candidate-header-menus';
import { LocationSearchSlot } from './location-search-slot';
import { DRAWER_ID } from './side-drawer';

// The signed-in parts of the top bar load only for signed-in users, keeping a guest's
// first download small.

export function MenuButton({
  drawerOpen,
  onClick,
  showOpenIcon,
}: {
  drawerOpen: boolean;
  onClick: () => void;
  showOpenIcon: boolean;
}) {
  return (
    <IconButton
      edge="start"
      aria-label={drawerOpen ? 'Close navigation' : 'Open navigation'}
      aria-expanded={drawerOpen}
      aria-controls={DRAWER_ID}
      onClick={onClick}
    >
      {drawerOpen && showOpenIcon ? <MenuOpen /> : <Menu />}
    </IconButton>
  );
}

export { ActionItemsMenu, LocationSearchSlot, NotificationsMenu };
