import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import {
  ORGANIZATION_DESCRIPTION_MAX,
  ORGANIZATION_INDUSTRY_MAX,
  ORGANIZATION_NAME_MAX,
  ORGANIZATION_WEBSITE_MAX,
  organizationFields,
  type ClientOrganization,
  type OrganizationFields,
  type OrganizationFieldsInput,
} from '@pathways/shared/organizations/organizations.schemas';

import { FormTextField } from '../../../components/ui/form-fields';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useUpdateOrganization } from '../api/client-organization';

type Values = OrganizationFieldsInput;

const FIELDS = ['name', 'description', 'website', 'industry'] as const;

const valuesOf = (organization: ClientOrganization): Values => ({
  name: organization.name,
  description: organization.description ?? '',
  website: organization.website ?? '',
  industry: organization.industry ?? '',
});

/** Name, description, website and industry: a form for primary users, plain text otherwise. */
export function OrganizationDetailsCard({ organization }: { organization: ClientOrganization }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateOrganization();
  const [formError, setFormError] = useState<string[]>([]);
  const readOnly = !organization.canEdit;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<Values, unknown, OrganizationFields>({
    resolver: zodResolver(organizationFields),
    values: valuesOf(organization),
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (fields) => {
    setFormError([]);
    try {
      const saved = await update.mutateAsync(fields);
      reset(valuesOf(saved));
      enqueueSnackbar('The organization was saved', { variant: 'success' });
    } catch (error) {
      if (isAbortError(error)) return;
      const leftover = applyServerErrors(error, setError, FIELDS);
      if (isApiError(error) && error.status === 403) leftover.push(error.message);
      setFormError(leftover);
      enqueueSnackbar('The organization could not be saved', { variant: 'error' });
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="organization-details-title">
      <CardContent>
        <Typography id="organization-details-title" component="h2" variant="h6" sx={{ mb: 2 }}>
          About the organization
        </Typography>
        {/* Read only, the details are not a form: there is nothing to send. */}
        <Box
          {...(readOnly
            ? { component: 'div' as const }
            : {
                component: 'form' as const,
                noValidate: true,
                onSubmit,
                'aria-labelledby': 'organization-details-title',
              })}
          sx={{ display: 'grid', gap: 2.5 }}
        >
          {formError.length > 0 && <Alert severity="error">{formError.join(' ')}</Alert>}
          <FormTextField
            id="organization-name"
            label="Name"
            required
            registration={register('name')}
            fieldError={errors.name}
            slotProps={{ htmlInput: { maxLength: ORGANIZATION_NAME_MAX, readOnly } }}
          />
          <FormTextField
            id="organization-description"
            label="Description"
            multiline
            minRows={4}
            registration={register('description')}
            fieldError={errors.description}
            helperText="What the organization does, for candidates who look at its page."
            slotProps={{ htmlInput: { maxLength: ORGANIZATION_DESCRIPTION_MAX, readOnly } }}
          />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
            <FormTextField
              id="organization-website"
              label="Website"
              type="url"
              placeholder="https://"
              registration={register('website')}
              fieldError={errors.website}
              slotProps={{ htmlInput: { maxLength: ORGANIZATION_WEBSITE_MAX, readOnly } }}
            />
            <FormTextField
              id="organization-industry"
              label="Industry"
              registration={register('industry')}
              fieldError={errors.industry}
              slotProps={{ htmlInput: { maxLength: ORGANIZATION_INDUSTRY_MAX, readOnly } }}
            />
          </Box>
          {readOnly ? null : (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
                Save
              </Button>
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
