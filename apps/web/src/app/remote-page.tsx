import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { Page } from '../components/layouts/page';
import { visuallyHidden } from '../components/ui/visually-hidden';
import { isApiError } from '../lib/api-client';
import { usePageTitle } from './page-title';
import NotFoundPage from './routes/not-found';
import { RetryAlert } from '../components/ui/retry-alert';
import type { CanonicalMove } from './canonical-move';

// The frame of the public pages that show one thing loaded by its address (an opportunity, an
// organization, a listing, a campaign): not found, could not load, loading, or the thing itself
// under its own name as the document title.

const MAX_ID = 2_147_483_647;

/** A positive whole number from the URL, else null (the page is then not found). */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_ID ? id : null;
}

/**
 * Keeps the address canonical: a missing or old name segment is replaced by the current one
 * (replace, not push, so Back skips it), keeping the query and the hash. The move says which
 * address it replaced: it is the same page, and keeps what the server wrote into <head>.
 */
export function useCanonicalPath(canonical: string | null) {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search, hash, state } = location;
  useEffect(() => {
    if (canonical && pathname !== canonical) {
      void navigate(
        { pathname: canonical, search, hash },
        {
          replace: true,
          state: { ...(state as object | null), canonicalFrom: pathname } satisfies CanonicalMove,
          preventScrollReset: true,
        },
      );
    }
  }, [canonical, pathname, search, hash, state, navigate]);
}

interface RemoteQuery<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
}

export function RemotePage<T>({
  query,
  invalid = false,
  what,
  title,
  children,
}: {
  query: RemoteQuery<T>;
  /** The address cannot name one (a malformed id): not found without asking. */
  invalid?: boolean;
  /** The thing in words ("opportunity"), for the loading and error messages. */
  what: string;
  /** The document title once loaded (its name). */
  title: (data: T) => string;
  children: (data: T) => ReactNode;
}) {
  const notFound = invalid || (isApiError(query.error) && query.error.status === 404);
  const { data } = query;
  usePageTitle(notFound ? 'Page not found' : data === undefined ? null : title(data));

  if (notFound) return <NotFoundPage />;
  if (data !== undefined) return children(data);
  if (query.isError) {
    const heading = what.charAt(0).toUpperCase() + what.slice(1);
    return (
      <Page title={heading} maxWidth="md">
        <RetryAlert onRetry={() => void query.refetch()}>
          This {what} could not be loaded. Check your connection and try again.
        </RetryAlert>
      </Page>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }} aria-busy>
      <Typography role="status" sx={visuallyHidden}>
        Loading the {what}…
      </Typography>
      <Skeleton variant="text" sx={{ maxWidth: 200 }} />
      <Skeleton variant="text" sx={{ fontSize: '2.25rem', maxWidth: 520 }} />
      <Skeleton variant="text" sx={{ maxWidth: 640, mb: 3 }} />
      <Skeleton variant="rounded" height={180} />
    </Container>
  );
}
