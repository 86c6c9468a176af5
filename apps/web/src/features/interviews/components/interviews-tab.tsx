import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { InterviewAgenda } from './interview-agenda';
import { ScorecardSettings } from './scorecard-settings';

/** A workspace's interviews: its upcoming interviews, then its scorecard settings. */
export function InterviewsTab({ opportunityId }: { opportunityId: number }) {
  return (
    <Stack spacing={3}>
      <section aria-labelledby="workspace-agenda-title">
        <Typography id="workspace-agenda-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          Upcoming interviews
        </Typography>
        <InterviewAgenda opportunityId={opportunityId} />
      </section>
      <Divider />
      <ScorecardSettings opportunityId={opportunityId} />
    </Stack>
  );
}
