import { lazy, Suspense, useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

const UpdateDialog = lazy(() => import('./update-dialog'));

const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

let reloading = false;
/** When a new version takes control, the page reloads once. */
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/** Registers the service worker and offers an update when one is waiting (prompt mode). */
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

  // The dialog's code (MUI's modal, transitions, focus trap) loads only when there is an update.
  if (!needRefresh) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog
        onLater={() => setNeedRefresh(false)}
        onUpdate={() => void updateServiceWorker(true)}
      />
    </Suspense>
  );
}
