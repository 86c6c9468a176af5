-- The tracker's interview column at national size: the two statements that say, for the ids of
-- one page, who has an interview booked and who has times waiting (`interviewFactsOf` in the
-- interviews repository), on a copy of the scale database with interviews and offers added.
--
--   psql -h 127.0.0.1 -U postgres -d postgres -c "create database pathways_scale_iv template pathways_scale"
--   psql -h 127.0.0.1 -U postgres -d pathways_scale_iv -f bench/scale/interview-states.sql
--   psql -h 127.0.0.1 -U postgres -d postgres -c "drop database pathways_scale_iv"
--
-- It writes to the database it runs in: never run it on pathways_scale itself.
\timing off
-- The big workspace: the opportunity with the most applications.
create temp table big as
  select opportunity_id as id from applications group by 1 order by count(*) desc limit 1;
select id as big_workspace, (select count(*) from applications a where a.opportunity_id = big.id) as applications from big;
-- Every 5th application has an interview (4 in 5 upcoming, 1 in 5 cancelled); every 3rd an offer.
insert into interview_offers (application_id, status)
  select a.id, (array['open','booked','other_times','withdrawn'])[1 + a.id % 4]
    from applications a join big on a.opportunity_id = big.id where a.id % 3 = 0;
insert into interviews (application_id, uid, status, starts_at, ends_at, place_kind, video_url, scheduled_at)
  select a.id, 'scale-' || a.id, case when a.id % 25 = 0 then 'cancelled' else 'scheduled' end,
         now() + (a.id % 60) * interval '1 day', now() + (a.id % 60) * interval '1 day' + interval '45 minutes',
         'video', 'https://meet.example.test/' || a.id, now()
    from applications a join big on a.opportunity_id = big.id where a.id % 5 = 0;
analyze interviews; analyze interview_offers;
select (select count(*) from interviews) as interviews, (select count(*) from interview_offers) as offers;
-- A tracker page: 250 applications of the workspace, the ids a page shows.
create temp table page as select a.id from applications a join big on a.opportunity_id = big.id order by a.id desc limit 250;
select '{' || string_agg(id::text, ',') || '}' as ids from page \gset
explain (analyze, buffers, costs off)
  select distinct application_id from interviews
   where application_id = any(:'ids'::int[]) and status = 'scheduled' and ends_at > now();
explain (analyze, buffers, costs off)
  select distinct application_id, status from interview_offers
   where application_id = any(:'ids'::int[]) and status in ('open','other_times');
