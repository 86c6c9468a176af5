import { join } from 'node:path';

import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { DatabaseInUseError } from './db/data-dir-lock.ts';
import { releaseStartupMemory } from './lib/memory.ts';
import { demoAccounts, seedDemoData, seedReferenceData } from './seed/index.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          max: config.databasePoolSize,
          onIdleError: (error) =>
            console.warn(`An idle database connection ended: ${error.message}`),
        }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  await database.migrate();
  // Reference data (institutions, qualification types, …) belongs in every database, production too.
  await seedReferenceData(database.db);

  if (config.env !== 'production' && config.seedDemoData) {
    const result = await seedDemoData(database.db);
    if (result.seeded) {
      console.log('\nDemo data seeded. Demo logins (password: demo-password):');
      for (const account of demoAccounts)
        console.log(`  ${account.email.padEnd(22)} ${account.description}`);
      console.log('');
    }
  }

  // Jobs run in this process, except in production where `npm run worker` runs them.
  const app = await buildApp({
    config,
    database,
    jobs: config.env === 'production' ? 'queue' : 'work',
  });
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  releaseStartupMemory();
  const where =
    database.kind === 'pglite'
      ? `embedded PostgreSQL in ${join(config.dataDir, 'db')}`
      : 'PostgreSQL server';
  console.log(
    `Pathways is running on ${config.appUrl} (${where}); API docs at ${config.appUrl}/api/docs`,
  );
}

main().catch((error: unknown) => {
  const plain = error instanceof ConfigError || error instanceof DatabaseInUseError;
  console.error(plain ? error.message : error);
  process.exit(1);
});
