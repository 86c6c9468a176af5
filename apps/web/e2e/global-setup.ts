import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import type { TestProject } from 'vitest/node';

import { generousLimits } from './limits.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product server per test worker; a worker's files use the server of its slot. */
    baseUrls: string[];
    outboxDirs: string[];
    /** Where social-auth.e2e.test.ts starts the OpenID Connect server Google points at. */
    oidcPort: number;
  }
}

const repoRoot = resolve(import.meta.dirname, '../../..');

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

interface Server {
  baseUrl: string;
  dataDir: string;
  stop(): void;
}

/**
 * Starts the product the way `npm start` does (built web app, embedded PostgreSQL, demo
 * data) in a data directory of its own, and waits until it answers.
 */
async function startServer(oidcPort: number): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pathways-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...generousLimits,
      GOOGLE_CLIENT_ID: 'pathways-e2e',
      GOOGLE_CLIENT_SECRET: 'pathways-e2e-secret',
      GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Stopped with the test run even when the run ends without its teardown (a close that timed
  // out): a server left behind would hold its port and its share of the machine.
  const stop = () => server.kill('SIGTERM');
  process.once('exit', stop);
  const exited = new Promise((_, rej) =>
    server.once('exit', (code) => rej(new Error(`server exited with ${code}`))),
  );
  // Migrations and the demo data take a while on a busy machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not become healthy in 180 s');
    const healthy = await Promise.race([
      fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    dataDir,
    stop: () => {
      process.off('exit', stop);
      stop();
    },
  };
}

/**
 * Starts one product server per test worker, each on its own embedded database with the demo
 * data, so files running side by side never see each other's changes; stops them after the
 * browser suite.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.vitest.config.maxWorkers);
  // Sign-in with Google goes to an OpenID Connect server the social sign-in test starts on this
  // port (each server discovers it on first use); the other providers stay unconfigured.
  const oidcPort = await freePort();
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer(oidcPort)));
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  project.provide(
    'outboxDirs',
    servers.map((s) => join(s.dataDir, 'mail')),
  );
  project.provide('oidcPort', oidcPort);
  return async () => {
    for (const server of servers) server.stop();
    await new Promise((r) => setTimeout(r, 500));
    for (const server of servers) rmSync(server.dataDir, { recursive: true, force: true });
  };
}
