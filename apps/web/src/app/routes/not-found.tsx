import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { landingPath } from '@pathways/shared/auth/access';
import { paths } from '@pathways/shared/navigation/paths';

import { Page } from '../../components/layouts/page';
import { useSession } from '../../lib/session/use-session';

export default function NotFoundPage() {
  const { viewer } = useSession();
  return (
    <Page title="Page not found" maxWidth="md">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        We couldn't find the page you were looking for. The link may be old or mistyped.
      </Typography>
      <Button
        component={RouterLink}
        to={viewer ? landingPath(viewer) : paths.home}
        variant="contained"
      >
        {viewer ? 'Go to my dashboard' : 'Go to the home page'}
      </Button>
    </Page>
  );
}
