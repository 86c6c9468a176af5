import { format } from 'date-fns';

import { isOpen } from '@pathways/shared/opportunities/windows';
import type { WorkspaceListItem } from '@pathways/shared/workspaces/workspaces.schemas';

const day = (iso: string) => format(new Date(iso), 'd MMMM yyy');

/** "1 March 2027 to 31 March 2027", "From 1 March 2027", "No dates set". */
export function windowText(w: Pick<WorkspaceListItem, 'opensAt' | 'closesAt'>): string {
  if (w.opensAt && w.closesAt) return `${day(w.opensAt)} to ${day(w.closesAt)}`;
  if (w.opensAt) return `From ${day(w.opensAt)}`;
  if (w.closesAt) return `Until ${day(w.closesAt)}`;
  return 'No dates set';
}

/** Draft, Active, Scheduled (published later) or Ended (commenced). */
export function stateOf(w: Pick<WorkspaceListItem, 'publishedAt' | 'isActive'>, now = new Date()) {
  if (!w.publishedAt) return 'Draft';
  if (w.isActive) return 'Active';
  return new Date(w.publishedAt) > now ? 'Scheduled' : 'Ended';
}

/** What "active" means on the list of workspaces, said where the list is shown. */
export const ACTIVE_MEANING =
  'Active opportunities are published and have not commenced yet. They take applications between their opening and closing dates; once closed, you still screen their applicants until they commence.';

/**
 * Whether an active opportunity takes applications now, by the shared open-window rule:
 * "Open for applications", "Applications closed" (its closing date has passed) or "Not open
 * yet"; nothing for one that is not active.
 */
export function intakeOf(
  w: Pick<WorkspaceListItem, 'isActive' | 'opensAt' | 'closesAt'>,
  now = new Date(),
): string | null {
  if (!w.isActive) return null;
  if (isOpen(w, now)) return 'Open for applications';
  const closes = w.closesAt === null ? null : new Date(w.closesAt);
  if (closes !== null && closes <= now) return 'Applications closed';
  return 'Not open yet';
}

export const kindLabel = { job: 'Job', bursary: 'Bursary', scholarship: 'Scholarship' } as const;
