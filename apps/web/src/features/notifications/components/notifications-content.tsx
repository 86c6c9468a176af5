import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';

// The list loads when the bell's panel opens: the bell itself shows only the count, and most
// pages are left without opening it (the list brings its relative dates' library with it). It
// shows what the list shows while its data loads.
const NotificationsList = lazy(() =>
  import('./notifications-list').then(({ NotificationsList }) => ({ default: NotificationsList })),
);

/** The bell panel's content: the candidate's notifications, newest first. */
export function NotificationsContent() {
  return (
    <Suspense fallback={<Typography color="text.secondary">Loading...</Typography>}>
      <NotificationsList />
    </Suspense>
  );
}
