import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  interviewMessages,
  recommendationLabels,
  recommendations,
  scorecardBody,
  type Criterion,
  type Scorecard,
  type ScorecardInput,
} from '@pathways/shared/interviews/interviews.schemas';

import { applyServerErrors, problemOf } from '../../../lib/forms/server-errors';

const SCORES = [1, 2, 3, 4, 5] as const;

type Output = z.output<typeof scorecardBody>['scorecard'];

/**
 * The interviewer's scorecard: 1 to 5 for each criterion, a recommendation and notes, checked
 * with the same schema as the API. Submitting again replaces what was given.
 */
export function ScorecardForm({
  criteria,
  given,
  onSubmit,
}: {
  criteria: Criterion[];
  given: Scorecard | null;
  onSubmit: (scorecard: Output) => Promise<unknown>;
}) {
  const ids = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ScorecardInput, unknown, Output>({
    resolver: zodResolver(scorecardBody.shape.scorecard),
    defaultValues: {
      scores: given?.scores ?? {},
      ...(given ? { recommendation: given.recommendation } : {}),
      notes: given?.notes ?? '',
    },
  });

  const submit = handleSubmit(async (scorecard) => {
    setProblems([]);
    try {
      await onSubmit(scorecard);
    } catch (error) {
      const leftover = applyServerErrors(error, setError, ['recommendation', 'notes']);
      const problem = problemOf(error);
      setProblems(leftover.length > 0 ? leftover : problem ? [problem] : []);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Your scorecard">
      {criteria.map((c, index) => (
        <Controller
          key={c.key}
          name={`scores.${c.key}`}
          control={control}
          render={({ field }) => (
            <FormControl component="fieldset" sx={{ display: 'block', mb: 2.5 }}>
              <FormLabel
                component="legend"
                id={`${ids}-criterion-${index}`}
                sx={{ color: 'text.primary', fontWeight: 500 }}
              >
                {c.label}
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${ids}-criterion-${index}`}
                name={field.name}
                value={field.value === undefined ? '' : String(field.value)}
                onChange={(_, value) => field.onChange(Number(value))}
                aria-describedby="score-scale"
              >
                {SCORES.map((n) => (
                  <FormControlLabel
                    key={n}
                    value={String(n)}
                    control={<Radio />}
                    label={String(n)}
                    sx={{ mr: 1.5 }}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
      ))}
      {errors.scores && (
        <FormHelperText error sx={{ mb: 2 }}>
          {interviewMessages.score}
        </FormHelperText>
      )}

      <Controller
        name="recommendation"
        control={control}
        render={({ field }) => (
          <FormControl
            component="fieldset"
            error={Boolean(errors.recommendation)}
            sx={{ display: 'block', mb: 2.5 }}
          >
            <FormLabel
              component="legend"
              id={`${ids}-recommendation`}
              sx={{ color: 'text.primary', fontWeight: 500 }}
            >
              Your recommendation
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${ids}-recommendation`}
              name={field.name}
              value={field.value ?? ''}
              onChange={(_, value) => field.onChange(value)}
            >
              {recommendations.map((r) => (
                <FormControlLabel
                  key={r}
                  value={r}
                  control={
                    <Radio
                      slotProps={{
                        input: { ref: r === recommendations[0] ? field.ref : undefined },
                      }}
                    />
                  }
                  label={recommendationLabels[r]}
                />
              ))}
            </RadioGroup>
            {errors.recommendation && (
              <FormHelperText>{errors.recommendation.message}</FormHelperText>
            )}
          </FormControl>
        )}
      />

      <TextField
        {...register('notes')}
        label="Notes"
        multiline
        minRows={4}
        fullWidth
        error={Boolean(errors.notes)}
        helperText={
          errors.notes?.message ?? 'Read by the organization and the other interviewers only.'
        }
        sx={{ mb: 2 }}
      />

      {problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problems.join(' ')}
        </Alert>
      )}
      <Button type="submit" variant="contained" loading={isSubmitting}>
        {given ? 'Update my scorecard' : 'Submit my scorecard'}
      </Button>
    </Box>
  );
}
