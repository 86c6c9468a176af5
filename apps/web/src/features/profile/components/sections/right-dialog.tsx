import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { countryChoices } from '@pathways/shared/reference/countries';
import {
  rightKindLabels,
  studyRightCreateBody,
  type Right,
} from '@pathways/shared/profile/sections.schemas';

import { useRightMutations, type RightSection } from '../../api/rights';
import { useSectionSubmit } from '../../hooks/use-section-submit';
import { DateField } from '../form/date-field';
import { SectionDialog } from '../form/section-dialog';
import { optionsOf, SelectField } from '../form/select-field';
import { rightsCopy } from './rights-copy';

// Study and work rights share their fields.
const rightInput = studyRightCreateBody.shape.studyRight;
type Values = z.input<typeof rightInput>;

/** Add or change a study or work right: a country, on what basis, until when. */
export function RightDialog({
  section,
  item,
  onClose,
}: {
  section: RightSection;
  item: Right | null;
  onClose: () => void;
}) {
  const { create, update } = useRightMutations(section);
  const countries = useMemo(
    () => countryChoices().map((c) => ({ value: c.code, label: c.name })),
    [],
  );
  const form = useForm<Values, unknown, z.output<typeof rightInput>>({
    resolver: zodResolver(rightInput),
    defaultValues: {
      countryCode: item?.countryCode ?? 'ZA',
      kind: item?.kind ?? 'citizen',
      validUntil: item?.validUntil ?? null,
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const { noun } = rightsCopy[section];
  const { onSubmit, formError, submitting } = useSectionSubmit({
    form,
    save: (input) =>
      item ? update.mutateAsync({ id: item.id, input }) : create.mutateAsync(input),
    success: item ? `The ${noun} was updated` : `The ${noun} was added`,
    failure: item
      ? `There was a problem updating the ${noun}`
      : `There was a problem adding the ${noun}`,
    onDone: onClose,
  });
  return (
    <SectionDialog
      title={item ? `Edit ${noun}` : `Add a ${noun}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={submitting}
      formError={formError}
    >
      <SelectField
        id={`${section}-country`}
        label="Country"
        required
        registration={form.register('countryCode')}
        fieldError={errors.countryCode}
        options={countries}
      />
      <SelectField
        id={`${section}-kind`}
        label="On what basis"
        required
        registration={form.register('kind')}
        fieldError={errors.kind}
        options={optionsOf(rightKindLabels)}
      />
      <DateField control={form.control} name="validUntil" label="Valid until (visas and permits)" />
    </SectionDialog>
  );
}
