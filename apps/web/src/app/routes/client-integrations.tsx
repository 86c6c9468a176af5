import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';

import { Page } from '../../components/layouts/page';
import { ApiKeysSection } from '../../features/api-keys';
import { WebhooksSection } from '../../features/webhooks';
import { useClientMe } from '../../features/managers';
import { useSession } from '../../lib/session/use-session';

/**
 * /client/integrations: how the organization's other systems reach Pathways, one section after
 * another. Primary users only.
 */
export default function ClientIntegrationsPage() {
  const { viewer } = useSession();
  const me = useClientMe(viewer?.role === 'client');
  // The primary flag is read from the server (it can change during a session); the token's
  // claim stands in while it loads.
  const primary = me.data?.primary ?? viewer?.primary ?? false;
  return (
    <Page
      title="Integrations"
      subtitle="Connect your HR system and other tools to your organization on Pathways."
    >
      {primary ? (
        <Stack spacing={5}>
          <ApiKeysSection />
          <WebhooksSection />
        </Stack>
      ) : (
        <Alert severity="info">
          Only a primary user of your organization can manage integrations.
        </Alert>
      )}
    </Page>
  );
}
