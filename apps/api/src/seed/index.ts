import { sql } from 'drizzle-orm';

import { hashPassword } from '../lib/password.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { insertDemoData } from './demo/index.ts';

export { DEMO_SEED } from './demo/index.ts';
export { seedReferenceData } from './reference.ts';
export { luhnValid } from '@pathways/shared/profile/identification';
export { saIdNumber } from './sa-id.ts';

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'demo-password';

/** The default number of generated candidates (besides the two demo candidates). */
export const DEFAULT_DEMO_CANDIDATES = 300;

export interface DemoAccount {
  email: string;
  role: 'candidate' | 'client' | 'admin';
  description: string;
}

/** The accounts the server prints after seeding; all use DEMO_PASSWORD. */
export const demoAccounts: readonly DemoAccount[] = [
  {
    email: 'thandi@demo.test',
    role: 'candidate',
    description: 'candidate: complete profile, applications, chats, to-do items',
  },
  {
    email: 'sipho@demo.test',
    role: 'candidate',
    description: 'candidate: new, e-mail not confirmed yet',
  },
  {
    email: 'client@demo.test',
    role: 'client',
    description: 'client: primary user of Indlovu Bank',
  },
  {
    email: 'manager@demo.test',
    role: 'client',
    description: 'client: manages three Indlovu Bank opportunities',
  },
  {
    email: 'viewer@demo.test',
    role: 'client',
    description: 'client: manages none (Shared With Me)',
  },
  {
    email: 'other-client@demo.test',
    role: 'client',
    description: 'client: primary user of Mokoena Protea Attorneys, another organization',
  },
  {
    email: 'admin@demo.test',
    role: 'admin',
    description: 'admin: manages eligibility requirements',
  },
];

export interface SeedOptions {
  /** The moment the demo is built around: opportunities open, close and commence relative to it. */
  now?: Date;
  /** How many candidates to generate besides the two demo candidates (default 300). */
  candidates?: number;
}

export interface SeedResult {
  seeded: boolean;
  reason?: string;
}

// Serializes concurrent seeders on one database (two API processes starting together).
const SEED_LOCK_KEY = 7_420_611;

async function hasUsers(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/**
 * Fills an empty database with a deterministic South African demo data set: reference data,
 * organizations, opportunities with phases, campaigns, candidates with profiles, applications,
 * eligibilities, chats, notifications and to-do items. Refuses, touching nothing, in production
 * or when any user exists. Everything is inserted in one transaction.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  if (process.env.NODE_ENV === 'production') {
    return { seeded: false, reason: 'refusing to seed demo data when NODE_ENV is production' };
  }
  if (await hasUsers(db)) return { seeded: false, reason: 'the database already has users' };
  const now = options.now ?? new Date();
  const candidates = Math.max(0, Math.floor(options.candidates ?? DEFAULT_DEMO_CANDIDATES));
  // One hash for every seeded account keeps seeding fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasUsers(tx)) return { seeded: false, reason: 'the database already has users' };
    await insertDemoData(tx, { now, candidates, passwordHash });
    return { seeded: true };
  });
}
