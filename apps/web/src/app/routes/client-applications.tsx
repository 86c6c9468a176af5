import { Navigate, useParams } from 'react-router';

import { OpportunityTracker } from '../../features/applicants';

/** /client/opportunities/{id}/applications: the tracker of one workspace. */
export default function ClientApplicationsPage() {
  const { id } = useParams();
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) return <Navigate to="/404" replace />;
  return <OpportunityTracker key={numeric} id={numeric} />;
}
