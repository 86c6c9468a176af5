import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { qualificationStatusOf } from '@pathways/shared/profile/dates';
import {
  profileQualificationInput,
  qualificationStatusLabels,
  type ProfileQualification,
} from '@pathways/shared/profile/sections.schemas';

import { FormTextField } from '../../../../components/ui/form-fields';
import { useQualificationCategories, useQualificationTypes } from '../../../reference';
import { useProfileQualificationMutations } from '../../api/profile-qualifications';
import { useSectionSubmit } from '../../hooks/use-section-submit';
import { todayIso } from '../../utils/format';
import { DateField } from '../form/date-field';
import { SectionDialog } from '../form/section-dialog';
import { optionsOf, SelectField } from '../form/select-field';
import {
  DisciplinesField,
  InstitutionField,
  ProgrammeField,
  type QualificationValues,
} from './qualification-fields';

const toNumberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

function defaults(item: ProfileQualification | null): QualificationValues {
  // The status the API returns may be derived from the dates: keep it only when chosen.
  const derived = item ? qualificationStatusOf({ ...item, status: null }, todayIso()) : null;
  return {
    institutionId: item?.institution?.id ?? null,
    institutionName: item?.institutionName ?? null,
    qualificationId: item?.qualification.id ?? null,
    qualificationTypeId: item?.qualification.qualificationType?.id ?? null,
    qualificationCategoryId: item?.qualification.qualificationCategory?.id ?? null,
    disciplineIds: item?.disciplines.map((d) => d.id) ?? [],
    startsAt: item?.startsAt ?? null,
    endsAt: item?.endsAt ?? null,
    status: item?.status && item.status !== derived ? item.status : null,
    gradeNormalized: item?.gradeNormalized ?? null,
  };
}

/** Add or change a qualification: held, being studied or planned. */
export function QualificationDialog({
  qualification,
  onClose,
}: {
  qualification: ProfileQualification | null;
  onClose: () => void;
}) {
  const { create, update } = useProfileQualificationMutations();
  const { data: types = [] } = useQualificationTypes();
  const { data: categories = [] } = useQualificationCategories();
  const form = useForm<QualificationValues, unknown, z.output<typeof profileQualificationInput>>({
    resolver: zodResolver(profileQualificationInput),
    defaultValues: defaults(qualification),
    mode: 'onTouched',
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const startsAt = useWatch({ control, name: 'startsAt' });

  const { onSubmit, formError, submitting } = useSectionSubmit({
    form,
    save: (input) =>
      qualification
        ? update.mutateAsync({ id: qualification.id, input })
        : create.mutateAsync(input),
    success: qualification ? 'The qualification was updated' : 'The qualification was added',
    failure: qualification
      ? 'There was a problem updating the qualification'
      : 'There was a problem adding the qualification',
    onDone: onClose,
  });

  const q = qualification;
  return (
    <SectionDialog
      title={q ? 'Edit qualification' : 'Add a qualification'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={submitting}
      formError={formError}
    >
      <InstitutionField
        form={form}
        initial={
          q?.institution
            ? { id: q.institution.id, name: q.institution.name }
            : (q?.institutionName ?? null)
        }
      />
      <SelectField
        label="Type of qualification"
        required
        registration={register('qualificationTypeId', { setValueAs: toNumberOrNull })}
        fieldError={errors.qualificationTypeId}
        emptyLabel="Choose…"
        options={types.map((t) => ({ value: String(t.id), label: t.name }))}
        helperText="Matric is the National Senior Certificate"
      />
      <SelectField
        label="Field (optional)"
        registration={register('qualificationCategoryId', { setValueAs: toNumberOrNull })}
        fieldError={errors.qualificationCategoryId}
        emptyLabel="Choose…"
        options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
      />
      <ProgrammeField
        form={form}
        initial={
          q?.qualification.id && q.qualification.specialization && q.qualification.qualificationType
            ? {
                id: q.qualification.id,
                specialization: q.qualification.specialization,
                typeId: q.qualification.qualificationType.id,
                categoryId: q.qualification.qualificationCategory?.id ?? null,
              }
            : null
        }
      />
      <DisciplinesField form={form} />
      <SelectField
        label="Status"
        registration={register('status', { setValueAs: (v: unknown) => (v === '' ? null : v) })}
        fieldError={errors.status}
        emptyLabel="Work it out from the dates"
        options={optionsOf(qualificationStatusLabels)}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <DateField control={control} name="startsAt" label="Started (or starts)" />
        <DateField control={control} name="endsAt" label="Ended (or ends)" minDate={startsAt} />
      </Box>
      <FormTextField
        id="gradeNormalized"
        label="Average mark in % (optional)"
        type="number"
        registration={register('gradeNormalized', { setValueAs: toNumberOrNull })}
        fieldError={errors.gradeNormalized}
        slotProps={{ htmlInput: { min: 0, max: 100, step: 'any', inputMode: 'decimal' } }}
        helperText="From 0 to 100"
      />
    </SectionDialog>
  );
}
