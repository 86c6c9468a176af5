import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

/**
 * Snackbars without notistack in the first download: most visits never show one, so the library
 * (and its styles) load when the first snackbar is asked for. Calls made meanwhile wait for it and
 * show in order. Every snackbar gets its key at once, so it can be closed before it shows.
 */
export interface Snackbars {
  enqueueSnackbar: (message: SnackbarMessage, options?: OptionsObject) => SnackbarKey;
  closeSnackbar: (key?: SnackbarKey) => void;
}

type Call = (api: Snackbars) => void;

let api: Snackbars | null = null;
/** What was asked before the library was there, with the key of the snackbar it shows. */
let pending: { key: SnackbarKey; call: Call }[] = [];
let wanted = false;
const listeners = new Set<() => void>();
let nextKey = 0;

function run(key: SnackbarKey, call: Call) {
  if (api) {
    call(api);
    return;
  }
  pending.push({ key, call });
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

export const snackbars: Snackbars = {
  enqueueSnackbar(message, options) {
    const key = options?.key ?? `snackbar-${++nextKey}`;
    run(key, (ready) => ready.enqueueSnackbar(message, { ...options, key }));
    return key;
  },
  closeSnackbar(key) {
    // Nothing shows before the library is there, so there is nothing to close.
    if (api) api.closeSnackbar(key);
    else if (key !== undefined) pending = pending.filter((p) => p.key !== key);
    else pending = [];
  },
};

/** The app's snackbars (the same calls as notistack's `useSnackbar`). */
export function useSnackbar(): Snackbars {
  return snackbars;
}

/** For the host: whether a snackbar has been asked for, and to hear when one is. */
export function snackbarsWanted(): boolean {
  return wanted;
}
export function onSnackbarsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The host calls this once notistack's provider is mounted: pending snackbars show now. */
export function snackbarsReady(ready: Snackbars | null) {
  api = ready;
  if (!ready) return;
  const calls = pending;
  pending = [];
  for (const { call } of calls) call(ready);
}
