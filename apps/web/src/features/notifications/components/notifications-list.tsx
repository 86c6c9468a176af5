import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatDistanceToNow } from 'date-fns';
import { useSnackbar } from '../../../components/ui/snackbar';
import { Link as RouterLink } from 'react-router';

import { NOTIFICATION_IMAGE_MAX_PX } from '@pathways/shared/common/constants';
import {
  MESSAGE_NOTIFICATION_TYPE,
  notificationTarget,
  type NotificationItem,
} from '@pathways/shared/notifications/notifications.schemas';

import { useDismissNotification, useNotifications } from '../api/notifications';

/** The picture beside a notification, drawn small and never larger than the allowed size. */
const IMAGE_PX = Math.min(48, NOTIFICATION_IMAGE_MAX_PX);

function NotificationRow({
  notification,
  onDismiss,
}: {
  notification: NotificationItem;
  onDismiss: (id: number) => void;
}) {
  const target = notificationTarget(notification);
  const when = new Date(notification.notifiedAt);
  const text = (
    <Typography variant="body2" component="span" sx={{ display: 'block' }}>
      {notification.description}
    </Typography>
  );
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1.25 }}>
      {notification.image && (
        <Box
          component="img"
          src={notification.image}
          alt=""
          width={IMAGE_PX}
          height={IMAGE_PX}
          sx={{
            maxWidth: NOTIFICATION_IMAGE_MAX_PX,
            maxHeight: NOTIFICATION_IMAGE_MAX_PX,
            objectFit: 'cover',
            borderRadius: 1,
            flexShrink: 0,
          }}
        />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {target ? (
          <Link component={RouterLink} to={target} color="inherit" underline="hover">
            {text}
          </Link>
        ) : (
          text
        )}
        <Typography
          variant="caption"
          color="text.secondary"
          component="time"
          dateTime={notification.notifiedAt}
        >
          {formatDistanceToNow(when, { addSuffix: true })}
        </Typography>
      </Box>
      {notification.type !== MESSAGE_NOTIFICATION_TYPE && (
        <IconButton
          size="small"
          aria-label={`Dismiss: ${notification.description}`}
          onClick={() => onDismiss(notification.id)}
        >
          <Close fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

/** The bell's panel: the notifications not dismissed, newest first. */
export function NotificationsList() {
  const { data, isPending, isError } = useNotifications();
  const dismiss = useDismissNotification();
  const { enqueueSnackbar } = useSnackbar();
  const onDismiss = (id: number) =>
    dismiss.mutate(id, {
      onError: () => enqueueSnackbar('Error: Was not dismissed', { variant: 'error' }),
    });

  if (isPending) return <Typography color="text.secondary">Loading...</Typography>;
  if (isError)
    return <Typography color="error">Your notifications could not be loaded.</Typography>;
  if (data.items.length === 0) {
    return <Typography color="text.secondary">You have no notifications.</Typography>;
  }
  return (
    <Box component="ul" aria-label="Notifications" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.items.map((n) => (
        <NotificationRow key={n.id} notification={n} onDismiss={onDismiss} />
      ))}
    </Box>
  );
}
