import { Page } from '../../components/layouts/page';
import { ClientCampaignsView } from '../../features/campaigns/components/client-campaigns-view';

/** /client/campaigns: the organization's campaign pages, their links and QR codes. */
export default function ClientCampaignsPage() {
  return (
    <Page
      title="Campaigns"
      subtitle="Branded sign-up pages for your organization and its opportunities. Share the link or print the QR code."
      maxWidth="md"
    >
      <ClientCampaignsView />
    </Page>
  );
}
