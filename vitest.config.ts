import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Four projects: `unit` (pure code, no I/O), `web` (React components in happy-dom),
// `integration` (the API over HTTP on a real PostgreSQL: PGlite or a server) and
// `browser` (Playwright driving Chromium against the built product).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          // Property tests run many cases; a loaded machine must not turn them into failures.
          testTimeout: 30_000,
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
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
    ],
  },
});
