import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useForm, useWatch, type Resolver, type ResolverResult } from 'react-hook-form';

import { profilePatch, type Profile } from '@pathways/shared/profile/profile.schemas';

import { FormTextField } from '../../../components/ui/form-fields';
import { isAbortError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { applyServerErrors } from '../../../lib/forms/server-errors';

const MAX = 2000;
type Values = { biography: string };

const resolver: Resolver<Values> = (values): ResolverResult<Values> => {
  const parsed = profilePatch.safeParse(values);
  if (parsed.success) return { values, errors: {} };
  const message = parsed.error.issues[0]?.message ?? 'is not valid';
  return { values: {}, errors: { biography: { type: 'validate', message } } };
};

/** "Introduce yourself": a few sentences for the organizations the candidate applies to. */
export function BiographyCard({ profile }: { profile: Profile }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<Values>({
    resolver,
    // A newer profile (another card saved) updates the text unless it is being edited.
    values: { biography: profile.biography ?? '' },
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const length = useWatch({ control, name: 'biography' }).length;

  const onSubmit = handleSubmit(async ({ biography }) => {
    try {
      const saved = await update.mutateAsync({ biography });
      reset({ biography: saved.biography ?? '' });
      enqueueSnackbar('Your introduction was saved', { variant: 'success' });
    } catch (error) {
      if (isAbortError(error)) return;
      applyServerErrors(error, setError, ['biography']);
      enqueueSnackbar('Your introduction could not be saved', { variant: 'error' });
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="biography-title">
      <CardContent>
        <Typography id="biography-title" component="h2" variant="h6">
          Introduce yourself
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A few sentences about you, what you study and what you are looking for.
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="biography-title">
          <FormTextField
            id="biography"
            label="About me"
            multiline
            minRows={4}
            registration={register('biography')}
            fieldError={errors.biography}
            helperText={`${length} of ${MAX} characters`}
            slotProps={{ htmlInput: { maxLength: MAX } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
              Save introduction
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
