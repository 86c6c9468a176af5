import { spawn, type ChildProcess } from 'node:child_process';

export { freePort } from '../src/test/free-port.ts';

// Child processes of the deployment tests: each one's output is kept to show when a test fails,
// and each is stopped as an operator stops it (SIGTERM, then SIGKILL after a deadline). A test
// run that ends abruptly still kills what it started.

/** How long a process may take to stop after SIGTERM before it is killed. */
const STOP_DEADLINE_MS = 15_000;
/** The most output kept per process: its last lines are what explain a failure. */
const OUTPUT_LIMIT = 64 * 1024;

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export class Child {
  readonly name: string;
  readonly process: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private output = '';

  constructor(
    name: string,
    command: string,
    args: string[],
    options: { env: NodeJS.ProcessEnv; cwd: string },
  ) {
    this.name = name;
    this.process = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(this.process);
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-OUTPUT_LIMIT);
    };
    this.process.stdout?.on('data', keep);
    this.process.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      this.process.once('exit', (code, signal) => {
        running.delete(this.process);
        resolve({ code, signal });
      });
      // A command that cannot start at all exits with no code.
      this.process.once('error', (error) => {
        this.output += `\n[could not start: ${error.message}]`;
        running.delete(this.process);
        resolve({ code: null, signal: null });
      });
    });
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  get hasExited(): boolean {
    return this.process.exitCode !== null || this.process.signalCode !== null;
  }

  /** Everything the process wrote, stdout and stderr interleaved, up to the last 64 kB. */
  text(): string {
    return this.output;
  }

  /** Its output under its name, for a failure report. */
  report(): string {
    const status = this.hasExited
      ? `exited ${this.process.exitCode ?? this.process.signalCode}`
      : 'running';
    return `----- ${this.name} (pid ${this.pid}, ${status}) -----\n${this.output.trimEnd()}\n`;
  }

  /** SIGTERM, then SIGKILL if it is still running at the deadline. */
  async stop(): Promise<void> {
    if (this.hasExited || this.pid === undefined) return;
    this.process.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), STOP_DEADLINE_MS);
    });
    const outcome = await Promise.race([this.exited, deadline]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.output += `\n[still running ${STOP_DEADLINE_MS} ms after SIGTERM: killed]`;
      this.process.kill('SIGKILL');
      await this.exited;
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it answers true, failing when `deadlineMs` passes or when one of the
 * processes it depends on has exited (nothing more will come); the error carries their output.
 */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  options: { deadlineMs: number; watch?: readonly Child[] },
): Promise<void> {
  const until = Date.now() + options.deadlineMs;
  for (;;) {
    if (await check()) return;
    const gone = (options.watch ?? []).filter((c) => c.hasExited);
    if (gone.length > 0 || Date.now() > until) {
      const reason = gone.length > 0 ? `${gone.map((c) => c.name).join(', ')} exited` : 'timeout';
      const reports = (options.watch ?? []).map((c) => c.report()).join('\n');
      throw new Error(`Waiting for ${what}: ${reason}\n${reports}`);
    }
    await sleep(100);
  }
}

/** True when `url` answers 200 now. */
export async function answersOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}
