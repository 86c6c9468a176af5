import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../components/ui/snackbar';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';

import {
  authMessages,
  passwordResetRequestBody,
  type PasswordResetRequestBody,
} from '@pathways/shared/auth/auth.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { FormTextField } from '../../components/ui/form-fields';
import { useRequestPasswordReset, type AccountRole } from '../../features/auth/api/password-reset';

export default function PasswordResetRequestPage() {
  const [searchParams] = useSearchParams();
  const [role, setRole] = useState<AccountRole>(
    searchParams.get('role') === 'client' ? 'client' : 'candidate',
  );
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const roleLabelId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequestBody>({
    resolver: zodResolver(passwordResetRequestBody),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { message } = await requestReset.mutateAsync({ role, body });
      setSentMessage(message || authMessages.resetRequested);
    } catch {
      enqueueSnackbar("The reset link couldn't be requested. Please try again.", {
        variant: 'error',
      });
    }
  });

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 460 }}>
        <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 1 }}>
          Reset your password
        </Typography>
        {sentMessage ? (
          <>
            <Alert severity="success" sx={{ my: 2 }} role="status">
              {sentMessage}
            </Alert>
            <Link component={RouterLink} to={paths.login}>
              Back to log in
            </Link>
          </>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Enter the e-mail address of your account and we will send you a link to choose a new
              password.
            </Typography>
            <Box
              component="form"
              noValidate
              onSubmit={onSubmit}
              aria-label="Request a password reset"
              sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
            >
              <Box>
                <FormLabel id={roleLabelId}>My account is</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={roleLabelId}
                  name="role"
                  value={role}
                  onChange={(event) => setRole(event.target.value as AccountRole)}
                >
                  <FormControlLabel
                    value="candidate"
                    control={<Radio />}
                    label="a candidate account"
                  />
                  <FormControlLabel
                    value="client"
                    control={<Radio />}
                    label="an employer account"
                  />
                </RadioGroup>
              </Box>
              <FormTextField
                label="Email"
                type="email"
                autoComplete="email"
                registration={register('email')}
                fieldError={errors.email}
              />
              <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
                Send me a link
              </Button>
              <Link
                component={RouterLink}
                to={paths.login}
                variant="body2"
                sx={{ alignSelf: 'center' }}
              >
                Back to log in
              </Link>
            </Box>
          </>
        )}
      </Paper>
    </Box>
  );
}
