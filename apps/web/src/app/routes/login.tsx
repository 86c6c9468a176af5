import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation } from 'react-router';

import { landingPath, returnPath } from '@pathways/shared/auth/access';

import LoginForm from '../../features/auth/components/login-form';
import { useSignupDialog } from '../../features/auth/hooks/use-signup-dialog';
import { SocialButtons } from '../../features/social-auth';
import { useSession } from '../../lib/session/use-session';

export default function LoginPage() {
  const { viewer } = useSession();
  const signup = useSignupDialog();
  // A page that sent the visitor here (`state.from`) is where the login goes back to.
  const returnTo = returnPath((useLocation().state as { from?: unknown } | null)?.from);
  if (viewer) return <Navigate to={returnTo ?? landingPath(viewer)} replace />;

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }}>
        <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 1 }}>
          Log in
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Welcome back to Pathways.
        </Typography>
        <SocialButtons />
        <LoginForm returnTo={returnTo} />
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          New to Pathways?{' '}
          <Link
            component="button"
            type="button"
            onClick={signup.open}
            sx={{ verticalAlign: 'baseline' }}
          >
            Create an account
          </Link>
        </Typography>
      </Paper>
    </Box>
  );
}
