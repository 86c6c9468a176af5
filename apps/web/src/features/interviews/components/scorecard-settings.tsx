import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  interviewSettingsBody,
  type InterviewSettings,
} from '@pathways/shared/interviews/interviews.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useInterviewSettings, useSaveInterviewSettings } from '../api/client-interviews';

export const MAX_CRITERIA = 20;

const settingsForm = interviewSettingsBody.shape.settings;
type SettingsForm = z.input<typeof settingsForm>;

function SettingsEditor({
  opportunityId,
  settings,
}: {
  opportunityId: number;
  settings: InterviewSettings;
}) {
  const save = useSaveInterviewSettings(opportunityId);
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<SettingsForm>({
    resolver: zodResolver(settingsForm),
    defaultValues: settings,
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'criteria' });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        criteria: values.criteria.map((c) => ({
          ...(c.key ? { key: c.key } : {}),
          label: c.label,
        })),
        blindReview: values.blindReview ?? false,
      });
      form.reset(saved);
      enqueueSnackbar('The scorecard settings were saved', { variant: 'success' });
    } catch (error) {
      if (isAbortError(error)) return;
      const fieldErrors = isApiError(error) ? error.fieldErrors : {};
      const message = Object.values(fieldErrors).flat().join(' ');
      form.setError('root', {
        message:
          message ||
          (isApiError(error) ? error.message : 'Something went wrong. Please try again.'),
      });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="scorecard-settings-title">
      <Typography id="scorecard-settings-title" component="h2" variant="h6">
        Scorecard
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Interviewers score each criterion from 1 to 5 (up to {MAX_CRITERIA} criteria). Renaming a
        criterion keeps the scores already given.
      </Typography>
      {errors.root && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errors.root.message}
        </Alert>
      )}
      {errors.criteria?.message && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errors.criteria.message}
        </Alert>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {fields.map((field, index) => (
          <Box component="li" key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'start' }}>
            <TextField
              {...form.register(`criteria.${index}.label`)}
              label={`Criterion ${index + 1}`}
              fullWidth
              size="small"
              error={Boolean(errors.criteria?.[index]?.label)}
              helperText={errors.criteria?.[index]?.label?.message}
            />
            <IconButton aria-label={`Remove criterion ${index + 1}`} onClick={() => remove(index)}>
              <DeleteOutlined />
            </IconButton>
          </Box>
        ))}
      </Box>
      {fields.length === 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          No criteria yet: interviewers give only a recommendation and notes.
        </Typography>
      )}
      <Button
        startIcon={<Add />}
        sx={{ mt: 1 }}
        disabled={fields.length >= MAX_CRITERIA}
        onClick={() => append({ label: '' })}
      >
        Add a criterion
      </Button>
      {fields.length >= MAX_CRITERIA && (
        <Typography variant="body2" color="text.secondary">
          A scorecard has at most {MAX_CRITERIA} criteria.
        </Typography>
      )}
      <Controller
        control={form.control}
        name="blindReview"
        render={({ field }) => (
          <FormControlLabel
            sx={{ display: 'flex', mt: 2 }}
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(_event, on) => field.onChange(on)}
              />
            }
            label="Blind review: people outside the organization (interviewers, and those asked for feedback) do not see the candidate’s name"
          />
        )}
      />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={save.isPending}>
        Save the scorecard
      </Button>
    </Box>
  );
}

/** A workspace's scorecard criteria and blind review. */
export function ScorecardSettings({ opportunityId }: { opportunityId: number }) {
  const query = useInterviewSettings(opportunityId);
  if (query.isPending) return <LinearProgress aria-label="Loading the scorecard settings" />;
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        The scorecard settings could not be loaded.
      </RetryAlert>
    );
  }
  return <SettingsEditor opportunityId={opportunityId} settings={query.data} />;
}
