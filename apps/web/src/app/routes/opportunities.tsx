import { Page } from '../../components/layouts/page';
import { OpportunitySearch } from '../../features/opportunities/components/opportunity-search';

/** /opportunities: search jobs, bursaries and scholarships; `?center=latitude,longitude` (SPEC.md 2). */
export default function OpportunitiesPage() {
  return (
    <Page
      title="Opportunities"
      subtitle="Jobs, bursaries and scholarships from organizations across South Africa."
    >
      <OpportunitySearch />
    </Page>
  );
}
