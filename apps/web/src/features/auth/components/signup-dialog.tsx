import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';

import { SignupConversation, type SignupTiming } from '../../signup';

/**
 * The candidate sign-up dialog: a guided, chat-style conversation.
 * Full screen on phones. Loaded on demand: a guest's first page does not need it.
 */
export default function SignupDialog({
  open,
  onClose,
  timing,
}: {
  open: boolean;
  onClose: () => void;
  timing?: SignupTiming;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { minHeight: { sm: 560 } } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Join Pathways
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <Close />
      </IconButton>
      {/* The conversation scrolls as it grows, at times with no control in it (while Pathways
          types): the scrolling box itself takes the keyboard's focus, so arrows scroll it. */}
      <DialogContent tabIndex={0} role="region" aria-label="Sign-up conversation" sx={{ pt: 0 }}>
        <SignupConversation onClose={onClose} {...(timing ? { timing } : {})} />
      </DialogContent>
    </Dialog>
  );
}
