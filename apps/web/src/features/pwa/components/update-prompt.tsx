import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

let reloading = false;
/** When a new version takes control, the page reloads once. */
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/** The update-available dialog: Update now / Update later (vite-plugin-pwa, prompt mode). */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onNeedReload: reloadOnce,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // Long-lived tabs look for a new version every hour.
      window.setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => {});
      }, UPDATE_CHECK_EVERY_MS);
    },
  });

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    // The very first worker taking control of a fresh visit is not a new version.
    const hadController = Boolean(navigator.serviceWorker.controller);
    const onControllerChange = () => {
      if (hadController) reloadOnce();
    };
    navigator.serviceWorker.addEventListener('controllerchange', onControllerChange);
    return () =>
      navigator.serviceWorker.removeEventListener('controllerchange', onControllerChange);
  }, []);

  return (
    <Dialog
      open={needRefresh}
      onClose={() => setNeedRefresh(false)}
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
        <Button onClick={() => setNeedRefresh(false)}>Update later</Button>
        <Button variant="contained" onClick={() => void updateServiceWorker(true)}>
          Update now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
