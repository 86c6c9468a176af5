import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import { buildApp, outboxDir } from '../app.ts';
import { loadConfig, type Config } from '../config/env.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { clientUsers, organizations, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { readOutbox, type Mailer } from '../lib/mailer.ts';
import { createTestDatabase } from './db.ts';

import { generousLimits } from './limits.ts';

export { defaultLimits, generousLimits } from './limits.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: { now: Date; advance(ms: number): void };
  /** Links of the given kind in the outbox, newest last. */
  links(kind: 'confirm_email' | 'password_reset'): Promise<string[]>;
  mails(): ReturnType<typeof readOutbox>;
  close(): Promise<void>;
}

/**
 * The real application on a fresh database with its own data directory and a clock tests can
 * move. Rate limits are generous unless a test asks for its own.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    database?: Database & { drop(): Promise<void> };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pathways-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    APP_URL: 'http://pathways.test',
    WEB_DIST: join(dataDir, 'no-web'),
    // Pages are rendered by the browser unless a test asks for the server renderer.
    WEB_SSR_ENTRY: join(dataDir, 'no-web-server'),
    ...generousLimits,
    // Jobs run inline in tests: a phase move's e-mail goes at once.
    PHASE_MOVE_MAIL_DELAY_MS: '0',
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer,
    now: () => clock.now,
    logger: false,
  });
  await app.ready();
  const mails = () => readOutbox(outboxDir(config));
  return {
    app,
    database,
    config,
    clock,
    mails,
    async links(kind) {
      const pattern = new RegExp(`http://pathways\\.test/\\w+/${kind}/[\\w-]+`, 'g');
      return (await mails()).flatMap((m) => m.text.match(pattern) ?? []);
    },
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two instances of the application on one fresh database, as two API processes behind a balancer
 * would run: on a PostgreSQL server the second has a connection pool of its own (on PGlite, which
 * has one connection, they share it). `close` stops both and drops the database.
 */
export async function createTwoInstances(
  options: { env?: Record<string, string> } = {},
): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const a = await createTestApp({
    env: options.env,
    database: { ...database, drop: async () => {} },
  });
  const second = database.url
    ? await openDatabase({ kind: 'postgres', url: database.url, max: 2 })
    : database;
  const b = await createTestApp({
    env: options.env,
    database: { ...second, drop: async () => (second === database ? undefined : second.close()) },
  });
  return {
    a,
    b,
    async close() {
      await b.close();
      await a.close();
      await database.drop();
    },
  };
}

export const tokenOf = (res: LightMyRequestResponse) => {
  const header = res.headers.authorization;
  return typeof header === 'string' ? header.replace(/^Bearer /, '') : undefined;
};

export const bearer = (token: string | undefined) => ({ authorization: `Bearer ${token}` });

let counter = 0;
/** Inserts a confirmed user straight into the database; clients get an organization. */
export async function createUser(
  database: Database,
  values: {
    role: 'candidate' | 'client' | 'admin';
    primary?: boolean;
    isBlocked?: boolean;
    organizationId?: number;
    email?: string;
  },
  password = 'correct-horse-battery',
) {
  counter += 1;
  const email = values.email ?? `${values.role}${counter}-${Date.now()}@example.test`;
  const [user] = await database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      role: values.role,
      primary: values.primary ?? false,
      isBlocked: values.isBlocked ?? false,
      firstName: 'Test',
      lastName: 'User',
      confirmedAt: new Date(),
    })
    .returning();
  let organizationId = values.organizationId ?? null;
  if (values.role === 'client') {
    if (!organizationId) {
      const [org] = await database.db
        .insert(organizations)
        .values({ name: `Organization ${counter}`, slug: `organization-${counter}-${Date.now()}` })
        .returning();
      organizationId = org!.id;
    }
    await database.db.insert(clientUsers).values({ userId: user!.id, organizationId });
  }
  return { ...user!, email, password, organizationId };
}

export async function loginAs(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return tokenOf(res)!;
}
