// When an opportunity is open for applications, and when it is active.
// Pure rules used by the API (search, applying) and the web app alike. Moments are Dates or
// ISO strings (as they arrive in JSON); null or absent means "not set".

/** A moment as it arrives: a Date, an ISO string, or nothing. */
export type Moment = Date | string | null | undefined;

/** The dates an opportunity's open window is made of. */
export interface OpportunityWindow {
  opensAt: Moment;
  closesAt: Moment;
  commencesAt?: Moment;
}

/** The dates that make an opportunity active. */
export interface OpportunityActivity {
  publishedAt: Moment;
  commencesAt: Moment;
}

function timeOf(moment: Moment): number | null {
  if (moment === null || moment === undefined) return null;
  const time = moment instanceof Date ? moment.getTime() : Date.parse(moment);
  return Number.isNaN(time) ? null : time;
}

/**
 * Open: `opensAt` is before now, and the end of the window (`closesAt`, or `commencesAt` when
 * `useCommencement` is asked for) is after now. An opportunity that has no opening date is
 * not open; one without an end date stays open (rolling intake).
 */
export function isOpen(
  opportunity: OpportunityWindow,
  now: Date,
  options: { useCommencement?: boolean } = {},
): boolean {
  const at = now.getTime();
  const opens = timeOf(opportunity.opensAt);
  if (opens === null || !(opens < at)) return false;
  const ends = timeOf(options.useCommencement ? opportunity.commencesAt : opportunity.closesAt);
  return ends === null || ends > at;
}

/**
 * Closed: its closing moment is set and has come (at or before now). Whatever is not closed is
 * open or still to open, and is what a search lists unless closed ones are asked for. One without
 * a closing date never closes; `isOpen` implies not closed.
 */
export function isClosed(opportunity: Pick<OpportunityWindow, 'closesAt'>, now: Date): boolean {
  const closes = timeOf(opportunity.closesAt);
  return closes !== null && closes <= now.getTime();
}

/**
 * Active: published in the past, and either no commencement date or a commencement in the
 * future. Drafts (no `publishedAt`) are never active.
 */
export function isActive(opportunity: OpportunityActivity, now: Date): boolean {
  const at = now.getTime();
  const published = timeOf(opportunity.publishedAt);
  if (published === null || !(published < at)) return false;
  const commences = timeOf(opportunity.commencesAt);
  return commences === null || commences > at;
}

/** Active opportunities are listed by `opensAt`, newest first (unset last). */
export function compareOpensAtNewestFirst(
  a: { opensAt: Moment; id?: number },
  b: { opensAt: Moment; id?: number },
): number {
  const ta = timeOf(a.opensAt);
  const tb = timeOf(b.opensAt);
  if (ta !== tb) {
    if (ta === null) return 1;
    if (tb === null) return -1;
    return tb - ta;
  }
  return (b.id ?? 0) - (a.id ?? 0);
}
