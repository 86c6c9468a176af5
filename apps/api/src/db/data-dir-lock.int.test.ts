import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  DatabaseInUseError,
  formatLockFile,
  lockDataDir,
  parseLockFile,
  type LockHolder,
} from './data-dir-lock.ts';

let root: string;
let dataDir: string;
let lockFile: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pathways-lock-'));
  dataDir = join(root, 'db');
  lockFile = join(root, 'db.lock');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The id of a process that has run and ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

const holderFile = (holder: Partial<LockHolder>) =>
  writeFileSync(
    lockFile,
    formatLockFile({
      pid: process.ppid,
      hostname: hostname(),
      startedAt: new Date().toISOString(),
      nonce: 'theirs',
      ...holder,
    }),
  );

describe('the lock of a data directory', () => {
  it('is a file naming this process, removed on release, and taken again after', () => {
    const lock = lockDataDir(dataDir);
    expect(lock.path).toBe(lockFile);
    expect(parseLockFile(readFileSync(lockFile, 'utf8'))).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
    });
    // Nothing else is left beside it (no half-written or temporary files).
    expect(readdirSync(root)).toEqual(['db.lock']);
    lock.release();
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    lockDataDir(dataDir).release();
  });

  it('refuses a second opening in the same process', () => {
    const lock = lockDataDir(dataDir);
    expect(() => lockDataDir(join(root, 'db/'))).toThrow(/already open in this process/);
    lock.release();
  });

  it('refuses while a running process of this host holds it, naming that process', () => {
    holderFile({ pid: process.ppid, startedAt: new Date(2026, 10, 29, 5, 40).toISOString() });
    const before = readFileSync(lockFile, 'utf8');
    expect(() => lockDataDir(dataDir)).toThrow(DatabaseInUseError);
    expect(() => lockDataDir(dataDir)).toThrow(
      `The embedded database in ${dataDir} is in use by process ${process.ppid} (started 2026-11-29 05:40, on host ${hostname()}). Stop that process first, or give this one another DATA_DIR.`,
    );
    // Its lock stays as it was.
    expect(readFileSync(lockFile, 'utf8')).toBe(before);
    expect(readdirSync(root)).toEqual(['db.lock']);
  });

  it('refuses a lock of another host, saying which file to remove', () => {
    holderFile({ hostname: 'another-host.example', pid: deadPid() });
    expect(() => lockDataDir(dataDir)).toThrow(`remove ${lockFile} and start again`);
  });

  it('takes over a lock whose process is gone, or that names no process', () => {
    const pid = deadPid();
    holderFile({ pid });
    const lock = lockDataDir(dataDir);
    expect(parseLockFile(readFileSync(lockFile, 'utf8'))?.pid).toBe(process.pid);
    expect(readdirSync(root)).toEqual(['db.lock']);
    lock.release();

    writeFileSync(lockFile, 'not a lock file');
    const again = lockDataDir(dataDir);
    expect(parseLockFile(readFileSync(lockFile, 'utf8'))?.pid).toBe(process.pid);
    again.release();
  });

  it('on release leaves alone a lock file another process has written since', () => {
    const lock = lockDataDir(dataDir);
    holderFile({ nonce: 'someone-else' });
    lock.release();
    expect(parseLockFile(readFileSync(lockFile, 'utf8'))?.nonce).toBe('someone-else');
  });
});
