import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { Page } from '../../components/layouts/page';
import {
  OrganizationView,
  organizationPagePath,
  useOrganization,
} from '../../features/organizations';
import { isApiError } from '../../lib/api-client';
import { documentTitle } from '../route-title';
import NotFoundPage from './not-found';

/** A positive whole number from the URL, else null (the page is then not found). */
function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The organization's name as the document title (again on the next task, after the shell's). */
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

/** /organizations/{id} and /organizations/{id}/{name}: an organization and its opportunities. */
export default function OrganizationPage() {
  const id = parseId(useParams().id);
  const location = useLocation();
  const navigate = useNavigate();
  const query = useOrganization(id);
  const organization = query.data;
  const notFound = id === null || (isApiError(query.error) && query.error.status === 404);
  useTitle(organization ? organization.name : notFound ? 'Page not found' : null);

  // The canonical address carries the name as it is now: a missing or old name is replaced
  // (not pushed), keeping the query (the page of opportunities) and the hash.
  const canonical = organization ? organizationPagePath(organization.id, organization.name) : null;
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (canonical && pathname !== canonical) {
      void navigate(
        { pathname: canonical, search, hash },
        { replace: true, state: location.state, preventScrollReset: true },
      );
    }
  }, [canonical, pathname, search, hash, navigate, location.state]);

  if (notFound) return <NotFoundPage />;
  if (organization) return <OrganizationView organization={organization} />;
  if (query.isError) {
    return (
      <Page title="Organization" maxWidth="md">
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          This organization could not be loaded. Check your connection and try again.
        </Alert>
      </Page>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }} aria-busy>
      <Typography role="status" sx={{ position: 'absolute', left: -10_000 }}>
        Loading the organization…
      </Typography>
      <Skeleton variant="rounded" width={72} height={72} sx={{ mb: 2 }} />
      <Skeleton variant="text" sx={{ fontSize: '2.5rem', maxWidth: 420 }} />
      <Skeleton variant="text" sx={{ maxWidth: 640, mb: 3 }} />
      <Skeleton variant="rounded" height={170} />
    </Container>
  );
}
