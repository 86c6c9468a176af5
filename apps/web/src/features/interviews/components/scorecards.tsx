import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import {
  interviewMessages,
  recommendations,
  scorecardBody,
  type Criterion,
  type Interview,
  type Recommendation,
} from '@pathways/shared/interviews/interviews.schemas';

import { useSnackbar } from '../../../components/ui/snackbar';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useSubmitScorecard } from '../api/client-interviews';

export const recommendationLabels: Record<Recommendation, string> = {
  strong_no: 'Strong no',
  no: 'No',
  yes: 'Yes',
  strong_yes: 'Strong yes',
};

/** Each interviewer's scorecard that the reader may see: scores per criterion, recommendation, notes. */
export function ScorecardTable({
  interview,
  criteria,
}: {
  interview: Interview;
  criteria: Criterion[];
}) {
  if (interview.scorecards.length === 0) return null;
  // Criteria removed since a scorecard was given still show under their key.
  const keys = [
    ...criteria.map((c) => ({ key: c.key, label: c.label })),
    ...[...new Set(interview.scorecards.flatMap((s) => Object.keys(s.scores)))]
      .filter((key) => !criteria.some((c) => c.key === key))
      .map((key) => ({ key, label: `Former criterion ${key}` })),
  ];
  return (
    <TableContainer sx={{ overflowX: 'auto', mt: 1 }}>
      <Table size="small" aria-label={`Scorecards of the interview on ${interview.startsAt}`}>
        <TableHead>
          <TableRow>
            <TableCell>Interviewer</TableCell>
            {keys.map((c) => (
              <TableCell key={c.key} align="right">
                {c.label}
              </TableCell>
            ))}
            <TableCell>Recommendation</TableCell>
            <TableCell>Notes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {interview.scorecards.map((s) => (
            <TableRow key={s.interviewerId}>
              <TableCell component="th" scope="row">
                {s.interviewer}
              </TableCell>
              {keys.map((c) => (
                <TableCell key={c.key} align="right">
                  {s.scores[c.key] ?? '–'}
                </TableCell>
              ))}
              <TableCell>{recommendationLabels[s.recommendation]}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap', minWidth: 160 }}>{s.notes ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The signed-in interviewer's own scorecard: a score per criterion, a recommendation, notes. */
export function ScorecardForm({
  interview,
  criteria,
  mine,
}: {
  interview: Interview;
  criteria: Criterion[];
  mine: Interview['scorecards'][number] | undefined;
}) {
  const submit = useSubmitScorecard();
  const { enqueueSnackbar } = useSnackbar();
  const [scores, setScores] = useState<Record<string, string>>(() =>
    Object.fromEntries(criteria.map((c) => [c.key, String(mine?.scores[c.key] ?? '')])),
  );
  const [recommendation, setRecommendation] = useState<string>(mine?.recommendation ?? '');
  const [notes, setNotes] = useState(mine?.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const id = `scorecard-${interview.id}`;

  const send = () => {
    setProblem(null);
    const next: Record<string, string> = {};
    for (const c of criteria) if (!scores[c.key]) next[c.key] = interviewMessages.score;
    if (!recommendation) next.recommendation = 'Choose a recommendation';
    const body = {
      scorecard: {
        scores: Object.fromEntries(
          criteria.filter((c) => scores[c.key]).map((c) => [c.key, Number(scores[c.key])]),
        ),
        recommendation,
        notes,
      },
    };
    const parsed = scorecardBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[1] === 'scores' ? String(issue.path[2]) : String(issue.path[1]);
        next[field] ??= issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    submit.mutate(
      { id: interview.id, scorecard: parsed.data.scorecard },
      {
        onSuccess: () => enqueueSnackbar('Your scorecard is in', { variant: 'success' }),
        onError: (error) => {
          if (isAbortError(error)) return;
          setProblem(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
        },
      },
    );
  };

  return (
    <Box
      component="form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id={`${id}-title`} component="h4" variant="subtitle1" sx={{ mb: 1 }}>
        {mine ? 'Your scorecard (submitting again replaces it)' : 'Your scorecard'}
      </Typography>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {problem}
        </Alert>
      )}
      {criteria.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          This workspace has no criteria yet: give your recommendation and notes.
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {criteria.map((c) => (
          <TextField
            key={c.key}
            select
            label={c.label}
            value={scores[c.key] ?? ''}
            onChange={(event) => setScores((s) => ({ ...s, [c.key]: event.target.value }))}
            error={Boolean(errors[c.key])}
            helperText={errors[c.key] ?? '1 (poor) to 5 (excellent)'}
          >
            {[1, 2, 3, 4, 5].map((n) => (
              <MenuItem key={n} value={String(n)}>
                {n}
              </MenuItem>
            ))}
          </TextField>
        ))}
        <TextField
          select
          label="Recommendation"
          value={recommendation}
          onChange={(event) => setRecommendation(event.target.value)}
          error={Boolean(errors.recommendation)}
          helperText={errors.recommendation}
        >
          {recommendations.map((r) => (
            <MenuItem key={r} value={r}>
              {recommendationLabels[r]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <TextField
        label="Notes"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        multiline
        minRows={3}
        fullWidth
        sx={{ mt: 1.5 }}
        error={Boolean(errors.notes)}
        helperText={errors.notes}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1.5 }} loading={submit.isPending}>
        {mine ? 'Submit again' : 'Submit my scorecard'}
      </Button>
    </Box>
  );
}
