import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { affiliationCreateBody, type Affiliation } from '@pathways/shared/profile/sections.schemas';

import { FormTextField } from '../../../../components/ui/form-fields';
import { useAffiliationMutations } from '../../api/affiliations';
import { useSectionSubmit } from '../../hooks/use-section-submit';
import { DateField } from '../form/date-field';
import { SectionDialog } from '../form/section-dialog';

const affiliationInput = affiliationCreateBody.shape.affiliation;
type Values = z.input<typeof affiliationInput>;

/** Add or change a membership of a society, club or professional body. */
export function AffiliationDialog({
  item,
  onClose,
}: {
  item: Affiliation | null;
  onClose: () => void;
}) {
  const { create, update } = useAffiliationMutations();
  const form = useForm<Values, unknown, z.output<typeof affiliationInput>>({
    resolver: zodResolver(affiliationInput),
    defaultValues: {
      organizationName: item?.organizationName ?? '',
      role: item?.role ?? '',
      startsAt: item?.startsAt ?? null,
      endsAt: item?.endsAt ?? null,
      description: item?.description ?? '',
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const startsAt = useWatch({ control: form.control, name: 'startsAt' });
  const { onSubmit, formError, submitting } = useSectionSubmit({
    form,
    save: (input) =>
      item ? update.mutateAsync({ id: item.id, input }) : create.mutateAsync(input),
    success: item ? 'The membership was updated' : 'The membership was added',
    failure: item
      ? 'There was a problem updating the membership'
      : 'There was a problem adding the membership',
    onDone: onClose,
  });
  return (
    <SectionDialog
      title={item ? 'Edit membership' : 'Add a membership'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={submitting}
      formError={formError}
    >
      <FormTextField
        label="Organization, society or club"
        required
        registration={form.register('organizationName')}
        fieldError={errors.organizationName}
      />
      <FormTextField
        label="Your role (optional)"
        registration={form.register('role')}
        fieldError={errors.role}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <DateField control={form.control} name="startsAt" label="From (optional)" />
        <DateField
          control={form.control}
          name="endsAt"
          label="Until (optional)"
          minDate={startsAt}
        />
      </Box>
      <FormTextField
        label="Tell us more (optional)"
        multiline
        minRows={2}
        registration={form.register('description')}
        fieldError={errors.description}
      />
    </SectionDialog>
  );
}
