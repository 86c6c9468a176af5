import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** The update-available dialog: Update now / Update later. */
export default function UpdateDialog({
  onLater,
  onUpdate,
}: {
  onLater: () => void;
  onUpdate: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onLater}
      aria-labelledby="update-dialog-title"
      aria-describedby="update-dialog-text"
    >
      <DialogTitle id="update-dialog-title">A new version of Pathways is available</DialogTitle>
      <DialogContent>
        <DialogContentText id="update-dialog-text">
          Update now to get the latest improvements. The page reloads; anything you have not saved
          on this page will be lost.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLater}>Update later</Button>
        <Button variant="contained" onClick={onUpdate}>
          Update now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
