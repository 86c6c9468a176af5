// First, before any schema is used.
import './config/zod';

import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';

import { AppProvider } from './app/provider';
import { parseRouteId } from './app/remote-page';
import { AppRoutes } from './app/router';
import {
  fetchOpportunity,
  opportunityQueryKey,
} from './features/opportunities/api/get-opportunity';
import {
  opportunitySearchQueryKey,
  searchOpportunities,
} from './features/opportunities/api/search-opportunities';
import { featuredQuery } from './features/opportunities/components/featured-opportunities';
import { fetchCampaign, campaignQueryKey } from './features/campaigns/api/get-campaign';
import { fetchListing, listingQueryKey } from './features/listings/api/get-listing';
import {
  fetchOrganization,
  organizationQueryKey,
} from './features/organizations/api/get-organization';
import {
  fetchOrganizationOpportunities,
  organizationOpportunitiesQueryKey,
} from './features/organizations/api/get-organization-opportunities';
import { searchQuery, searchStateFromParams } from './features/opportunities/utils/search-params';
import { pageFrom } from './features/organizations/components/organization-opportunities';
import { isApiError, setApiTransport } from './lib/api-client';
import { SaveDataContext } from './lib/save-data';
import { createQueryClient } from './lib/query-client';
import { scriptSafeJson } from '@pathways/shared/common/script-json';

// The public pages as HTML with their content, rendered by the same components the browser
// runs. A guest sees the page before any script has loaded; the browser then hydrates it
// with the data the page was rendered from, so it asks the API for nothing again.

export interface RenderedPage {
  /** 200, or 404 when the page's object does not exist (the not-found page is rendered). */
  status: number;
  /** The markup inside the root element. */
  html: string;
  /** The query cache the page was rendered from, for the browser to start with (JSON). */
  state: string | null;
  /** The page's styles, as <style> elements for the head. */
  css: string;
  /** The page's route module, as the client build's manifest names it. */
  routeModule: string;
}

/**
 * Loads what a page shows into the cache; answers the page's status, or null when this
 * address of the page is left to the browser.
 */
type Prefetch = (
  params: Record<string, string | undefined>,
  search: URLSearchParams,
  client: QueryClient,
) => Promise<number | null>;

const statusOf = (client: QueryClient): number => {
  const failed = client
    .getQueryCache()
    .getAll()
    .map((query) => query.state.error)
    .find((error) => error !== null);
  if (failed === undefined) return 200;
  return isApiError(failed) && failed.status === 404 ? 404 : 500;
};

const opportunityPage: Prefetch = async ({ id }, _search, client) => {
  const opportunityId = parseRouteId(id);
  if (opportunityId === null) return 404;
  await client.prefetchQuery({
    queryKey: opportunityQueryKey(opportunityId),
    queryFn: () => fetchOpportunity(opportunityId),
  });
  return statusOf(client);
};

const homePage: Prefetch = async (_params, _search, client) => {
  await client.prefetchQuery({
    queryKey: opportunitySearchQueryKey(false, featuredQuery),
    queryFn: () => searchOpportunities(false, featuredQuery),
  });
  // The featured list is a bonus: the page is whole without it.
  return 200;
};

/**
 * The search as a guest sees it: the page of results its address asks for. The map is drawn
 * by a script in the browser, so the map view is left to the browser entirely.
 */
const searchPage: Prefetch = async (_params, search, client) => {
  const state = searchStateFromParams(search);
  if (state.view === 'map') return null;
  const query = searchQuery(state, { candidate: false });
  await client.prefetchQuery({
    queryKey: opportunitySearchQueryKey(false, query),
    queryFn: () => searchOpportunities(false, query),
  });
  return statusOf(client) === 200 ? 200 : null;
};

const organizationPage: Prefetch = async ({ id }, search, client) => {
  const organizationId = parseRouteId(id);
  if (organizationId === null) return 404;
  const page = pageFrom(search);
  await Promise.all([
    client.prefetchQuery({
      queryKey: organizationQueryKey(organizationId),
      queryFn: () => fetchOrganization(organizationId),
    }),
    client.prefetchQuery({
      queryKey: organizationOpportunitiesQueryKey(organizationId, page, false),
      queryFn: () => fetchOrganizationOpportunities(organizationId, page, false),
    }),
  ]);
  return statusOf(client);
};

const listingPage: Prefetch = async ({ id }, _search, client) => {
  const listingId = parseRouteId(id);
  if (listingId === null) return 404;
  await client.prefetchQuery({
    queryKey: listingQueryKey(listingId),
    queryFn: () => fetchListing(listingId),
  });
  return statusOf(client);
};

/** Campaign slugs, ids and codes: letters, digits, `-` and `_`. */
const campaignSlug = (value: string | undefined) =>
  value && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;

const campaignPage: Prefetch = async ({ slug }, _search, client) => {
  const key = campaignSlug(slug);
  if (key === null) return 404;
  const campaign = await client
    .fetchQuery({
      queryKey: campaignQueryKey(key),
      queryFn: () => fetchCampaign(key),
    })
    .catch(() => null);
  // An opportunity's campaign shows the opportunity's card.
  const opportunityId = campaign?.opportunity?.id;
  if (opportunityId !== undefined) {
    await client.prefetchQuery({
      queryKey: opportunityQueryKey(opportunityId),
      queryFn: () => fetchOpportunity(opportunityId),
    });
  }
  return statusOf(client);
};

/** A page that shows nothing loaded. */
const staticPage: Prefetch = () => Promise.resolve(200);

/**
 * The server-rendered pages, each with what it loads before rendering and its route module (as
 * the client build's manifest names the file route-table.ts loads for the path): the server
 * preloads that module's scripts with the page.
 */
const pages: [pattern: string, prefetch: Prefetch, routeModule: string][] = [
  ['/', homePage, 'src/app/routes/home.tsx'],
  ['/opportunities', searchPage, 'src/app/routes/opportunities.tsx'],
  ['/opportunities/:id', opportunityPage, 'src/app/routes/opportunity.tsx'],
  ['/opportunities/:id/:name', opportunityPage, 'src/app/routes/opportunity.tsx'],
  ['/organizations/:id', organizationPage, 'src/app/routes/organization.tsx'],
  ['/organizations/:id/:name', organizationPage, 'src/app/routes/organization.tsx'],
  ['/employers', staticPage, 'src/app/routes/employers.tsx'],
  ['/listings/:id', listingPage, 'src/app/routes/listing.tsx'],
  ['/campaign/:slug', campaignPage, 'src/app/routes/campaign.tsx'],
];

/** Whether a path is one of the server-rendered public pages. */
export function isServerRendered(pathname: string): boolean {
  return pages.some(([pattern]) => matchPath(pattern, pathname) !== null);
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A style cache that collects the page's styles instead of writing each one beside the
 * element that uses it. Styles written among the elements apply late: a browser paints a
 * page it has only partly read with some of them missing, and the content then moves when
 * the rest arrives. Collected, they go in the head and apply from the first paint.
 */
function collectingStyleCache() {
  const cache: EmotionCache = createCache({ key: 'css' });
  // In compat mode the rules are kept in `inserted` rather than rendered as elements.
  cache.compat = true;
  const order: { name: string; global: boolean }[] = [];
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (cache.inserted[serialized.name] === undefined) {
      // Global styles are inserted without a selector of their own.
      order.push({ name: serialized.name, global: selector === '' });
    }
    return insert(selector, serialized, sheet, shouldCache);
  };
  /**
   * The collected styles as <style> elements the browser's style cache takes over. `data-s`
   * tells the browser's cache they are in place already (its mark for elements it has placed):
   * without it, the cache moves every one of them to the end of the head as it starts, and a
   * moved style element is taken out of the page's styles and put back.
   */
  const styleElements = (): string => {
    const elements: string[] = [];
    let names: string[] = [];
    let rules = '';
    const flush = () => {
      if (names.length > 0)
        elements.push(`<style data-emotion="css ${names.join(' ')}" data-s="">${rules}</style>`);
      names = [];
      rules = '';
    };
    for (const { name, global } of order) {
      const css = cache.inserted[name];
      if (typeof css !== 'string') continue;
      if (global) {
        flush();
        elements.push(`<style data-emotion="css-global ${name}" data-s="">${css}</style>`);
      } else {
        names.push(name);
        rules += css;
      }
    }
    flush();
    return elements.join('');
  };
  return { cache, styleElements };
}

/**
 * Renders a public page for a guest. `send` answers the page's API requests (the server
 * answers them in-process). Undefined when the path is not a server-rendered page.
 */
export async function renderPage(
  url: string,
  send: (url: string, init: RequestInit) => Promise<Response>,
  options: { saveData?: boolean } = {},
): Promise<RenderedPage | undefined> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const match = pages
    .map(([pattern, prefetch, routeModule]) => ({
      prefetch,
      routeModule,
      match: matchPath(pattern, pathname),
    }))
    .find((entry) => entry.match !== null);
  if (!match?.match) return undefined;

  setApiTransport(send);
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    // A failed request shows as failed (the not-found page), not as loading again.
    queries: { ...client.getDefaultOptions().queries, retry: false, retryOnMount: false },
  });
  const status = await match.prefetch(match.match.params, searchParams, client);
  if (status === null || status === 500) return undefined;

  const styles = collectingStyleCache();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={styles.cache}>
        <AppProvider queryClient={client}>
          <SaveDataContext value={options.saveData ?? false}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </SaveDataContext>
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
    // The whole page in one piece: no part is left to a script to reveal.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await streamToString(prelude);
  // A not-found page is rendered afresh in the browser: only a page with its data hydrates.
  const state = status === 200 ? scriptSafeJson(dehydrate(client)) : null;
  return { status, html, state, css: styles.styleElements(), routeModule: match.routeModule };
}
