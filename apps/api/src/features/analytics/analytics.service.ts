import {
  addDays,
  complementCells,
  suppressFunnel,
  weekEnd,
  weekStart,
  withheldReason,
  type Neighbours,
} from '@pathways/shared/analytics/analytics.rules';
import type {
  AnalyticsCell,
  AnalyticsDimension,
  AnalyticsMeasure,
  ApplicantsAnalytics,
  ApplicantsAnalyticsQuery,
  CriteriaAnalytics,
  ExplorerQuery,
  ExplorerResult,
  ExplorerRow,
  PhaseFunnel,
} from '@pathways/shared/analytics/analytics.schemas';
import { ethnicityLabels, genderLabels } from '@pathways/shared/profile/profile.schemas';

import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../../plugins/access.ts';
import { createClientEligibilitiesService } from '../eligibility/index.ts';

import { clientScopeOf } from '../../access/index.ts';
import {
  reading,
  withOpportunities,
  type AnalyticsScope,
  type NamedCondition,
} from './analytics.builder.ts';
import {
  dateNeighbours,
  filterConditions,
  opportunityCondition,
  rangeConditions,
} from './analytics.filters.ts';
import { breakdownsApart } from './breakdowns.repository.ts';
import type { BreakdownRow } from './dimensions.sql.ts';
import { phaseFunnels, phasePositions } from './funnels.repository.ts';
import { listDifferences, populationSizes } from './sizes.repository.ts';

// Analytics for client users: counts of people in the opportunities they see (the whole
// organization for a primary user, their workspaces for anyone else), every count through the
// small-cell rule and moved by its cell's adjustment (cell-key perturbation, worked out in SQL).
// An answer whose filters would single out a small group is withheld whole (see the rules in
// the shared analytics.rules.ts); that is judged on the people counted, before any adjustment.

interface Sizes {
  /** The people the answer counts, for judging it; never shown as such. */
  n: number;
  /** The same people as the answer shows them: through the small-cell rule and their cell key. */
  shown: number | null;
  withoutEach: number[];
  neighbours: Neighbours;
}

export type AnalyticsDeps = Pick<FeatureDeps, 'db' | 'now' | 'mailer' | 'log' | 'config'>;

const NOT_STATED = 'Not stated';
const enumLabels: Partial<Record<AnalyticsDimension, Record<string, string>>> = {
  gender: { ...genderLabels, not_stated: NOT_STATED },
  ethnicity: { ...ethnicityLabels, not_stated: NOT_STATED },
  disability: { yes: 'Yes', no: 'No', not_stated: NOT_STATED },
};

/** Dates count in whole weeks (Monday to Sunday, UTC), so a day more or less reveals nothing. */
function wholeWeeks(range: { from?: string | undefined; to?: string | undefined }) {
  return {
    ...(range.from ? { from: weekStart(range.from) } : {}),
    ...(range.to ? { to: weekEnd(range.to) } : {}),
  };
}

/** Every week from the first to the last, the weeks nobody was counted in as 0. */
function fillWeeks(rows: ExplorerRow[], range: { from?: string; to?: string }): ExplorerRow[] {
  const keys = rows.map((r) => r.key).sort();
  const first = range.from ?? keys[0];
  const last = range.to ? weekStart(range.to) : keys.at(-1);
  if (!first || !last) return rows;
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out: ExplorerRow[] = [];
  // At most ten years of weeks: a wider range is shown from its last ten years.
  let week = first < addDays(last, -3650) ? weekStart(addDays(last, -3650)) : first;
  for (; week <= last; week = addDays(week, 7)) {
    out.push(byKey.get(week) ?? { key: week, label: week, count: 0, value: null });
  }
  return out;
}

const byCountThenLabel = (a: ExplorerRow, b: ExplorerRow) =>
  (b.count ?? -1) - (a.count ?? -1) || a.label.localeCompare(b.label);

/**
 * Breakdowns where each person is in one group (their gender, their ethnicity, whether they
 * reported a disability, the place of their home): the total minus the shown groups is the
 * hidden groups together.
 */
const ONE_GROUP_PER_PERSON: ReadonlySet<AnalyticsDimension> = new Set([
  'gender',
  'ethnicity',
  'disability',
  'province',
  'city',
]);

/**
 * The rows of one dimension as shown: labelled, ordered, and complemented. `people` is the
 * number of people the answer counts (its total), for breakdowns of people.
 */
function present(
  dimension: AnalyticsDimension,
  rows: BreakdownRow[],
  range: { from?: string; to?: string },
  withValue: boolean,
  people: number | null,
): ExplorerRow[] {
  const labels = enumLabels[dimension];
  let cells: ExplorerRow[] = rows
    .filter((r) => r.dimension === dimension)
    .map((r) => ({
      key: r.key,
      label: labels ? (labels[r.key] ?? r.key) : r.label,
      count: r.count,
      value: withValue && r.count !== null ? r.value : null,
    }));
  cells = dimension === 'week' ? fillWeeks(cells, range) : cells.sort(byCountThenLabel);
  const total = people !== null && ONE_GROUP_PER_PERSON.has(dimension) ? people : null;
  return complementCells(cells, total).map((c) => ({
    ...c,
    value: c.count === null || c.value == null ? null : Math.round(c.value * 10) / 10,
  }));
}

const cellsOf = (rows: ExplorerRow[]): AnalyticsCell[] =>
  rows.map(({ key, label, count }) => ({ key, label, count }));

const OVERVIEW_DIMENSIONS = [
  'week',
  'opportunity',
  'province',
  'city',
  'institution',
  'qualificationType',
  'gender',
  'ethnicity',
  'disability',
] as const satisfies readonly AnalyticsDimension[];

/**
 * Time in phase by phase counts the people who stayed in each phase: each workspace's phases
 * in pipeline order are a funnel, and go through the funnel rule like the overview's.
 */
function asFunnels(
  rows: BreakdownRow[],
  positions: { phaseId: number; opportunityId: number; position: number }[],
): BreakdownRow[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const pipelines = new Map<number, { phaseId: number; position: number }[]>();
  for (const p of positions)
    pipelines.set(p.opportunityId, [...(pipelines.get(p.opportunityId) ?? []), p]);
  const shown = new Map<string, number | null>();
  for (const pipeline of pipelines.values()) {
    const keys = pipeline.sort((a, b) => a.position - b.position).map((p) => String(p.phaseId));
    const counts = suppressFunnel(keys.map((k) => byKey.get(k)?.count ?? 0));
    keys.forEach((k, i) => shown.set(k, counts[i] ?? null));
  }
  return rows.map((r) => {
    if (!shown.has(r.key)) return r;
    const count = shown.get(r.key) ?? null;
    return { ...r, count, value: count === null ? null : r.value };
  });
}

export function createAnalyticsService(deps: AnalyticsDeps) {
  const { db } = deps;
  const eligibilities = createClientEligibilitiesService(deps);

  /**
   * How many people the answer counts (and, with filters, how many each filter removes, and how
   * many the answers next to it count: the dates a week wider or narrower at either end, a list
   * with a value more or less; the differencing check) and the breakdowns. Without filters there
   * is nothing to difference, and a breakdown of applications, eligibilities or invitations
   * finds the distinct people anyway: its statement counts them too, so the population is read
   * once. The stays of time in phase are not grouped by person: their people are counted beside
   * them, on a connection of their own. The differences of the lists are one statement more,
   * beside the others, only when a list is chosen.
   */
  async function sizesAndBreakdowns(
    measure: AnalyticsMeasure,
    scope: AnalyticsScope,
    conditions: NamedCondition[],
    dimensions: readonly AnalyticsDimension[],
    range: { from?: string; to?: string },
  ): Promise<[Sizes, BreakdownRow[]]> {
    if (conditions.length === 0 && measure !== 'timeInPhase') {
      const rows = await breakdownsApart(db, measure, scope, conditions, dimensions, true);
      const total = rows.find((r) => r.dimension === 'total');
      const shown = total ? total.value : 0;
      return [{ n: total?.count ?? 0, shown, withoutEach: [], neighbours: {} }, rows];
    }
    const [sizes, differences, rows] = await Promise.all([
      reading(db, (tx) => populationSizes(tx, measure, scope, conditions, dateNeighbours(range))),
      conditions.some((c) => c.list)
        ? reading(db, (tx) => listDifferences(tx, measure, scope, conditions))
        : Promise.resolve([]),
      breakdownsApart(db, measure, scope, conditions, dimensions),
    ]);
    return [
      {
        n: sizes.n,
        shown: sizes.shown,
        withoutEach: sizes.withoutEach,
        neighbours: { sizes: sizes.neighbours, differences },
      },
      rows,
    ];
  }

  return {
    /** `GET client/organization/analytics/applicants`: the overview of /client/analytics. */
    async applicants(actor: Actor, query: ApplicantsAnalyticsQuery): Promise<ApplicantsAnalytics> {
      const scope = await withOpportunities(db, await clientScopeOf(db, actor));
      const range = wholeWeeks(query);
      const conditions = [...rangeConditions(range), ...opportunityCondition(query.opportunities)];
      // The counts are asked for at once, on their own connections, and thrown away unread
      // when the answer is withheld: the call takes as long as its slowest statement.
      const [[sizes, rows], phases] = await Promise.all([
        sizesAndBreakdowns('applicants', scope, conditions, OVERVIEW_DIMENSIONS, range),
        reading(db, (tx) => phaseFunnels(tx, scope, conditions, query.opportunities)),
      ]);
      const withheld = withheldReason(sizes.n, sizes.withoutEach, sizes.neighbours);
      const empty: ApplicantsAnalytics = {
        scope: scope.primary ? 'organization' : 'workspaces',
        withheld,
        total: null,
        weekly: [],
        funnels: [],
        opportunities: [],
        provinces: [],
        cities: [],
        institutions: [],
        qualificationTypes: [],
        genders: [],
        ethnicities: [],
        disability: [],
      };
      if (withheld) return empty;
      const of = (d: AnalyticsDimension) => cellsOf(present(d, rows, range, false, sizes.shown));
      const funnels = new Map<number, PhaseFunnel>();
      for (const p of phases) {
        const funnel = funnels.get(p.opportunityId) ?? {
          opportunityId: p.opportunityId,
          name: p.opportunityName,
          steps: [],
        };
        funnel.steps.push({
          phaseId: p.phaseId,
          name: p.phaseName,
          reached: p.reached,
          medianDays: p.medianDays,
        });
        funnels.set(p.opportunityId, funnel);
      }
      // Who stopped at a phase is the difference of two steps: the funnel rule hides the rest.
      // The opportunity's applicants, as its breakdown shows them, come first: applications
      // that never entered the first phase would otherwise be a difference too, and a first
      // step equal to a hidden opportunity count would show that count.
      const opportunities = of('opportunity');
      const applicantsOf = new Map(opportunities.map((c) => [c.key, c.count]));
      for (const funnel of funnels.values()) {
        const applicants = applicantsOf.get(String(funnel.opportunityId)) ?? 0;
        const reached = suppressFunnel([applicants, ...funnel.steps.map((s) => s.reached)]).slice(
          1,
        );
        funnel.steps = funnel.steps.map((s, i) => {
          const shown = reached[i] ?? null;
          return { ...s, reached: shown, medianDays: shown === null ? null : s.medianDays };
        });
      }
      return {
        ...empty,
        total: sizes.shown,
        weekly: of('week'),
        funnels: [...funnels.values()],
        opportunities,
        provinces: of('province'),
        cities: of('city'),
        institutions: of('institution'),
        qualificationTypes: of('qualificationType'),
        genders: of('gender'),
        ethnicities: of('ethnicity'),
        disability: of('disability'),
      };
    },

    /** `GET client/organization/analytics/explore`: one measure by one dimension, filtered. */
    async explore(actor: Actor, query: ExplorerQuery): Promise<ExplorerResult> {
      const scope = await withOpportunities(db, await clientScopeOf(db, actor));
      const range = wholeWeeks(query);
      const conditions = [
        ...rangeConditions(range),
        ...opportunityCondition(query.opportunities),
        ...filterConditions(query),
      ];
      const { measure, dimension } = query;
      const [[sizes, found], positions] = await Promise.all([
        sizesAndBreakdowns(measure, scope, conditions, [dimension], range),
        measure === 'timeInPhase' && dimension === 'phase'
          ? phasePositions(db, scope)
          : Promise.resolve([]),
      ]);
      const withheld = withheldReason(sizes.n, sizes.withoutEach, sizes.neighbours);
      if (withheld) return { measure, dimension, withheld, total: null, rows: [] };
      const rows = positions.length > 0 ? asFunnels(found, positions) : found;
      return {
        measure,
        dimension,
        withheld: null,
        total: sizes.shown,
        rows: present(
          dimension,
          rows,
          range,
          measure === 'timeInPhase',
          // Stays in a phase are not people: only breakdowns of people go by the total.
          measure === 'timeInPhase' ? null : sizes.shown,
        ),
      };
    },

    /**
     * `GET client/organization/analytics/criteria`: the criterion funnel of the eligible
     * candidates page, for an opportunity the user manages, with every count suppressed.
     */
    async criteria(actor: Actor, opportunityId: number): Promise<CriteriaAnalytics> {
      // The eligibility feature answers its funnel already under the analytics rules.
      const funnel = await eligibilities.funnel(actor, opportunityId);
      return {
        candidates: funnel.candidates,
        steps: funnel.steps.map(({ id, description, removed, remaining }) => ({
          id,
          description,
          removed,
          remaining,
        })),
      };
    },
  };
}
