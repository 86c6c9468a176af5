import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { openDatabase, type Database } from '../src/db/client.ts';
import {
  startSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from '../src/test/smtp-server.ts';
import {
  createMigratedDatabase,
  dropDatabase,
  serverUrl,
  withDatabase,
} from '../src/test/db-target.ts';
import { answersOk, Child, freePort, waitUntil } from './processes.ts';

// The production layout, for real: a fresh database on the PostgreSQL server named by
// TEST_DATABASE_URL, two API processes (`npm run start:prod`: NODE_ENV=production, jobs queued,
// not run), workers (`npm run worker`) that run the jobs, an SMTP server that counts what they
// send, and nginx in front balancing round-robin over the two APIs, WebSocket included. The web
// build is left out (WEB_DIST and WEB_SSR_ENTRY point at nothing): the API serves without it.

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const serverEntry = join(repoRoot, 'apps/api/src/server.ts');
const workerEntry = join(repoRoot, 'apps/api/src/worker.ts');
export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** How long the whole layout may take to come up on a busy machine. */
const START_DEADLINE_MS = 90_000;

export type { ReceivedMail } from '../src/test/smtp-server.ts';

export interface Cluster {
  /** The load balancer's address, `http://127.0.0.1:<port>`: what users reach. */
  balancer: string;
  /** Each API process's own address, to reach one of them on purpose. */
  apis: [string, string];
  /** The API processes, workers and nginx, for their output and pids. */
  children: Child[];
  /** The deployment's database, for a test to lay out its data as an admin would. */
  database: Database;
  /** Every e-mail the SMTP server received, in order of arrival. */
  mails: ReceivedMail[];
  /** Every process's recent output, to print when a test fails. */
  report(): string;
  /** Stops every process (SIGTERM, then SIGKILL), the SMTP server, and drops the database. */
  stop(): Promise<void>;
}

/** The same secret in every process: a token one signs, the other accepts. */
const JWT_SECRET = randomBytes(32).toString('base64url');

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  # Round-robin, the default: each request to the next API process.
  upstream pathways_api {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size 20m;

    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # Which process answered, so a test can see that requests were spread over both.
    add_header X-Upstream $upstream_addr always;

    location / {
      proxy_pass http://pathways_api;
    }

    # The live socket: an HTTP/1.1 upgrade kept open as long as the page is.
    location /api/cable {
      proxy_pass http://pathways_api;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/**
 * Starts the layout and waits until the balancer and each API answer /api/health and each
 * worker has started. `env` adds to (or overrides) every API process's environment.
 */
export async function startCluster(
  options: { env?: Record<string, string>; workers?: number } = {},
): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pathways-cluster-'));
  // nginx's workers run as an unprivileged user when started by root: they must reach their
  // temporary directories below this one.
  chmodSync(dir, 0o755);
  const children: Child[] = [];
  const name = `pathways_processes_${process.pid}_${randomBytes(4).toString('hex')}`;
  let database: Database | undefined;
  let smtp: TestSmtpServer | undefined;

  const report = () =>
    [
      ...children.map((c) => c.report()),
      existsSync(join(dir, 'access.log'))
        ? `----- nginx access log -----\n${readFileSync(join(dir, 'access.log'), 'utf8').split('\n').slice(-40).join('\n')}`
        : '',
    ].join('\n');

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await Promise.all(children.map((c) => c.stop()));
      await smtp?.close();
      await database?.close();
      // IF EXISTS: also when creating it is what failed.
      await dropDatabase(name);
      rmSync(dir, { recursive: true, force: true });
    })());

  try {
    const [started, , apiPorts, balancerPort] = await Promise.all([
      startSmtpServer(),
      createMigratedDatabase(name),
      Promise.all([freePort(), freePort()]),
      freePort(),
    ]);
    smtp = started;
    const databaseUrl = withDatabase(serverUrl(), name);
    const balancer = `http://127.0.0.1:${balancerPort}`;

    // Only what the processes need: nothing of the test runner's own environment leaks in.
    const common: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      APP_URL: balancer,
      TRUST_PROXY: 'true',
      SMTP_URL: started.url,
      DATA_DIR: join(dir, 'data'),
      WEB_DIST: join(dir, 'no-web'),
      WEB_SSR_ENTRY: join(dir, 'no-web-server'),
      LOG_LEVEL: 'warn',
    };
    const node = (label: string, entry: string, env: NodeJS.ProcessEnv) => {
      const child = new Child(label, process.execPath, [entry], { env, cwd: repoRoot });
      children.push(child);
      return child;
    };
    const apis = apiPorts.map((port, i) =>
      node(`API ${'AB'[i]} (port ${port})`, serverEntry, {
        ...common,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...options.env,
      }),
    );
    // At info level a worker says when it has started working.
    const workers = Array.from({ length: options.workers ?? 1 }, (_, i) =>
      node(`worker ${i + 1}`, workerEntry, { ...common, LOG_LEVEL: 'info', ...options.env }),
    );
    const apiUrls = apiPorts.map((p) => `http://127.0.0.1:${p}`) as [string, string];
    const opts = { deadlineMs: START_DEADLINE_MS, watch: children };
    await Promise.all([
      ...apiUrls.map((url, i) =>
        waitUntil(
          `${apis[i]!.name} to answer /api/health`,
          () => answersOk(`${url}/api/health`),
          opts,
        ),
      ),
      ...workers.map((w) =>
        waitUntil(`${w.name} to start`, () => w.text().includes('Pathways worker started'), opts),
      ),
    ]);
    // The balancer starts once both processes answer: nginx takes an upstream that refuses a
    // connection out of the rotation for a while, and none is to be out of it here.
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, balancerPort, apiPorts));
    const nginx = new Child(
      `nginx (port ${balancerPort})`,
      nginxPath,
      ['-p', dir, '-c', join(dir, 'nginx.conf')],
      { env: { PATH: process.env.PATH }, cwd: dir },
    );
    children.push(nginx);
    await waitUntil(
      'the balancer to answer /api/health',
      () => answersOk(`${balancer}/api/health`),
      opts,
    );
    database = await openDatabase({ kind: 'postgres', url: databaseUrl, max: 4 });
    return { balancer, apis: apiUrls, children, database, mails: started.mails, report, stop };
  } catch (error) {
    // The first failure is the one to report; stopping what did start is best effort.
    await stop().catch(() => {});
    throw error;
  }
}
