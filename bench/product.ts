// The product for a benchmark: started as `npm start` runs it (built web app, embedded database,
// demo data) on a free port with a data directory of its own, or the running one that BENCH_URL
// names; or in production mode on a PostgreSQL database of the benchmark's choice.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/api/src/test/free-port.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface StartOptions {
  /**
   * Run on this PostgreSQL database in production mode (as a deployment does), instead of the
   * embedded database with demo data. BENCH_URL is not used then.
   */
  databaseUrl?: string;
  /** Node options before the entry point (`--import ./bench/scale/capture-sql.ts`). */
  nodeArgs?: string[];
  /** More environment for the server. */
  env?: Record<string, string>;
}

export interface Product {
  baseUrl: string;
  /** The server's process id (undefined for BENCH_URL): its memory can be read. */
  pid?: number;
  stop: () => Promise<void>;
}

/**
 * The product as `npm start` runs it (built web app, embedded database, demo data), or with
 * `databaseUrl` as production runs it on that database.
 */
export async function startProduct(options: StartOptions = {}): Promise<Product> {
  if (process.env.BENCH_URL && !options.databaseUrl) {
    return { baseUrl: process.env.BENCH_URL, stop: async () => {} };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'pathways-wire-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), 'apps/api/src/server.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: options.databaseUrl ? 'production' : 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        ...(options.databaseUrl
          ? { JWT_SECRET: 'benchmark-secret-of-at-least-32-characters-long' }
          : {}),
        LOG_LEVEL: 'warn',
        // Measured without a live support chat: its widget is the chat server's download, loaded
        // only once a page is idle, and no part of the product's budget.
        SUPPORT_CHAT_BASE_URL: '',
        SUPPORT_CHAT_WEBSITE_TOKEN: '',
        // One signed-in user sends far more than a person would: the per-user limit is still
        // counted on every request, but never refuses one.
        RATE_LIMIT_API_PER_USER: '100000000/1m',
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // Stopped with the benchmark, however it ends (a failure included).
  process.once('exit', () => server.kill('SIGTERM'));
  // Migrations and the demo data take a while on a busy machine.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the server did not become healthy in 240 s');
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    pid: server.pid,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
