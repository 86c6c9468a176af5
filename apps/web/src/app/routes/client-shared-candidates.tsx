import { Page } from '../../components/layouts/page';
import { SharedCandidatesView } from '../../features/feedback/components/shared-candidates-view';

/** /client/shared_candidates: applicants colleagues asked my opinion on, and the ones I shared. */
export default function ClientSharedCandidatesPage() {
  return (
    <Page
      title="Shared With Me"
      subtitle="Applicants your colleagues would like your opinion on, and the ones you shared."
    >
      <SharedCandidatesView />
    </Page>
  );
}
