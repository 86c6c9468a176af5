import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeEach, expect, it } from 'vitest';

import { repoRoot, serverEntry } from './cluster.ts';
import { answersOk, Child, freePort, waitUntil } from './processes.ts';

// The embedded database belongs to one process: a second `npm start` on a data directory
// another process is using refuses to start, and says which process holds it, instead of
// opening the same PGlite files twice.

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

it('refuses a second instance on a data directory in use, naming the process that holds it', async () => {
  const firstPort = await freePort();
  const first = embedded(`first instance (port ${firstPort})`, firstPort);
  await waitUntil(
    'the first instance to answer /api/health',
    () => answersOk(`http://127.0.0.1:${firstPort}/api/health`),
    { deadlineMs: 120_000, watch: [first] },
  );

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
  expect(second.text()).toContain(String(first.pid));
  // The first instance goes on serving.
  expect(await answersOk(`http://127.0.0.1:${firstPort}/api/health`)).toBe(true);
});
