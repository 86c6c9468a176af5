import { useParams } from 'react-router';

import {
  OrganizationView,
  organizationPagePath,
  useOrganization,
} from '../../features/organizations';
import { parseRouteId, RemotePage, useCanonicalPath } from '../remote-page';

/** /organizations/{id} and /organizations/{id}/{name}: an organization and its opportunities. */
export default function OrganizationPage() {
  const id = parseRouteId(useParams().id);
  const query = useOrganization(id);
  const organization = query.data;
  useCanonicalPath(organization ? organizationPagePath(organization.id, organization.name) : null);
  return (
    <RemotePage
      query={query}
      invalid={id === null}
      what="organization"
      title={(loaded) => loaded.name}
    >
      {(loaded) => <OrganizationView organization={loaded} />}
    </RemotePage>
  );
}
