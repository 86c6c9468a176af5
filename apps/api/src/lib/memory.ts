import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Gives back to the system the memory that starting needed and an idle server does not. Starting
 * (compiling every module, migrating, loading the reference data) allocates so fast that the
 * JavaScript engine grows its young generation to its largest (128 MB on a machine with a few GB)
 * and its old one beside it, and an idle process keeps them that size: some 300 MB resident for
 * a heap of 50 MB in use. One collection that aims at the smallest footprint, run once the server
 * listens, shrinks both back to what is live; they grow again as load asks for them.
 */
export function releaseStartupMemory(): void {
  // The engine's collector is reachable from JavaScript once its flag is set; a new context
  // gets it without putting a global `gc` into the app's own.
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as Collect;
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
