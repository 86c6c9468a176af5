import Typography from '@mui/material/Typography';

import { Page } from '../../components/layouts/page';
import { useUser } from '../../features/auth/api/get-user';
import { useSession } from '../../lib/auth/use-session';

/** The landing page after login for non-client roles; applications arrive in a later issue. */
export default function DashboardPage() {
  const { viewer } = useSession();
  const { data: user } = useUser();
  const name = user?.firstName ?? null;

  return (
    <Page title={name ? `Welcome, ${name}` : 'Welcome to Pathways'}>
      <Typography color="text.secondary">
        {viewer?.role === 'candidate'
          ? 'Your applications will appear here. This part of Pathways is not available yet.'
          : 'This part of Pathways is not available yet.'}
      </Typography>
    </Page>
  );
}
