import { Page } from '../../components/layouts/page';
import { InterviewAgenda } from '../../features/interviews';

/** /client/interviews: the upcoming interviews of every workspace the user manages. */
export default function ClientInterviewsPage() {
  return (
    <Page title="Interviews" subtitle="Upcoming interviews of the workspaces you manage">
      <InterviewAgenda opportunityId={null} dayHeading="h2" />
    </Page>
  );
}
