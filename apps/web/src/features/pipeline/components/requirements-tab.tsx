import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useMemo, useState } from 'react';

import { criterionKindLabels, type Criterion } from '@pathways/shared/eligibility/criteria';
import { describeCriterion } from '@pathways/shared/eligibility/describe';
import {
  pipelineMessages,
  type ClientRequirement,
  type RequirementPreview,
} from '@pathways/shared/pipeline/pipeline.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { usePreviewRequirements, useRequirements, useSaveRequirements } from '../api/requirements';
import { problemOf } from '../../../lib/forms/server-errors';
import { requirementErrors, type RequirementErrors } from '../utils/server-errors';
import { CriterionDialog } from './criterion-dialog';
import type { Named } from './criterion-fields';

/**
 * One requirement of the set being edited, with its words (the server's while unchanged): a
 * criterion, or a stored one this version cannot read, kept by its id unless removed.
 */
type Item = { key: number; description: string } & (
  { readable: true; criterion: Criterion; institutions: Named[] } | { readable: false; id: number }
);
type ReadableItem = Extract<Item, { readable: true }>;

let keys = 0;
const item = (criterion: Criterion, description: string, institutions: Named[]): Item => ({
  key: ++keys,
  readable: true,
  criterion,
  description,
  institutions,
});

const fromServer = (r: ClientRequirement): Item =>
  r.readable
    ? item(r.criterion, r.description || describeCriterion(r.criterion), r.institutions)
    : { key: ++keys, readable: false, id: r.id, description: r.description };

/**
 * The eligibility requirements of a workspace: each criterion in words, added, changed or
 * removed in a draft; "Check how many qualify" counts the candidates with a complete profile the
 * draft would admit, and Save replaces the stored set (eligibility is then recomputed).
 */
export function RequirementsTab({ opportunityId }: { opportunityId: number }) {
  const requirements = useRequirements(opportunityId);
  const save = useSaveRequirements(opportunityId);
  const preview = usePreviewRequirements(opportunityId);
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState<Item[] | null>(null);
  const [editing, setEditing] = useState<ReadableItem | 'new' | null>(null);
  const [count, setCount] = useState<RequirementPreview | null>(null);
  const [serverErrors, setServerErrors] = useState<Map<number, RequirementErrors>>(new Map());
  // The stored set as list items, keyed once per answer from the server.
  const storedItems = useMemo(
    () => requirements.data?.items.map(fromServer) ?? [],
    [requirements.data],
  );

  if (requirements.isPending) return <Skeleton variant="rounded" height={240} />;
  if (requirements.isError) {
    return (
      <RetryAlert onRetry={() => void requirements.refetch()}>
        The requirements could not be loaded.
      </RetryAlert>
    );
  }
  const items = draft ?? storedItems;
  const changed = draft !== null;
  const proposed = () => items.map((i) => (i.readable ? { criterion: i.criterion } : { id: i.id }));
  const messagesOf = (i: number) => {
    const errors = serverErrors.get(i);
    return errors ? Object.values(errors).flat().join(' ') : undefined;
  };

  const edit = (next: Item[]) => {
    setDraft(next);
    setCount(null);
    setServerErrors(new Map());
  };

  const checkCount = async () => {
    try {
      setCount(await preview.mutateAsync(proposed()));
    } catch (error) {
      setServerErrors(requirementErrors(error));
      const problem = problemOf(error);
      if (problem) enqueueSnackbar(problem, { variant: 'error' });
    }
  };

  const onSave = async () => {
    try {
      await save.mutateAsync(proposed());
      setDraft(null);
      setServerErrors(new Map());
      enqueueSnackbar('Requirements saved. Eligibility is being recomputed.', {
        variant: 'success',
      });
    } catch (error) {
      setServerErrors(requirementErrors(error));
      const problem = problemOf(error);
      if (problem) enqueueSnackbar(problem, { variant: 'error' });
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 16rem' }}>
          Candidates qualify when they meet every requirement. Changes apply when you save.
        </Typography>
        <Button variant="outlined" onClick={() => setEditing('new')}>
          Add a requirement
        </Button>
      </Box>
      {items.length === 0 ? (
        <Typography sx={{ mb: 2 }}>No requirements: every candidate qualifies.</Typography>
      ) : (
        <Paper variant="outlined" sx={{ mb: 2 }}>
          <List aria-label="Requirements" disablePadding>
            {items.map((it, i) => (
              <ListItem key={it.key} divider={i < items.length - 1} sx={{ gap: 1, pr: 1 }}>
                <ListItemText
                  sx={{ minWidth: 0 }}
                  primary={it.description}
                  secondary={
                    messagesOf(i) ??
                    (it.readable
                      ? criterionKindLabels[it.criterion.kind]
                      : pipelineMessages.unreadable)
                  }
                  slotProps={{
                    secondary: serverErrors.has(i) ? { color: 'error', role: 'alert' } : {},
                  }}
                />
                <Box sx={{ display: 'flex', flex: 'none' }}>
                  {it.readable && (
                    <IconButton
                      aria-label={`Change: ${it.description}`}
                      onClick={() => setEditing(it)}
                    >
                      <EditOutlined />
                    </IconButton>
                  )}
                  <IconButton
                    aria-label={`Remove: ${it.description}`}
                    onClick={() => edit(items.filter((x) => x.key !== it.key))}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Box>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {count && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {count.qualifying} of {count.completeProfiles}{' '}
          {count.completeProfiles === 1 ? 'candidate' : 'candidates'} with a complete profile would
          qualify.
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {changed && (
          <Button
            onClick={() => {
              edit([]);
              setDraft(null);
            }}
          >
            Discard changes
          </Button>
        )}
        <Button variant="outlined" onClick={() => void checkCount()} loading={preview.isPending}>
          Check how many qualify
        </Button>
        <Button
          variant="contained"
          disabled={!changed}
          onClick={() => void onSave()}
          loading={save.isPending}
        >
          Save requirements
        </Button>
      </Box>
      {editing && (
        <CriterionDialog
          initial={editing === 'new' ? null : editing.criterion}
          initialInstitutions={editing === 'new' ? [] : editing.institutions}
          serverErrors={editing === 'new' ? undefined : serverErrors.get(items.indexOf(editing))}
          onClose={() => setEditing(null)}
          onSave={(criterion, names) => {
            const institutions = (
              criterion.kind === 'qualification' ? (criterion.institutionIds ?? []) : []
            ).map((id) => ({ id, name: names.institutions?.get(id) ?? `institution ${id}` }));
            const added = item(criterion, describeCriterion(criterion, names), institutions);
            edit(
              editing === 'new'
                ? [...items, added]
                : items.map((x) => (x.key === editing.key ? added : x)),
            );
          }}
        />
      )}
    </Box>
  );
}
