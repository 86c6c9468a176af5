import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { opportunityPagePath } from '@pathways/shared/opportunities/job-posting';

import { Page } from '../../components/layouts/page';
import { useOpportunity } from '../../features/opportunities/api/get-opportunity';
import type { ViewerRole } from '../../features/opportunities/components/detail/apply-panel';
import { OpportunityDetailView } from '../../features/opportunities/components/detail/opportunity-detail';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth/use-session';
import { documentTitle } from '../route-title';
import NotFoundPage from './not-found';

/** A positive whole number from the URL, else null (the page is then not found). */
function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Sets the document title. The route's own title ("Opportunity") is written by the shell in
 * the same commit when the page renders from the cache, after this component's effect; writing
 * again on the next task makes the opportunity's name win.
 */
function useTitle(title: string) {
  useEffect(() => {
    const apply = () => {
      document.title = documentTitle(title);
    };
    apply();
    const timer = window.setTimeout(apply, 0);
    return () => window.clearTimeout(timer);
  }, [title]);
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Loading() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }} aria-busy>
      <Typography role="status" sx={visuallyHidden}>
        Loading the opportunity…
      </Typography>
      <Skeleton variant="text" sx={{ fontSize: '2.25rem', maxWidth: 520 }} />
      <Skeleton variant="text" sx={{ maxWidth: 240, mb: 3 }} />
      <Skeleton variant="rounded" height={180} />
    </Container>
  );
}

/** /opportunities/{id} and /opportunities/{id}/{name}: the public page of an opportunity. */
export default function OpportunityPage() {
  const params = useParams();
  const id = parseId(params.id);
  const location = useLocation();
  const navigate = useNavigate();
  const { viewer } = useSession();
  const query = useOpportunity(id ?? 0);
  const opportunity = query.data;

  const notFound = id === null || (isApiError(query.error) && query.error.status === 404);
  useTitle(opportunity ? opportunity.name : notFound ? 'Page not found' : 'Opportunity');

  // The canonical address carries the name as it is now: an old or missing name is replaced
  // (not pushed), keeping the query and the hash (#signup).
  const canonical = opportunity ? opportunityPagePath(opportunity.id, opportunity.name) : null;
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (canonical && pathname !== canonical) {
      void navigate(
        { pathname: canonical, search, hash },
        { replace: true, state: location.state },
      );
    }
  }, [canonical, pathname, search, hash, navigate, location.state]);

  if (notFound) return <NotFoundPage />;
  if (opportunity) {
    const role: ViewerRole = viewer ? viewer.role : 'guest';
    return <OpportunityDetailView opportunity={opportunity} role={role} />;
  }
  if (query.isError) {
    return (
      <Page title="Opportunity" maxWidth="md">
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          This opportunity could not be loaded. Check your connection and try again.
        </Alert>
      </Page>
    );
  }
  return <Loading />;
}
