import { describe, expect, it } from 'vitest';

import {
  formatLockFile,
  formatStartedAt,
  judgeLock,
  lockFileOf,
  lockHeldMessage,
  parseLockFile,
  type LockHolder,
} from './data-dir-lock.ts';

const holder: LockHolder = {
  pid: 12345,
  hostname: 'web-1',
  // 29 November 2026, 05:40 in this machine's own time zone.
  startedAt: new Date(2026, 10, 29, 5, 40, 12).toISOString(),
  nonce: 'abc123',
};

describe('lock files', () => {
  it('sits beside the data directory, named after it', () => {
    expect(lockFileOf('/srv/pathways/var/db')).toBe('/srv/pathways/var/db.lock');
    expect(lockFileOf('/srv/pathways/var/db/')).toBe('/srv/pathways/var/db.lock');
  });

  it('reads back what it writes, and names no one for anything else', () => {
    expect(parseLockFile(formatLockFile(holder))).toEqual(holder);
    for (const text of [
      '',
      '12345',
      'null',
      '{"pid":"12345","hostname":"web-1","startedAt":"x","nonce":"a"}',
      '{"pid":0,"hostname":"web-1","startedAt":"x","nonce":"a"}',
      '{"pid":1.5,"hostname":"web-1","startedAt":"x","nonce":"a"}',
      '{"pid":12345,"startedAt":"x","nonce":"a"}',
      '{"pid":12345,"hostname":"web-1","startedAt":"x","nonce":""}',
      '{"pid":12345,"hostname":"web-1","startedAt":"x","no',
    ]) {
      expect(parseLockFile(text), text).toBeNull();
    }
  });
});

describe('judgeLock', () => {
  const here = { pid: 777, hostname: 'web-1' };
  const alive = (pids: number[]) => (pid: number) => pids.includes(pid);

  it('holds while the process it names runs on this host', () => {
    expect(judgeLock(holder, here, alive([12345]))).toBe('live');
  });

  it('is stale once that process is gone, or when it names no process', () => {
    expect(judgeLock(holder, here, alive([]))).toBe('stale');
    expect(judgeLock(null, here, alive([12345]))).toBe('stale');
  });

  it('is stale when it names this very process: an earlier one had the same id', () => {
    expect(judgeLock({ ...holder, pid: 777 }, here, alive([777]))).toBe('stale');
  });

  it('holds when it names another host, whose processes cannot be seen from here', () => {
    expect(judgeLock({ ...holder, hostname: 'web-2' }, here, alive([]))).toBe('other_host');
  });
});

describe('the refusal message', () => {
  it('names the process, its start and its host, and says what to do', () => {
    expect(formatStartedAt(holder.startedAt)).toBe('2026-11-29 05:40');
    expect(lockHeldMessage('/srv/var/db', '/srv/var/db.lock', holder, 'live')).toBe(
      'The embedded database in /srv/var/db is in use by process 12345 (started 2026-11-29 05:40, on host web-1). Stop that process first, or give this one another DATA_DIR.',
    );
  });

  it('tells how to free a lock of another host', () => {
    const message = lockHeldMessage('/srv/var/db', '/srv/var/db.lock', holder, 'other_host');
    expect(message).toMatch(/^The embedded database in \/srv\/var\/db is in use by process 12345/);
    expect(message).toContain('remove /srv/var/db.lock and start again');
  });

  it('says so when the start time cannot be read', () => {
    expect(formatStartedAt('yesterday-ish')).toBe('at an unknown time');
  });
});
