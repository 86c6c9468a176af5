import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';

import type { Role } from '@pathways/shared/auth/auth.schemas';
import { drawerPinnedFrom } from '@pathways/shared/navigation/drawer';

/**
 * Drawer state. It closes automatically on large-and-smaller screens for
 * clients and small-and-smaller screens for candidates; wider than that it stays open
 * beside the page until the menu button hides it.
 */
export function useDrawer(role: Role | null) {
  const theme = useTheme();
  const pinned = useMediaQuery(theme.breakpoints.up(drawerPinnedFrom(role ?? 'candidate')), {
    noSsr: true,
  });
  const [pinnedOpen, setPinnedOpen] = useState(true);
  const [overlayOpen, setOverlayOpen] = useState(false);
  // Crossing the breakpoint starts the overlay closed again.
  const [lastPinned, setLastPinned] = useState(pinned);
  if (lastPinned !== pinned) {
    setLastPinned(pinned);
    setOverlayOpen(false);
  }

  const open = pinned ? pinnedOpen : overlayOpen;
  return {
    pinned,
    open,
    toggle: () => (pinned ? setPinnedOpen((value) => !value) : setOverlayOpen((value) => !value)),
    close: () => (pinned ? undefined : setOverlayOpen(false)),
  };
}
