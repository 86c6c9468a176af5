import { Page } from '../../components/layouts/page';
import { OrganizationSettings } from '../../features/organizations/components/organization-settings';

/** /client/organization: the client's own organization, changed by its primary users. */
export default function ClientOrganizationPage() {
  return (
    <Page title="Organization" subtitle="How your organization appears to candidates.">
      <OrganizationSettings />
    </Page>
  );
}
