import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { freePort } from '../../api/src/test/free-port.ts';
import { generousLimits } from '../../api/src/test/limits.ts';
import { startProductProcess, type ProductProcess } from '../../api/src/test/product-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product server per test worker; a worker's files use the server of its slot. */
    baseUrls: string[];
    outboxDirs: string[];
    /** Where social-auth.e2e.test.ts starts the OpenID Connect server Google points at. */
    oidcPort: number;
  }
}

/**
 * The product the way `npm start` runs it (built web app, embedded PostgreSQL, demo data) in a
 * data directory of its own, with Google sign-in pointed at the suite's OpenID Connect server.
 */
function startServer(oidcPort: number): Promise<ProductProcess> {
  return startProductProcess({
    env: {
      ...generousLimits,
      GOOGLE_CLIENT_ID: 'pathways-e2e',
      GOOGLE_CLIENT_SECRET: 'pathways-e2e-secret',
      GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
    },
    // Migrations and the demo data take a while on a busy machine.
    timeoutSeconds: 180,
  });
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
    await Promise.all(servers.map((server) => server.stop()));
  };
}
