import { useParams } from 'react-router';

import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';

import { useOpportunity } from '../../features/opportunities';
import { OpportunityDetailView } from '../../features/opportunities/components/detail/opportunity-detail';
import { useSession } from '../../lib/session/use-session';
import { parseRouteId, RemotePage, useCanonicalPath } from '../remote-page';

/** /opportunities/{id} and /opportunities/{id}/{name}: the public page of an opportunity. */
export default function OpportunityPage() {
  const id = parseRouteId(useParams().id);
  const { viewer } = useSession();
  const query = useOpportunity(id);
  const opportunity = query.data;
  // The address carries the name as it is now (the hash, e.g. #signup, stays).
  useCanonicalPath(opportunity ? opportunityPagePath(opportunity.id, opportunity.name) : null);
  return (
    <RemotePage
      query={query}
      invalid={id === null}
      what="opportunity"
      title={(loaded) => loaded.name}
    >
      {(loaded) => <OpportunityDetailView opportunity={loaded} role={viewer?.role ?? 'guest'} />}
    </RemotePage>
  );
}
