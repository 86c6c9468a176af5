import {
  MIN_GROUP_SIZE,
  SUPPRESSED_LABEL,
  formatReportedCount,
  reportCount,
  shownCount,
} from './suppression.ts';
import type { AnalyticsCell, ExplorerRow, WithheldReason } from './analytics.schemas.ts';

// The rules that stop a reader from learning the size of a small group, beyond hiding each small
// count on its own:
//
// 1. Primary suppression: a group of 1 to 4 people reads "fewer than 5" (in SQL, and here).
// 2. Complementary suppression: when a breakdown is shown with its total and exactly one of its
//    groups is hidden, the total minus the shown groups would give that group away; the smallest
//    group still shown is hidden too. Where each person is in one group, the hidden groups
//    together (the total minus the shown ones) must not be 1 to 4 people either.
// 3. Filters: an answer is withheld whole when its filters leave 1 to 4 people, or when taking
//    away any one filter (a date range, the chosen opportunities, a gender, ...) would add 1 to 4
//    people: two answers that differ by one filter would otherwise tell a small group's size.
//    The same goes for the answers next to it within one filter: a list of values (genders,
//    opportunities, institutions, ...) with one value more or one less, and the dates with
//    either end a week earlier or later.
// 4. Dates are counted in whole weeks (Monday to Sunday, UTC): moving a date by a day changes
//    nothing, so the range cannot be used to isolate one day's applicants.
// 5. Funnels: the people who stopped between two steps are the difference of the two counts, so
//    a step is shown only when it differs from every step shown before it by 0 or at least 5;
//    the first step that does not is hidden, and every step after it (see `suppressFunnel`).

/** A raw count of people in one group of a breakdown, before suppression. */
export interface RawCell {
  key: string;
  label: string;
  n: number;
}

/**
 * Complementary suppression over counts already reported (null: fewer than 5): when exactly one
 * group is hidden, the smallest group still shown that is not empty is hidden too. With `total`
 * (the people of a breakdown where each person is in one group: gender, ethnicity, a home), the
 * hidden groups together are the total minus the shown ones, itself a group: while that is 1 to
 * 4 people and a group is hidden, the smallest group still shown is hidden as well.
 */
export function complementCells<T extends { key: string; count: number | null }>(
  cells: readonly T[],
  total: number | null = null,
): T[] {
  let out = [...cells];
  const hideSmallestShown = (): boolean => {
    const next = out
      .filter((c): c is T & { count: number } => c.count !== null && c.count > 0)
      .sort((a, b) => a.count - b.count || a.key.localeCompare(b.key))[0];
    if (!next) return false;
    out = out.map((c) => (c.key === next.key ? { ...c, count: null } : c));
    return true;
  };
  if (out.filter((c) => c.count === null).length === 1) hideSmallestShown();
  // Counts are shown moved by their cells' adjustments, so a total rarely equals the sum of its
  // groups: only where a group is hidden is there anything for the difference to give away.
  if (total !== null && out.some((c) => c.count === null)) {
    const hiddenTogether = () => total - out.reduce((sum, c) => sum + (c.count ?? 0), 0);
    while (hiddenTogether() > 0 && reportCount(hiddenTogether()) === null) {
      if (!hideSmallestShown()) break;
    }
  }
  return out;
}

/** Hides small groups (primary), then one more when exactly one would be derivable. */
export function suppressCells<T extends RawCell>(
  cells: readonly T[],
): (Omit<T, 'n'> & { count: number | null })[] {
  return complementCells(cells.map(({ n, ...rest }) => ({ ...rest, count: reportCount(n) })));
}

/**
 * A funnel as analytics may show it: the people at each step, in order (null: already hidden,
 * fewer than 5). Who stopped between two shown steps is their difference, so a step is shown
 * only when it is itself shown and differs from every step shown before it by 0 or at least
 * MIN_GROUP_SIZE. The first step that fails is hidden, and so is every step after it: a hidden
 * step's people could otherwise be read off the steps around it.
 */
export function suppressFunnel(steps: readonly (number | null)[]): (number | null)[] {
  const shown: number[] = [];
  let hiding = false;
  return steps.map((n) => {
    if (hiding) return null;
    const reported = n === null ? null : reportCount(n);
    if (reported === null || shown.some((s) => reportCount(Math.abs(s - reported)) === null)) {
      hiding = true;
      return null;
    }
    shown.push(reported);
    return reported;
  });
}

/**
 * The criterion funnel as analytics may show it: the candidates counted, then what is left after
 * each step, through `suppressFunnel`; each removed count (the difference of two steps) through
 * the small-cell rule. A removed count of 1 to 4 hides the step's remaining count and all later
 * ones, so that no hidden count is the difference of two shown ones.
 */
export function suppressFunnelSteps<T extends { removed: number; remaining: number }>(
  steps: readonly T[],
): (Omit<T, 'removed' | 'remaining'> & { removed: number | null; remaining: number | null })[] {
  const start = steps.length > 0 ? steps[0]!.remaining + steps[0]!.removed : 0;
  const remaining = suppressFunnel([start, ...steps.map((s) => s.remaining)]).slice(1);
  return steps.map(({ removed, remaining: _remaining, ...rest }, i) => ({
    ...rest,
    removed: reportCount(removed),
    remaining: remaining[i] ?? null,
  }));
}

/** A criterion funnel as counted: the candidates, each requirement alone, and the steps. */
interface CountedFunnel<R, S> {
  candidates: number;
  requirements: readonly R[];
  steps: readonly S[];
}

/**
 * The criterion funnel of the eligible candidates page as it may be shown, under the same rules
 * as the analytics pages: the candidates counted through the small-cell rule; the steps through
 * `suppressFunnelSteps`; and what each requirement removes on its own as a funnel of two steps
 * (the candidates, then those left by the requirement alone), so that neither the candidates it
 * removes nor those it leaves can be a group of 1 to 4 people.
 */
export function suppressCriterionFunnel<
  R extends { unmet: number },
  S extends { removed: number; remaining: number },
>(
  funnel: CountedFunnel<R, S>,
): {
  candidates: number | null;
  requirements: (Omit<R, 'unmet'> & { unmet: number | null })[];
  steps: (Omit<S, 'removed' | 'remaining'> & {
    removed: number | null;
    remaining: number | null;
  })[];
} {
  return {
    candidates: reportCount(funnel.candidates),
    requirements: funnel.requirements.map(({ unmet, ...rest }) => ({
      ...rest,
      unmet:
        suppressFunnel([funnel.candidates, funnel.candidates - unmet])[1] === null ? null : unmet,
    })),
    steps: suppressFunnelSteps(funnel.steps),
  };
}

/**
 * The sums of the analytics keys of the people of each count of a criterion funnel: all the
 * candidates, those each requirement removes alone (in the requirements' order), and those each
 * step removes and leaves (in the steps' order).
 */
export interface FunnelKeys {
  candidates: number;
  unmet: number[];
  removed: number[];
  remaining: number[];
}

/**
 * The criterion funnel as shown: hidden by `suppressCriterionFunnel`, judged on the people
 * counted; every count it shows moved by its cell's adjustment (`shownCount`), from the sum of
 * the analytics keys of the same people.
 */
export function showCriterionFunnel<
  R extends { unmet: number },
  S extends { removed: number; remaining: number },
>(
  funnel: CountedFunnel<R, S> & { keys: FunnelKeys },
): ReturnType<typeof suppressCriterionFunnel<R, S>> {
  const { keys } = funnel;
  const hidden = suppressCriterionFunnel(funnel);
  const show = (reported: number | null, n: number, keySum: number | undefined) =>
    reported === null ? null : shownCount(n, keySum ?? 0);
  return {
    candidates: show(hidden.candidates, funnel.candidates, keys.candidates),
    requirements: hidden.requirements.map((r, i) => ({
      ...r,
      unmet: show(r.unmet, funnel.requirements[i]!.unmet, keys.unmet[i]),
    })),
    steps: hidden.steps.map((s, i) => ({
      ...s,
      removed: show(s.removed, funnel.steps[i]!.removed, keys.removed[i]),
      remaining: show(s.remaining, funnel.steps[i]!.remaining, keys.remaining[i]),
    })),
  };
}

/**
 * The answers next to one: those a reader could ask for by changing a single filter a little.
 * `sizes`: how many people each of them counts (the dates with either end moved by one week).
 * `differences`: how many people each of them adds or leaves out (one value of a list filter
 * more or less: a gender, an opportunity, an institution, ...).
 */
export interface Neighbours {
  sizes?: readonly number[];
  differences?: readonly number[];
}

const isSmall = (difference: number) => difference > 0 && difference < MIN_GROUP_SIZE;

/**
 * Whether an answer must be withheld: `n` people match every filter; `withoutEach[i]` people
 * match all filters but the i-th; `neighbours` are the answers one value or one week away (see
 * `Neighbours`). Any of them that differs from this answer by 1 to 4 people withholds it: the
 * two answers side by side would tell that small group's size.
 */
export function withheldReason(
  n: number,
  withoutEach: readonly number[],
  neighbours: Neighbours = {},
): WithheldReason | null {
  if (n > 0 && n < MIN_GROUP_SIZE) return 'small_group';
  if (withoutEach.some((wider) => isSmall(wider - n))) return 'small_difference';
  if ((neighbours.sizes ?? []).some((size) => isSmall(Math.abs(size - n)))) {
    return 'small_difference';
  }
  if ((neighbours.differences ?? []).some((d) => isSmall(Math.abs(d)))) return 'small_difference';
  return null;
}

/** A withheld breakdown: every group reads "fewer than 5"-like null, so nothing can be added up. */
export function withholdCells<T extends { count: number | null }>(cells: readonly T[]): T[] {
  return cells.map((c) => ({ ...c, count: null }));
}

/** The day ('YYYY-MM-DD') `days` after `day` (before it when negative), in UTC. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday (UTC) of the week holding `day` ('YYYY-MM-DD'). */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const offset = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - offset);
  return date.toISOString().slice(0, 10);
}

/** The Sunday (UTC) that ends the week holding `day`. */
export function weekEnd(day: string): string {
  const date = new Date(`${weekStart(day)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 6);
  return date.toISOString().slice(0, 10);
}

const csvField = (value: string) =>
  /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * The CSV of exactly what a chart and its table show: one line per group, suppressed counts as
 * "fewer than 5", and the total last.
 */
export function analyticsCsv(
  header: { dimension: string; measure: string; value?: string },
  rows: readonly (AnalyticsCell | ExplorerRow)[],
  total?: number | null,
): string {
  const withValue = header.value !== undefined;
  const lines = [
    [header.dimension, header.measure, ...(withValue ? [header.value ?? ''] : [])].map(csvField),
    ...rows.map((r) => [
      csvField(r.label),
      formatReportedCount(r.count),
      ...(withValue
        ? [
            'value' in r && r.value !== null && r.value !== undefined
              ? String(r.value)
              : r.count === null
                ? SUPPRESSED_LABEL
                : '',
          ]
        : []),
    ]),
  ];
  if (total !== undefined) {
    lines.push(['Total', formatReportedCount(total), ...(withValue ? [''] : [])]);
  }
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}
