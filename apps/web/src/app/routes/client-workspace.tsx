import { Navigate, useParams } from 'react-router';

import { InterviewsTab } from '../../features/interviews';
import { WorkspacePage, type WorkspaceTab } from '../../features/workspaces';

// The workspace's interviews (its agenda and scorecard settings) come from the interviews
// feature, which itself reads the workspace's places and managers.
const extraTabs: WorkspaceTab[] = [
  {
    key: 'interviews',
    label: 'Interviews',
    Panel: ({ opportunity }) => <InterviewsTab opportunityId={opportunity.id} />,
  },
];

/** /client/opportunities/{id}: one workspace with its tabs. */
export default function ClientWorkspacePage() {
  const { id } = useParams();
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) return <Navigate to="/404" replace />;
  return <WorkspacePage key={numeric} id={numeric} extraTabs={extraTabs} />;
}
