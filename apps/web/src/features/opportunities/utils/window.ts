import type { OpportunityListItem } from '@pathways/shared/opportunities/opportunities.schemas';
import { isClosed } from '@pathways/shared/opportunities/windows';

import { formatDate } from './format';

/** The dates and the server's verdict that place an opportunity in its open window. */
export type OpportunityWindow = Pick<OpportunityListItem, 'isOpen' | 'opensAt' | 'closesAt'>;

/**
 * Where an opportunity stands in its open window. Open is the server's verdict (the shared
 * window rule, evaluated when the page was served); otherwise it opens later (`upcoming`), its
 * closing moment has passed (`closed`), or it takes no applications for another reason, such as
 * having no opening date (`unavailable`).
 */
export type WindowState = 'open' | 'upcoming' | 'closed' | 'unavailable';

export function windowState(opportunity: OpportunityWindow, now: Date = new Date()): WindowState {
  if (opportunity.isOpen) return 'open';
  if (opportunity.opensAt && new Date(opportunity.opensAt) > now) return 'upcoming';
  if (isClosed(opportunity, now)) return 'closed';
  return 'unavailable';
}

/**
 * Where an opportunity stands in its open window, in words. `brief` fits a card: "Closes 3
 * December 2026", "Opens 1 January 2027", "Closed 2 November 2026", "Open". `full` is a sentence
 * for the opportunity's own page: "Open for applications until 3 December 2026", "Applications
 * open on 1 January 2027", "Applications closed on 2 November 2026", "Open for applications".
 */
export function windowLine(
  opportunity: OpportunityWindow,
  now: Date = new Date(),
  style: 'brief' | 'full' = 'full',
): string {
  const brief = style === 'brief';
  const { opensAt, closesAt } = opportunity;
  switch (windowState(opportunity, now)) {
    case 'open':
      if (!closesAt) return brief ? 'Open' : 'Open for applications';
      return `${brief ? 'Closes' : 'Open for applications until'} ${formatDate(closesAt)}`;
    case 'upcoming':
      return `${brief ? 'Opens' : 'Applications open on'} ${formatDate(opensAt!)}`;
    case 'closed':
      return `${brief ? 'Closed' : 'Applications closed on'} ${formatDate(closesAt!)}`;
    default:
      return 'Not open for applications';
  }
}
