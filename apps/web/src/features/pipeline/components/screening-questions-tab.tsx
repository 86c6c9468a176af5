import { zodResolver } from '@hookform/resolvers/zod';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  screeningQuestionCreateBody,
  type ClientScreeningQuestion,
  type ScreeningQuestionForm,
} from '@pathways/shared/pipeline/pipeline.schemas';

import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { FormTextField } from '../../../components/ui/form-fields';
import { RetryAlert } from '../../../components/ui/retry-alert';
import {
  useAddScreeningQuestion,
  useChangeScreeningQuestion,
  useRemoveScreeningQuestion,
  useReorderScreeningQuestions,
  useScreeningQuestions,
} from '../api/screening-questions';
import { placeServerErrors, problemOf } from '../../../lib/forms/server-errors';

const questionForm = screeningQuestionCreateBody.shape.screeningQuestion;

/**
 * The questions applicants answer when they apply: add, reword, make optional, reorder, and
 * remove one nobody has answered yet (answered questions stay, with their answers).
 */
export function ScreeningQuestionsTab({ opportunityId }: { opportunityId: number }) {
  const questions = useScreeningQuestions(opportunityId);
  const reorder = useReorderScreeningQuestions(opportunityId);
  const remove = useRemoveScreeningQuestion(opportunityId);
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<ClientScreeningQuestion | 'new' | null>(null);
  const [removing, setRemoving] = useState<ClientScreeningQuestion | null>(null);

  if (questions.isPending) return <Skeleton variant="rounded" height={200} />;
  if (questions.isError) {
    return (
      <RetryAlert onRetry={() => void questions.refetch()}>
        The screening questions could not be loaded.
      </RetryAlert>
    );
  }
  const items = questions.data.items;

  const move = async (from: number, to: number) => {
    const ids = items.map((q) => q.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    try {
      await reorder.mutateAsync(ids);
    } catch (error) {
      const problem = problemOf(error);
      if (problem) enqueueSnackbar(problem, { variant: 'error' });
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      enqueueSnackbar('Question removed', { variant: 'success' });
    } catch (error) {
      const problem = problemOf(error);
      if (problem) enqueueSnackbar(problem, { variant: 'error' });
    }
    setRemoving(null);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 16rem' }}>
          Applicants answer these, in this order, when they apply. A question someone has answered
          cannot be removed, so its answers stay readable; reword it or make it optional instead.
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          Add a question
        </Button>
      </Box>
      {items.length === 0 ? (
        <Typography>No screening questions: applicants apply without answering any.</Typography>
      ) : (
        <Paper variant="outlined">
          <List aria-label="Screening questions in order" disablePadding>
            {items.map((q, i) => (
              <ListItem
                key={q.id}
                divider={i < items.length - 1}
                sx={{ flexWrap: 'wrap', gap: 1, pr: 1 }}
              >
                <ListItemText
                  sx={{ flex: '1 1 14rem', minWidth: 0 }}
                  primary={`${i + 1}. ${q.prompt}`}
                  secondary={`${q.answers} ${q.answers === 1 ? 'answer' : 'answers'}`}
                />
                <Chip
                  size="small"
                  label={q.required ? 'Required' : 'Optional'}
                  color={q.required ? 'primary' : 'default'}
                  variant="outlined"
                />
                <Box sx={{ display: 'flex' }}>
                  <IconButton
                    aria-label={`Move question ${i + 1} up`}
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => void move(i, i - 1)}
                  >
                    <ArrowUpward />
                  </IconButton>
                  <IconButton
                    aria-label={`Move question ${i + 1} down`}
                    disabled={i === items.length - 1 || reorder.isPending}
                    onClick={() => void move(i, i + 1)}
                  >
                    <ArrowDownward />
                  </IconButton>
                  <IconButton aria-label={`Edit question ${i + 1}`} onClick={() => setEditing(q)}>
                    <EditOutlined />
                  </IconButton>
                  <IconButton
                    aria-label={`Remove question ${i + 1}`}
                    onClick={() => setRemoving(q)}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Box>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {editing && (
        <QuestionDialog
          opportunityId={opportunityId}
          question={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteDialog
        open={removing !== null}
        title="Remove this question?"
        text={removing?.prompt ?? ''}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      />
    </Box>
  );
}

function QuestionDialog({
  opportunityId,
  question,
  onClose,
}: {
  opportunityId: number;
  question: ClientScreeningQuestion | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const add = useAddScreeningQuestion(opportunityId);
  const change = useChangeScreeningQuestion(opportunityId);
  const { enqueueSnackbar } = useSnackbar();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ScreeningQuestionForm, unknown, z.output<typeof questionForm>>({
    resolver: zodResolver(questionForm),
    defaultValues: { prompt: question?.prompt ?? '', required: question?.required ?? true },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      if (question) await change.mutateAsync({ id: question.id, ...values });
      else await add.mutateAsync(values);
      enqueueSnackbar(question ? 'Question saved' : 'Question added', { variant: 'success' });
      onClose();
    } catch (error) {
      setProblem(placeServerErrors(error, setError, ['prompt', 'required']));
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{question ? 'Edit the question' : 'Add a question'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
          <FormTextField
            label="Question"
            required
            multiline
            minRows={2}
            registration={register('prompt')}
            fieldError={errors.prompt}
          />
          <Controller
            control={control}
            name="required"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value ?? true}
                    onChange={(e) => field.onChange(e.target.checked)}
                  />
                }
                label="Applicants must answer it"
              />
            )}
          />
          {problem && (
            <Typography role="alert" color="error">
              {problem}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {question ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
