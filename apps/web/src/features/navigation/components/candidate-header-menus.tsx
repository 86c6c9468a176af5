import Checklist from '@mui/icons-material/Checklist';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';

import { HeaderPopover } from './header-popover';

// The bell loads with the menu, like the to-do list below.
const NotificationsPanel = lazy(() =>
  import('../../notifications').then(({ NotificationsContent, useNotifications }) => ({
    default: function NotificationsPanel() {
      const { data } = useNotifications();
      // Following a notification moves to another page: a new key closes the panel.
      const { key } = useLocation();
      return (
        <HeaderPopover
          key={key}
          label="Notifications"
          icon={<NotificationsOutlined />}
          count={data?.total ?? 0}
          title="Notifications"
        >
          <NotificationsContent />
        </HeaderPopover>
      );
    },
  })),
);

/** The candidate's notifications, counted on the bell. */
export function NotificationsMenu() {
  return (
    <Suspense fallback={<Box sx={{ width: 40, flexShrink: 0 }} />}>
      <NotificationsPanel />
    </Suspense>
  );
}

// The to-do list loads with the menu: clients, and phones (no menu there), never download it.
const ActionItemsPanel = lazy(() =>
  import('../../action-items').then(({ ActionItemsContent, useActionItems }) => ({
    default: function ActionItemsPanel() {
      const { data: items } = useActionItems();
      // Following an action moves to another page or anchor: a new key closes the panel.
      const { key } = useLocation();
      return (
        <HeaderPopover
          key={key}
          label="My to do list"
          icon={<Checklist />}
          count={items?.length ?? 0}
          title="My to do list"
          subtitle="Steps to complete your profile and applications"
        >
          <ActionItemsContent />
        </HeaderPopover>
      );
    },
  })),
);

/** The same to-do list as the dashboard card, counted on the button. */
export function ActionItemsMenu() {
  return (
    <Suspense fallback={<Box sx={{ width: 40, flexShrink: 0 }} />}>
      <ActionItemsPanel />
    </Suspense>
  );
}
