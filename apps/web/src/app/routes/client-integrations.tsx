import { Page } from '../../components/layouts/page';
import { WebhooksSection } from '../../features/webhooks';

/** /client/integrations: how the organization's own systems connect to Pathways. */
export default function ClientIntegrationsPage() {
  return (
    <Page title="Integrations" subtitle="Connect your organization’s own systems to Pathways.">
      <WebhooksSection />
    </Page>
  );
}
