// The national-size data set every scale benchmark runs on: where it lives, how to reach it and
// its notable objects. `npm run bench:scale:data` fills it (bench/scale/data.ts).
//
//   import { connect, notable, SCALE_DATABASE_URL } from './scale/database.ts';
//   const database = await connect();               // the product's Database (Drizzle + pool)
//   const ids = await notable(database);            // the big workspace, organization, accounts
import pg from 'pg';

import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';

/** The scale database: SCALE_DATABASE_URL, else a database of its own on the local server. */
export const SCALE_DATABASE_URL =
  process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pathways_scale';

/** Every account of the data set signs in with this password. */
export const SCALE_PASSWORD = 'scale-password';

/**
 * A fraction of the national size (SCALE_FRACTION, 1 by default): a smaller copy of the same
 * shape, to try the script out quickly.
 */
const fraction = Math.min(1, Math.max(0.001, Number(process.env.SCALE_FRACTION ?? 1)));
const sized = (n: number) => Math.round(n * fraction);

/** The sizes the data set is built to. */
export const SCALE = {
  candidates: sized(100_000),
  organizations: Math.max(10, sized(500)),
  opportunities: sized(10_000),
  /** Opportunities of the big organization; the first of them is the big workspace. */
  bigOrganizationOpportunities: 40,
  opportunityLocations: sized(910_000),
  applications: sized(1_010_000),
  bigWorkspaceApplications: sized(100_000),
  bigOrganizationApplications: sized(114_000),
} as const;

/** The accounts and objects other benchmarks look for, by the names the data set gives them. */
export const NOTABLE = {
  /** The big organization's slug: 114 000 applications over its opportunities. */
  bigOrganizationSlug: 'scale-organization-1',
  /** One of the big organization's primary client users. */
  bigOrganizationClientEmail: 'client-1@scale.test',
  /** A candidate with a complete profile, living in Johannesburg, who applied to the big workspace. */
  candidateEmail: 'candidate-1@scale.test',
} as const;

/** Johannesburg, where the searches of the scale benchmarks are made from. */
export const JOHANNESBURG = { latitude: -26.2041, longitude: 28.0473 } as const;

/** The product's database handle on the scale database (close it with `database.close()`). */
export function connect(options: { max?: number; url?: string } = {}): Promise<Database> {
  return openDatabase({
    kind: 'postgres',
    url: options.url ?? SCALE_DATABASE_URL,
    max: options.max ?? 10,
  });
}

export interface NotableIds {
  /** The opportunity with 100 000 applications spread over its phases. */
  bigWorkspaceOpportunityId: number;
  bigOrganizationId: number;
  bigOrganizationClient: { id: number; email: string; password: string };
  candidate: { id: number; email: string; password: string };
}

/** The ids of the notable objects; throws when the database is not filled. */
export async function notable(database: Pick<Database, 'pool'> | pg.Pool): Promise<NotableIds> {
  const pool = database instanceof pg.Pool ? database : database.pool;
  if (!pool) throw new Error('the scale database is a PostgreSQL server');
  const { rows } = await pool.query<{
    organization: number | null;
    workspace: number | null;
    client: number | null;
    candidate: number | null;
  }>(
    `select (select id from organizations where slug = $1) as organization,
            (select min(o.id) from opportunities o join organizations g on g.id = o.organization_id
              where g.slug = $1) as workspace,
            (select id from users where email = $2) as client,
            (select id from users where email = $3) as candidate`,
    [NOTABLE.bigOrganizationSlug, NOTABLE.bigOrganizationClientEmail, NOTABLE.candidateEmail],
  );
  const row = rows[0];
  if (!row?.organization || !row.workspace || !row.client || !row.candidate) {
    throw new Error('the scale database is not filled: run npm run bench:scale:data');
  }
  return {
    bigWorkspaceOpportunityId: row.workspace,
    bigOrganizationId: row.organization,
    bigOrganizationClient: {
      id: row.client,
      email: NOTABLE.bigOrganizationClientEmail,
      password: SCALE_PASSWORD,
    },
    candidate: { id: row.candidate, email: NOTABLE.candidateEmail, password: SCALE_PASSWORD },
  };
}
