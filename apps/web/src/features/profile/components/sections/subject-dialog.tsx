import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  profileQualificationComponentInput,
  type ProfileQualification,
  type ProfileQualificationComponent,
} from '@pathways/shared/profile/sections.schemas';

import { FormTextField } from '../../../../components/ui/form-fields';
import { useQualificationComponents } from '../../api/get-qualification-components';
import { useQualificationComponentMutations } from '../../api/qualification-components';
import { useSectionSubmit } from '../../hooks/use-section-submit';
import { SectionDialog } from '../form/section-dialog';

type Values = z.input<typeof profileQualificationComponentInput>;
interface Subject {
  id: number;
  name: string;
}

/** Add or change a subject of a qualification with its mark. */
export function SubjectDialog({
  qualification,
  subject,
  onClose,
}: {
  qualification: ProfileQualification;
  subject: ProfileQualificationComponent | null;
  onClose: () => void;
}) {
  const { create, update } = useQualificationComponentMutations(qualification.id);
  const { data: subjects = [] } = useQualificationComponents(
    qualification.qualification.qualificationType?.id ?? null,
    qualification.institution?.id ?? null,
  );
  const form = useForm<Values, unknown, z.output<typeof profileQualificationComponentInput>>({
    resolver: zodResolver(profileQualificationComponentInput),
    defaultValues: {
      qualificationComponentId: subject?.qualificationComponent?.id ?? null,
      name: subject && !subject.qualificationComponent ? subject.name : null,
      mark: subject?.mark ?? null,
    },
    mode: 'onTouched',
  });
  const {
    register,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const initial: Subject | string | null = subject?.qualificationComponent
    ? { id: subject.qualificationComponent.id, name: subject.qualificationComponent.name }
    : (subject?.name ?? null);
  const [selected, setSelected] = useState<Subject | string | null>(initial);
  const [input, setInput] = useState(subject?.name ?? '');

  const setSubject = (id: number | null, name: string | null) => {
    setValue('qualificationComponentId', id, { shouldDirty: true });
    setValue('name', name, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const { onSubmit, formError, submitting } = useSectionSubmit({
    form,
    save: (input) =>
      subject ? update.mutateAsync({ id: subject.id, input }) : create.mutateAsync(input),
    success: subject ? 'The subject was updated' : 'The subject was added',
    failure: subject
      ? 'There was a problem updating the subject'
      : 'There was a problem adding the subject',
    onDone: onClose,
  });

  const nameError = errors.name?.message ?? errors.qualificationComponentId?.message;
  return (
    <SectionDialog
      title={subject ? 'Edit subject' : 'Add a subject'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={submitting}
      formError={formError}
    >
      <Autocomplete<Subject, false, false, true>
        id="subject"
        freeSolo
        options={subjects.map((s) => ({ id: s.id, name: s.name }))}
        value={selected}
        inputValue={input}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
        isOptionEqualToValue={(a, b) => typeof b !== 'string' && a.id === b.id}
        onInputChange={(_event, value, reason) => {
          setInput(value);
          if (reason === 'input') setSubject(null, value.trim() || null);
        }}
        onChange={(_event, value) => {
          setSelected(value);
          if (value === null) setSubject(null, null);
          else if (typeof value === 'string') setSubject(null, value.trim() || null);
          else setSubject(value.id, null);
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Subject"
            required
            error={Boolean(nameError)}
            helperText={nameError ?? 'Pick from the list, or type its name'}
          />
        )}
      />
      <FormTextField
        id="mark"
        label="Mark in % (optional)"
        type="number"
        registration={register('mark', {
          setValueAs: (v: unknown) =>
            v === '' || v === null || v === undefined ? null : Number(v),
        })}
        fieldError={errors.mark}
        slotProps={{ htmlInput: { min: 0, max: 100, step: 'any', inputMode: 'decimal' } }}
      />
    </SectionDialog>
  );
}
