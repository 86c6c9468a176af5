import { Navigate, useParams } from 'react-router';

import { EligibilitiesPage } from '../../features/eligibility';

/** /client/opportunities/{id}/eligibilities: a workspace's eligible candidates and its funnel. */
export default function ClientEligibilitiesPage() {
  const { id } = useParams();
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) return <Navigate to="/404" replace />;
  return <EligibilitiesPage key={numeric} opportunityId={numeric} />;
}
