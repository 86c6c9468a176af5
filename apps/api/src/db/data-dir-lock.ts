import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

// The embedded database belongs to one process: two processes writing the same data directory
// lose each other's writes. Before opening it, a process writes a lock file beside it naming
// itself (process id, host, start time); another process finding that file refuses to start
// while the process it names runs, and takes it over once that process is gone.

/** The process a lock file names. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** ISO 8601. */
  startedAt: string;
  /** Random, so a process tells its own lock file from one another process wrote since. */
  nonce: string;
}

/** Another process uses the data directory: this one must not open it. */
export class DatabaseInUseError extends Error {}

export interface DataDirLock {
  /** The lock file. */
  path: string;
  /** Removes the lock file while it is still this process's; safe to call more than once. */
  release(): void;
}

/** The lock file of a data directory: beside it, named after it (`var/db` → `var/db.lock`). */
export function lockFileOf(dataDir: string): string {
  const dir = resolve(dataDir);
  return join(dirname(dir), `${basename(dir)}.lock`);
}

/** The holder a lock file names, or null for content that names none. */
export function parseLockFile(text: string): LockHolder | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { pid, hostname, startedAt, nonce } = value as Record<string, unknown>;
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return null;
  if (typeof hostname !== 'string' || typeof startedAt !== 'string') return null;
  if (typeof nonce !== 'string' || nonce === '') return null;
  return { pid, hostname, startedAt, nonce };
}

export function formatLockFile(holder: LockHolder): string {
  return `${JSON.stringify(holder)}\n`;
}

/**
 * Whether a lock file still holds: `live` when it names a running process of this host,
 * `other_host` when it names another host (whose processes cannot be seen from here, so it
 * holds until someone removes it), `stale` when its process is gone or it names no process.
 * A lock naming this very process was left by an earlier process that had the same id (after a
 * restart of the machine or container); the caller checks the locks it holds itself first.
 */
export function judgeLock(
  holder: LockHolder | null,
  here: { pid: number; hostname: string },
  isAlive: (pid: number) => boolean,
): 'live' | 'other_host' | 'stale' {
  if (!holder) return 'stale';
  if (holder.hostname !== here.hostname) return 'other_host';
  if (holder.pid === here.pid) return 'stale';
  return isAlive(holder.pid) ? 'live' : 'stale';
}

/** A start time as people read it in this machine's time zone: `2026-11-29 05:40`. */
export function formatStartedAt(startedAt: string): string {
  const at = new Date(startedAt);
  if (Number.isNaN(at.getTime())) return 'at an unknown time';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** What a process refused the data directory is told: who holds it and what to do. */
export function lockHeldMessage(
  dataDir: string,
  lockFile: string,
  holder: LockHolder,
  verdict: 'live' | 'other_host',
): string {
  const who = `process ${holder.pid} (started ${formatStartedAt(holder.startedAt)}, on host ${holder.hostname})`;
  const where = `The embedded database in ${resolve(dataDir)} is in use by ${who}.`;
  return verdict === 'live'
    ? `${where} Stop that process first, or give this one another DATA_DIR.`
    : `${where} That host is not this one, so it cannot be checked from here: if that process is gone, remove ${lockFile} and start again; or give this one another DATA_DIR.`;
}

/** Whether a process of this host runs (one of another user counts: it exists). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The file's text, or undefined when there is no such file. */
function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Removes a stale lock file if it still holds `expected`. The file is moved aside first (one
 * atomic step) and read there: when another process took the lock over in between, the file
 * moved is that process's, and it goes back in place untouched.
 */
function removeIfUnchanged(path: string, expected: string, aside: string) {
  try {
    renameSync(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  if (readFileSync(aside, 'utf8') !== expected) {
    try {
      linkSync(aside, path);
    } catch (error) {
      // Yet another process has taken it meanwhile; the caller judges that one's lock.
      if (errorCode(error) !== 'EEXIST') throw error;
    }
  }
  unlinkSync(aside);
}

/** Lock files this process holds: opening one of its own data directories twice is refused. */
const heldHere = new Set<string>();

/** A bound on take-overs in one call, against processes endlessly racing for the same file. */
const MAX_ATTEMPTS = 20;

/**
 * Takes the lock of a data directory for this process, or throws DatabaseInUseError naming the
 * process that holds it. The lock file appears whole or not at all (written under another name,
 * then linked into place, which fails if one exists), so a reader never sees half of one. It is
 * released by `release()`, and when the process exits normally; a process killed outright
 * leaves its file behind, stale, and the next process takes it over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  const path = lockFileOf(dir);
  if (heldHere.has(path)) {
    throw new DatabaseInUseError(
      `The embedded database in ${dir} is already open in this process (${process.pid}).`,
    );
  }
  const here = { pid: process.pid, hostname: hostname() };
  const mine: LockHolder = {
    ...here,
    startedAt: new Date().toISOString(),
    nonce: randomBytes(12).toString('hex'),
  };
  const content = formatLockFile(mine);
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${mine.nonce}.tmp`;
  writeFileSync(temp, content, { mode: 0o644 });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        linkSync(temp, path);
        break;
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      if (attempt === MAX_ATTEMPTS) {
        throw new DatabaseInUseError(
          `The embedded database in ${dir} is being claimed by other processes. Start one at a time.`,
        );
      }
      const found = readIfExists(path);
      if (found === undefined) continue;
      const holder = parseLockFile(found);
      const verdict = judgeLock(holder, here, processIsAlive);
      if (verdict !== 'stale')
        throw new DatabaseInUseError(lockHeldMessage(dir, path, holder!, verdict));
      removeIfUnchanged(path, found, `${path}.${mine.nonce}.stale`);
    }
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Already gone: nothing to tidy.
    }
  }
  heldHere.add(path);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    heldHere.delete(path);
    try {
      const current = readIfExists(path);
      if (current !== undefined && parseLockFile(current)?.nonce === mine.nonce) unlinkSync(path);
    } catch {
      // A lock file that cannot be removed stays behind, stale: the next process takes it over.
    }
  };
  process.on('exit', release);
  return { path, release };
}
