import { AllApplications } from '../../features/applicants';

/** /client/applications: every application across the user's workspaces. */
export default function ClientAllApplicationsPage() {
  return <AllApplications />;
}
