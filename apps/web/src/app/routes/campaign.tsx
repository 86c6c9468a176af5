import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useParams } from 'react-router';

import { Page } from '../../components/layouts/page';
import { CampaignView, useCampaign } from '../../features/campaigns';
import { isApiError } from '../../lib/api-client';
import { documentTitle } from '../route-title';
import NotFoundPage from './not-found';

/** Campaign slugs, ids and codes: letters, digits, `-` and `_` (the shared campaignKey). */
const parseSlug = (value: string | undefined) =>
  value && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;

/** The campaign's name as the document title (again on the next task, after the shell's). */
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

/** /campaign/{slug}: a campaign page branded for its organization or opportunity. */
export default function CampaignPage() {
  const slug = parseSlug(useParams().slug);
  const query = useCampaign(slug);
  const campaign = query.data;
  const notFound = slug === null || (isApiError(query.error) && query.error.status === 404);
  useTitle(campaign ? campaign.name : notFound ? 'Page not found' : null);

  if (notFound) return <NotFoundPage />;
  if (campaign) return <CampaignView campaign={campaign} />;
  if (query.isError) {
    return (
      <Page title="Campaign" maxWidth="md">
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          This campaign could not be loaded. Check your connection and try again.
        </Alert>
      </Page>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }} aria-busy>
      <Typography role="status" sx={{ position: 'absolute', left: -10_000 }}>
        Loading the campaign…
      </Typography>
      <Skeleton variant="text" sx={{ maxWidth: 200, mb: 2 }} />
      <Skeleton variant="text" sx={{ fontSize: '3rem', maxWidth: 560 }} />
      <Skeleton variant="text" sx={{ maxWidth: 640, mb: 3 }} />
      <Skeleton variant="rounded" width={180} height={44} />
    </Container>
  );
}
