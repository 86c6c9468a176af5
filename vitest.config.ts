import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit, web and integration tests run in an order of their own, not the order they are written
// in: shuffled within each file by a fixed seed, so the order is the same on every machine and
// every run. A test that leans on what one written above it left behind fails at once, not
// some day. A group whose tests are the steps of one story, in order, says so with
// `describe(name, { shuffle: false }, …)` and a comment on what carries over.
const inTheirOwnOrder = { shuffle: { files: false, tests: true } };

// Unit and integration files share their worker's modules (`isolate: false`): an integration
// file spent most of its time importing the whole application again, and 51 of them run in 0.38
// of the wall time and 0.36 of the CPU this way. So a test file leaves the process as it found it:
// an environment variable, a global or a fake clock it changes is put back in an `afterAll` or a
// `finally`, and module-level state is never a test's way to pass something on. The web project
// keeps a fresh module graph per file: its pages and stores keep state in modules.
//
// Five projects: `unit` (pure code, no I/O), `web` (React components in happy-dom),
// `integration` (the API over HTTP on a real PostgreSQL: PGlite or a server), `browser`
// (Playwright driving Chromium against the built product) and `processes` (the production
// layout: API processes, workers and nginx on a PostgreSQL server).
export default defineConfig({
  test: {
    // The seed of the shuffled order (vitest takes it from the root, not a project).
    sequence: { seed: 20261128 },
    projects: [
      {
        test: {
          name: 'unit',
          sequence: inTheirOwnOrder,
          isolate: false,
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // Property tests run many cases; a loaded machine must not turn them into failures.
          testTimeout: 30_000,
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          sequence: inTheirOwnOrder,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // A page's first render loads its lazy chunks cold, which on a busy machine takes
          // longer than the default 5 s; a test still fails when what it waits for never comes.
          testTimeout: 30_000,
          environment: 'happy-dom',
          // Fails any test that reaches the real network instead of a stub.
          setupFiles: ['apps/web/src/testing/no-network.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          sequence: inTheirOwnOrder,
          isolate: false,
          include: ['apps/api/src/**/*.int.test.ts'],
          // Migrates once per run; each file copies the migrated database.
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files run side by side, one product server per worker (global-setup.ts).
        },
      },
      {
        test: {
          name: 'processes',
          sequence: inTheirOwnOrder,
          include: ['apps/api/deploy/**/*.processes.test.ts'],
          // Each file starts its processes once, for all its tests (deploy/cluster.ts).
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
