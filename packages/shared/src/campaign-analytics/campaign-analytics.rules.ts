// Pure rules of campaign analytics: the weeks shown, the small-cell rule over a series with its
// total, and the conversion between two steps.

import { suppressFunnel } from '../analytics/analytics.rules.ts';
import { MIN_GROUP_SIZE, reportCount, type ReportedCount } from '../analytics/suppression.ts';

const DAY_MS = 86_400_000;

/** The Monday (UTC) that starts the week of `at`, YYYY-MM-DD (weeks run Monday to Sunday). */
export function weekOf(at: Date): string {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** `count` consecutive Mondays ending with the week of `at`, oldest first. */
export function weeksEndingAt(at: Date, count: number): string[] {
  const last = Date.parse(`${weekOf(at)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

export interface SuppressedSeries {
  /** Each part's reported count, in the order given. */
  parts: ReportedCount[];
  /** The whole's reported count. */
  total: ReportedCount;
}

/**
 * Reports a whole (`total` = the sum of `parts`) and its parts so that no group of fewer than
 * MIN_GROUP_SIZE people can be read, not even by subtraction. Each part of 1 to 4 is hidden;
 * when the hidden parts add up to 1 to 4 people, the total minus the shown parts would reveal
 * them, so the smallest shown parts are hidden too until the hidden people number at least
 * MIN_GROUP_SIZE. A whole of 1 to 4 hides itself and every part. Zeros stay shown: that
 * nobody came reveals nothing about anybody.
 */
export function suppressSeries(
  parts: readonly number[],
  /** Parts hidden for another reason (a funnel): they count as hidden like small ones. */
  hide: readonly boolean[] = [],
): SuppressedSeries {
  const total = parts.reduce((sum, n) => sum + n, 0);
  const reported: ReportedCount[] = parts.map((n, i) => (hide[i] && n > 0 ? null : reportCount(n)));
  const reportedTotal = reportCount(total);
  if (reportedTotal === null) return { parts: parts.map((n) => (n === 0 ? 0 : null)), total: null };
  let hidden = parts.reduce((sum, n, i) => (reported[i] === null ? sum + n : sum), 0);
  while (hidden > 0 && hidden < MIN_GROUP_SIZE) {
    // The smallest part still shown (the earliest of equals), never a zero.
    let pick = -1;
    parts.forEach((n, i) => {
      if (reported[i] !== null && n > 0 && (pick === -1 || n < parts[pick]!)) pick = i;
    });
    // A total of at least MIN_GROUP_SIZE with fewer hidden always leaves a shown part.
    if (pick === -1) return { parts: parts.map((n) => (n === 0 ? 0 : null)), total: null };
    reported[pick] = null;
    hidden += parts[pick]!;
  }
  return { parts: reported, total: reportedTotal };
}

/**
 * A campaign's two steps of people, sign-ups and the applicants among them, each a series of
 * weeks with its total, reported so that neither a small group nor the difference of two shown
 * counts of 1 to 4 can be read: sign-ups minus applicants are the people who signed up and did
 * not apply. The totals go through the funnel rule (`suppressFunnel`): when the applicants are
 * 1 to 4 fewer than the sign-ups shown, the applicants' total and every week of it are hidden
 * (an empty week stays 0). A week whose applicants differ from its shown sign-ups by 1 to 4 is
 * hidden too, and then the applicants' series hides more weeks as its small-cell rule requires.
 */
export function suppressCampaignFunnel(
  signUps: readonly number[],
  applicants: readonly number[],
): { signUps: SuppressedSeries; applicants: SuppressedSeries } {
  const people = suppressSeries(signUps);
  const sum = applicants.reduce((a, n) => a + n, 0);
  const [, total] = suppressFunnel([people.total, sum]);
  if (total === null && sum > 0) {
    return {
      signUps: people,
      applicants: { parts: applicants.map((n) => (n === 0 ? 0 : null)), total: null },
    };
  }
  const hide = applicants.map((n, i) => {
    const shown = people.parts[i];
    return shown !== null && shown !== undefined && suppressFunnel([shown, n])[1] === null;
  });
  return { signUps: people, applicants: suppressSeries(applicants, hide) };
}

/**
 * The share of `from` that reached `to` (sign-ups per visit, applicants per sign-up), or null
 * when either side is hidden or nothing came in. A rate of two shown counts reveals nothing
 * that the counts do not.
 */
export function conversion(to: ReportedCount, from: ReportedCount): number | null {
  if (to === null || from === null || from === 0) return null;
  return to / from;
}

/** A conversion as a reader sees it: "12.5%", or "–" when there is none. */
export function formatConversion(rate: number | null): string {
  if (rate === null) return '–';
  const percent = rate * 100;
  return `${percent >= 10 || percent === 0 ? Math.round(percent) : percent.toFixed(1)}%`;
}
