import type { FastifyBaseLogger } from 'fastify';

import type { Config } from '../config/env.ts';
import type { Database, Db } from '../db/client.ts';
import type { Mailer } from './mailer.ts';

/** What every feature's routes and services may use; built once in buildApp. */
export interface FeatureDeps {
  db: Db;
  database: Database;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
}
