import { Navigate, useParams } from 'react-router';

import { WorkspacePage } from '../../features/workspaces';

/** /client/opportunities/{id}: one workspace with its tabs. */
export default function ClientWorkspacePage() {
  const { id } = useParams();
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) return <Navigate to="/404" replace />;
  return <WorkspacePage key={numeric} id={numeric} />;
}
