import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formatLockFile } from './data-dir-lock.ts';

// Real server processes on one data directory: the second refuses to start while the first
// runs, and what the first was told it saved is there for the next one.

const repoRoot = resolve(import.meta.dirname, '../../../..');
let dataDir: string;
const running = new Set<ChildProcess>();

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'pathways-lock-server-'));
});
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? res(address.port) : rej(new Error('no port')),
      );
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the server the way `npm start` does, on the shared data directory, without demo data. */
async function startServer(): Promise<Started & { baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // The web build plays no part here, built or not.
      WEB_DIST: join(dataDir, 'no-web-build'),
      WEB_SSR_ENTRY: join(dataDir, 'no-web-build', 'entry-server.js'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((res) =>
    child.once('exit', (code) => {
      running.delete(child);
      res(code);
    }),
  );
  return { child, output: () => output, exited, baseUrl: `http://127.0.0.1:${port}` };
}

/** Waits until the server answers its health check; fails if it exits first. */
async function healthy(server: Started & { baseUrl: string }) {
  let ended = false;
  void server.exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`the server exited:\n${server.output()}`);
    const ok = await fetch(`${server.baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const lockFile = () => join(dataDir, 'db.lock');
const account = { email: 'lock.test@example.test', password: 'a-good-password' };

describe('one server process per embedded database', { shuffle: false }, () => {
  it('refuses a second process while the first runs, keeps every write, and takes over a stale lock', async () => {
    const first = await startServer();
    await healthy(first);
    const registered = await fetch(`${first.baseUrl}/api/candidates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, passwordConfirmation: account.password }),
    });
    expect(registered.status).toBe(201);

    const second = await startServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The embedded database in ${join(dataDir, 'db')} is in use by process ${first.child.pid} (started `,
    );
    expect(second.output()).toContain(
      'Stop that process first, or give this one another DATA_DIR.',
    );
    // Refused before listening or migrating: the first still answers, and its lock is its own.
    expect((await fetch(`${first.baseUrl}/api/health`)).ok).toBe(true);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(lockFile())).toBe(false);

    // A process killed outright leaves its lock file behind, naming a process that is gone.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(
      lockFile(),
      formatLockFile({
        pid: gone,
        hostname: hostname(),
        startedAt: new Date().toISOString(),
        nonce: 'left-behind',
      }),
    );
    const third = await startServer();
    await healthy(third);
    const login = await fetch(`${third.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(login.status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
  }, 180_000);
});
