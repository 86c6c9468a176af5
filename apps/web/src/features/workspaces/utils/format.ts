import { format } from 'date-fns';

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

export const kindLabel = { job: 'Job', bursary: 'Bursary', scholarship: 'Scholarship' } as const;
