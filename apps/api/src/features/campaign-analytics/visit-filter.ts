import type { IncomingHttpHeaders } from 'node:http';

// Which reports of a campaign page view are counted. Only the headers of the request are read,
// and nothing of them is kept: the count is all that is stored.

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
