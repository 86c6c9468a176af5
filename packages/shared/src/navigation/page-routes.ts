/**
 * The path patterns of the web app's pages, as its router declares them (`:name` is one
 * segment). The web app's route table takes its paths from this list, and the server answers
 * 404 for any path none of them matches, so a browser, a search engine and a monitor agree on
 * which addresses are pages.
 */
export const pagePatterns = [
  // Public
  '/',
  '/candidate/signup',
  '/employers',
  '/listings/:id',
  '/login',
  '/password_reset',
  '/candidate/password_reset/:token',
  '/client/password_reset/:token',
  '/candidate/confirm_email/:token',
  '/client/confirm_email/:token',
  '/candidate/auth/:provider',
  '/unsubscribe',
  '/interview-links/:token',
  '/feedback-links/:token',
  '/campaign/:slug',
  '/organizations/:id',
  '/organizations/:id/:name',
  '/opportunities',
  '/opportunities/:id',
  '/opportunities/:id/:name',
  '/404',

  // Any signed-in role
  '/dashboard',

  // Candidate only
  '/candidate/account',
  '/candidate/applications/:id',
  '/candidate/opportunities/:id/apply',
  '/candidate/profile',
  '/candidate/documents',
  '/candidate/messages',

  // Client only
  '/client/campaigns',
  '/client/opportunities',
  '/client/opportunities/:id',
  '/client/opportunities/:id/applications',
  '/client/opportunities/:id/applications/:appId',
  '/client/opportunities/:id/eligibilities',
  '/client/organization',
  '/client/users',
  '/client/integrations',
  '/client/messages',
  '/client/applications',
  '/client/analytics',
  '/client/analytics/explorer',
  '/client/analytics/campaigns',
  '/client/shared_candidates',
  '/client/interviews',
] as const;

export type PagePattern = (typeof pagePatterns)[number];

/**
 * Pages that a link of someone's e-mail opens, its token in the path: they are never indexed
 * and never send their address to another site (the token is the key to what they show).
 */
export const isPrivateLinkPage = (pathname: string): boolean =>
  /^\/+(?:interview|feedback)-links\//i.test(pathname);

/** The page that says a page was not found: it answers 404 like any unknown path. */
export const notFoundPattern = '/404' satisfies PagePattern;

const escapeRegExp = (text: string) => text.replace(/[\\.*+^${}|()[\]?]/g, '\\$&');

/**
 * A pattern as the router reads it: its segments literally, each `:name` one non-empty
 * segment, any number of trailing slashes, letters in either case.
 */
const compiled: [PagePattern, RegExp][] = pagePatterns.map((pattern) => {
  const source = pattern
    .replace(/^\/*/, '/')
    .replace(/\/*$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  return [pattern, new RegExp(`^${source}/*$`, 'i')];
});

/** Each segment decoded as the router decodes it (an encoded `/` stays within its segment). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * The pattern of the page at an address (a path, with or without its query and fragment),
 * or undefined when no page of the app is there.
 */
export function matchPage(address: string): PagePattern | undefined {
  const pathname = decodePath(address.replace(/[?#].*$/s, ''));
  return compiled.find(([, pattern]) => pattern.test(pathname))?.[0];
}

/** Whether an address is a page of the app other than the not-found page. */
export function isAppPage(address: string): boolean {
  const pattern = matchPage(address);
  return pattern !== undefined && pattern !== notFoundPattern;
}
