import Stack from '@mui/material/Stack';

import { Page } from '../../components/layouts/page';
import { TimeZoneCard } from '../../features/account/components/time-zone-card';
import { InterviewAgenda } from '../../features/interviews';

/**
 * /client/interviews: the upcoming interviews of every workspace the user manages, and below
 * them the time zone they are shown in.
 */
export default function ClientInterviewsPage() {
  return (
    <Page title="Interviews" subtitle="Upcoming interviews of the workspaces you manage">
      <Stack spacing={3}>
        <InterviewAgenda opportunityId={null} dayHeading="h2" />
        <TimeZoneCard />
      </Stack>
    </Page>
  );
}
