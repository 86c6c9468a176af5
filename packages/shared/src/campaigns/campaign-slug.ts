import { appPageSegments, paths } from '../navigation/paths.ts';

// The rules for a campaign's slug (its page is /campaign/{slug}) and for a legacy alias (an old
// short path /{alias} that leads to the campaign). Both share one namespace: the public
// campaign endpoint looks a key up as an id, then a slug, then an alias.

export const SLUG_MIN_CHARS = 2;
export const SLUG_MAX_CHARS = 60;

export const slugMessages = {
  required: 'must be provided',
  tooShort: `must be at least ${SLUG_MIN_CHARS} characters`,
  tooLong: `must be at most ${SLUG_MAX_CHARS} characters`,
  characters: 'may contain only lowercase letters, digits and hyphens',
  edges: 'must start and end with a letter or a digit',
  doubleHyphen: 'must not contain two hyphens in a row',
  digitsOnly: 'must contain a letter (a number alone is read as a campaign id)',
  appPage: 'is the name of a page of the site',
  taken: 'is already taken',
} as const;

/** The first segment of every path the web app and the server answer themselves. */
function firstSegmentsOfPaths(tree: unknown, into: Set<string>): Set<string> {
  if (typeof tree === 'string') {
    const segment = tree.split(/[/?]/)[1];
    if (segment) into.add(segment.toLowerCase());
  } else if (typeof tree === 'function') {
    const call = tree as (...args: unknown[]) => unknown;
    firstSegmentsOfPaths(call('x', 'x'), into);
  } else if (tree && typeof tree === 'object') {
    for (const value of Object.values(tree)) firstSegmentsOfPaths(value, into);
  }
  return into;
}

/**
 * Words a slug or an alias can never be: every page of the app (an alias `/login` would hide
 * the login page) and the server's own prefixes.
 */
export const reservedSlugs: ReadonlySet<string> = firstSegmentsOfPaths(
  paths,
  new Set([...appPageSegments, 'api', 'assets', 'dev', 'static', 'favicon', 'robots', 'sitemap']),
);

/** What is wrong with a slug or alias, in words; null when it may be used (if not taken). */
export function slugProblem(value: string): string | null {
  if (value.length === 0) return slugMessages.required;
  if (value.length > SLUG_MAX_CHARS) return slugMessages.tooLong;
  if (/[^a-z0-9-]/.test(value)) return slugMessages.characters;
  if (value.startsWith('-') || value.endsWith('-')) return slugMessages.edges;
  if (value.includes('--')) return slugMessages.doubleHyphen;
  if (value.length < SLUG_MIN_CHARS) return slugMessages.tooShort;
  if (/^\d+$/.test(value)) return slugMessages.digitsOnly;
  if (reservedSlugs.has(value)) return slugMessages.appPage;
  return null;
}

/**
 * A slug suggested from a campaign's name: accents dropped, lowercase, anything else between
 * words becomes one hyphen, cut at a word within the length limit. "Bursaries 2027: Engineering
 * & IT" gives "bursaries-2027-engineering-it". A name that gives nothing usable (only symbols,
 * only digits, a page of the site) gets a `campaign-` prefix (or is `new-campaign`), so the suggestion always passes
 * the rules.
 */
export function suggestSlug(name: string): string {
  let slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length > SLUG_MAX_CHARS) {
    const cut = slug.slice(0, SLUG_MAX_CHARS + 1);
    const lastHyphen = cut.lastIndexOf('-');
    slug = (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, SLUG_MAX_CHARS)).replace(
      /-+$/,
      '',
    );
  }
  if (slugProblem(slug) === null) return slug;
  const prefixed = `campaign-${slug}`
    .replace(/-+$/, '')
    .slice(0, SLUG_MAX_CHARS)
    .replace(/-+$/, '');
  return slugProblem(prefixed) === null ? prefixed : 'new-campaign';
}
