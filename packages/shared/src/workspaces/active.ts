// Which of an organization's opportunities are its active workspaces, and in what order a
// client user sees them. The API lists them with an SQL condition that a test holds equal to
// these pure rules, so the list, the drawer and any badge agree.
import { compareOpensAtNewestFirst, isActive, type Moment } from '../opportunities/windows.ts';

/**
 * Active: published in the past, and either no commencement date or a commencement in the
 * future. Drafts (no `publishedAt`) are never active.
 */
export const isActiveWorkspace = isActive;

/** Primary users see their workspaces by `opensAt`, newest first (unset last, then newest id). */
export const comparePrimaryWorkspaces = compareOpensAtNewestFirst;

/** Other client users see the workspaces they manage by name (then id, for a stable order). */
export function compareManagedWorkspaces(
  a: { name: string; id: number },
  b: { name: string; id: number },
): number {
  const byName = a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
  return byName !== 0 ? byName : a.id - b.id;
}

export type { Moment };
