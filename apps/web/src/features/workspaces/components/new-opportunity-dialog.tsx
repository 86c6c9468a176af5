import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { useNavigate } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';
import {
  opportunityKinds,
  type OpportunityKind,
} from '@pathways/shared/opportunities/opportunities.schemas';
import { createWorkspaceBody } from '@pathways/shared/workspaces/workspaces.schemas';

import { FormTextField } from '../../../components/ui/form-fields';
import { isAbortError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useCreateWorkspace } from '../api/workspaces';
import { kindLabel } from '../utils/format';

type Values = { name: string; kind: OpportunityKind };

/** The name is checked with the shared contract of a new opportunity. */
const resolver: Resolver<Values> = (values): ResolverResult<Values> => {
  const parsed = createWorkspaceBody.safeParse({ opportunity: values });
  if (parsed.success) return { values, errors: {} };
  const issue = parsed.error.issues.find((i) => i.path[1] === 'name');
  return {
    values: {},
    errors: { name: { type: 'validate', message: issue?.message ?? 'is not valid' } },
  };
};

/** Starts a new opportunity as a draft, then opens its workspace to fill in the rest. */
export function NewOpportunityDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateWorkspace();
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { name: '', kind: 'job' },
    resolver,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      enqueueSnackbar('The draft was created', { variant: 'success' });
      onClose();
      void navigate(`${paths.client.opportunity(created.id)}?tab=details`);
    } catch (error) {
      if (isAbortError(error)) return;
      setProblems(applyServerErrors(error, setError, ['name', 'kind']));
      enqueueSnackbar('The opportunity could not be created', { variant: 'error' });
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="new-opportunity-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="new-opportunity-title">New opportunity</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problems.map((p) => (
              <Alert key={p} severity="error">
                {p}
              </Alert>
            ))}
            <FormTextField
              id="new-opportunity-name"
              label="Name"
              required
              registration={register('name')}
              fieldError={errors.name}
              helperText="It starts as a draft: candidates see it once you publish it."
            />
            <FormTextField
              id="new-opportunity-kind"
              label="Kind"
              select
              registration={register('kind')}
              fieldError={errors.kind}
              defaultValue="job"
            >
              {opportunityKinds.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {kindLabel[kind]}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Create draft
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
