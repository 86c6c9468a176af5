import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import LoginForm from './login-form';

/** The panel of the Log in drop-down. */
export default function LoginPopover({
  id,
  anchor,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const headingId = useId();
  return (
    <Popover
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: { mt: 1, p: 2.5, width: 340, maxWidth: 'calc(100vw - 24px)' },
        },
      }}
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        Log in to Pathways
      </Typography>
      <LoginForm focusFirstField onSuccess={onClose} />
    </Popover>
  );
}
