import Checklist from '@mui/icons-material/Checklist';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Typography from '@mui/material/Typography';

import { HeaderPopover } from './header-popover';

// The notification and to-do APIs come with later issues; until then both show their
// empty states (SPEC.md section 2, candidate to-do list card).
export function NotificationsMenu() {
  return (
    <HeaderPopover
      label="Notifications"
      icon={<NotificationsOutlined />}
      count={0}
      title="Notifications"
    >
      <Typography color="text.secondary">You have no notifications.</Typography>
    </HeaderPopover>
  );
}

export function ActionItemsMenu() {
  return (
    <HeaderPopover
      label="My to do list"
      icon={<Checklist />}
      count={0}
      title="My to do list"
      subtitle="Steps to complete your profile and applications"
    >
      <Typography color="text.secondary">Nice, you are all caught up!</Typography>
    </HeaderPopover>
  );
}
