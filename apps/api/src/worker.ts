import { fileURLToPath } from 'node:url';

import pino from 'pino';

import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { outboxDir } from './app.ts';
import { apiKeysJobs } from './features/api-keys/index.ts';
import { documentBundleJobs } from './features/document-bundles/index.ts';
import { eligibilityJobs } from './features/eligibility/index.ts';
import { interviewsJobs } from './features/interviews/index.ts';
import { screeningJobs } from './features/screening/index.ts';
import { startDispatcher, webhooksJobs } from './features/webhooks/index.ts';
import { startJobs, type Jobs } from './lib/jobs.ts';
import { createMailer } from './lib/mailer.ts';
import { createStorage } from './lib/storage.ts';

// The background worker of a production deployment: `npm run worker`
// next to any number of API processes (`npm run start:prod`, which only queue jobs), all on one
// PostgreSQL server. The embedded database runs its jobs inside the API process instead: PGlite
// belongs to one process.

/** Works the jobs of every feature until stopped. */
export async function startWorker(options: {
  config: Config;
  database: Database;
  log?: pino.Logger;
}): Promise<Jobs> {
  const log = options.log ?? pino({ level: options.config.logLevel, name: 'worker' });
  const { config } = options;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: outboxDir(config),
  });
  const deps = { db: options.database.db, now: () => new Date(), log, mailer, config };
  const bundles = documentBundleJobs({ ...deps, storage: createStorage(config) });
  const jobs = await startJobs(
    { database: options.database, log },
    [
      ...eligibilityJobs(deps),
      ...screeningJobs(deps),
      ...bundles,
      ...interviewsJobs(deps),
      ...apiKeysJobs(deps),
      ...webhooksJobs(deps),
    ],
    'work',
  );
  const dispatcher = startDispatcher(deps, jobs);
  return {
    ...jobs,
    async stop() {
      await dispatcher.stop();
      await jobs.stop();
      mailer.close();
    },
  };
}

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'The worker needs DATABASE_URL: with the embedded database, jobs run in the API process.',
    );
  }
  const log = pino({ level: config.logLevel, name: 'worker' });
  const database = await openDatabase({
    kind: 'postgres',
    url: config.databaseUrl,
    max: 4,
    onIdleError: (error) => log.warn({ err: error }, 'an idle database connection ended'),
  });
  const jobs = await startWorker({ config, database, log });
  log.info('Pathways worker started');
  const stop = async () => {
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
