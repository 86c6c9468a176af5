import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';

import {
  applyConflictBody,
  type Application,
  type ScreeningQuestion,
} from '@pathways/shared/applications/applications.schemas';
import { paths } from '@pathways/shared/navigation/paths';
import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';

import { isAbortError, isApiError } from '../../../lib/api-client';
import { useApply } from '../api/apply';
import { useUpdateApplication } from '../api/update-application';
import {
  answerField,
  answersBody,
  applyFormSchema,
  type ApplyFormValues,
} from '../utils/form-schemas';
import { applyServerErrors } from '../utils/server-errors';
import { LocationsField } from './locations-field';

export interface ApplyFormOpportunity {
  id: number;
  name: string;
  locations: { id: number; address: string; city: string | null }[];
}

/**
 * The apply form: the locations (one or more; the only one chosen already) and the screening
 * questions. With `existing`, the candidate has applied: the form changes that application.
 */
export function ApplyForm({
  opportunity,
  questions,
  existing,
}: {
  opportunity: ApplyFormOpportunity;
  questions: ScreeningQuestion[];
  existing?: Application | undefined;
}) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const apply = useApply(opportunity.id);
  const update = useUpdateApplication(existing?.id ?? 0);
  const [formError, setFormError] = useState<string | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);

  const schema = useMemo(() => applyFormSchema(questions), [questions]);
  const form = useForm<ApplyFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<ApplyFormValues>,
    defaultValues: {
      locations: existing
        ? existing.locations.map((l) => l.id)
        : opportunity.locations.length === 1
          ? [opportunity.locations[0]!.id]
          : [],
      answers: Object.fromEntries(questions.map((q) => [answerField(q.id), q.answer ?? ''])),
    },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const knownFields = ['locations', ...questions.map((q) => `answers.${answerField(q.id)}`)];

  const showFormError = (messages: string[]) =>
    setFormError(messages.length > 0 ? messages.join(' ') : null);
  // A message that belongs to no field is read out and focused, like a field's would be.
  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const answers = answersBody(questions, values.answers);
    try {
      if (existing) {
        await update.mutateAsync({
          locations: values.locations,
          ...(answers.length > 0 ? { answers } : {}),
        });
        enqueueSnackbar('Your application was updated', { variant: 'success' });
        await navigate(paths.candidate.application(existing.id));
        return;
      }
      const created = await apply.mutateAsync({
        locations: values.locations,
        ...(answers.length > 0 ? { answers } : {}),
      });
      enqueueSnackbar('Your application was submitted', { variant: 'success' });
      await navigate(paths.candidate.application(created.id));
    } catch (error) {
      if (isAbortError(error)) return;
      if (isApiError(error) && error.status === 409) {
        // Applied before (here or in another tab): say so and open that application.
        enqueueSnackbar(error.message, { variant: 'info' });
        const existing = applyConflictBody.pick({ applicationId: true }).safeParse(error.details);
        if (existing.success) {
          await navigate(paths.candidate.application(existing.data.applicationId));
        } else {
          showFormError([error.message]);
        }
        return;
      }
      if (isApiError(error) && error.status === 422) {
        showFormError(applyServerErrors(error, form.setError, knownFields));
        return;
      }
      showFormError([
        existing
          ? 'Your application could not be updated. Please try again.'
          : 'Your application could not be submitted. Please try again.',
      ]);
    }
  });

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={onSubmit}
      aria-label={existing ? 'Update your application' : 'Apply'}
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 3 }}
    >
      {formError && (
        <Alert severity="error" ref={formErrorRef} tabIndex={-1}>
          {formError}
        </Alert>
      )}
      <Box component="section" aria-labelledby="apply-locations-heading">
        <Typography id="apply-locations-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          Where would you like to be based?
        </Typography>
        <LocationsField
          control={control}
          name="locations"
          locations={opportunity.locations}
          legend="Locations"
          helperText={
            opportunity.locations.length === 1
              ? 'This opportunity has one location.'
              : 'Choose one or more locations.'
          }
        />
      </Box>
      {questions.length > 0 && (
        <Box component="section" aria-labelledby="apply-questions-heading">
          <Typography
            id="apply-questions-heading"
            variant="h2"
            sx={{ fontSize: '1.25rem', mb: 0.5 }}
          >
            Screening questions
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {opportunity.name} asks these questions of every applicant.
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            {questions.map((question) => {
              const name = `answers.${answerField(question.id)}` as const;
              const { ref, ...field } = register(name);
              const fieldError = errors.answers?.[answerField(question.id)];
              return (
                <TextField
                  key={question.id}
                  {...field}
                  inputRef={ref}
                  id={`answer-${question.id}`}
                  label={question.prompt}
                  required={question.required}
                  multiline
                  minRows={3}
                  fullWidth
                  error={Boolean(fieldError)}
                  helperText={fieldError?.message ?? (question.required ? null : 'Optional')}
                />
              );
            })}
          </Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button
          component={RouterLink}
          to={
            existing
              ? paths.candidate.application(existing.id)
              : opportunityPagePath(opportunity.id, opportunity.name)
          }
        >
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {existing ? 'Save changes' : 'Submit application'}
        </Button>
      </Box>
    </Paper>
  );
}
