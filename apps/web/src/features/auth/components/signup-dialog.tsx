import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';

import { env } from '../../../config/env';
import { RegisterForm } from './register-form';

/**
 * The candidate sign-up dialog. For now a plain form; the guided, chat-style conversation of
 * SPEC.md section 2 replaces its body in a later issue.
 */
export default function SignupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Create your Pathways account
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <Close />
      </IconButton>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          One profile for jobs, bursaries and scholarships. It is free for candidates.
        </Typography>
        {/* On success the token makes the viewer signed in, which closes the dialog. */}
        <RegisterForm />
        <Box sx={{ mt: 3, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            By creating an account you agree to our <Link href={env.termsUrl}>terms of use</Link>{' '}
            and <Link href={env.privacyPolicyUrl}>privacy policy</Link>.
          </Typography>
          <Typography variant="body2">
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.login}>
              Log in
            </Link>
          </Typography>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
