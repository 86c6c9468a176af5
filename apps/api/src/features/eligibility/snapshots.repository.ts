import type { DocumentKind } from '@pathways/shared/documents/documents.schemas';
import type {
  EligibilitySnapshot,
  SnapshotExperience,
  SnapshotLanguage,
  SnapshotQualification,
  SnapshotPart,
  SnapshotRight,
} from '@pathways/shared/eligibility/snapshot';
import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { profileQualifications, qualifications } from '../../db/schema/index.ts';

// Profile snapshots for eligibility, for many candidates at once: one statement a batch whatever
// its size, one row per candidate with the profile's lists as JSON, so recomputing an opportunity
// for thousands of candidates is one round trip per batch and never one query per candidate.

type Right = [string, SnapshotRight['kind'], string | null];

/** The lists of one candidate, as the statement of `loadSnapshots` builds them (null: none). */
type Lists = [
  DocumentKind[] | null,
  (
    | [
        number,
        string | null,
        number | null,
        string | null,
        number | null,
        number | null,
        string | null,
        number | null,
        string | null,
        string | null,
        SnapshotQualification['status'],
        string | null,
        string | null,
        number | string | null,
        [number, string][] | null,
        [number | null, string, number | string | null][] | null,
      ][]
    | null
  ),
  Right[] | null,
  Right[] | null,
  (
    | [
        string,
        SnapshotLanguage['reading'],
        SnapshotLanguage['writing'],
        SnapshotLanguage['speaking'],
      ][]
    | null
  ),
  [SnapshotExperience['kind'], string | null, string | null, boolean][] | null,
];

interface SnapshotRow {
  id: number;
  born: string | null;
  country: string | null;
  identification: string | null;
  license: boolean | null;
  latitude: number | string | null;
  longitude: number | string | null;
  lists: Lists | string;
}

const everyPart: ReadonlySet<SnapshotPart> = new Set<SnapshotPart>([
  'qualifications',
  'disciplines',
  'components',
  'rights',
  'languages',
  'experiences',
  'documents',
]);

/** Up to this many profiles, a read is estimated far too cheap to be compiled to machine code. */
const FEW_PROFILES = 100;

const right = ([countryCode, kind, validUntil]: Right): SnapshotRight => ({
  countryCode,
  kind,
  validUntil,
});

/**
 * The snapshots of these candidates (users with the candidate role; other ids are left out).
 * A candidate without a profile row gets an empty snapshot. With `parts`, only those parts of the
 * profile are read (the others are empty: `withParts`), as much as the criteria to evaluate read
 * (`snapshotParts`).
 *
 * One statement, one row per candidate: the profile's columns and its lists as one JSON array of
 * positional tuples (documents, qualifications with their disciplines and subjects, work rights,
 * study rights, languages, experiences), each list in the order the evaluation reads it.
 */
export async function loadSnapshots(
  db: DbOrTx,
  candidateIds: readonly number[],
  parts: ReadonlySet<SnapshotPart> = everyPart,
): Promise<Map<number, EligibilitySnapshot>> {
  const snapshots = new Map<number, EligibilitySnapshot>();
  if (candidateIds.length === 0) return snapshots;
  for (const id of candidateIds) {
    if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  }
  const ids = `{${candidateIds.join(',')}}`;
  // A part not read is a constant false condition: its lists are planned away, never scanned.
  const on = (part: SnapshotPart) => sql.raw(parts.has(part) ? 'true' : 'false');
  const statement = sql`
with c as materialized (
  select u.id, p.id as profile_id, p.born_at::text as born, p.country_of_birth as country,
    p.identification, p.drivers_license as license, p.latitude, p.longitude
  from users u left join candidate_profiles p on p.user_id = u.id and p.user_id = any(${ids}::int[])
  where u.id = any(${ids}::int[]) and u.role = 'candidate'
),
q as materialized (
  select pq.* from profile_qualifications pq
  where ${on('qualifications')} and pq.profile_id in (select profile_id from c)
),
fields as (
  select d.profile_qualification_id as id,
    json_agg(json_build_array(x.id, x.name) order by x.name) as list
  from profile_qualification_disciplines d join disciplines x on x.id = d.discipline_id
  where ${on('disciplines')} and d.profile_qualification_id in (select id from q) group by 1
),
subjects as (
  select s.profile_qualification_id as id,
    json_agg(json_build_array(s.qualification_component_id, coalesce(r.name, s.name, ''), s.mark) order by s.id) as list
  from profile_qualification_components s
  left join qualification_components r on r.id = s.qualification_component_id
  where ${on('components')} and s.profile_qualification_id in (select id from q) group by 1
),
quals as (
  select q.profile_id, json_agg(json_build_array(
      q.id, coalesce(m.specialization, t.name::text), t.id, t.name, t.nqf_level,
      g.id, g.name, q.institution_id, coalesce(i.name, q.institution_name), i.kind,
      q.status, q.starts_at, q.ends_at, q.grade_normalized, f.list, s.list) order by q.id) as list
  from q
  left join qualifications m on m.id = q.qualification_id
  left join qualification_types t on t.id = coalesce(q.qualification_type_id, m.qualification_type_id)
  left join qualification_categories g on g.id = coalesce(q.qualification_category_id, m.qualification_category_id)
  left join institutions i on i.id = q.institution_id
  left join fields f on f.id = q.id
  left join subjects s on s.id = q.id
  group by q.profile_id
),
docs as (
  select k.user_id, json_agg(k.kind order by k.kind) as list
  from (select distinct d.user_id, d.kind from documents d
    where ${on('documents')} and d.user_id in (select id from c)) k
  group by k.user_id
),
work as (
  select w.profile_id, json_agg(json_build_array(w.country_code, w.kind, w.valid_until) order by w.id) as list
  from work_rights w where ${on('rights')} and w.profile_id in (select profile_id from c) group by 1
),
study as (
  select w.profile_id, json_agg(json_build_array(w.country_code, w.kind, w.valid_until) order by w.id) as list
  from study_rights w where ${on('rights')} and w.profile_id in (select profile_id from c) group by 1
),
langs as (
  select l.profile_id, json_agg(json_build_array(l.language, l.reading, l.writing, l.speaking) order by l.id) as list
  from language_proficiencies l
  where ${on('languages')} and l.profile_id in (select profile_id from c) group by 1
),
exps as (
  select x.profile_id, json_agg(json_build_array(x.kind, x.starts_at, x.ends_at, x.current) order by x.id) as list
  from experiences x where ${on('experiences')} and x.profile_id in (select profile_id from c) group by 1
)
select c.id, c.born, c.country, c.identification, c.license, c.latitude, c.longitude,
  json_build_array(docs.list, quals.list, work.list, study.list, langs.list, exps.list) as lists
from c
left join docs on docs.user_id = c.id
left join quals on quals.profile_id = c.profile_id
left join work on work.profile_id = c.profile_id
left join study on study.profile_id = c.profile_id
left join langs on langs.profile_id = c.profile_id
left join exps on exps.profile_id = c.profile_id
`;
  // Not compiled to machine code: a large batch is estimated costly enough for it, and compiling
  // takes longer than the statement. A few profiles (one candidate's own recomputation) are
  // estimated far below that and are read without the transaction's round trips.
  const read = async (on: DbOrTx) =>
    ((await on.execute(statement)) as unknown as { rows: SnapshotRow[] }).rows;
  const rows =
    candidateIds.length <= FEW_PROFILES
      ? await read(db)
      : await db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('jit', 'off', true)`);
          return read(tx);
        });
  for (const row of rows) {
    const lists = (typeof row.lists === 'string' ? JSON.parse(row.lists) : row.lists) as Lists;
    const [documentKinds, qualifications, work, study, languages, experiences] = lists;
    const id = Number(row.id);
    const latitude = row.latitude === null ? null : Number(row.latitude);
    const longitude = row.longitude === null ? null : Number(row.longitude);
    snapshots.set(id, {
      candidateId: id,
      bornAt: row.born,
      countryOfBirth: row.country,
      identification: row.identification,
      driversLicense: row.license,
      location: latitude !== null && longitude !== null ? { latitude, longitude } : null,
      qualifications: (qualifications ?? []).map((q) => ({
        id: q[0],
        name: q[1],
        qualificationTypeId: q[2],
        typeName: q[3],
        nqfLevel: q[4],
        categoryId: q[5],
        categoryName: q[6],
        disciplines: (q[14] ?? []).map(([id, name]) => ({ id, name })),
        institutionId: q[7],
        institutionName: q[8],
        institutionKind: q[9],
        status: q[10],
        startsAt: q[11],
        endsAt: q[12],
        gradeNormalized: q[13] === null ? null : Number(q[13]),
        components: (q[15] ?? []).map(([componentId, name, mark]) => ({
          componentId,
          name,
          mark: mark === null ? null : Number(mark),
        })),
      })),
      workRights: (work ?? []).map(right),
      studyRights: (study ?? []).map(right),
      languages: (languages ?? []).map(([language, reading, writing, speaking]) => ({
        language,
        reading,
        writing,
        speaking,
      })),
      experiences: (experiences ?? []).map(([kind, startsAt, endsAt, current]) => ({
        kind,
        startsAt,
        endsAt,
        current,
      })),
      documentKinds: documentKinds ?? [],
    });
  }
  return snapshots;
}

/** The type and category of a profile qualification: its own, else its programme's. */
export const qualificationTypeIdOf = sql<
  number | null
>`coalesce(${profileQualifications.qualificationTypeId}, ${qualifications.qualificationTypeId})`;
export const qualificationCategoryIdOf = sql<
  number | null
>`coalesce(${profileQualifications.qualificationCategoryId}, ${qualifications.qualificationCategoryId})`;
