import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { freePort } from './free-port.ts';

/** The root of this checkout. */
export const repoRoot = resolve(import.meta.dirname, '../../../..');

export interface ProductProcess {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  port: number;
  /** The server's data directory (its outbox is `mail/` inside it). */
  dataDir: string;
  child: ChildProcess;
  /** Ends the server (SIGTERM, then waits for it up to 10 s) and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * Answers once `url` answers 2xx; throws when the process exits first or `seconds` pass.
 */
export async function waitUntilHealthy(
  url: string,
  child: ChildProcess,
  seconds: number,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server of ${url} exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${seconds} s`);
    const healthy = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Ends a child process with SIGTERM and waits for its exit (at most 10 s). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

/**
 * The product's server (`apps/api/src/server.ts`) in a process of its own, on a free port with a
 * data directory of its own, as `npm start` runs it unless `env` says otherwise: development
 * mode, the embedded database, demo data. Resolves once `/api/health` answers. The process is
 * ended with the caller's process however that ends, so no server outlives a failed run.
 */
export async function startProductProcess(
  options: {
    /** Settings over the defaults above (and over the caller's own environment). */
    env?: Record<string, string>;
    /** Node flags before the entry point (`--cpu-prof`, `--import …`). */
    nodeFlags?: string[];
    /** The checkout to run (this one by default). */
    root?: string;
    /** The server's stdout and stderr (both inherited by default). */
    stdio?: StdioOptions;
    /** How long migrations and the demo data may take (240 s by default: a busy machine). */
    timeoutSeconds?: number;
  } = {},
): Promise<ProductProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pathways-product-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), 'apps/api/src/server.ts'], {
    cwd: options.root ?? repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: options.stdio ?? ['ignore', 'inherit', 'inherit'],
  });
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(`${baseUrl}/api/health`, child, options.timeoutSeconds ?? 240);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, child, stop };
}
