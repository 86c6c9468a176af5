// The product for a benchmark: started as `npm start` runs it (built web app, embedded database,
// demo data) on a free port with a data directory of its own, or the running one that BENCH_URL
// names; or in production mode on a PostgreSQL database of the benchmark's choice.
import { startProductProcess } from '../apps/api/src/test/product-process.ts';

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
  /** Another checkout to run (this one by default): a baseline to compare with. */
  root?: string;
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
  const product = await startProductProcess({
    nodeFlags: options.nodeArgs,
    ...(options.root ? { root: options.root } : {}),
    env: {
      ...(options.databaseUrl
        ? {
            NODE_ENV: 'production',
            DATABASE_URL: options.databaseUrl,
            JWT_SECRET: 'benchmark-secret-of-at-least-32-characters-long',
          }
        : {}),
      // Measured without a live support chat: its widget is the chat server's download, loaded
      // only once a page is idle, and no part of the product's budget.
      SUPPORT_CHAT_BASE_URL: '',
      SUPPORT_CHAT_WEBSITE_TOKEN: '',
      // One signed-in user sends far more than a person would: the per-user limit is still
      // counted on every request, but never refuses one.
      RATE_LIMIT_API_PER_USER: '100000000/1m',
      ...options.env,
    },
  });
  return { baseUrl: product.baseUrl, pid: product.child.pid, stop: product.stop };
}
