import { Page } from '../../components/layouts/page';
import { CampaignAnalyticsView } from '../../features/campaign-analytics/components/campaign-analytics-view';

/** /client/analytics/campaigns: how each campaign's page turns visits into sign-ups and applications. */
export default function ClientAnalyticsCampaignsPage() {
  return (
    <Page
      title="Campaign analytics"
      subtitle="How each campaign page turns visits into sign-ups, and sign-ups into applications."
    >
      <CampaignAnalyticsView />
    </Page>
  );
}
