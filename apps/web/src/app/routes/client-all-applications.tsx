import { AllApplications } from '../../features/tracker';

/** /client/applications: every application across the user's workspaces. */
export default function ClientAllApplicationsPage() {
  return <AllApplications />;
}
