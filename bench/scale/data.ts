// Fills the scale database: Pathways at national size, the same on every machine.
//
//   npm run bench:scale:data              # fills it, or says it is filled already
//   npm run bench:scale:data -- --fresh   # drops it and fills it again
//   SCALE_DATABASE_URL=postgres://…/other npm run bench:scale:data
//
// The database is created when missing, migrated with the product's migrations and given the
// product's reference data (as the server does at start), then filled in one transaction by
// set-based statements (bench/scale/sql.ts): 100 000 candidates with profiles, about 167 000
// qualifications, languages, rights and experience; 500 organizations with client users; 10 000
// opportunities with requirements, four phases each and 910 000 locations; 1 010 000 applications
// with their phase events (100 000 in one workspace, 114 000 in one organization); a referral
// eligibility row for every application. Then the product's own eligibility check for the
// notable candidate, a sample of its cost for everyone, and VACUUM ANALYZE. Prints each step's
// time and the row counts. Other benchmarks reach the data through bench/scale/database.ts.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import pg from 'pg';

import { recomputeCandidate } from '../../apps/api/src/features/eligibility/index.ts';
import { hashPassword } from '../../apps/api/src/lib/password.ts';
import { seedReferenceData } from '../../apps/api/src/seed/index.ts';
import { connect, notable, SCALE_DATABASE_URL, SCALE_PASSWORD } from './database.ts';
import { applicationSteps, eventSteps, helpers, steps, type Step } from './sql.ts';

const fresh = process.argv.includes('--fresh');
const ELIGIBILITY_SAMPLE = Number(process.env.SCALE_ELIGIBILITY_SAMPLE ?? 3);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function adminUrl(): { url: string; name: string } {
  const url = new URL(SCALE_DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  url.pathname = '/postgres';
  return { url: url.toString(), name };
}

/** Creates the database when missing (drops it first with --fresh). */
async function ensureDatabase(): Promise<void> {
  const { url, name } = adminUrl();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    if (fresh) {
      await admin.query(`drop database if exists ${name} with (force)`);
      console.log(`Dropped ${name}.`);
    }
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`create database ${name}`);
      console.log(`Created ${name}.`);
    }
  } finally {
    await admin.end();
  }
}

async function isFilled(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ migrated: boolean }>(
    `select to_regclass('public.users') is not null as migrated`,
  );
  if (!rows[0]?.migrated) return false;
  const filled = await client.query(`select 1 from users where email = 'candidate-1@scale.test'`);
  return (filled.rowCount ?? 0) > 0;
}

async function run(client: pg.Client, step: Step): Promise<void> {
  const started = performance.now();
  const statements = Array.isArray(step.sql) ? step.sql : [step.sql];
  let rows = 0;
  for (const statement of statements) {
    // Each statement gets the parameters it names, numbered from $1.
    const named = [...new Set([...statement.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))];
    const text = statement.replace(
      /\$(\d+)/g,
      (_, n: string) => `$${named.indexOf(Number(n)) + 1}`,
    );
    const began = performance.now();
    const result = await client.query(
      text,
      named.map((n) => step.params?.[n - 1]),
    );
    rows += result.rowCount ?? 0;
    // A slow statement of a step of several is named, to see where the time goes.
    const took = performance.now() - began;
    if (statements.length > 1 && took > 5000) {
      console.log(
        `  ${seconds(took).padStart(8)}    of which: ${statement.trim().split('\n')[0]!.slice(0, 90)}`,
      );
    }
  }
  console.log(
    `  ${seconds(performance.now() - started).padStart(8)}  ${step.name} (${rows.toLocaleString('en')} rows)`,
  );
}

const COUNTED = [
  'users',
  'candidate_profiles',
  'profile_qualifications',
  'profile_qualification_components',
  'profile_qualification_disciplines',
  'language_proficiencies',
  'experiences',
  'work_rights',
  'organizations',
  'client_users',
  'opportunities',
  'requirements',
  'opportunity_locations',
  'phases',
  'applications',
  'application_phase_events',
  'application_phase_stays',
  'organization_applicants',
  'candidate_person_keys',
  'organization_person_counts',
  'eligibilities',
  'locations',
];

async function report(client: pg.Client): Promise<void> {
  const counts = await client.query<Record<string, string>>(
    `select ${COUNTED.map((t) => `(select count(*) from ${t}) as ${t}`).join(', ')}`,
  );
  console.log('\nRows:');
  for (const [table, n] of Object.entries(counts.rows[0]!)) {
    console.log(`  ${table.padEnd(36)} ${Number(n).toLocaleString('en').padStart(11)}`);
  }
  const { rows } = await client.query<Record<string, string>>(
    `select (select count(*) from applications where opportunity_id = (select min(o.id) from opportunities o
               join organizations g on g.id = o.organization_id where g.slug = 'scale-organization-1')) as workspace,
            (select count(*) from applications a join opportunities o on o.id = a.opportunity_id
               join organizations g on g.id = o.organization_id where g.slug = 'scale-organization-1') as organization,
            (select count(*) from opportunities where published_at is not null and (closes_at is null or closes_at > now())) as open,
            (select count(*) from opportunities where closes_at <= now()) as closed,
            (select count(distinct opportunity_id) from requirements where kind = 'distance') as distance,
            pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  const r = rows[0]!;
  console.log(
    `\nBig workspace: ${r.workspace} applications; big organization: ${r.organization}; ` +
      `opportunities published and open: ${r.open}, closed: ${r.closed}, with a distance requirement: ${r.distance}; ` +
      `database size ${r.size}.`,
  );
}

async function eligibility(): Promise<void> {
  const database = await connect({ max: 2 });
  try {
    const ids = await notable(database);
    const now = new Date();
    let started = performance.now();
    const mine = await recomputeCandidate(database.db, ids.candidate.id, now);
    console.log(
      `  ${seconds(performance.now() - started).padStart(8)}  eligibility of the notable candidate by the product's own check ` +
        `(${JSON.stringify(mine)})`,
    );
    // The product checks a candidate at a time (a job per changed profile); what checking
    // everyone that way would take, from a sample spread over the candidates.
    const sample = await database.pool!.query<{ user_id: number }>(
      `select user_id from candidate_profiles where id % (select greatest(count(*) / $1, 1) from candidate_profiles) = 0
       order by id limit $1`,
      [ELIGIBILITY_SAMPLE],
    );
    started = performance.now();
    for (const { user_id } of sample.rows) await recomputeCandidate(database.db, user_id, now);
    const each = (performance.now() - started) / Math.max(sample.rows.length, 1);
    const { rows } = await database.pool!.query<{ n: string }>(
      `select count(*) as n from users where role = 'candidate'`,
    );
    const all = Number(rows[0]!.n);
    console.log(
      `  ${seconds(performance.now() - started).padStart(8)}  eligibility of ${sample.rows.length} sampled candidates by the product's own check: ` +
        `${each.toFixed(0)} ms a candidate, so about ${((each * all) / 60_000).toFixed(0)} min for all ${all.toLocaleString('en')} ` +
        `on one connection (not run here: the other candidates keep their referral rows, unchecked until their profile changes)`,
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `Scale data set in ${SCALE_DATABASE_URL}; ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const began = performance.now();
  await ensureDatabase();
  const client = new pg.Client({ connectionString: SCALE_DATABASE_URL });
  await client.connect();
  try {
    if (await isFilled(client)) {
      console.log('The scale database is filled already: left as it is (--fresh fills it again).');
      await report(client);
      return;
    }
    let started = performance.now();
    const database = await connect({ max: 2 });
    try {
      await database.migrate();
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
    console.log(
      `  ${seconds(performance.now() - started).padStart(8)}  migrations and reference data`,
    );
    started = performance.now();
    const passwordHash = await hashPassword(SCALE_PASSWORD);
    // One transaction: a run that fails leaves the database as it was, never half filled.
    await client.query('begin');
    await client.query(`set local work_mem = '64MB'`);
    await client.query(`set local synchronous_commit = off`);
    for (const statement of helpers) await client.query(statement);
    for (const step of [...steps(passwordHash), ...applicationSteps(), ...eventSteps()]) {
      await run(client, step);
    }
    await client.query('commit');
    console.log(`  ${seconds(performance.now() - started).padStart(8)}  filled and committed`);
    await eligibility();
    started = performance.now();
    // Settled as autovacuum leaves a database in use: statistics, and the visibility map that
    // lets index-only scans skip the tables.
    await client.query('vacuum analyze');
    console.log(`  ${seconds(performance.now() - started).padStart(8)}  vacuum analyze`);
    await report(client);
    console.log(`\nThe scale data set took ${seconds(performance.now() - began)} in all.`);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

await main();
