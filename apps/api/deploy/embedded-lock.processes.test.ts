import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeEach, expect, it } from 'vitest';

import { formatLockFile } from '../src/db/data-dir-lock.ts';
import { repoRoot, serverEntry } from './cluster.ts';
import { answersOk, Child, freePort, waitUntil } from './processes.ts';

// The embedded database belongs to one process: a second `npm start` on a data directory
// another process is using refuses to start, and says which process holds it, instead of
// opening the same PGlite files twice. What the first was told it saved is there for the next
// one, and a lock left by a process that is gone is taken over.

const dataDir = mkdtempSync(join(tmpdir(), 'pathways-embedded-'));
const children: Child[] = [];

afterAll(async () => {
  await Promise.all(children.map((c) => c.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.error(children.map((c) => c.report()).join('\n')));
});

/** `node apps/api/src/server.ts` without DATABASE_URL: development on the embedded database. */
function embedded(name: string, port: number): Child {
  const child = new Child(name, process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'no-web'),
      WEB_SSR_ENTRY: join(dataDir, 'no-web-server'),
    },
  });
  children.push(child);
  return child;
}

const account = { email: 'lock.test@example.test', password: 'a-good-password' };
const lockFile = () => join(dataDir, 'db.lock');

async function started(name: string): Promise<{ child: Child; base: string }> {
  const port = await freePort();
  const child = embedded(`${name} (port ${port})`, port);
  const base = `http://127.0.0.1:${port}`;
  await waitUntil(`the ${name} to answer /api/health`, () => answersOk(`${base}/api/health`), {
    deadlineMs: 120_000,
    watch: [child],
  });
  return { child, base };
}

it('refuses a second instance on a data directory in use, naming the process that holds it; keeps every write; takes over a stale lock', async () => {
  const { child: first, base: firstBase } = await started('first instance');
  const firstPort = Number(new URL(firstBase).port);
  const registered = await fetch(`${firstBase}/api/candidates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, passwordConfirmation: account.password }),
  });
  expect(registered.status).toBe(201);

  // Another port: the data directory is the only thing the two share.
  const secondPort = await freePort();
  const second = embedded(`second instance (port ${secondPort})`, secondPort);
  let answered = false;
  await waitUntil(
    'the second instance to exit, or to answer',
    async () =>
      second.hasExited || (answered = await answersOk(`http://127.0.0.1:${secondPort}/api/health`)),
    { deadlineMs: 120_000, watch: [first] },
  );
  expect(answered, 'the second instance started on the same data directory').toBe(false);
  // It exits of itself with a failure status, not killed by a signal.
  const { code } = await second.exited;
  expect(code).toEqual(expect.any(Number));
  expect(code).not.toBe(0);
  expect(second.text()).toContain(
    `The embedded database in ${join(dataDir, 'db')} is in use by process ${first.pid} (started `,
  );
  expect(second.text()).toContain('Stop that process first, or give this one another DATA_DIR.');
  // The first instance goes on serving.
  expect(await answersOk(`http://127.0.0.1:${firstPort}/api/health`)).toBe(true);

  // Stopped gracefully, it removes its lock.
  await first.stop();
  expect((await first.exited).code).toBe(0);
  expect(existsSync(lockFile())).toBe(false);

  // A process killed outright leaves its lock behind, naming a process that is gone.
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
  const { child: third, base: thirdBase } = await started('third instance');
  // The account the first instance acknowledged is there.
  const login = await fetch(`${thirdBase}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(login.status).toBe(200);
  await third.stop();
  expect((await third.exited).code).toBe(0);
  expect(existsSync(lockFile())).toBe(false);
}, 300_000);
