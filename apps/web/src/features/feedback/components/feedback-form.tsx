import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

import { feedbackMessages, type AnswerFeedback } from '@pathways/shared/feedback/feedback.schemas';

import { useSnackbar } from '../../../components/ui/snackbar';
import { isAbortError, isApiError } from '../../../lib/api-client';

export interface FeedbackApplicant {
  id: number;
  /** How the rating and comment fields name the applicant. */
  name: string;
  /** What is shown of the applicant above their fields. */
  header: ReactNode;
}

type Draft = Record<number, { rating: number | null; comment: string }>;

/**
 * Stars and a comment per shared applicant, saved together: a colleague's form under Shared
 * With Me and that of someone outside on their link's page, by the same rules.
 */
export function FeedbackForm({
  label,
  applicants,
  given,
  onSave,
  wrap = (children) => children,
}: {
  label: string;
  applicants: readonly FeedbackApplicant[];
  given: readonly { applicationId: number; rating: number | null; comment: string | null }[];
  onSave: (body: AnswerFeedback) => Promise<unknown>;
  /** Frames each applicant (a section of its own on a link's page, say). */
  wrap?: (children: ReactNode, applicant: FeedbackApplicant) => ReactNode;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [saving, setSaving] = useState(false);
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries(
      applicants.map((a) => {
        const mine = given.find((r) => r.applicationId === a.id);
        return [a.id, { rating: mine?.rating ?? null, comment: mine?.comment ?? '' }];
      }),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const answered = applicants.filter(
    (a) => draft[a.id]!.rating !== null || draft[a.id]!.comment.trim() !== '',
  );

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (answered.length === 0) {
      setError(feedbackMessages.responsesRequired);
      return;
    }
    setSaving(true);
    try {
      await onSave({
        responses: answered.map((a) => ({
          applicationId: a.id,
          rating: draft[a.id]!.rating,
          comment: draft[a.id]!.comment,
        })),
      });
      setError(null);
      enqueueSnackbar('Your feedback was saved', { variant: 'success' });
    } catch (failure) {
      if (isAbortError(failure)) return;
      const errors = isApiError(failure) ? Object.values(failure.fieldErrors).flat() : [];
      setError(errors.join(' ') || 'Your feedback could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void save(e)} aria-label={label}>
      <Stack spacing={2}>
        {applicants.map((a) => {
          const entry = draft[a.id]!;
          return (
            <Box key={a.id}>
              {wrap(
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
                  {a.header}
                  <Box
                    role="group"
                    aria-label={`Rating for ${a.name}`}
                    sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
                  >
                    <Rating
                      name={`rating-${label}-${a.id}`.replace(/\s+/g, '-')}
                      value={entry.rating}
                      getLabelText={(stars) => `${stars} star${stars === 1 ? '' : 's'}`}
                      emptyLabelText="Not rated"
                      onChange={(_e, rating) =>
                        setDraft((d) => ({ ...d, [a.id]: { ...entry, rating } }))
                      }
                    />
                  </Box>
                  <TextField
                    label={`Comment on ${a.name}`}
                    multiline
                    minRows={1}
                    size="small"
                    value={entry.comment}
                    onChange={(e) =>
                      setDraft((d) => ({ ...d, [a.id]: { ...entry, comment: e.target.value } }))
                    }
                    slotProps={{ htmlInput: { maxLength: 2000 } }}
                  />
                </Box>,
                a,
              )}
            </Box>
          );
        })}
        {error && (
          <Typography role="alert" color="error" variant="body2">
            {error}
          </Typography>
        )}
        <Box>
          <Button type="submit" variant="contained" loading={saving}>
            Save feedback
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
