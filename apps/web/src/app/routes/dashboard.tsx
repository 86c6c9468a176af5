import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { Page } from '../../components/layouts/page';
import { TodoCard } from '../../features/action-items/components/todo-card';
import { MyApplications, MyInvites } from '../../features/applications';
import { useUser } from '../../lib/session/current-user';
import { useSession } from '../../lib/session/use-session';

/** The landing page after login for non-client roles: a candidate's applications, invites and to-do list. */
export default function DashboardPage() {
  const { viewer } = useSession();
  const { data: user } = useUser();
  const name = user?.firstName ?? null;
  const title = name ? `Welcome, ${name}` : 'Welcome to Pathways';

  if (viewer?.role !== 'candidate') {
    return (
      <Page title={title}>
        <Typography color="text.secondary">This part of Pathways is not available yet.</Typography>
      </Page>
    );
  }

  return (
    <Page title={title}>
      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 4, minWidth: 0 }}>
          <MyApplications />
          <MyInvites />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <TodoCard />
        </Box>
      </Box>
    </Page>
  );
}
