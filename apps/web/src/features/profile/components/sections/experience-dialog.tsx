import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import {
  experienceInput,
  experienceKindLabels,
  experienceMessages,
  type Experience,
} from '@pathways/shared/profile/sections.schemas';

import { FormTextField } from '../../../../components/ui/form-fields';
import { useExperienceMutations } from '../../api/experiences';
import { useSectionSubmit } from '../../hooks/use-section-submit';
import { todayIso } from '../../utils/format';
import { CheckboxField } from '../form/checkbox-field';
import { DateField } from '../form/date-field';
import { SectionDialog } from '../form/section-dialog';
import { optionsOf, SelectField } from '../form/select-field';

type Values = z.input<typeof experienceInput>;

function defaults(item: Experience | null): Values {
  return {
    kind: item?.kind ?? 'work',
    title: item?.title ?? '',
    organizationName: item?.organizationName ?? '',
    // Empty until picked: the schema then says it must be provided.
    startsAt: item?.startsAt ?? (null as unknown as string),
    endsAt: item?.endsAt ?? null,
    current: item?.current ?? false,
    description: item?.description ?? '',
  };
}

/** Add or change a work or volunteering experience. */
export function ExperienceDialog({
  experience,
  onClose,
}: {
  experience: Experience | null;
  onClose: () => void;
}) {
  const { create, update } = useExperienceMutations();
  const form = useForm<Values, unknown, z.output<typeof experienceInput>>({
    resolver: zodResolver(experienceInput),
    defaultValues: defaults(experience),
    mode: 'onTouched',
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const current = useWatch({ control, name: 'current' });
  const startsAt = useWatch({ control, name: 'startsAt' });

  const { onSubmit, formError, submitting } = useSectionSubmit({
    form,
    save: (values) => {
      const input = values.current ? { ...values, endsAt: null } : values;
      return experience
        ? update.mutateAsync({ id: experience.id, input })
        : create.mutateAsync(input);
    },
    // The messages of an experience update, worded exactly as users have seen them.
    success: experience ? experienceMessages.updated : 'Work experience was added successfully',
    failure: experience
      ? experienceMessages.updateFailed
      : 'There was a problem adding the work experience',
    onDone: onClose,
  });

  return (
    <SectionDialog
      title={experience ? 'Edit experience' : 'Add experience'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={submitting}
      formError={formError}
    >
      <SelectField
        label="Kind of experience"
        registration={register('kind')}
        fieldError={errors.kind}
        options={optionsOf(experienceKindLabels)}
      />
      <FormTextField
        label="Job title or role"
        required
        registration={register('title')}
        fieldError={errors.title}
        helperText="For example: Cashier, Tutor, Volunteer coach"
      />
      <FormTextField
        label="Organization"
        required
        registration={register('organizationName')}
        fieldError={errors.organizationName}
      />
      <DateField control={control} name="startsAt" label="Started" required maxDate={todayIso()} />
      <CheckboxField control={control} name="current" label="I still do this" />
      {!current && <DateField control={control} name="endsAt" label="Ended" minDate={startsAt} />}
      <FormTextField
        label="What did you do? (optional)"
        multiline
        minRows={3}
        registration={register('description')}
        fieldError={errors.description}
      />
    </SectionDialog>
  );
}
