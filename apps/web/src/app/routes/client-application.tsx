import { Navigate, useParams } from 'react-router';

import { ApplicationViewPage } from '../../features/applicant-view';

/** /client/opportunities/{id}/applications/{appId}: one applicant of a workspace. */
export default function ClientApplicationPage() {
  const { id, appId } = useParams();
  const opportunityId = Number(id);
  const applicationId = Number(appId);
  const valid = [opportunityId, applicationId].every((n) => Number.isInteger(n) && n > 0);
  if (!valid) return <Navigate to="/404" replace />;
  return (
    <ApplicationViewPage
      key={`${opportunityId}-${applicationId}`}
      opportunityId={opportunityId}
      applicationId={applicationId}
    />
  );
}
