// The product for a browser benchmark: started as `npm start` runs it (built web app, embedded
// database, demo data) on a free port with a data directory of its own, or the running one that
// BENCH_URL names.
import { startProductProcess } from '../apps/api/src/test/product-process.ts';

/** The product as `npm start` runs it (built web app, embedded database, demo data). */
export async function startProduct(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_URL) return { baseUrl: process.env.BENCH_URL, stop: async () => {} };
  return startProductProcess({
    env: {
      // Measured without a live support chat: its widget is the chat server's download, loaded
      // only once a page is idle, and no part of the product's budget.
      SUPPORT_CHAT_BASE_URL: '',
      SUPPORT_CHAT_WEBSITE_TOKEN: '',
      // One signed-in user sends far more than a person would: the per-user limit is still
      // counted on every request, but never refuses one.
      RATE_LIMIT_API_PER_USER: '100000000/1m',
    },
  });
}
