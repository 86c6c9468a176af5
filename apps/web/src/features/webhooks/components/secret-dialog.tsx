import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

/** A signing secret, shown this once, with a button that copies it. */
export function SecretDialog({
  secret,
  url,
  rotated,
  onClose,
}: {
  secret: string;
  url: string;
  rotated: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} fullWidth>
      <DialogTitle id={titleId}>{rotated ? 'New signing secret' : 'Signing secret'}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText id={textId}>
          Your system verifies each message to {url} with this secret. Copy it now: it will not be
          shown again.
          {rotated && ' The previous secret keeps signing beside it for 24 hours.'}
        </DialogContentText>
        <TextField
          label="Signing secret"
          value={secret}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          onFocus={(e) => e.target.select()}
          fullWidth
        />
        <div aria-live="polite">
          {copied === 'yes' && <Alert severity="success">Copied to the clipboard.</Alert>}
          {copied === 'failed' && (
            <Alert severity="warning">Couldn’t copy: select the secret and copy it yourself.</Alert>
          )}
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>Copy secret</Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
