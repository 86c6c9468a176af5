// The statements that fill the scale database, in order. Every row comes from `generate_series`
// in one set-based statement, with deterministic pseudo-random values: `pg_temp.r(i, salt)` is a
// number in [0, 1) hashed from a row's index and a salt, so the same run builds the same data.
// Every insert goes through the product's tables, with their triggers, constraints and generated
// columns (the organization applicants, person counts and phase stays are kept by the database as
// the rows arrive).

import {
  namePools,
  homeLanguages,
  experienceTitles,
  experienceOrganizations,
} from '../../apps/api/src/seed/data/people.ts';

import { SCALE } from './database.ts';

export interface Step {
  name: string;
  /** One statement, or several run in order. */
  sql: string | string[];
  params?: unknown[];
}

/** Helpers the statements use; temporary, so they never reach the product's schema. */
export const helpers = [
  // A number in [0, 1) from a row index and a salt.
  `create function pg_temp.r(i bigint, salt int) returns float8 language sql immutable parallel safe as
   $$ select ((hashint8extended(i, salt) >> 11) & 4503599627370495)::float8 / 4503599627370496.0 $$`,
  // A whole number in [0, n).
  `create function pg_temp.ri(i bigint, salt int, n int) returns int language sql immutable parallel safe as
   $$ select floor(pg_temp.r(i, salt) * n)::int $$`,
  // The Luhn check digit of a South African identity number's first twelve digits.
  `create function pg_temp.luhn(p text) returns text language sql immutable as $$
     select ((10 - sum(case when (length(p) - pos) % 2 = 0
                            then (substr(p, pos, 1)::int * 2) / 10 + (substr(p, pos, 1)::int * 2) % 10
                            else substr(p, pos, 1)::int end) % 10) % 10)::text
     from generate_series(1, length(p)) pos $$`,
];

const sectors = [
  ['Bank', 'Financial services'],
  ['Mining', 'Mining'],
  ['Telecom', 'Telecommunications'],
  ['Retail', 'Retail'],
  ['Attorneys', 'Legal services'],
  ['Engineering', 'Engineering'],
  ['Health', 'Healthcare'],
  ['Energy', 'Energy'],
  ['Logistics', 'Transport and logistics'],
  ['Insurance', 'Insurance'],
  ['Foundation', 'Education'],
  ['Agri', 'Agriculture'],
] as const;
const orgWords = [
  'Ubuntu',
  'Indlovu',
  'Protea',
  'Karoo',
  'Baobab',
  'Highveld',
  'Drakensberg',
  'Limpopo',
  'Kalahari',
  'Amandla',
  'Sizwe',
  'Umoya',
  'Fynbos',
  'Mopane',
  'Ithemba',
  'Masakhane',
  'Vukani',
  'Letsatsi',
  'Thaba',
  'Nandi',
];
const fields = [
  'Engineering',
  'Accounting',
  'Law',
  'Information Technology',
  'Nursing',
  'Data Science',
  'Sales',
  'Actuarial Science',
  'Mining Engineering',
  'Teaching',
  'Marketing',
  'Logistics',
  'Electrical Engineering',
  'Human Resources',
  'Agriculture',
  'Chemistry',
];
const jobRoles = [
  'Graduate Programme',
  'Internship',
  'Learnership',
  'Trainee',
  'Junior Analyst',
  'Store Assistant',
  'Apprenticeship',
];
const streets = [
  'Main Road',
  'Church Street',
  'Voortrekker Road',
  'Nelson Mandela Drive',
  'Jan Smuts Avenue',
  'Long Street',
  'Market Street',
  'Station Road',
];

/** A JSON array literal for SQL, from strings. */
const arr = (values: readonly string[]) => JSON.stringify(values);

export function steps(passwordHash: string): Step[] {
  const C = SCALE.candidates;
  const O = SCALE.opportunities;
  const ORGS = SCALE.organizations;
  const BIG = SCALE.bigOrganizationOpportunities;
  const pools = JSON.stringify(namePools);
  const languages = JSON.stringify(homeLanguages);
  return [
    {
      name: 'places to draw from (the gazetteer, weighted by population)',
      sql: [
        `create temp table place_pick as
         select id, address, city, province, latitude, longitude,
                sum(w) over (order by id) / sum(w) over () as upto
         from (select id, address, city, province, latitude, longitude,
                      power(coalesce(population, 2000)::float8, 0.8) as w
               from locations where country = 'ZA') x`,
        `create index on place_pick (upto)`,
        `analyze place_pick`,
      ],
    },
    {
      name: `organizations (${ORGS}) with a head office and two client users each`,
      sql: [
        `insert into organizations (name, slug, description, website, industry)
         select case when g = 1 then 'Ubuntu National Bank'
                     else ($1::jsonb ->> pg_temp.ri(g, 1, $2)) || ' ' || ($3::jsonb -> pg_temp.ri(g, 2, $4) ->> 0) || ' ' || g end,
                'scale-organization-' || g,
                'An organization of the scale data set.',
                'https://scale-organization-' || g || '.example',
                case when g = 1 then 'Financial services' else $3::jsonb -> pg_temp.ri(g, 2, $4) ->> 1 end
         from generate_series(1, ${ORGS}) g order by g`,
        `insert into organization_locations (organization_id, name, address, city, province, latitude, longitude)
         select o.id, 'Head office', p.address, p.city, p.province, p.latitude, p.longitude
         from organizations o
         cross join lateral (select * from place_pick where upto >= pg_temp.r(o.id, 3) order by upto limit 1) p
         where o.slug like 'scale-organization-%'`,
        `insert into users (email, password_hash, role, "primary", first_name, last_name, confirmed_at, terms_accepted_at)
         select k || '-' || substr(o.slug, 20) || '@scale.test', $5, 'client', k = 'client',
                case k when 'client' then 'Primary' else 'Manager' end, 'User ' || substr(o.slug, 20),
                now() - interval '400 days', now() - interval '400 days'
         from organizations o cross join (values ('client'), ('manager')) v(k)
         where o.slug like 'scale-organization-%' order by o.id, k`,
        `insert into client_users (user_id, organization_id, job_title)
         select u.id, o.id, case when u."primary" then 'Talent acquisition lead' else 'Recruiter' end
         from users u join organizations o on o.slug = 'scale-organization-' || split_part(split_part(u.email, '-', 2), '@', 1)
         where u.email like '%@scale.test' and u.role = 'client'`,
      ],
      params: [
        arr(orgWords),
        orgWords.length,
        JSON.stringify(sectors),
        sectors.length,
        passwordHash,
      ],
    },
    {
      name: `candidates (${C}): users with profiles (identity, birth date, home)`,
      sql: [
        // The people first: name group, sex, birth date and home, from the index alone.
        `create temp table cand as
         select g, grp, sex, born,
                $1::jsonb -> grp -> sex ->> pg_temp.ri(g, 4, jsonb_array_length($1::jsonb -> grp -> sex)) as first_name,
                $1::jsonb -> grp -> 'last' ->> pg_temp.ri(g, 5, jsonb_array_length($1::jsonb -> grp -> 'last')) as last_name,
                $2::jsonb -> grp ->> pg_temp.ri(g, 6, jsonb_array_length($2::jsonb -> grp)) as home_language,
                p.id as place_id, p.address, p.city, p.province,
                case when g = 1 then -26.2041 else p.latitude + (pg_temp.r(g, 7) + pg_temp.r(g, 8) - 1) * 0.08 end as latitude,
                case when g = 1 then 28.0473 else p.longitude + (pg_temp.r(g, 9) + pg_temp.r(g, 10) - 1) * 0.08 end as longitude
         from (select g,
                      case when g = 1 then 'african'
                           when pg_temp.r(g, 1) < 0.76 then 'african' when pg_temp.r(g, 1) < 0.85 then 'coloured'
                           when pg_temp.r(g, 1) < 0.90 then 'indian' else 'white' end as grp,
                      case when g = 1 or pg_temp.r(g, 2) < 0.52 then 'female' else 'male' end as sex,
                      -- Ages 18 to 32; (day, sequence) is unique per index, so are identity numbers.
                      date '1994-01-01' + (g % 5479) as born
               from generate_series(1, ${C}) g) x
         cross join lateral (select * from place_pick
                             where upto >= case when g = 1 then 0 else pg_temp.r(g, 3) end
                               and (g <> 1 or city = 'Johannesburg') order by upto limit 1) p`,
        `alter table cand add primary key (g)`,
        `insert into users (email, password_hash, role, first_name, last_name, confirmed_at, terms_accepted_at, last_sign_in_at, created_at, updated_at)
         select 'candidate-' || g || '@scale.test', $3, 'candidate', first_name, last_name,
                now() - make_interval(days => 30 + pg_temp.ri(g, 11, 700)),
                now() - make_interval(days => 30 + pg_temp.ri(g, 11, 700)),
                now() - make_interval(days => pg_temp.ri(g, 12, 30)),
                now() - make_interval(days => 30 + pg_temp.ri(g, 11, 700)),
                now() - make_interval(days => pg_temp.ri(g, 12, 30))
         from cand order by g`,
        `alter table cand add column user_id integer`,
        `update cand set user_id = u.id from users u where u.email = 'candidate-' || cand.g || '@scale.test'`,
        `insert into candidate_profiles (user_id, country_of_birth, identification, first_names, last_name, born_at, gender,
           ethnicity, disability, mobile_number, drivers_license, address, latitude, longitude, completion, created_at, updated_at)
         select user_id, country, identification, first_name, last_name, born,
                case when pg_temp.r(g, 20) < 0.01 then 'prefer_not_to_say' else sex end::gender,
                case when pg_temp.r(g, 21) < 0.02 then 'prefer_not_to_say' else grp end::ethnicity,
                case when pg_temp.r(g, 22) < 0.05 then null else pg_temp.r(g, 22) < 0.09 end,
                '07' || lpad((g % 100000000)::text, 8, '0'),
                pg_temp.r(g, 23) < 0.4,
                address, latitude, longitude,
                case when g = 1 or pg_temp.r(g, 24) < 0.8 then 100 else 60 + pg_temp.ri(g, 25, 35) end,
                now() - interval '400 days', now() - make_interval(days => pg_temp.ri(g, 12, 30))
         from (select c.*,
                      case when g <> 1 and pg_temp.r(g, 26) < 0.05
                           then ($4::jsonb ->> pg_temp.ri(g, 27, 8)) else 'ZA' end as country
               from cand c) c
         cross join lateral (select case when country = 'ZA'
           then payload || pg_temp.luhn(payload)
           else 'P' || lpad(g::text, 8, '0') end as identification
           from (select to_char(born, 'YYMMDD')
                        || lpad(((case when sex = 'male' then 5000 else 0 end) + g / 5479)::text, 4, '0')
                        || case when g <> 1 and pg_temp.r(g, 28) < 0.06 then '1' else '0' end || '8' as payload) x) i
         order by g`,
        `alter table cand add column profile_id integer`,
        `update cand set profile_id = p.id from candidate_profiles p where p.user_id = cand.user_id`,
      ],
      params: [
        pools,
        languages,
        passwordHash,
        JSON.stringify(['ZW', 'NG', 'LS', 'BW', 'MZ', 'SZ', 'MW', 'CD']),
      ],
    },
    {
      name: 'qualifications: a matric for everyone, a tertiary one for two in three, with subjects and disciplines',
      sql: [
        `create temp table school_pick as
         select row_number() over (order by id) - 1 as n, id from institutions where kind = 'school'`,
        `alter table school_pick add primary key (n)`,
        // The National Senior Certificate, completed the year the candidate turned 18.
        `insert into profile_qualifications (profile_id, institution_id, qualification_type_id, qualification_category_id,
           starts_at, ends_at, status, grade_normalized)
         select c.profile_id,
                (select id from school_pick where n = pg_temp.ri(c.g, 30, (select count(*)::int from school_pick))),
                (select id from qualification_types where name = 'National Senior Certificate'),
                (select id from qualification_categories where name = 'Schooling'),
                make_date(extract(year from c.born)::int + 18, 1, 15), make_date(extract(year from c.born)::int + 18, 11, 30),
                'completed', round((45 + pg_temp.r(c.g, 31) * 50)::numeric, 2)
         from cand c order by c.g`,
        `create temp table tertiary_pick as
         select row_number() over (order by q.id) - 1 as n, q.id, q.qualification_type_id, q.qualification_category_id
         from qualifications q join qualification_types t on t.id = q.qualification_type_id
         where t.nqf_level between 5 and 8`,
        `create temp table institution_pick as
         select row_number() over (order by id) - 1 as n, id from institutions
         where kind in ('university', 'university_of_technology', 'tvet_college')`,
        `insert into profile_qualifications (profile_id, institution_id, qualification_id, qualification_type_id,
           qualification_category_id, starts_at, ends_at, grade_normalized)
         select c.profile_id, i.id, q.id, q.qualification_type_id, q.qualification_category_id,
                make_date(extract(year from c.born)::int + 19, 2, 1), make_date(extract(year from c.born)::int + 22, 12, 10),
                round((50 + pg_temp.r(c.g, 32) * 40)::numeric, 2)
         from cand c
         join tertiary_pick q on q.n = pg_temp.ri(c.g, 33, (select count(*)::int from tertiary_pick))
         join institution_pick i on i.n = pg_temp.ri(c.g, 34, (select count(*)::int from institution_pick))
         where c.g = 1 or pg_temp.r(c.g, 35) < 0.75 and c.born < date '2007-06-01'
         order by c.g`,
        `insert into profile_qualification_components (profile_qualification_id, qualification_component_id, mark)
         select pq.id, qc.id, round((35 + pg_temp.r(pq.id, 36 + s.k) * 60)::numeric, 2)
         from profile_qualifications pq
         join cand c on c.profile_id = pq.profile_id
         cross join (values (1), (2)) s(k)
         join qualification_components qc on qc.institution_id is null
           and qc.qualification_type_id = pq.qualification_type_id
           and qc.name = case when s.k = 1
             then case when pg_temp.r(c.g, 38) < 0.6 then 'Mathematics' else 'Mathematical Literacy' end
             else case when c.home_language = 'English' then 'English Home Language' else 'English First Additional Language' end end
         where pq.qualification_type_id = (select id from qualification_types where name = 'National Senior Certificate')`,
        `insert into profile_qualification_disciplines (profile_qualification_id, discipline_id)
         select pq.id, d.id
         from profile_qualifications pq
         join (select row_number() over (order by id) - 1 as n, id from disciplines) d
           on d.n = pg_temp.ri(pq.id, 39, (select count(*)::int from disciplines))
         where pq.qualification_id is not null`,
      ],
    },
    {
      name: 'languages, experience and the rights of candidates born abroad',
      sql: [
        `insert into language_proficiencies (profile_id, language, reading, writing, speaking)
         select profile_id, 'English'::citext, 'advanced'::language_level, 'advanced'::language_level, 'advanced'::language_level from cand
         union all
         select profile_id, home_language::citext, 'native', 'native', 'native' from cand where home_language <> 'English'`,
        `insert into experiences (profile_id, kind, title, organization_name, starts_at, ends_at, current)
         select c.profile_id, (t.v ->> 0)::experience_kind, t.v ->> 1,
                $2::jsonb ->> pg_temp.ri(c.g, 41, jsonb_array_length($2::jsonb)),
                date '2026-11-01' - make_interval(days => 60 + pg_temp.ri(c.g, 42, 900))::interval,
                case when pg_temp.r(c.g, 43) < 0.3 then null else date '2026-11-01' - make_interval(days => pg_temp.ri(c.g, 44, 50))::interval end,
                pg_temp.r(c.g, 43) < 0.3
         from cand c
         cross join lateral (select $1::jsonb -> pg_temp.ri(c.g, 40, jsonb_array_length($1::jsonb)) as v) t
         where pg_temp.r(c.g, 45) < 0.3`,
        `insert into work_rights (profile_id, country_code, kind, valid_until)
         select p.id, 'ZA', 'permit', date '2028-12-31' from candidate_profiles p where p.country_of_birth <> 'ZA'`,
        `insert into study_rights (profile_id, country_code, kind, valid_until)
         select p.id, 'ZA', 'permit', date '2028-12-31' from candidate_profiles p where p.country_of_birth <> 'ZA'`,
      ],
      params: [JSON.stringify(experienceTitles), JSON.stringify(experienceOrganizations)],
    },
    {
      name: `opportunities (${O}): jobs, bursaries and scholarships, most published and open`,
      sql: [
        `create temp table opp as
         select j, org, kind, open_days, close_days, published,
                case kind when 'job' then ($2::jsonb ->> pg_temp.ri(j, 54, jsonb_array_length($2::jsonb))) || ': '
                          else initcap(kind::text) || ': ' end
                  || ($1::jsonb ->> pg_temp.ri(j, 55, jsonb_array_length($1::jsonb))) || ' ' || j as name
         from (select j,
                      -- The big organization owns the first opportunities; the big workspace is the first.
                      case when j <= ${BIG} then 1 else 2 + (j % ${ORGS - 1}) end as org,
                      case when j = 1 then 'job' when pg_temp.r(j, 50) < 0.5 then 'job'
                           when pg_temp.r(j, 50) < 0.8 then 'bursary' else 'scholarship' end::opportunity_kind as kind,
                      case when j <= ${BIG} then 20 + pg_temp.ri(j, 51, 100)
                           when pg_temp.r(j, 52) < 0.18 then 120 + pg_temp.ri(j, 51, 200)
                           else pg_temp.ri(j, 51, 150) - 10 end as open_days,
                      pg_temp.r(j, 52) < 0.18 and j > ${BIG} as closed,
                      pg_temp.ri(j, 56, 90) as spread,
                      j <= ${BIG} or pg_temp.r(j, 53) >= 0.05 as published
               from generate_series(1, ${O}) j) x
         cross join lateral (select case when closed then open_days - 30 - spread / 2
                                         else least(-(5 + spread), open_days - 20) end as close_days) c`,
        `alter table opp add primary key (j)`,
        `insert into opportunities (organization_id, kind, name, summary, description, published_at, opens_at, closes_at,
           commences_at, positions, value_min, value_max, created_by_id, created_at, updated_at)
         select o.id, opp.kind, opp.name,
                'A ' || opp.kind || ' of the scale data set.',
                'Applications are screened in four phases. Candidates from every province are welcome.',
                case when opp.published then now() - make_interval(days => greatest(opp.open_days, 0) + 2) end,
                now() - make_interval(days => opp.open_days),
                now() - make_interval(days => opp.close_days),
                now() - make_interval(days => opp.close_days - 60),
                case when pg_temp.r(opp.j, 57) < 0.7 then 1 + pg_temp.ri(opp.j, 58, 50) end,
                case when opp.kind = 'job' then 120000 + 1000 * pg_temp.ri(opp.j, 59, 200) else 40000 + 1000 * pg_temp.ri(opp.j, 59, 100) end,
                case when opp.kind = 'job' then 330000 + 1000 * pg_temp.ri(opp.j, 59, 200) else 150000 + 1000 * pg_temp.ri(opp.j, 59, 100) end,
                u.id, now() - make_interval(days => greatest(opp.open_days, 0) + 5), now() - make_interval(days => greatest(opp.open_days, 0))
         from opp
         join organizations o on o.slug = 'scale-organization-' || opp.org
         join users u on u.email = 'client-' || opp.org || '@scale.test'
         order by opp.j`,
        `alter table opp add column id integer`,
        `update opp set id = x.id from (select id, row_number() over (order by id) as j from opportunities
           where organization_id in (select id from organizations where slug like 'scale-organization-%')) x
         where x.j = opp.j`,
        // The managers manage every third opportunity of their organization.
        `insert into opportunity_managers (opportunity_id, user_id)
         select opp.id, u.id from opp join users u on u.email = 'manager-' || opp.org || '@scale.test' where opp.j % 3 = 0`,
        `insert into phases (opportunity_id, name, description, initial)
         select opp.id, p.name, p.name || ' phase', p.pos = 1
         from opp cross join (values (1, 'Applied'), (2, 'Screening'), (3, 'Interview'), (4, 'Offer')) p(pos, name)
         order by opp.j, p.pos`,
        `create temp table phase_pos as
         select ph.id, ph.opportunity_id, p.pos,
                lag(ph.id) over (partition by ph.opportunity_id order by p.pos) as prev_id,
                lead(ph.id) over (partition by ph.opportunity_id order by p.pos) as next_id
         from phases ph join opp on opp.id = ph.opportunity_id
         join (values (1, 'Applied'), (2, 'Screening'), (3, 'Interview'), (4, 'Offer')) p(pos, name) on p.name = ph.name`,
        `create index on phase_pos (opportunity_id, pos)`,
        `update phases set next_phase_id = pp.next_id from phase_pos pp where pp.id = phases.id and pp.next_id is not null`,
        `analyze phase_pos`,
      ],
      params: [JSON.stringify(fields), JSON.stringify(jobRoles)],
    },
    {
      name: 'requirements: typical ones, a distance for one opportunity in ten',
      sql: `insert into requirements (opportunity_id, kind, criterion, description, position)
        select id, crit ->> 'kind', crit, null, (row_number() over (partition by id order by slot) - 1)::smallint
        from (
          select opp.id, s.slot, case s.slot
            when 1 then case when opp.j % 10 = 3 then jsonb_build_object('kind', 'distance',
                              'maximumKm', (array[25, 50, 100])[1 + pg_temp.ri(opp.j, 60, 3)]) end
            when 2 then case when pg_temp.r(opp.j, 61) < 0.7 then jsonb_build_object('kind', 'qualification',
                              'minimumNqfLevel', case when opp.kind = 'job' then 6 else 4 end,
                              'statuses', case when opp.kind = 'job' then '["completed"]'::jsonb else '["completed", "current", "intended"]'::jsonb end) end
            when 3 then case when pg_temp.r(opp.j, 62) < 0.5 then jsonb_build_object('kind', 'citizenship',
                              'countries', '["ZA"]'::jsonb, 'permanentResidents', pg_temp.r(opp.j, 63) < 0.5) end
            when 4 then case when pg_temp.r(opp.j, 64) < 0.3 then jsonb_build_object('kind', 'age',
                              'maximum', (array[25, 30, 35])[1 + pg_temp.ri(opp.j, 65, 3)]) end
            when 5 then case when pg_temp.r(opp.j, 66) < 0.3 then jsonb_build_object('kind', 'minimum_grade',
                              'minimum', 55 + pg_temp.ri(opp.j, 67, 20)) end
            when 6 then case when opp.kind <> 'job' and pg_temp.r(opp.j, 68) < 0.4 then jsonb_build_object('kind', 'school_subjects',
                              'subjects', jsonb_build_array(jsonb_build_object('componentId', (select id from qualification_components
                                  where name = 'Mathematics' and institution_id is null
                                    and qualification_type_id = (select id from qualification_types where name = 'National Senior Certificate')),
                                  'name', 'Mathematics',
                                'minimumMark', 50 + pg_temp.ri(opp.j, 69, 20)))) end
            when 7 then case when pg_temp.r(opp.j, 70) < 0.1 then jsonb_build_object('kind', 'languages',
                              'languages', '[{"language": "English", "minimumLevel": "intermediate"}]'::jsonb) end
            when 8 then case when opp.kind = 'job' and pg_temp.r(opp.j, 71) < 0.08 then '{"kind": "drivers_license"}'::jsonb end
            when 9 then case when opp.kind = 'job' and pg_temp.r(opp.j, 72) < 0.06 then jsonb_build_object('kind', 'experience',
                              'minimumYears', 1) end
          end as crit
          from opp cross join generate_series(1, 9) s(slot)
        ) x where crit is not null`,
    },
    {
      name: `opportunity locations (${SCALE.opportunityLocations}) over South Africa`,
      sql: [
        // Most opportunities are offered in one to five places; one in twenty (a chain's jobs or
        // a national programme) in about 1 700, and together they make up the total.
        `create temp table opp_n as
         select j, id, big, n from (
           select j, id, j % 20 = 7 as big, case when j % 20 = 7 then 0 else 1 + pg_temp.ri(j, 80, 5) end as n from opp) x`,
        `update opp_n set n = r.each + case when r.k < r.rest then 1 else 0 end
         from (select j, row_number() over (order by j) - 1 as k,
                      (${SCALE.opportunityLocations} - (select sum(n)::int from opp_n)) / count(*) over () as each,
                      (${SCALE.opportunityLocations} - (select sum(n)::int from opp_n)) % count(*) over () as rest
               from opp_n where big) r
         where r.j = opp_n.j`,
        // The distance index is built once over all the rows rather than grown row by row: the
        // same index, dropped and created again from its own definition.
        `create temp table saved_indexes as select indexname, indexdef from pg_indexes
         where schemaname = 'public' and indexname = 'opportunity_locations_earth_idx'`,
        `drop index opportunity_locations_earth_idx`,
        `insert into opportunity_locations (opportunity_id, location_id, address, city, province, latitude, longitude)
         select o.id, p.id,
                (1 + pg_temp.ri(k, 81, 300)) || ' ' || ($1::jsonb ->> pg_temp.ri(k, 82, jsonb_array_length($1::jsonb))) || ', ' || p.city,
                p.city, p.province,
                p.latitude + (pg_temp.r(k, 83) + pg_temp.r(k, 84) - 1) * 0.06,
                p.longitude + (pg_temp.r(k, 85) + pg_temp.r(k, 86) - 1) * 0.06
         from (select o.id, o.j::bigint * 10000 + s as k from opp_n o cross join lateral generate_series(1, o.n) s) o
         cross join lateral (select * from place_pick where upto >= pg_temp.r(o.k, 87) order by upto limit 1) p`,
        `do $$ declare d text; begin
           for d in select indexdef from saved_indexes loop execute d; end loop;
         end $$`,
      ],
      params: [JSON.stringify(streets)],
    },
  ];
}

/**
 * The applications, in chunks (each a statement, so the triggers keep the organizations'
 * applicants and person counts chunk by chunk), each followed by its phase events.
 */
export function applicationSteps(): Step[] {
  const C = SCALE.candidates;
  const BIG = SCALE.bigOrganizationOpportunities;
  const rest = SCALE.bigOrganizationApplications - SCALE.bigWorkspaceApplications;
  const general = SCALE.applications - SCALE.bigOrganizationApplications;
  const rounds = Math.ceil(general / C);
  // Where an application stands, from a number in [0, 1): its phase (1 to 4), regretted or withdrawn.
  const insert = (source: string) => `
    insert into applications (candidate_id, opportunity_id, phase_id, status, complete, completion, archived_at,
      regretted_at, application_rating, screening_submitted_at, created_at, updated_at)
    select a.candidate_id, a.opportunity_id, pp.id,
           case when a.archived then 'withdrawn' when a.regretted then 'unsuccessful'
                when a.pos = 4 then 'successful' when a.pos > 1 then 'in_review' else 'submitted' end,
           a.complete, case when a.complete then 100 else 40 + pg_temp.ri(a.k, 93, 50) end,
           case when a.archived then a.created_at + (now() - a.created_at) / 2 end,
           case when a.regretted then a.created_at + (now() - a.created_at) / 2 end,
           case when a.pos > 1 and pg_temp.r(a.k, 94) < 0.5 then 1 + pg_temp.ri(a.k, 95, 5) end,
           case when a.complete then a.created_at end,
           a.created_at, a.created_at
    from (
      select s.*, case when u < 0.55 then 1 when u < 0.8 then 2 when u < 0.93 then 3 else 4 end as pos,
             pg_temp.r(s.k, 91) < 0.85 as complete,
             pg_temp.r(s.k, 92) < 0.10 as regretted,
             pg_temp.r(s.k, 92) >= 0.97 as archived,
             o.opens_at + (least(o.closes_at, now() - interval '1 hour') - o.opens_at) * pg_temp.r(s.k, 96) as created_at
      from (${source}) s
      join opportunities o on o.id = s.opportunity_id
      cross join lateral (select pg_temp.r(s.k, 90) as u) r
    ) a
    join phase_pos pp on pp.opportunity_id = a.opportunity_id and pp.pos = a.pos
    order by a.created_at`;
  const chunks: Step[] = [
    {
      name: `applications: the big workspace (${SCALE.bigWorkspaceApplications}, every candidate once)`,
      sql: insert(`select c.user_id as candidate_id, opp.id as opportunity_id, c.g::bigint as k
                   from cand c join opp on opp.j = 1 where c.g <= ${SCALE.bigWorkspaceApplications}`),
    },
    {
      name: `applications: the big organization's other opportunities (${rest})`,
      sql: insert(`select c.user_id as candidate_id, opp.id as opportunity_id, 1000000 + c.g::bigint as k
                   from cand c join opp on opp.j = 2 + (c.g % ${BIG - 1}) where c.g <= ${rest}`),
    },
    {
      name: "the other organizations' opportunities that opened, numbered",
      sql: [
        `create temp table pool as
         select row_number() over (order by o.id) - 1 as n, o.id
         from opp join opportunities o on o.id = opp.id
         where opp.org <> 1 and o.published_at is not null and o.opens_at < now() - interval '1 day'`,
        `alter table pool add primary key (n)`,
      ],
    },
  ];
  // Three rounds a statement: the triggers' work grows with the groups a statement touches,
  // which grow slower than its rows, so fewer, larger statements cost less.
  const perStatement = 3;
  for (let first = 0; first < rounds; first += perStatement) {
    const last = Math.min(rounds, first + perStatement) - 1;
    const size = Math.min(general, (last + 1) * C) - first * C;
    // A candidate's applications of the different rounds go to different opportunities: the
    // round moves the candidate's first pick along by a ninth of the pool.
    chunks.push({
      name: `applications: rounds ${first + 1} to ${last + 1} of ${rounds} over the other organizations (${size})`,
      sql: insert(`select c.user_id as candidate_id, pool.id as opportunity_id, (rr + 2) * 1000000 + c.g::bigint as k
                   from generate_series(${first}, ${last}) rr
                   cross join cand c
                   cross join (select count(*)::int as m from pool) m
                   join pool on pool.n = (pg_temp.ri(c.g, 97, m.m) + rr * (m.m / ${rounds})) % m.m
                   where rr * ${C} + c.g <= ${general}`),
    });
  }
  return chunks;
}

/** The phase events of every application: applied, each move to its phase, and a regret or withdrawal. */
export function eventSteps(): Step[] {
  return [
    {
      name: 'phase events (applied, moved, regretted, archived), their stays kept by the database',
      sql: [
        `create temp table app_range as
         select (min(id) + (max(id) - min(id) + 1) * k / 4)::int as lo,
                (min(id) + (max(id) - min(id) + 1) * (k + 1) / 4)::int as hi
         from applications cross join generate_series(0, 3) k group by k`,
      ],
    },
    ...[0, 1, 2, 3].map((k) => ({
      name: `phase events, quarter ${k + 1} of 4`,
      sql: `insert into application_phase_events (application_id, kind, from_phase_id, phase_id, actor_user_id, created_at)
        select a.id, e.kind::phase_event_kind, e.from_id, e.to_id, e.actor, e.at
        from (select * from app_range order by lo offset ${k} limit 1) r
        join applications a on a.id >= r.lo and a.id < r.hi
        join phase_pos cur on cur.id = a.phase_id
        join opportunities o on o.id = a.opportunity_id
        cross join lateral (
          select 'applied' as kind, null::int as from_id, pp.id as to_id, null::int as actor, a.created_at as at
          from phase_pos pp where pp.opportunity_id = a.opportunity_id and pp.pos = 1
          union all
          select 'moved', pp.prev_id, pp.id, o.created_by_id,
                 a.created_at + (now() - a.created_at) * (pp.pos - 1) / 8
          from phase_pos pp where pp.opportunity_id = a.opportunity_id and pp.pos between 2 and cur.pos
          union all
          select 'regretted', a.phase_id, a.phase_id, o.created_by_id, a.regretted_at where a.regretted_at is not null
          union all
          select 'archived', a.phase_id, a.phase_id, null, a.archived_at where a.archived_at is not null
        ) e
        order by a.id, e.at`,
    })),
    {
      name: 'eligibilities: every application refers its candidate (checked later by the product)',
      sql: `insert into eligibilities (candidate_id, opportunity_id, referred_at, created_at, updated_at)
        select candidate_id, opportunity_id, created_at, created_at, created_at from applications
        on conflict (candidate_id, opportunity_id) do update set referred_at = coalesce(eligibilities.referred_at, excluded.referred_at)`,
    },
  ];
}
