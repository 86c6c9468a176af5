import { zodResolver } from '@hookform/resolvers/zod';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  phaseCreateBody,
  type Phase,
  type PhaseCreate,
  type PhaseForm,
} from '@pathways/shared/pipeline/pipeline.schemas';

import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { FormTextField } from '../../../components/ui/form-fields';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useAddPhase, useChangePhase, useDeletePhase, usePhases } from '../api/phases';
import { placeServerErrors, problemOf } from '../../../lib/forms/server-errors';

const phaseForm = phaseCreateBody.shape.phase;
type FormValues = PhaseForm & { afterPhaseId?: number | null };

/**
 * The phases of a workspace's pipeline, in order from the initial phase: add one (at the end or
 * after a phase), rename or describe it, move it up or down, delete one nobody's application is in.
 */
export function PhasesTab({ opportunityId }: { opportunityId: number }) {
  const phases = usePhases(opportunityId);
  const change = useChangePhase(opportunityId);
  const remove = useDeletePhase(opportunityId);
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<Phase | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Phase | null>(null);

  if (phases.isPending) return <Skeleton variant="rounded" height={240} />;
  if (phases.isError) {
    return (
      <RetryAlert onRetry={() => void phases.refetch()}>The phases could not be loaded.</RetryAlert>
    );
  }
  const items = phases.data.items;

  const move = async (phase: Phase, position: number) => {
    try {
      await change.mutateAsync({ id: phase.id, position });
      enqueueSnackbar(`${phase.name} is now phase ${position}`, { variant: 'success' });
    } catch (error) {
      const problem = problemOf(error);
      if (problem) enqueueSnackbar(problem, { variant: 'error' });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      enqueueSnackbar(`${deleting.name} deleted`, { variant: 'success' });
    } catch (error) {
      const problem = problemOf(error);
      if (problem) enqueueSnackbar(problem, { variant: 'error' });
    }
    setDeleting(null);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 16rem' }}>
          Applicants move through these phases in order. A new application starts in phase 1.
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          Add a phase
        </Button>
      </Box>
      {items.length === 0 ? (
        <Typography>No phases yet: add the first one.</Typography>
      ) : (
        <Paper variant="outlined">
          <List aria-label="Phases in order" disablePadding>
            {items.map((phase, i) => (
              <ListItem
                key={phase.id}
                divider={i < items.length - 1}
                sx={{ flexWrap: 'wrap', gap: 1, pr: 1 }}
              >
                <ListItemText
                  sx={{ flex: '1 1 12rem', minWidth: 0 }}
                  primary={`${phase.order}. ${phase.name}`}
                  secondary={phase.description}
                  slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                />
                <Chip
                  size="small"
                  variant="outlined"
                  label={applicationsCount(phase.applications)}
                />
                <Box sx={{ display: 'flex' }}>
                  <IconButton
                    aria-label={`Move ${phase.name} up`}
                    disabled={i === 0 || change.isPending}
                    onClick={() => void move(phase, phase.order - 1)}
                  >
                    <ArrowUpward />
                  </IconButton>
                  <IconButton
                    aria-label={`Move ${phase.name} down`}
                    disabled={i === items.length - 1 || change.isPending}
                    onClick={() => void move(phase, phase.order + 1)}
                  >
                    <ArrowDownward />
                  </IconButton>
                  <IconButton aria-label={`Edit ${phase.name}`} onClick={() => setEditing(phase)}>
                    <EditOutlined />
                  </IconButton>
                  <IconButton
                    aria-label={`Delete ${phase.name}`}
                    onClick={() => setDeleting(phase)}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Box>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <OutOfPhases regretted={phases.data.regretted} withdrawn={phases.data.withdrawn} />
      {editing && (
        <PhaseDialog
          opportunityId={opportunityId}
          phase={editing === 'new' ? null : editing}
          phases={items}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'phase'}?`}
        text="Its neighbours are joined together. A phase with applications in it cannot be deleted."
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
}

const applicationsCount = (n: number) => `${n} ${n === 1 ? 'application' : 'applications'}`;

/** The applications no phase counts: those regretted, and those their candidates withdrew. */
function OutOfPhases({ regretted, withdrawn }: { regretted: number; withdrawn: number }) {
  if (regretted === 0 && withdrawn === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
      Not counted in any phase: {applicationsCount(regretted)} regretted,{' '}
      {applicationsCount(withdrawn)} withdrawn.
    </Typography>
  );
}

/** Adds a phase (with where it goes) or renames and describes one. */
function PhaseDialog({
  opportunityId,
  phase,
  phases,
  onClose,
}: {
  opportunityId: number;
  phase: Phase | null;
  phases: Phase[];
  onClose: () => void;
}) {
  const titleId = useId();
  const add = useAddPhase(opportunityId);
  const change = useChangePhase(opportunityId);
  const { enqueueSnackbar } = useSnackbar();
  const last = phases.at(-1)?.id ?? null;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, z.output<typeof phaseForm>>({
    resolver: zodResolver(phaseForm),
    defaultValues: {
      name: phase?.name ?? '',
      description: phase?.description ?? '',
      afterPhaseId: last,
    },
  });
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values: PhaseCreate) => {
    setProblem(null);
    try {
      if (phase) {
        await change.mutateAsync({
          id: phase.id,
          name: values.name,
          description: values.description ?? null,
        });
        enqueueSnackbar('Phase saved', { variant: 'success' });
      } else {
        await add.mutateAsync(values);
        enqueueSnackbar(`${values.name} added`, { variant: 'success' });
      }
      onClose();
    } catch (error) {
      setProblem(placeServerErrors(error, setError, ['name', 'description', 'afterPhaseId']));
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{phase ? `Edit ${phase.name}` : 'Add a phase'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <FormTextField
            label="Name"
            required
            registration={register('name')}
            fieldError={errors.name}
          />
          <FormTextField
            label="Description"
            multiline
            minRows={2}
            registration={register('description')}
            fieldError={errors.description}
            helperText="What happens to applicants in this phase (optional)"
          />
          {!phase && phases.length > 0 && (
            <Controller
              control={control}
              name="afterPhaseId"
              render={({ field }) => (
                <TextField
                  select
                  label="Place it after"
                  value={
                    field.value === null || field.value === undefined ? '' : String(field.value)
                  }
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  error={Boolean(errors.afterPhaseId)}
                  helperText={errors.afterPhaseId?.message}
                >
                  {phases.map((p) => (
                    <MenuItem key={p.id} value={String(p.id)}>
                      {p.order}. {p.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {problem && (
            <Typography role="alert" color="error">
              {problem}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {phase ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
