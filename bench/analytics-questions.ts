// The questions the analytics pages ask, and how the analytics benchmarks time them: shared by
// bench/analytics.ts (its own 100 000 applications) and bench/analytics-scale.ts (the national
// data set's organization of 114 000).
//
// The questions: the overview of /client/analytics (as it opens, over the last 13 weeks, for one
// opportunity), the criterion funnel of its opportunity card, and the explorer of
// /client/analytics/explorer: every measure by every dimension it can be broken down by, without
// filters, with the period and one opportunity, and with two filters of the person (two genders,
// complete applications).
//
// Each question is asked through the analytics service (scope, statements, the rules in
// TypeScript; no HTTP) by this version ("after") and, with BEFORE_DIR, by the service of another
// checkout of the project ("before": `git archive <commit> | tar -x -C dir`, with a node_modules
// of links to this worktree's, its own `@pathways` packages linked to its own folders), one call
// each in turn on the same database, so both meet the same load. Then the same question over
// HTTP (this version, in process: route, authorization, the response's schema check), unless
// HTTP=0. ONLY=<part of a question's name> asks those questions; RUNS=<n> the runs of each.
// A benchmark is not a test: it reports, it never fails on a time.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import {
  analyticsMeasures,
  dimensionsOf,
  type ApplicantsAnalyticsQuery,
  type ExplorerQuery,
} from '@pathways/shared/analytics/analytics.schemas';
import type { FastifyInstance } from 'fastify';

import type {
  AnalyticsDeps,
  createAnalyticsService,
} from '../apps/api/src/features/analytics/analytics.service.ts';
import type { Actor } from '../apps/api/src/plugins/access.ts';
import { bearer } from '../apps/api/src/test/build-app.ts';
import { median, p95 } from './stats.ts';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

export interface Question {
  name: string;
  ask: (service: AnalyticsService, actor: Actor) => Promise<unknown>;
  /** The same question over HTTP: the path under /api/client/organization/analytics/. */
  path: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

const queryString = (query: Record<string, unknown>) =>
  Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    .join('&');

/**
 * Every question the analytics pages ask of an organization: `opportunityId` is the opportunity
 * the one-opportunity questions choose, `today` the end of the period of the last 13 weeks.
 */
export function analyticsQuestions(opportunityId: number, today: Date): Question[] {
  const from = day(new Date(today.getTime() - 13 * 7 * 86_400_000));
  const to = day(today);
  const overview = (name: string, query: ApplicantsAnalyticsQuery): Question => ({
    name: `overview${name}`,
    ask: (s, actor) => s.applicants(actor, query),
    path: `applicants?${queryString(query)}`,
  });
  const filterSets: { name: string; filters: Partial<ExplorerQuery> }[] = [
    { name: '', filters: {} },
    { name: ', 13 weeks + 1 opportunity', filters: { from, to, opportunities: [opportunityId] } },
    { name: ', 2 genders + complete', filters: { genders: ['female', 'male'], complete: true } },
  ];
  const explorer: Question[] = filterSets.flatMap(({ name, filters }) =>
    analyticsMeasures.flatMap((measure) =>
      dimensionsOf(measure).map((dimension): Question => {
        const query = { measure, dimension, ...filters } as ExplorerQuery;
        return {
          name: `explore ${measure} × ${dimension}${name}`,
          ask: (s, actor) => s.explore(actor, query),
          path: `explore?${queryString(query)}`,
        };
      }),
    ),
  );
  return [
    overview('', {}),
    overview(', 13 weeks', { from, to }),
    overview(', 1 opportunity', { opportunities: [opportunityId] }),
    {
      name: 'criteria of 1 opportunity',
      ask: (s, actor) => s.criteria(actor, opportunityId),
      path: `criteria?opportunity=${opportunityId}`,
    },
    ...explorer,
  ];
}

/** The analytics service of the checkout in BEFORE_DIR, on this version's database, if set. */
export async function serviceBefore(deps: AnalyticsDeps): Promise<AnalyticsService | undefined> {
  const dir = process.env.BEFORE_DIR;
  if (!dir) return undefined;
  const path = join(dir, 'apps/api/src/features/analytics/analytics.service.ts');
  if (!existsSync(path)) throw new Error(`no analytics service in ${dir}`);
  const older = (await import(path)) as { createAnalyticsService: typeof createAnalyticsService };
  return older.createAnalyticsService(deps);
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const one = (xs: number[]) => `${ms(median(xs))} / ${ms(p95(xs))}`;

/**
 * Asks each question (those whose name contains ONLY) once to warm up, then `runs` times: before
 * and after in turn, then over HTTP; prints a table row per question as it finishes.
 */
export async function timeQuestions(options: {
  questions: Question[];
  actor: Actor;
  after: AnalyticsService;
  before?: AnalyticsService | undefined;
  app: FastifyInstance;
  token: string;
  runs: number;
}): Promise<void> {
  const { actor, after, before, app, token, runs } = options;
  const overHttp = process.env.HTTP !== '0';
  const questions = options.questions.filter((q) => q.name.includes(process.env.ONLY ?? ''));
  const http = async (path: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/client/organization/analytics/${path}`,
      headers: bearer(token),
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  };
  const timed = async (run: () => Promise<unknown>) => {
    const start = performance.now();
    await run();
    return performance.now() - start;
  };
  console.log(
    `\n${questions.length} questions, ${runs} runs of each after one warm-up${before ? ', before and after in turn' : ''}; median / p95; load: the one-minute average as each question's runs began\n`,
  );
  const head = [
    'question',
    'load',
    ...(before ? ['before', 'after', 'after / before'] : ['median / p95']),
    ...(overHttp ? ['over HTTP'] : []),
  ];
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const q of questions) {
    const load = loadavg()[0]!.toFixed(1);
    const times = { before: [] as number[], after: [] as number[], http: [] as number[] };
    if (before) await q.ask(before, actor);
    await q.ask(after, actor);
    if (overHttp) await http(q.path);
    for (let i = 0; i < runs; i++) {
      if (before) times.before.push(await timed(() => q.ask(before, actor)));
      times.after.push(await timed(() => q.ask(after, actor)));
      if (overHttp) times.http.push(await timed(() => http(q.path)));
    }
    const cells = [
      q.name,
      load,
      ...(before
        ? [
            one(times.before),
            one(times.after),
            (median(times.after) / median(times.before)).toFixed(2),
          ]
        : [one(times.after)]),
      ...(overHttp ? [one(times.http)] : []),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(
    `\nLoad at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}
