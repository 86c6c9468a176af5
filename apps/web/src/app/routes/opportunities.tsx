import Alert from '@mui/material/Alert';

import { Page } from '../../components/layouts/page';
import { useUser } from '../../lib/session/current-user';
import { OpportunitySearch } from '../../features/opportunities/components/opportunity-search';
import { useSession } from '../../lib/session/use-session';

/** /opportunities: search opportunities, optionally around `?center=latitude,longitude`. */
export default function OpportunitiesPage() {
  const { viewer } = useSession();
  const { data: user, isPending } = useUser();
  // Opportunity search is hidden from a suspended candidate (a candidate's
  // search waits for their account, so it never starts for one).
  const candidate = viewer?.role === 'candidate';
  const suspended = candidate && user?.isSuspended === true;
  const waiting = candidate && isPending;
  return (
    <Page
      title="Opportunities"
      subtitle="Jobs, bursaries and scholarships from organizations across South Africa."
    >
      {suspended ? (
        <Alert severity="warning">
          Opportunity search is not available while your profile is suspended. Correct the sections
          named by support, or contact support, to search again.
        </Alert>
      ) : waiting ? null : (
        <OpportunitySearch />
      )}
    </Page>
  );
}
