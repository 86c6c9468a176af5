import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useParams } from 'react-router';

import { Page } from '../../components/layouts/page';
import { ListingView, useListing } from '../../features/listings';
import { isApiError } from '../../lib/api-client';
import { documentTitle } from '../route-title';
import NotFoundPage from './not-found';

/** A positive whole number from the URL, else null (the page is then not found). */
function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The listing's name as the document title (again on the next task, after the shell's). */
function useTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    const apply = () => {
      document.title = documentTitle(title);
    };
    apply();
    const timer = window.setTimeout(apply, 0);
    return () => window.clearTimeout(timer);
  }, [title]);
}

/** /listings/{id}: a public list of opportunities an organization curates. */
export default function ListingPage() {
  const id = parseId(useParams().id);
  const query = useListing(id);
  const listing = query.data;
  const notFound = id === null || (isApiError(query.error) && query.error.status === 404);
  useTitle(listing ? listing.name : notFound ? 'Page not found' : null);

  if (notFound) return <NotFoundPage />;
  if (listing) return <ListingView listing={listing} />;
  if (query.isError) {
    return (
      <Page title="Listing" maxWidth="md">
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          This listing could not be loaded. Check your connection and try again.
        </Alert>
      </Page>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }} aria-busy>
      <Typography role="status" sx={{ position: 'absolute', left: -10_000 }}>
        Loading the listing…
      </Typography>
      <Skeleton variant="text" sx={{ maxWidth: 200 }} />
      <Skeleton variant="text" sx={{ fontSize: '2.25rem', maxWidth: 520 }} />
      <Skeleton variant="text" sx={{ maxWidth: 640, mb: 3 }} />
      <Skeleton variant="rounded" height={170} />
    </Container>
  );
}
