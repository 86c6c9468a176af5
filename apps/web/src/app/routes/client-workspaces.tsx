import { Page } from '../../components/layouts/page';
import { WorkspaceList } from '../../features/workspaces';

/** /client/opportunities: the client's workspaces, where a client lands after logging in. */
export default function ClientWorkspacesPage() {
  return (
    <Page
      title="Workspaces"
      subtitle="The opportunities you manage, with their applicants per phase."
    >
      <WorkspaceList />
    </Page>
  );
}
