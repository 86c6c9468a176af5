import { Page } from '../../components/layouts/page';
import { useClientMe } from '../../features/managers/api/get-client-me';
import { ManagersView } from '../../features/managers/components/managers-view';
import { useSession } from '../../lib/session/use-session';

/** /client/users: the organization's managers. */
export default function ClientUsersPage() {
  const { viewer } = useSession();
  const me = useClientMe(viewer?.role === 'client');
  // The primary flag is read from the server (it can change during a session); the token's
  // claim stands in while it loads.
  const primary = me.data?.primary ?? viewer?.primary ?? false;
  return (
    <Page
      title="Managers"
      subtitle={
        me.data
          ? `The people who manage ${me.data.organizationName} on Pathways.`
          : 'The people who manage your organization on Pathways.'
      }
    >
      {viewer && <ManagersView viewerId={viewer.id} primary={primary} />}
    </Page>
  );
}
