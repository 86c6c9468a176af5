import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { Page } from '../../components/layouts/page';
import { TodoCard } from '../../features/action-items/components/todo-card';
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
      {viewer?.role === 'candidate' && (
        <Box sx={{ mt: 3, maxWidth: 640 }}>
          <TodoCard />
        </Box>
      )}
    </Page>
  );
}
