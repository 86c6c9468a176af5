import type { IncomingHttpHeaders } from 'node:http';

import type { Role } from '@pathways/shared/auth/auth.schemas';

// Which reports of a campaign page view are counted. Only the headers of the request (and, when
// the browser sends one, who its bearer token names) are read, and nothing of them is kept: the
// count is all that is stored.

/**
 * Crawlers, link previewers, uptime checkers, headless browsers and HTTP libraries announce
 * themselves in their user agent; their views are not people's.
 */
const AUTOMATED =
  /bot[/;)]|\bbot\b|robot|crawl|spider|slurp|scrap|fetch|preview|monitor|lighthouse|headless|phantom|puppeteer|playwright|selenium|facebookexternalhit|embedly|whatsapp|telegram|curl\/|wget\/|python-|httpclient|okhttp|axios\/|node-fetch|undici|go-http|java\//i;

/**
 * Whether a reported view of a campaign page counts as a visit:
 * - a browser sent it (a user agent that names no automation);
 * - not a prefetch or prerender (`Sec-Purpose` / `Purpose` headers): the page was really shown;
 * - from the product's own pages (`Sec-Fetch-Site`, when the browser sends it, is same-origin),
 *   so another site cannot add views for its visitors.
 */
export function isCountableView(headers: IncomingHttpHeaders): boolean {
  const agent = headers['user-agent'];
  if (typeof agent !== 'string' || agent.trim() === '' || AUTOMATED.test(agent)) return false;
  const purpose = `${String(headers['sec-purpose'] ?? '')} ${String(headers.purpose ?? '')}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  return true;
}

/** Who reported a view, as far as counting cares: nobody (a guest), or a user and their organization. */
export interface VisitViewer {
  role: Role;
  /** The organization of a client user; null for anyone else. */
  organizationId: number | null;
}

/**
 * Whether a view is the campaign's own people looking at their page: a client user of the
 * organization that runs the campaign. They check their page often, and their views would
 * inflate its visits, so they are not counted. A guest, a candidate, an admin and a client of
 * another organization are visitors like any other.
 */
export function isOwnOrganizationView(
  viewer: VisitViewer | null,
  campaignOrganizationId: number,
): boolean {
  return (
    viewer !== null &&
    viewer.role === 'client' &&
    viewer.organizationId !== null &&
    viewer.organizationId === campaignOrganizationId
  );
}
