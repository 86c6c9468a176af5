import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type * as Snackbar from './snackbar';

type Module = typeof Snackbar;

// The queue is the module's own state: each test starts from a fresh copy.
let mod: Module;
beforeEach(async () => {
  vi.resetModules();
  mod = await import('./snackbar');
});

function recorder() {
  const shown: { message: SnackbarMessage; options?: OptionsObject }[] = [];
  const closed: (SnackbarKey | undefined)[] = [];
  return {
    shown,
    closed,
    api: {
      enqueueSnackbar: (message: SnackbarMessage, options?: OptionsObject) => {
        shown.push({ message, ...(options ? { options } : {}) });
        return options?.key ?? 'none';
      },
      closeSnackbar: (key?: SnackbarKey) => {
        closed.push(key);
      },
    },
  };
}

describe('snackbars before the library is there', () => {
  it('is not wanted until the first snackbar is asked for, then says so once', () => {
    const heard = vi.fn();
    mod.onSnackbarsWanted(heard);
    expect(mod.snackbarsWanted()).toBe(false);
    mod.snackbars.enqueueSnackbar('Saved');
    mod.snackbars.enqueueSnackbar('Saved again');
    expect(mod.snackbarsWanted()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('shows what was asked meanwhile, in order, with the keys it gave out', () => {
    const first = mod.snackbars.enqueueSnackbar('One', { variant: 'success' });
    const second = mod.snackbars.enqueueSnackbar('Two');
    expect(first).not.toBe(second);
    const r = recorder();
    mod.snackbarsReady(r.api);
    expect(r.shown).toEqual([
      { message: 'One', options: { variant: 'success', key: first } },
      { message: 'Two', options: { key: second } },
    ]);
  });

  it('keeps a key the caller chose', () => {
    expect(mod.snackbars.enqueueSnackbar('Hello', { key: 'mine' })).toBe('mine');
  });

  it('drops a snackbar closed before it could show', () => {
    const gone = mod.snackbars.enqueueSnackbar('Gone');
    mod.snackbars.enqueueSnackbar('Stays');
    mod.snackbars.closeSnackbar(gone);
    const r = recorder();
    mod.snackbarsReady(r.api);
    expect(r.shown.map((s) => s.message)).toEqual(['Stays']);
  });

  it('drops everything pending when all are closed', () => {
    mod.snackbars.enqueueSnackbar('One');
    mod.snackbars.closeSnackbar();
    const r = recorder();
    mod.snackbarsReady(r.api);
    expect(r.shown).toEqual([]);
  });
});

describe('snackbars once the library is there', () => {
  it('passes calls straight through', () => {
    const r = recorder();
    mod.snackbarsReady(r.api);
    const key = mod.snackbars.enqueueSnackbar('Now');
    mod.snackbars.closeSnackbar(key);
    expect(r.shown).toEqual([{ message: 'Now', options: { key } }]);
    expect(r.closed).toEqual([key]);
  });

  it('queues again after the host has gone (a provider unmounted)', () => {
    const r = recorder();
    mod.snackbarsReady(r.api);
    mod.snackbarsReady(null);
    mod.snackbars.enqueueSnackbar('Later');
    expect(r.shown).toEqual([]);
    const next = recorder();
    mod.snackbarsReady(next.api);
    expect(next.shown.map((s) => s.message)).toEqual(['Later']);
  });
});
