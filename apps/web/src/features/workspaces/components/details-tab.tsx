import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';

import { employmentTypeLabels, employmentTypes } from '@pathways/shared/opportunities/employment';
import { opportunityKinds } from '@pathways/shared/opportunities/opportunities.schemas';
import { currencyList } from '@pathways/shared/reference/currencies';
import {
  workspaceOpportunity,
  type WorkspaceOpportunity,
} from '@pathways/shared/workspaces/workspaces.schemas';

import { FormTextField } from '../../../components/ui/form-fields';
import { FormSelectField } from '../../../components/ui/form-select-field';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useUpdateWorkspace, workspaceKeys } from '../api/workspaces';
import { kindLabel } from '../utils/format';
import {
  detailsFields,
  detailsLabels,
  detailsOf,
  detailsResolver,
  inputOf,
  type DetailsValues,
} from '../utils/form';

const kindOptions = opportunityKinds.map((kind) => ({ value: kind, label: kindLabel[kind] }));
const employmentTypeOptions = employmentTypes.map((type) => ({
  value: type,
  label: employmentTypeLabels[type],
}));
const currencyOptions = currencyList.map((c) => ({
  value: c.code,
  label: `${c.code} · ${c.name}`,
}));

/** The fields where the saved opportunity differs from what the user meant to save. */
function differences(mine: DetailsValues, theirs: DetailsValues) {
  return detailsFields
    .filter((field) => mine[field] !== theirs[field])
    .map((field) => {
      const value = theirs[field];
      const shown =
        typeof value === 'boolean' ? (value ? 'yes' : 'no') : value === '' ? '(empty)' : value;
      return { field, label: detailsLabels[field], shown: String(shown) };
    });
}

/**
 * The opportunity's details as candidates see them. A save carries the version the form was
 * based on; when a colleague saved first, the form says so, shows their values and lets the
 * user apply their own changes again or take the colleague's.
 */
export function DetailsTab({ opportunity }: { opportunity: WorkspaceOpportunity }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateWorkspace(opportunity.id);
  const [base, setBase] = useState(opportunity.version);
  const [problems, setProblems] = useState<string[]>([]);
  const [conflict, setConflict] = useState<{
    current: WorkspaceOpportunity;
    mine: DetailsValues;
  } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<DetailsValues>({
    resolver: detailsResolver,
    // The form keeps the version it was opened with: a save is based on it, and a colleague's
    // newer save is reported (409) rather than silently mixed into what the user is editing.
    defaultValues: detailsOf(opportunity),
    mode: 'onTouched',
  });
  const kind = useWatch({ control, name: 'kind' });

  async function save(values: DetailsValues, version: number) {
    setProblems([]);
    try {
      const saved = await update.mutateAsync({ version, ...inputOf(values) });
      setConflict(null);
      setBase(saved.version);
      reset(detailsOf(saved));
      enqueueSnackbar('The opportunity was saved', { variant: 'success' });
    } catch (error) {
      if (isAbortError(error)) return;
      if (isApiError(error) && error.status === 409) {
        const current = workspaceOpportunity.safeParse(error.details.current);
        if (current.success) {
          setConflict({ current: current.data, mine: values });
          return;
        }
      }
      setProblems(applyServerErrors(error, setError, detailsFields));
      enqueueSnackbar('The opportunity could not be saved', { variant: 'error' });
    }
  }

  const onSubmit = handleSubmit((values) => save(values, base));

  const takeTheirs = () => {
    if (!conflict) return;
    queryClient.setQueryData(workspaceKeys.detail(opportunity.id), conflict.current);
    setBase(conflict.current.version);
    reset(detailsOf(conflict.current));
    setConflict(null);
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Opportunity details">
      {conflict && (
        <Alert severity="warning" sx={{ mb: 3 }} role="alert">
          <AlertTitle>Changed by someone else</AlertTitle>
          Someone else saved this opportunity while you were editing it. Their values:
          <Box component="ul" sx={{ my: 1, pl: 3 }}>
            {differences(conflict.mine, detailsOf(conflict.current)).map((d) => (
              <li key={d.field}>
                {d.label}: <strong>{d.shown}</strong>
              </li>
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              size="small"
              loading={isSubmitting || update.isPending}
              onClick={() => void save(conflict.mine, conflict.current.version)}
            >
              Apply my changes again
            </Button>
            <Button size="small" color="inherit" onClick={takeTheirs}>
              Keep their version
            </Button>
          </Box>
        </Alert>
      )}
      {problems.map((p) => (
        <Alert key={p} severity="error" sx={{ mb: 2 }}>
          {p}
        </Alert>
      ))}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
          gap: 2,
        }}
      >
        <FormTextField
          id="details-name"
          label={detailsLabels.name}
          required
          registration={register('name')}
          fieldError={errors.name}
          sx={{ gridColumn: { sm: 'span 2' } }}
        />
        <FormSelectField
          id="details-kind"
          label={detailsLabels.kind}
          control={control}
          name="kind"
          options={kindOptions}
        />
        {kind === 'job' && (
          <FormSelectField
            id="details-employmentType"
            label={detailsLabels.employmentType}
            control={control}
            name="employmentType"
            // "Not stated" shows as itself, not as an empty box.
            emptyLabel="Not stated"
            options={employmentTypeOptions}
            helperText="Shown on its page, to search engines and job boards"
          />
        )}
        <FormTextField
          id="details-summary"
          label={detailsLabels.summary}
          registration={register('summary')}
          fieldError={errors.summary}
          helperText="One or two sentences for the search results"
          sx={{ gridColumn: '1 / -1' }}
        />
        <FormTextField
          id="details-description"
          label={detailsLabels.description}
          multiline
          minRows={5}
          registration={register('description')}
          fieldError={errors.description}
          sx={{ gridColumn: '1 / -1' }}
        />
        {(['opensAt', 'closesAt', 'commencesAt'] as const).map((field) => (
          <FormTextField
            key={field}
            id={`details-${field}`}
            label={detailsLabels[field]}
            type="date"
            registration={register(field)}
            fieldError={errors[field]}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
        <FormTextField
          id="details-positions"
          label={detailsLabels.positions}
          type="number"
          registration={register('positions')}
          fieldError={errors.positions}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
        <FormTextField
          id="details-valueMin"
          label={detailsLabels.valueMin}
          type="number"
          registration={register('valueMin')}
          fieldError={errors.valueMin}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
        <FormTextField
          id="details-valueMax"
          label={detailsLabels.valueMax}
          type="number"
          registration={register('valueMax')}
          fieldError={errors.valueMax}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
        <FormSelectField
          id="details-currency"
          label={detailsLabels.currency}
          control={control}
          name="currency"
          options={currencyOptions}
        />
        <FormTextField
          id="details-logo"
          label={detailsLabels.logo}
          type="url"
          registration={register('logo')}
          fieldError={errors.logo}
          helperText="Leave empty to show the organization's logo"
          sx={{ gridColumn: { sm: 'span 2' } }}
        />
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mt: 3,
        }}
      >
        <Controller
          control={control}
          name="published"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
              label="Published: candidates can find it and apply"
            />
          )}
        />
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
          Save details
        </Button>
      </Box>
    </Box>
  );
}
