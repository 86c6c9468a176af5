import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';

import { env } from '../../config/env';

/** With no chat widget configured, support is an e-mail away; the prefill becomes its body. */
export default function SupportDialog({
  open,
  prefill,
  onClose,
}: {
  open: boolean;
  prefill: string | undefined;
  onClose: () => void;
}) {
  const mailto = `mailto:${env.supportEmail}?subject=${encodeURIComponent('Pathways support')}${
    prefill ? `&body=${encodeURIComponent(prefill)}` : ''
  }`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="support-dialog-title"
      aria-describedby="support-dialog-text"
    >
      <DialogTitle id="support-dialog-title">Contact support</DialogTitle>
      <DialogContent>
        <DialogContentText id="support-dialog-text">
          Our support team answers by e-mail, usually within one working day. Write to{' '}
          <Link href={mailto}>{env.supportEmail}</Link>
          {prefill ? ' and tell us what happened.' : '.'}
        </DialogContentText>
        {prefill && (
          <DialogContentText sx={{ mt: 2, fontStyle: 'italic' }}>“{prefill}”</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" href={mailto} onClick={onClose}>
          Write an e-mail
        </Button>
      </DialogActions>
    </Dialog>
  );
}
